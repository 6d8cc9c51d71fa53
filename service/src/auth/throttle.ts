import { QuireError } from '@quire/core';
import { newId } from '../crypto/ids';
import type { Store } from '../store/port';

/** Free failures are counted in this sliding window. */
const FREE_WINDOW_MS = 15 * 60 * 1000;
/** Failures that escalated the lock keep it growing for this long: long enough for the lock to reach its cap. */
const ESCALATION_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Free failures per 15 minutes for one account. */
const ACCOUNT_FREE_FAILURES = 5;
/** Free failures per 15 minutes for one IP address: more, so that one user does not lock out a whole office. */
const IP_FREE_FAILURES = 20;
const FIRST_LOCK_SECONDS = 30;
const MAX_LOCK_SECONDS = 15 * 60;

/** One failed sign-in for one key (`account:<email>` or `ip:<address>`). One record per failure keeps counting atomic. */
interface FailureRecord {
  id: string;
  key: string;
  at: number;
  /** The failure went over the free allowance (or came while the key was escalated): it counts towards the lock. */
  over?: boolean;
}

export interface Throttle {
  /** Throws too_many_attempts (with `retry_after` seconds) when any key is locked now. */
  check(keys: string[]): Promise<void>;
  fail(keys: string[]): Promise<void>;
  /** Forgets a key's failures (a successful sign-in resets its account). */
  reset(key: string): Promise<void>;
}

export const accountKey = (email: string) => `account:${email.toLowerCase()}`;
export const ipKey = (ip: string | undefined) => `ip:${ip ?? 'unknown'}`;

const freeFailures = (key: string) => (key.startsWith('ip:') ? IP_FREE_FAILURES : ACCOUNT_FREE_FAILURES);

/** Lock length after the n-th failure over the allowance (n ≥ 1): 30 s, 60 s, 120 s, … capped at 15 minutes. */
export const lockSecondsFor = (overCount: number) =>
  Math.min(FIRST_LOCK_SECONDS * 2 ** Math.min(overCount - 1, 30), MAX_LOCK_SECONDS);

/**
 * Failed sign-ins per key. Each key has a free allowance in a sliding 15-minute window (5 per account, 20 per IP
 * address). The failure that uses the allowance up, and every failure after it for 24 hours, is "over": each over
 * failure locks the key for twice as long as the one before (30 s, 60 s, 120 s, … up to and staying at 15 min),
 * counted from that failure. Waiting out a lock therefore does not reset the escalation; 24 hours without an over
 * failure does, and so does a successful sign-in for the account key.
 */
export async function loginThrottle(store: Store, now: () => Date): Promise<Throttle> {
  const failures = await store.collection<FailureRecord>({ name: 'login_failures', indexes: [['key', 'at']] });

  const overSince = (key: string, at: number) => ({ key, over: true, at: { $gt: at - ESCALATION_WINDOW_MS } });

  /** Seconds the key stays locked, 0 when it is not. */
  async function lockedFor(key: string, at: number): Promise<number> {
    const filter = overSince(key, at);
    const count = await failures.count(filter);
    if (count === 0) return 0;
    const [last] = await failures.find(filter, { sort: { field: 'at', direction: -1 }, limit: 1 });
    if (!last) return 0;
    const remaining = Math.ceil((last.at + lockSecondsFor(count) * 1000 - at) / 1000);
    return Math.max(remaining, 0);
  }

  return {
    async check(keys) {
      const at = now().getTime();
      let retryAfter = 0;
      for (const key of keys) retryAfter = Math.max(retryAfter, await lockedFor(key, at));
      if (retryAfter > 0) {
        throw new QuireError('too_many_attempts', {
          message: `Too many failed sign-in attempts. Please wait ${retryAfter} seconds and try again.`,
          details: { retry_after: retryAfter },
        });
      }
    },

    async fail(keys) {
      const at = now().getTime();
      for (const key of keys) {
        const recent = await failures.count({ key, at: { $gt: at - FREE_WINDOW_MS } });
        const escalated = (await failures.count(overSince(key, at))) > 0;
        // `recent` does not include this failure yet: the one that makes the count reach the allowance is over.
        const over = escalated || recent + 1 >= freeFailures(key);
        await failures.insert({ id: newId('lfl'), key, at, over });
        // Failures older than the escalation window no longer count; dropping them here avoids a sweeper.
        await failures.deleteMany({ key, at: { $lte: at - ESCALATION_WINDOW_MS } });
      }
    },

    async reset(key) {
      await failures.deleteMany({ key });
    },
  };
}
