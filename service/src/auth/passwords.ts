import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { QuireError } from '@quire/core';

/** scrypt cost parameters; they are stored with every hash so that raising them later keeps old hashes valid. */
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
export const MIN_PASSWORD_LENGTH = 8;
/** scrypt's cost grows with the input; a cap keeps one request from burning CPU on a megabyte password. */
export const MAX_PASSWORD_LENGTH = 128;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes with a fresh random salt: `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Compares in constant time; a malformed stored hash never matches rather than throwing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await derive(password, Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A real hash of a random password: unknown accounts are checked against it so they take as long as known ones. */
let decoy: Promise<string> | undefined;
export async function burnVerify(password: string): Promise<void> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await decoy);
}

// A short list of the passwords tried first by every guessing attack; a full breach list belongs in a later step.
const COMMON = new Set([
  'password',
  'password1',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'qwerty123',
  'qwertyuiop',
  'iloveyou',
  'admin123',
  'administrator',
  'welcome1',
  'welcome123',
  'letmein1',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'trustno1',
  'abc12345',
  'abcd1234',
  'changeme',
  'whatever',
  'superman',
  'starwars',
  '1q2w3e4r',
  'zaq12wsx',
  'qwer1234',
  'asdfghjk',
  'asdfghjkl',
  'quire123',
]);

const SEQUENCES = ['0123456789', '9876543210', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm'];

/**
 * Why a password is too weak, as short codes; empty when it passes. The rules catch what is guessed first, not
 * every weak password: length is the main defence.
 */
export function weaknessReasons(password: string, email?: string): string[] {
  const reasons: string[] = [];
  const lower = password.toLowerCase();
  if (/^(.)\1*$/su.test(password)) reasons.push('all_same_character');
  if (/^\d+$/.test(password)) reasons.push('digits_only');
  if (SEQUENCES.some((s) => s.includes(lower))) reasons.push('sequence');
  if (COMMON.has(lower)) reasons.push('common_password');
  if (email) {
    const address = email.toLowerCase();
    const local = address.split('@')[0] ?? '';
    if (lower === address || (local.length > 0 && lower === local)) reasons.push('matches_email');
  }
  return reasons;
}

/** Throws password_too_short or weak_password (with `reasons`) for a password that may not be set. */
export function assertStrongPassword(password: string, email?: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw new QuireError('password_too_short', { param: 'password' });
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new QuireError('validation_failed', {
      param: 'password',
      message: `password: must be at most ${MAX_PASSWORD_LENGTH} characters`,
    });
  }
  const reasons = weaknessReasons(password, email);
  if (reasons.length > 0) throw new QuireError('weak_password', { param: 'password', details: { reasons } });
}
