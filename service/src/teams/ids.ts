import { createHash, randomBytes } from 'node:crypto';

/** A record id with a readable prefix and 96 random bits. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

/** An invitation token: 256 random bits, mailed once and never stored as is. */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored instead of a token, so a leaked database holds nothing that can be presented. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
