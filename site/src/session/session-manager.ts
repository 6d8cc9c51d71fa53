import { APIConnectionError, APIError } from '@quire/client';
import { type AuthApi, type CookieSession, isMfaChallenge, type SessionUser } from './auth-api';
import { AUTO_REFRESH_TICK_MS, refreshDue, retryDelay } from './schedule';

export type SessionState =
  | { status: 'loading' }
  | {
      status: 'signed_out';
      /** This tab signed out on purpose (its Logout), rather than the session ending under it. */
      byThisTab?: true;
    }
  | {
      status: 'signed_in';
      user: SessionUser;
      accessToken: string;
      /** When the access token expires, in milliseconds since the epoch. */
      expiresAt: number;
    };

export type SignInResult =
  | { status: 'signed_in'; user: SessionUser }
  | { status: 'mfa_required'; factorId: string; challengeId: string };

/**
 * Whether this browser had a session when last seen: not a secret (the session is the httpOnly cookie), only a
 * hint that a restore is worth a request, so that a visitor who never signed in sends no refresh on every page.
 */
export interface SessionHint {
  get(): boolean;
  set(signedIn: boolean): void;
}

/** What tabs tell each other (a BroadcastChannel in the browser). */
export type TabMessage = { type: 'signed_in' } | { type: 'signed_out' };
export interface TabChannel {
  postMessage(message: TabMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<TabMessage>) => void): void;
  close(): void;
}

export interface SessionManagerOptions {
  api: AuthApi;
  hint: SessionHint;
  /** Other tabs of this site; null where there is no BroadcastChannel. */
  channel?: TabChannel | null;
  /** Where visibility changes come from (a tab coming back refreshes at once); none outside a browser. */
  visibility?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'> | null;
}

export interface SessionManager {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Restores the session a reload left in the cookie (once); resolves when who is signed in is known. */
  ready(): Promise<SessionState>;
  /** `altcha`: a solved proof of work, when the service asked for one (captcha_required). */
  signIn(email: string, password: string, altcha?: string): Promise<SignInResult>;
  /** Answers the two-factor challenge of a sign-in with a 6-digit code. */
  verifyTotp(factorId: string, challengeId: string, code: string, altcha?: string): Promise<SessionUser>;
  /**
   * Signs out everywhere (the seed's scope=global). 401, 403 and 404 from the service count as signed out (the
   * session was gone already); any other failure is thrown and the session stays.
   */
  signOut(): Promise<void>;
  /** The access token for an API call, refreshed first when it is due (a tab that slept past its ticks). */
  getAccessToken(): Promise<string | null>;
  /**
   * The signed-in person's details changed (their name, their two-factor methods): GET /v1/auth/user's answer,
   * shown at once everywhere (the seed's "user updated" event). Ignored unless it is the signed-in person.
   */
  userUpdated(user: SessionUser): void;
  /** Stops the ticks and the tab channel (tests, and a page being torn down). */
  stop(): void;
}

/** Failures worth a retry: no answer at all, or a gateway that could not reach the service. */
export function isRetryable(error: unknown): boolean {
  if (APIConnectionError.isInstance(error)) return true;
  return APIError.isInstance(error) && [502, 503, 504].includes(error.status ?? 0);
}

const SIGN_OUT_IGNORED = new Set([401, 403, 404]);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The browser's session: the access token in memory, the refresh token in the service's httpOnly cookie. It
 * restores the session on load with a refresh, refreshes on the seed's schedule (see schedule.ts), and tells the
 * other tabs when it signs in or out. Tabs refreshing at the same moment do not need to take turns: the service
 * answers a refresh token presented twice within 10 seconds with the same successor (auth/refresh-tokens.ts), which
 * also covers what no lock in the page can: a page reloaded while its refresh was in flight.
 */
