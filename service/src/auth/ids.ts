import { createHash, randomBytes } from 'node:crypto';

/** A record id with a readable prefix and 96 random bits. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

/** A bearer secret for links and refresh tokens: 256 random bits, never stored as is. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of a bearer secret: a leaked database then holds nothing that can be presented. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
