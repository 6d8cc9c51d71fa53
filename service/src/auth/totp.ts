import { QuireError } from '@quire/core';
import { Secret, TOTP } from 'otpauth';
import { newId, newSecretToken } from '../crypto/ids';
import type { SecretBox } from '../crypto/secret-box';
import type { Store } from '../store/port';
import type { FactorSummary } from './users';

const ISSUER = 'Quire';
const PERIOD_SECONDS = 30;
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes one challenge accepts before it is spent: a fresh challenge (or sign-in) is needed after that. */
const MAX_CHALLENGE_ATTEMPTS = 5;

interface FactorRecord {
  id: string;
  user_id: string;
  factor_type: 'totp';
  status: 'verified' | 'unverified';
  friendly_name: string | null;
  /** The base32 TOTP secret sealed with the server secret (crypto/secret-box), as other secrets at rest are. */
  secret_sealed?: string;
  /** The base32 secret in clear: records written before secrets were sealed. Sealed at start-up (and on read). */
  secret?: string;
  /** The last time step whose code was accepted: a code is good once, even within its 30 s. */
  last_step: number;
  created_at: string;
  updated_at: string;
}

/** `bearer`: asked for by a signed-in user (enrolment, step-up). `login`: issued by a password sign-in. */
export type ChallengePurpose = 'bearer' | 'login';

interface ChallengeRecord {
  id: string;
  factor_id: string;
  user_id: string;
  purpose: ChallengePurpose;
  expires_at: number;
  attempts: number;
  verified_at: number | null;
}

export function factorJson(factor: FactorRecord) {
  return {
    id: factor.id,
    factor_type: factor.factor_type,
    friendly_name: factor.friendly_name,
    status: factor.status,
    created_at: factor.created_at,
    updated_at: factor.updated_at,
  };
}

export interface Totp {
  /** A new unverified factor, with its secret (shown once, to the user enrolling) and its otpauth URI. */
  enrol(
    userId: string,
    email: string,
    friendlyName: string | null,
  ): Promise<{ factor: FactorRecord; secret: string; uri: string }>;
  list(userId: string): Promise<FactorRecord[]>;
  summaries(userId: string): Promise<FactorSummary[]>;
  verifiedFactor(userId: string): Promise<FactorRecord | undefined>;
  /** The user's factor, or not_found (also for another user's factor: ids are not confirmed to exist). */
  owned(userId: string, factorId: string): Promise<FactorRecord>;
  remove(userId: string, factorId: string): Promise<void>;
  challenge(factor: FactorRecord, purpose: ChallengePurpose): Promise<{ id: string; expires_at: number }>;
  /** The live challenge of this factor, or invalid_verification_code. */
  openChallenge(factorId: string, challengeId: string): Promise<ChallengeRecord>;
  /**
   * Checks a code against a challenge: counts the attempt, refuses a replayed code, and on success marks the
   * challenge used and the factor verified. Throws invalid_verification_code or too_many_attempts.
   */
  verify(challenge: ChallengeRecord, code: string): Promise<FactorRecord>;
  /** Checks a code of a verified factor without a challenge (re-authentication); refuses a replayed code. */
  checkCode(factor: FactorRecord, code: string): Promise<void>;
}

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret });
}

