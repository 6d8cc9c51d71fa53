import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Encrypts secrets at rest (data source passwords, connection strings, header values, webhook secrets). */
export interface SecretBox {
  /** `v1.<iv>.<tag>.<ciphertext>`, base64url: a fresh 96-bit IV per value, so equal secrets never look alike. */
  seal(plaintext: string): string;
  /** Throws when the value was altered or sealed with another server secret. */
  open(sealed: string): string;
}

/**
 * AES-256-GCM with a key derived from the server secret by HKDF-SHA256. `purpose` separates keys: a value sealed
 * for data sources cannot be opened as a webhook secret. Rotating QUIRE_SECRET makes sealed values unreadable,
 * as it does sessions: operators are told so in the README.
 */
export function secretBox(serverSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'quire-secret-box', purpose, 32));
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', iv, tag, ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
