import { describe, expect, it } from 'vitest';
import { assertStrongPassword, hashPassword, verifyPassword, weaknessReasons } from './passwords';

describe('passwords', () => {
  it('hashes with scrypt and a per-user salt, and verifies', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]{86}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterz', a)).toBe(false);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });

  it('lists why a password is weak', () => {
    expect(weaknessReasons('aaaaaaaa')).toContain('all_same_character');
    expect(weaknessReasons('12345678')).toEqual(expect.arrayContaining(['digits_only', 'sequence']));
    expect(weaknessReasons('Password123')).toContain('common_password');
    expect(weaknessReasons('ann.lee@example.com', 'Ann.Lee@example.com')).toContain('matches_email');
    expect(weaknessReasons('correct horse battery', 'ann@example.com')).toEqual([]);
  });

  it('refuses short and weak passwords with the catalogue codes', () => {
    expect(() => assertStrongPassword('short')).toThrow('Password must be at least 8 characters long');
    try {
      assertStrongPassword('11111111');
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({
        code: 'weak_password',
        details: { reasons: ['all_same_character', 'digits_only'] },
      });
    }
  });
});
