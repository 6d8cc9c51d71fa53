import { randomBytes } from 'node:crypto';

export const KEY_PREFIX = 'qk_live_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 32 bytes in base62 take at most 43 characters; padding to 43 keeps every key the same length. */
const BODY_LENGTH = 43;
/** The part of the key after `qk_live_` stored in clear to find the record; the rest is only ever hashed. */
export const LOOKUP_LENGTH = 12;
const SHAPE = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${BODY_LENGTH}}$`);

/** 32 random bytes in base62: URL- and shell-safe, selectable with a double click. */
export function newApiKeySecret(): string {
  let value = BigInt(`0x${randomBytes(32).toString('hex')}`);
  let body = '';
  while (value > 0n) {
    body = ALPHABET[Number(value % 62n)] + body;
    value /= 62n;
  }
  return KEY_PREFIX + body.padStart(BODY_LENGTH, '0');
}

/** The lookup prefix of a well-formed key, or undefined for anything else. */
export function lookupPrefix(secret: string): string | undefined {
  return SHAPE.test(secret) ? secret.slice(KEY_PREFIX.length, KEY_PREFIX.length + LOOKUP_LENGTH) : undefined;
}
