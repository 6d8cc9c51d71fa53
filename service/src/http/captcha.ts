import { createHmac, randomInt } from 'node:crypto';
import { QuireError } from '@quire/core';
import { type Challenge, createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import { DuplicateKeyError, type Store } from '../store/port';

export interface CaptchaOptions {
  /** The service secret; the ALTCHA HMAC keys are derived from it, so it never signs anything directly. */
  secret: string;
  store: Store;
  now: () => Date;
  /** The solver searches counters below this: about maxNumber / 2 SHA-256 hashes on average. */
  maxNumber?: number;
  ttlMs?: number;
}

export interface IssueOptions {
  /** Harder than the default: the solver searches counters below this. */
  maxNumber?: number;
  /**
   * What the solution may be spent on (`sign_in:<account hash>`): signed into the challenge, so a solution
   * earned for one purpose (or an easy challenge of another account) cannot be spent on another.
   */
  scope?: string;
}

export interface Captcha {
  /** A new signed challenge for the ALTCHA widget. */
  issue(options?: IssueOptions): Promise<Challenge>;
  /**
   * Checks a widget payload (base64 JSON of { challenge, solution }) and marks it used; throws captcha_invalid.
   * With a scope, the challenge must have been issued for that scope; without one, for none.
   */
  redeem(payload: string, options?: { scope?: string }): Promise<void>;
}

interface CaptchaUse {
  id: string;
  /** Milliseconds since the epoch: after it the challenge is refused anyway, so the record can go. */
  expiresAt: number;
}

const Payload = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.string(),
        nonce: z.string(),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        expiresAt: z.number().optional(),
        data: z.record(z.string(), z.unknown()).optional(),
      })
      .loose(),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }),
});

const derive = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest('hex');

/**
 * Self-hosted proof-of-work captcha (ALTCHA v2, deterministic SHA-256): the challenge is signed, so the server
 * keeps nothing until a solution is redeemed; then its signature is stored until expiry so it works only once.
 */
export async function createCaptcha({
  secret,
  store,
  now,
  maxNumber = 50_000,
  ttlMs = 10 * 60_000,
}: CaptchaOptions): Promise<Captcha> {
  const hmacSignatureSecret = derive(secret, 'quire:altcha:challenge');
  // Signs the expected key, so verifying costs one HMAC instead of re-running the work.
  const hmacKeySignatureSecret = derive(secret, 'quire:altcha:key');
  const uses = await store.collection<CaptchaUse>({ name: 'captcha_uses', indexes: ['expiresAt'] });

  return {
    issue: (options = {}) =>
      createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(options.maxNumber ?? maxNumber),
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
        expiresAt: new Date(now().getTime() + ttlMs),
        ...(options.scope ? { data: { scope: options.scope } } : {}),
      }),

    async redeem(raw, options = {}) {
      const decoded = decode(raw);
      const parsed = Payload.safeParse(decoded);
      if (!parsed.success) throw invalid('malformed');
      const { challenge, solution } = parsed.data;
      // The signature covers the parameters exactly as sent, so the decoded object is verified, not zod's copy.
      const sent = decoded as { challenge: Challenge };
      const result = await verifySolution({
        challenge: sent.challenge,
        solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      const expiresAt = (challenge.parameters.expiresAt ?? 0) * 1000;
      // The library checks expiry on the wall clock; the service's clock decides too (tests and skewed hosts).
      if (result.expired || expiresAt <= now().getTime()) throw invalid('expired');
      if (!result.verified) throw invalid('unverified');
      // The signature covers `data`, so the scope read here is the one the challenge was issued with.
      if ((challenge.parameters.data?.scope ?? undefined) !== options.scope) throw invalid('wrong_scope');
      const at = now().getTime();
      await uses.deleteMany({ expiresAt: { $lt: at } });
      try {
        await uses.insert({ id: challenge.signature, expiresAt });
      } catch (error) {
        if (error instanceof DuplicateKeyError) throw invalid('already_used');
        throw error;
      }
    },
  };
}

function decode(raw: string): unknown {
  try {
    return JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
}

const invalid = (reason: string) => new QuireError('captcha_invalid', { param: 'altcha', details: { reason } });
