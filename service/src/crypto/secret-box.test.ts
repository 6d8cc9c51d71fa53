import { describe, expect, it } from 'vitest';
import { secretBox } from './secret-box';

const SECRET = 'a-server-secret-of-at-least-32-characters';

describe('secretBox', () => {
  const box = secretBox(SECRET, 'data-sources');

  it('opens what it sealed, whatever the text', () => {
    for (const text of ['postgres://u:p@db/x', '', 'ünïcödé ✓ 🔑', 'x'.repeat(100_000)]) {
      expect(box.open(box.seal(text))).toBe(text);
    }
  });

  it('seals the same text differently every time (a fresh IV), in the v1 format, without the text in it', () => {
    const a = box.seal('hunter2-password');
    const b = box.seal('hunter2-password');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(a).not.toContain('hunter2');
    expect(a).not.toContain(Buffer.from('hunter2-password').toString('base64url'));
  });

  it('detects any change to the IV, the tag or the ciphertext', () => {
    const sealed = box.seal('the secret');
    const parts = sealed.split('.');
    for (const index of [1, 2, 3]) {
      const altered = [...parts];
      const bytes = Buffer.from(altered[index] as string, 'base64url');
      bytes[0] = (bytes[0] as number) ^ 1;
      altered[index] = bytes.toString('base64url');
      expect(() => box.open(altered.join('.')), `part ${index}`).toThrow();
    }
    // A truncated ciphertext fails too, not only a flipped bit.
    expect(() => box.open(sealed.slice(0, -2))).toThrow();
  });

  it('cannot be opened for another purpose or with another server secret', () => {
    const sealed = box.seal('the secret');
    expect(() => secretBox(SECRET, 'webhooks').open(sealed)).toThrow();
    expect(() => secretBox(`${SECRET}-rotated`, 'data-sources').open(sealed)).toThrow();
    expect(secretBox(SECRET, 'data-sources').open(sealed)).toBe('the secret');
  });

  it('refuses what is not a sealed value', () => {
    for (const value of ['', 'plain text', 'v2.a.b.c', 'v1.a.b', 'v1..b.c']) {
      expect(() => box.open(value), value).toThrow();
    }
  });
});