export async function totpFactors(store: Store, now: () => Date, box: SecretBox): Promise<Totp> {
  const factors = await store.collection<FactorRecord>({ name: 'mfa_factors', indexes: [['user_id', 'created_at']] });
  const challenges = await store.collection<ChallengeRecord>({ name: 'mfa_challenges', indexes: ['factor_id'] });

  /** Seals a clear secret in place; conditional on the clear value, so concurrent sealers write once. */
  async function seal(factor: FactorRecord): Promise<void> {
    if (factor.secret === undefined) return;
    await factors.updateOne(
      { id: factor.id, secret: factor.secret },
      { set: { secret_sealed: box.seal(factor.secret) }, unset: ['secret'] },
    );
  }

  // Factors written before secrets were sealed are sealed once, at start-up; secretOf still reads a clear one
  // (a replica of the previous version may write one during a rolling upgrade) and seals it then.
  for (const factor of await factors.find({ secret: { $exists: true } })) await seal(factor);

  async function secretOf(factor: FactorRecord): Promise<string> {
    if (factor.secret_sealed !== undefined) return box.open(factor.secret_sealed);
    if (factor.secret === undefined) throw new Error(`TOTP factor ${factor.id} has no secret`);
    await seal(factor);
    return factor.secret;
  }

  /** Accepts a code once: the step it belongs to must be later than the last accepted one (atomic). */
  async function acceptCode(factor: FactorRecord, code: string): Promise<FactorRecord> {
    const timestamp = now().getTime();
    // One step either side forgives a phone clock that is a little off.
    const delta = totpOf(await secretOf(factor), '').validate({ token: code, timestamp, window: 1 });
    if (delta === null) throw new QuireError('invalid_verification_code', { param: 'code' });
    const step = Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
    // Atomic: a code seen once (here or in a concurrent request) cannot be used again.
    const accepted = await factors.updateOne(
      { id: factor.id, last_step: { $lt: step } },
      { set: { last_step: step, status: 'verified', updated_at: now().toISOString() } },
    );
    if (!accepted) throw new QuireError('invalid_verification_code', { param: 'code' });
    return accepted;
  }

  async function owned(userId: string, factorId: string): Promise<FactorRecord> {
    const factor = await factors.get(factorId);
    if (!factor || factor.user_id !== userId) throw new QuireError('not_found', { message: 'No such factor.' });
    return factor;
  }

  return {
    async enrol(userId, email, friendlyName) {
      const secret = new Secret({ size: 20 }).base32;
      const at = now().toISOString();
      const factor = await factors.insert({
        id: newId('fct'),
        user_id: userId,
        factor_type: 'totp',
        status: 'unverified',
        friendly_name: friendlyName,
        secret_sealed: box.seal(secret),
        last_step: -1,
        created_at: at,
        updated_at: at,
      });
      return { factor, secret, uri: totpOf(secret, email).toString() };
    },

    list: (userId) => factors.find({ user_id: userId }, { sort: { field: 'created_at', direction: 1 } }),

    async summaries(userId) {
      const list = await factors.find({ user_id: userId }, { sort: { field: 'created_at', direction: 1 } });
      return list.map((f) => ({ id: f.id, factor_type: f.factor_type, status: f.status }));
    },

    verifiedFactor: (userId) => factors.findOne({ user_id: userId, status: 'verified' }),

    owned,

    async remove(userId, factorId) {
      const factor = await owned(userId, factorId);
      await factors.deleteOne(factor.id);
      await challenges.deleteMany({ factor_id: factor.id });
    },

    async challenge(factor, purpose) {
      // The id is a bearer secret for the login case (it stands for "the password was right"), so it is long.
      const record = await challenges.insert({
        id: `chl_${newSecretToken()}`,
        factor_id: factor.id,
        user_id: factor.user_id,
        purpose,
        expires_at: now().getTime() + CHALLENGE_TTL_MS,
        attempts: 0,
        verified_at: null,
      });
      return { id: record.id, expires_at: Math.floor(record.expires_at / 1000) };
    },

    async openChallenge(factorId, challengeId) {
      const challenge = await challenges.get(challengeId);
      if (
        !challenge ||
        challenge.factor_id !== factorId ||
        challenge.verified_at !== null ||
        challenge.expires_at <= now().getTime()
      ) {
        throw new QuireError('invalid_verification_code', {
          message: 'The challenge has expired or was already used. Please sign in or request a new code.',
        });
      }
      return challenge;
    },

    async verify(challenge, code) {
      const counted = await challenges.updateOne(
        { id: challenge.id, verified_at: null, attempts: { $lt: MAX_CHALLENGE_ATTEMPTS } },
        { inc: { attempts: 1 } },
      );
      if (!counted) {
        throw new QuireError('too_many_attempts', {
          message: 'Too many wrong codes for this challenge. Please request a new one.',
        });
      }
      const factor = await factors.get(challenge.factor_id);
      if (!factor) throw new QuireError('invalid_verification_code');
      const accepted = await acceptCode(factor, code);
      const used = await challenges.updateOne(
        { id: challenge.id, verified_at: null },
        { set: { verified_at: now().getTime() } },
      );
      if (!used) throw new QuireError('invalid_verification_code');
      return accepted;
    },

    async checkCode(factor, code) {
      await acceptCode(factor, code);
    },
  };
}
