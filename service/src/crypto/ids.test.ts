import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashSecret, matchesSecretHash, newId, newSecretToken, storedHashesOf } from './ids';

const hex = (secret: string) => createHash('sha256').update(secret).digest('hex');
const base64url = (secret: string) => createHash('sha256').update(secret).digest('base64url');

describe('ids and secret hashes', () => {
  it('makes prefixed ids and 256-bit secrets that do not repeat', () => {
    expect(newId('tpl')).toMatch(/^tpl_[A-Za-z0-9_-]{16}$/);
    expect(newSecretToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(Array.from({ length: 100 }, () => newSecretToken())).size).toBe(100);
  });

  it('hashes a secret as sessions and emailed links always stored it (sha256, base64url)', () => {
    // Refresh tokens and email links are found by this value: it must not change under them.
    expect(hashSecret('a-refresh-token')).toBe(base64url('a-refresh-token'));
  });

  it('matches a secret with its stored hash in either encoding, and nothing else', () => {
    const secret = newSecretToken();
    expect(matchesSecretHash(secret, hashSecret(secret))).toBe(true);
    expect(matchesSecretHash(secret, hex(secret))).toBe(true);
    expect(matchesSecretHash(`${secret}x`, hashSecret(secret))).toBe(false);
    expect(matchesSecretHash(`${secret}x`, hex(secret))).toBe(false);
    expect(matchesSecretHash(secret, '')).toBe(false);
    expect(matchesSecretHash(secret, 'not a hash')).toBe(false);
  });

  it('lists both stored forms of a hash for lookups, the current one first', () => {
    expect(storedHashesOf('an-invitation')).toEqual([base64url('an-invitation'), hex('an-invitation')]);
  });
});
