import { createHash } from 'node:crypto';
import { QuireError } from '@quire/core';
import type { Request } from 'express';
import type { Captcha } from '../http/captcha';
import { addressKey } from '../http/rate-limits';
import { DuplicateKeyError, type Store } from '../store/port';

/** Attempts are counted in windows of 15 minutes, starting at a key's first counted attempt. */
const WINDOW_MS = 15 * 60 * 1000;
/** Attempts at one account from one address: the guesses of one source at one account. Then 429 to that source. */
const PAIR_ALLOWANCE = 5;
/** Attempts from one address over every account (password spraying); more, so that one office is not shut out. */
const ADDRESS_ALLOWANCE = 20;
/**
 * Attempts at one account from every address without a captcha. After that each attempt needs a solved
 * proof-of-work instead of a lock: a victim is never locked out by someone else's guesses, only slowed down.
 */
const ACCOUNT_FREE_ATTEMPTS = 5;
/** The first challenge's difficulty (counters searched: about 40 ms of one core on average). */
const BASE_DIFFICULTY = 50_000;
/** The work doubles every 5 attempts over the free ones, up to 64 times the first (a second or two per guess). */
const MAX_DIFFICULTY_DOUBLINGS = 6;

/**
 * One key's attempts in its window. `count` holds the attempts that have not succeeded: failures, and attempts
 * still being checked. Claiming is one conditional update, so concurrent attempts cannot all see room.
 */
interface AttemptCounter {
  id: string;
  count: number;
  started_at: number;
}

/** One claimed attempt: the caller checks the secret, then says how it went. */
export interface Attempt {
  /** The secret was right: the source's count at this account is cleared and the other claims are given back. */
  succeeded(): Promise<void>;
}

export interface AttemptInput {
  req: Request;
  /** The account tried (an email address, as typed: compared in lower case). */
  email: string;
  /** The `altcha` field of the request: a solved challenge, needed once the account has had its free attempts. */
  captcha?: string | undefined;
}

export interface Throttle {
  /**
   * Claims an attempt at an account's password or code before it is checked. Throws too_many_attempts (429, with
   * `retry_after` seconds) when this address has used its attempts at this account or over all accounts, and
   * captcha_required (with a `challenge` to solve) or captcha_invalid once the account needs a proof of work.
   * An attempt that is refused is not counted; one that fails stays counted until its window ends.
   */
  attempt(input: AttemptInput): Promise<Attempt>;
  /** A fresh challenge for this account, at the difficulty its recent failures call for. */
  challengeFor(email: string): Promise<unknown>;
}

/** What a captcha for sign-ins to an account is bound to: the account, hashed (the challenge is sent to the client). */
export const signInScope = (email: string) =>
  `sign_in:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22)}`;

/** The difficulty after `count` unsucceeded attempts at an account. */
export function difficultyFor(count: number): number {
  const over = Math.max(count - ACCOUNT_FREE_ATTEMPTS, 0);
  return BASE_DIFFICULTY * 2 ** Math.min(Math.floor(over / ACCOUNT_FREE_ATTEMPTS), MAX_DIFFICULTY_DOUBLINGS);
}

/**
 * Failed sign-ins (passwords, two-factor codes, re-authentication) counted per address and account, per address
 * and per account, in the store, so that replicas share the counts. See `Throttle.attempt`.
 */
export async function loginThrottle(store: Store, now: () => Date, captcha: Captcha): Promise<Throttle> {
  const counters = await store.collection<AttemptCounter>({ name: 'login_attempts', indexes: ['started_at'] });

  /** Claims one attempt under the allowance: 0 when claimed, else the seconds until the window ends. */
  async function claim(id: string, allowance: number): Promise<number> {
    for (;;) {
      const at = now().getTime();
      const fresh = at - WINDOW_MS;
      if (
        await counters.updateOne({ id, started_at: { $gt: fresh }, count: { $lt: allowance } }, { inc: { count: 1 } })
      )
        return 0;
      // A window that has ended starts again with this attempt.
      if (await counters.updateOne({ id, started_at: { $lte: fresh } }, { set: { count: 1, started_at: at } }))
        return 0;
      const record = await counters.get(id);
      if (record) {
        // Refused only if it is full now: it may have been created (or restarted) since the updates above.
        if (record.count >= allowance && record.started_at > fresh) {
          return Math.max(Math.ceil((record.started_at + WINDOW_MS - at) / 1000), 1);
        }
        continue;
      }
      try {
        await counters.insert({ id, count: 1, started_at: at });
        // Counters whose window has ended count for nothing; dropping them as new ones come keeps the store small.
        await counters.deleteMany({ started_at: { $lte: fresh } });
        return 0;
      } catch (error) {
        // Another attempt created it meanwhile: claim against that record.
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
  }

  async function giveBack(...ids: string[]) {
    for (const id of ids) await counters.updateOne({ id, count: { $gt: 0 } }, { inc: { count: -1 } });
  }

  async function challengeFor(email: string) {
    const counter = await counters.get(accountId(email));
    const live = counter && counter.started_at > now().getTime() - WINDOW_MS ? counter.count : 0;
    return captcha.issue({ maxNumber: difficultyFor(live), scope: signInScope(email) });
  }

  const accountId = (email: string) => `account:${email.trim().toLowerCase()}`;

  return {
    challengeFor,

    async attempt({ req, email, captcha: solution }) {
      const address = addressKey(req);
      const account = accountId(email);
      const pair = `pair:${address}|${account}`;
      let retryAfter = await claim(pair, PAIR_ALLOWANCE);
      if (retryAfter === 0) {
        retryAfter = await claim(address, ADDRESS_ALLOWANCE);
        if (retryAfter > 0) await giveBack(pair);
      }
      if (retryAfter > 0) {
        throw new QuireError('too_many_attempts', {
          message: `Too many failed sign-in attempts. Please wait ${retryAfter} seconds and try again.`,
          details: { retry_after: retryAfter },
        });
      }
      if ((await claim(account, ACCOUNT_FREE_ATTEMPTS)) > 0) {
        // The account has had its free attempts: this one goes ahead only with a solved challenge, never locked.
        try {
          if (!solution) throw new QuireError('captcha_required', { param: 'altcha' });
          await captcha.redeem(solution, { scope: signInScope(email) });
        } catch (error) {
          await giveBack(pair, address);
          if (!QuireError.isInstance(error)) throw error;
          // The answer carries the next challenge, so the client can solve it and try again in one round trip.
          throw new QuireError(error.code, {
            ...(error.param ? { param: error.param } : {}),
            details: { ...error.details, challenge: await challengeFor(email) },
          });
        }
        // Counted like the free ones: its failure raises the next challenge's difficulty.
        await counters.updateOne({ id: account }, { inc: { count: 1 } });
      }
      return {
        async succeeded() {
          await counters.deleteOne(pair);
          // The account's count keeps other sources' failures until its window ends: a success does not reset
          // the allowance of someone guessing from elsewhere.
          await giveBack(address, account);
        },
      };
    },
  };
}
