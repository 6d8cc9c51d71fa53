import { QuireError } from '@quire/core';
import type { RequestHandler, Response } from 'express';
import type { Store } from '../store/port';

/**
 * How long a proof of identity (a password or two-factor sign-in, or POST /v1/auth/reauthenticate) lets a session
 * do what would hand the account to someone else: change its email, remove a two-factor method, create API keys.
 */
export const RECENT_AUTH_MS = 10 * 60 * 1000;

/** When a session (a refresh-token family) last proved who its user is. */
interface SessionAuthRecord {
  id: string;
  user_id: string;
  authenticated_at: number;
}

export interface RecentAuth {
  /** Records that the session's user proved who they are now; returns until when that counts (ms since the epoch). */
  mark(sessionId: string, userId: string): Promise<number>;
  /** Throws reauthentication_required unless the request's session proved its user in the last 10 minutes. */
  assert(res: Response): Promise<void>;
  /**
   * After requireUser: 403 reauthentication_required unless the session proved its user in the last 10 minutes.
   * A stolen access token (or refresh token) carries no password: refreshing keeps the session's proof time.
   */
  require: RequestHandler;
}

export async function recentAuthentication(store: Store, now: () => Date): Promise<RecentAuth> {
  const records = await store.collection<SessionAuthRecord>({
    name: 'session_authentications',
    indexes: ['authenticated_at'],
  });
  async function assert(res: Response): Promise<void> {
    const sessionId = res.locals.sessionId as string | undefined;
    const userId = (res.locals.user as { id: string } | undefined)?.id;
    const record = sessionId ? await records.get(sessionId) : undefined;
    if (!record || record.user_id !== userId || record.authenticated_at <= now().getTime() - RECENT_AUTH_MS) {
      throw new QuireError('reauthentication_required');
    }
  }

  return {
    async mark(sessionId, userId) {
      const at = now().getTime();
      await records.upsert(
        { id: sessionId },
        { id: sessionId, user_id: userId, authenticated_at: at },
        { set: { authenticated_at: at } },
      );
      // A proof older than the window counts for nothing, exactly as a missing one: dropping them keeps it small.
      await records.deleteMany({ authenticated_at: { $lte: at - RECENT_AUTH_MS } });
      return at + RECENT_AUTH_MS;
    },
    assert,
    async require(_req, res, next) {
      await assert(res);
      next();
    },
  };
}
