import { QuireError } from '@quire/core';
import type { Store } from '../store/port';
import { newId } from './ids';

const WINDOW_MS = 15 * 60 * 1000;
const FREE_FAILURES = 5;
const FIRST_LOCK_SECONDS = 30;
const MAX_LOCK_SECONDS = 15 * 60;

/** One failed sign-in for one key (`account:<email>` or `ip:<address>`). One record per failure keeps counting atomic. */
interface FailureRecord {
  id: string;
  key: string;
  at: number;
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

/**
 * Failed sign-ins in a sliding 15-minute window. The first five are free; from then on each failure locks the key
 * for twice as long as the one before (30 s, 60 s, 120 s, … up to 15 min) counted from that failure. The lock
 * lapses on its own; failures older than the window stop counting.
 */
export async function loginThrottle(store: Store, now: () => Date): Promise<Throttle> {
  const failures = await store.collection<FailureRecord>({ name: 'login_failures', indexes: ['key', 'at'] });

  /** Seconds the key stays locked, 0 when it is not. */
  async function lockedFor(key: string, at: number): Promise<number> {
    const since = at - WINDOW_MS;
    const count = await failures.count({ key, at: { $gt: since } });
    if (count < FREE_FAILURES) return 0;
    const [last] = await failures.find({ key, at: { $gt: since } }, { sort: { field: 'at', direction: -1 }, limit: 1 });
    if (!last) return 0;
    const lockSeconds = Math.min(FIRST_LOCK_SECONDS * 2 ** (count - FREE_FAILURES), MAX_LOCK_SECONDS);
    const remaining = Math.ceil((last.at + lockSeconds * 1000 - at) / 1000);
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
        await failures.insert({ id: newId('lfl'), key, at });
        // Old failures no longer count; dropping them here keeps the collection small without a sweeper.
        await failures.deleteMany({ key, at: { $lte: at - WINDOW_MS } });
      }
    },

    async reset(key) {
      await failures.deleteMany({ key });
    },
  };
}
