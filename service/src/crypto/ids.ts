import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Record ids, bearer secrets, and what is stored in place of a secret: one module, so every feature makes and
 * hashes them the same way.
 */

/** A record id with a readable prefix and 96 random bits. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

/** A bearer secret for links, refresh tokens and invitations: 256 random bits, never stored as is. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

const digest = (secret: string) => createHash('sha256').update(secret).digest();

/** What is stored instead of a secret (sha256, base64url): a leaked database holds nothing that can be presented. */
export function hashSecret(secret: string): string {
  return digest(secret).toString('base64url');
}

/** Hashes stored before there was one encoding: the same sha256, written as 64 hex characters. */
const LEGACY_HEX = /^[0-9a-f]{64}$/;

/**
 * Every form a stored hash of this secret may take: the current one first, then the hex that API keys and
 * invitations were stored with before. For lookups by hash (`{ tokenHash: { $in: storedHashesOf(token) } }`).
 */
export function storedHashesOf(secret: string): string[] {
  const bytes = digest(secret);
  return [bytes.toString('base64url'), bytes.toString('hex')];
}

/**
 * Constant-time comparison of a presented secret with its stored hash, in either encoding, so that response
 * timing says nothing about how close a guess was.
 */
export function matchesSecretHash(secret: string, storedHash: string): boolean {
  const stored = Buffer.from(storedHash, LEGACY_HEX.test(storedHash) ? 'hex' : 'base64url');
  const given = digest(secret);
  return given.length === stored.length && timingSafeEqual(given, stored);
}