export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const { api, hint } = options;
  const channel = options.channel ?? null;
  const visibility = options.visibility ?? null;
  let state: SessionState = { status: 'loading' };
  const listeners = new Set<() => void>();
  let restoring: Promise<void> | null = null;
  let refreshing: Promise<SessionState> | null = null;
  let ticker: ReturnType<typeof setInterval> | null = null;
  let stopped = false;

  function set(next: SessionState) {
    state = next;
    for (const listener of listeners) listener();
  }

  function tick() {
    if (state.status !== 'signed_in' || refreshing) return;
    if (refreshDue(state.expiresAt, Date.now())) void refresh().catch(() => undefined);
  }

  function startTicks() {
    if (ticker !== null || stopped) return;
    ticker = setInterval(tick, AUTO_REFRESH_TICK_MS);
    tick();
  }

  function stopTicks() {
    if (ticker !== null) clearInterval(ticker);
    ticker = null;
  }

  function signedIn(session: CookieSession) {
    set({
      status: 'signed_in',
      user: session.user,
      accessToken: session.access_token,
      // Counted from this machine's clock rather than read from expires_at: a clock set a few minutes off (or an
      // hour, across a time zone mistake) must not make every tick refresh, or none.
      expiresAt: Date.now() + session.expires_in * 1000,
    });
    hint.set(true);
    startTicks();
  }

  function signedOut(options: { forgetHint: boolean; byThisTab?: boolean }) {
    stopTicks();
    if (options.forgetHint) hint.set(false);
    set(options.byThisTab ? { status: 'signed_out', byThisTab: true } : { status: 'signed_out' });
  }

  async function refreshWithRetries(): Promise<CookieSession> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      try {
        return await api.refresh();
      } catch (error) {
        const wait = retryDelay(attempt);
        if (!isRetryable(error) || Date.now() + wait - started >= AUTO_REFRESH_TICK_MS) throw error;
        await sleep(wait);
      }
    }
  }

  /**
   * One refresh at a time per tab. A refusal (the cookie is gone, spent or revoked) signs the tab out; a failure
   * that outlasted its retries leaves things as they are, for the next tick to try again.
   */
  function refresh(): Promise<SessionState> {
    refreshing ??= (async () => {
      try {
        signedIn(await refreshWithRetries());
      } catch (error) {
        if (!isRetryable(error)) signedOut({ forgetHint: true });
        else if (state.status === 'loading') signedOut({ forgetHint: false });
        throw error;
      } finally {
        refreshing = null;
      }
      return state;
    })();
    return refreshing;
  }

  function onTabMessage(event: MessageEvent<TabMessage>) {
    if (event.data.type === 'signed_out' && state.status === 'signed_in') signedOut({ forgetHint: true });
    // Another tab signed in: the cookie is this tab's too.
    if (event.data.type === 'signed_in' && state.status === 'signed_out') void refresh().catch(() => undefined);
  }
  channel?.addEventListener('message', onTabMessage);

  function onVisibilityChange() {
    if (visibility?.visibilityState === 'visible') tick();
  }
  visibility?.addEventListener('visibilitychange', onVisibilityChange);

  /** Resolves with the state as it is once the restore is over (a sign-in since then included). */
  function ready(): Promise<SessionState> {
    restoring ??= (async () => {
      if (state.status !== 'loading') return;
      if (!hint.get()) {
        set({ status: 'signed_out' });
        return;
      }
      await refresh().catch(() => undefined);
    })();
    return restoring.then(() => state);
  }

  return {
    getState: () => state,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    ready,

    async signIn(email, password, altcha) {
      const answer = await api.signIn(email, password, altcha);
      if (isMfaChallenge(answer)) {
        return { status: 'mfa_required', factorId: answer.factor_id, challengeId: answer.challenge_id };
      }
      signedIn(answer);
      channel?.postMessage({ type: 'signed_in' });
      return { status: 'signed_in', user: answer.user };
    },

    async verifyTotp(factorId, challengeId, code, altcha) {
      const session = await api.verifyFactor(factorId, challengeId, code, altcha);
      signedIn(session);
      channel?.postMessage({ type: 'signed_in' });
      return session.user;
    },

    async signOut() {
      const token = state.status === 'signed_in' ? state.accessToken : null;
      try {
        await api.signOut(token);
      } catch (error) {
        if (!(APIError.isInstance(error) && SIGN_OUT_IGNORED.has(error.status ?? 0))) throw error;
      }
      signedOut({ forgetHint: true, byThisTab: true });
      channel?.postMessage({ type: 'signed_out' });
    },

    async getAccessToken() {
      if (state.status === 'loading') await ready();
      if (state.status === 'signed_in' && refreshDue(state.expiresAt, Date.now())) {
        await refresh().catch(() => undefined);
      }
      return state.status === 'signed_in' ? state.accessToken : null;
    },

    userUpdated(user) {
      if (state.status === 'signed_in' && state.user.id === user.id) set({ ...state, user });
    },

    stop() {
      stopped = true;
      stopTicks();
      channel?.close();
      visibility?.removeEventListener('visibilitychange', onVisibilityChange);
    },
  };
}
