// @vitest-environment node
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { confirmedAccount } from '../__fixtures__/accounts';
import { type BrowserFetch, browserFetch } from '../__fixtures__/browser-fetch';
import { createAuthApi } from './auth-api';
import { AUTO_REFRESH_TICK_MS } from './schedule';
import { createSessionManager, type SessionHint, type SessionManager, type TabChannel } from './session-manager';

const service = { url: inject('quireUrl'), dataDir: inject('quireDataDir') };

/** localStorage, as far as the session uses it. */
function memoryHint(initial = false): SessionHint & { value: boolean } {
  return {
    value: initial,
    get() {
      return this.value;
    },
    set(signedIn) {
      this.value = signedIn;
    },
  };
}

const managers: SessionManager[] = [];
/** A tab: a session manager on a browser's fetch (its cookie jar is shared by the tabs of one browser). */
function tab(browser: BrowserFetch, hint: SessionHint, channel: TabChannel | null = null, baseUrl = service.url) {
  const manager = createSessionManager({ api: createAuthApi({ baseUrl, fetch: browser.fetch }), hint, channel });
  managers.push(manager);
  return manager;
}

afterEach(() => {
  for (const manager of managers.splice(0)) manager.stop();
  vi.useRealTimers();
});

async function userOf(token: string | null) {
  const response = await fetch(`${service.url}/v1/auth/user`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as { email?: string } };
}

const refreshes = (browser: BrowserFetch) => browser.sent.filter((r) => r.path.includes('grant_type=refresh_token'));

describe('signing in and restoring on reload', () => {
  it('keeps the access token in memory, the refresh token in the cookie, and restores both after a reload', async () => {
    const account = await confirmedAccount(service, 'reload');
    const browser = browserFetch(service.url);
    const hint = memoryHint();
    const first = tab(browser, hint);
    expect(await first.ready()).toEqual({ status: 'signed_out' });
    expect(browser.sent).toEqual([]);

    const result = await first.signIn(account.email, account.password);
    expect(result).toMatchObject({ status: 'signed_in', user: { email: account.email } });
    const state = first.getState();
    if (state.status !== 'signed_in') throw new Error('not signed in');
    expect(browser.cookie()).toMatch(/^[\w-]{43}$/);
    // The refresh token never reaches the page: only the access token is in the state.
    expect(JSON.stringify(state)).not.toContain(browser.cookie());
    expect(hint.value).toBe(true);
    expect((await userOf(await first.getAccessToken())).body.email).toBe(account.email);
    first.stop();

    // A reload: a new page, the same browser.
    const cookieBefore = browser.cookie();
    const reloaded = tab(browser, hint);
    expect(reloaded.getState()).toEqual({ status: 'loading' });
    const restored = await reloaded.ready();
    expect(restored).toMatchObject({ status: 'signed_in', user: { email: account.email } });
    expect(browser.cookie()).not.toBe(cookieBefore);
    expect((await userOf(await reloaded.getAccessToken())).status).toBe(200);
  });

  it('sends no request for a visitor who never signed in, and is signed out after a cookie the service refuses', async () => {
    const visitor = browserFetch(service.url);
    expect(await tab(visitor, memoryHint(false)).ready()).toEqual({ status: 'signed_out' });
    expect(visitor.sent).toEqual([]);

    const stale = browserFetch(service.url, { cookie: 'a'.repeat(43) });
    const hint = memoryHint(true);
    expect(await tab(stale, hint).ready()).toEqual({ status: 'signed_out' });
    expect(hint.value).toBe(false);
    expect(stale.cookie()).toBeUndefined();
  });

  it('answers a two-factor challenge with the code and then holds the session', async () => {
    const account = await confirmedAccount(service, 'totp');
    const browser = browserFetch(service.url);
    const manager = tab(browser, memoryHint());
    await manager.signIn(account.email, account.password);
    const token = await manager.getAccessToken();
    const post = async (path: string, body: unknown) =>
      (await fetch(`${service.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json())) as Record<string, string> & { totp: { secret: string } };
    const factor = await post('/v1/auth/factors', {});
    const secret = Secret.fromBase32(factor.totp.secret);
    const challenge = await post(`/v1/auth/factors/${factor.id}/challenge`, {});
    await post(`/v1/auth/factors/${factor.id}/verify`, {
      challenge_id: challenge.id,
      code: TOTP.generate({ secret }),
    });
    await manager.signOut();

    const asked = await manager.signIn(account.email, account.password);
    expect(asked).toEqual({ status: 'mfa_required', factorId: factor.id, challengeId: expect.any(String) });
    expect(manager.getState().status).toBe('signed_out');
    if (asked.status !== 'mfa_required') throw new Error('no challenge');
    // The code of the next period (the service accepts one step of drift): the one just used cannot be used twice.
    const code = TOTP.generate({ secret, timestamp: Date.now() + 30_000 });
    const user = await manager.verifyTotp(asked.factorId, asked.challengeId, code);
    expect(user.email).toBe(account.email);
    expect(manager.getState().status).toBe('signed_in');
    expect(browser.cookie()).toMatch(/^[\w-]{43}$/);
  });
});

describe('the person changing their details', () => {
  it('shows a changed name at once, and ignores details of someone else', async () => {
    const account = await confirmedAccount(service, 'rename');
    const manager = tab(browserFetch(service.url), memoryHint());
    await manager.signIn(account.email, account.password);
    const before = manager.getState();
    if (before.status !== 'signed_in') throw new Error('not signed in');
    const seen: string[] = [];
    manager.subscribe(() => {
      const state = manager.getState();
      if (state.status === 'signed_in') seen.push(state.user.user_metadata.full_name ?? '');
    });
    manager.userUpdated({ ...before.user, id: 'usr_someone_else', user_metadata: { full_name: 'Mallory' } });
    expect(seen).toEqual([]);
    manager.userUpdated({ ...before.user, user_metadata: { full_name: 'Ada Renamed' } });
    expect(seen).toEqual(['Ada Renamed']);
    // The token stays: only the person's details changed.
    expect(manager.getState()).toMatchObject({ accessToken: before.accessToken, expiresAt: before.expiresAt });
  });
});

describe("the seed's refresh schedule, on fake timers", () => {
  let browser: BrowserFetch;
  let manager: SessionManager;
  let signedInAt: number;
  beforeEach(async () => {
    const account = await confirmedAccount(service, 'schedule');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    browser = browserFetch(service.url);
    manager = tab(browser, memoryHint());
    signedInAt = Date.now();
    await manager.signIn(account.email, account.password);
  });

  /** The access token's expiry in the state. */
  const expiresAt = () => {
    const state = manager.getState();
    if (state.status !== 'signed_in') throw new Error(`not signed in: ${state.status}`);
    return state.expiresAt;
  };

  /** The tick at which the token is refreshed: the first with 3 whole ticks or fewer left, i.e. under 4 ticks. */
  const dueTick = () => {
    const left = expiresAt() - signedInAt;
    return Math.floor((left - 4 * AUTO_REFRESH_TICK_MS) / AUTO_REFRESH_TICK_MS) + 1;
  };

  it('ticks every 30 s and refreshes at the first tick with 3 ticks or fewer left', async () => {
    expect(expiresAt() - signedInAt).toBe(3600_000);
    const before = manager.getState();
    // Every tick up to the one before: nothing.
    await vi.advanceTimersByTimeAsync((dueTick() - 1) * AUTO_REFRESH_TICK_MS);
    expect(refreshes(browser)).toEqual([]);
    expect(manager.getState()).toBe(before);
    // 4 ticks (120 s) are left now: still nothing until the next tick.
    expect(expiresAt() - Date.now()).toBeGreaterThanOrEqual(4 * AUTO_REFRESH_TICK_MS);
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_TICK_MS - 1);
    expect(refreshes(browser)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes(browser)).toHaveLength(1);
    expect(refreshes(browser)[0]?.at).toBe(signedInAt + dueTick() * AUTO_REFRESH_TICK_MS);
    await vi.waitFor(() => expect(manager.getState()).not.toBe(before));
    // A new hour from now.
    expect(expiresAt() - Date.now()).toBeGreaterThan(3590_000);
    expect((await userOf(await manager.getAccessToken())).status).toBe(200);
  });

  it('retries a refresh that failed to connect after 200 ms, then 400, 800…', async () => {
    await vi.advanceTimersByTimeAsync((dueTick() - 1) * AUTO_REFRESH_TICK_MS);
    browser.failNext(3);
    const before = manager.getState();
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_TICK_MS);
    const start = refreshes(browser)[0]?.at ?? 0;
    expect(refreshes(browser)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(refreshes(browser)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes(browser)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(400);
    expect(refreshes(browser)).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(800);
    expect(refreshes(browser).map((r) => r.at - start)).toEqual([0, 200, 600, 1400]);
    // The fourth went through.
    await vi.waitFor(() => expect(manager.getState()).not.toBe(before));
    expect(manager.getState().status).toBe('signed_in');
  });

  it('stops retrying before the retries would outlast a tick, keeps the session, and tries again next tick', async () => {
    await vi.advanceTimersByTimeAsync((dueTick() - 1) * AUTO_REFRESH_TICK_MS);
    browser.failNext(1000);
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_TICK_MS);
    const start = refreshes(browser)[0]?.at ?? 0;
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_TICK_MS - 1);
    const delays = refreshes(browser).map((r) => r.at - start);
    // 200, 400, 800, 1600, 3200, 6400, 12800 after one another: the next wait (25.6 s) would pass 30 s.
    expect(delays).toEqual([0, 200, 600, 1400, 3000, 6200, 12600, 25400]);
    expect(manager.getState().status).toBe('signed_in');
    // The next tick starts over.
    browser.failNext(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes(browser)).toHaveLength(9);
    await vi.waitFor(() => expect(browser.cookie()).toBeDefined());
    await vi.waitFor(() => expect(expiresAt() - Date.now()).toBeGreaterThan(3590_000));
  });

  it('refreshes before handing out a token that is due, when the tab slept through its ticks', async () => {
    // A laptop lid closed: no tick ran, the clock moved on.
    vi.setSystemTime(signedInAt + 3590_000);
    const token = await manager.getAccessToken();
    expect(refreshes(browser)).toHaveLength(1);
    expect((await userOf(token)).status).toBe(200);
  });
});

describe('signing out', () => {
  it('ends the session everywhere and forgets it', async () => {
    const account = await confirmedAccount(service, 'out');
    const browser = browserFetch(service.url);
    const hint = memoryHint();
    const manager = tab(browser, hint);
    await manager.signIn(account.email, account.password);
    const token = await manager.getAccessToken();
    await manager.signOut();
    expect(manager.getState()).toEqual({ status: 'signed_out', byThisTab: true });
    expect(hint.value).toBe(false);
    expect(browser.cookie()).toBeUndefined();
    expect((await userOf(token)).status).toBe(401);
  });

  it('ignores 401, 403 and 404 from the service, as the seed says', async () => {
    const account = await confirmedAccount(service, 'ignored');
    // 401: the session ended elsewhere (another device signed out everywhere) before this tab signs out.
    const browser = browserFetch(service.url);
    const manager = tab(browser, memoryHint());
    await manager.signIn(account.email, account.password);
    const other = tab(browserFetch(service.url), memoryHint());
    await other.signIn(account.email, account.password);
    await other.signOut();
    const answers: number[] = [];
    const watching = browserFetch(service.url, { cookie: browser.cookie() ?? '' });
    const recording: BrowserFetch['fetch'] = async (url, init) => {
      const response = await watching.fetch(url, init);
      answers.push(response.status);
      return response;
    };
    const stale = createSessionManager({
      api: createAuthApi({ baseUrl: service.url, fetch: recording }),
      hint: memoryHint(),
    });
    managers.push(stale);
    await manager.signOut();
    expect(manager.getState()).toEqual({ status: 'signed_out', byThisTab: true });
    await stale.signOut();
    expect(answers).toEqual([401]);

    // 403: the page's origin is not the service's (a misconfigured proxy).
    const foreign = browserFetch('https://elsewhere.example');
    const refused = tab(foreign, memoryHint(), null);
    await refused.signOut();
    expect(refused.getState()).toEqual({ status: 'signed_out', byThisTab: true });

    // 404: a service without the route (behind a proxy that does not pass it).
    const nowhere = tab(browserFetch(service.url), memoryHint(), null, `${service.url}/no-such-prefix`);
    await nowhere.signOut();
    expect(nowhere.getState()).toEqual({ status: 'signed_out', byThisTab: true });
  });

  it('keeps the session when signing out fails otherwise, and says why', async () => {
    const account = await confirmedAccount(service, 'offline');
    const browser = browserFetch(service.url);
    const manager = tab(browser, memoryHint());
    await manager.signIn(account.email, account.password);
    browser.failNext(1);
    await expect(manager.signOut()).rejects.toMatchObject({ code: 'connection_error' });
    expect(manager.getState().status).toBe('signed_in');
    expect((await userOf(await manager.getAccessToken())).status).toBe(200);
  });
});

describe('several tabs', () => {
  it('refresh at the same moment without ending the session, and sign out together', async () => {
    const account = await confirmedAccount(service, 'tabs');
    const jar: { cookie?: string } = {};
    const hint = memoryHint();
    const channels = [new BroadcastChannel('quire-session-test'), new BroadcastChannel('quire-session-test')];
    const [a, b] = channels.map((channel) => tab(browserFetch(service.url, jar), hint, channel as TabChannel)) as [
      SessionManager,
      SessionManager,
    ];
    expect((await b.ready()).status).toBe('signed_out');
    await a.signIn(account.email, account.password);
    // The other tab hears of it and takes the session from the cookie they share.
    await vi.waitFor(() => expect(b.getState().status).toBe('signed_in'));
    // Both reload at once: two refreshes with one cookie.
    const [ra, rb] = [tab(browserFetch(service.url, jar), hint), tab(browserFetch(service.url, jar), hint)];
    const [sa, sb] = await Promise.all([ra.ready(), rb.ready()]);
    expect([sa.status, sb.status]).toEqual(['signed_in', 'signed_in']);
    expect((await userOf(await ra.getAccessToken())).status).toBe(200);
    expect((await userOf(await rb.getAccessToken())).status).toBe(200);
    // Still one live session: a later reload restores it.
    expect((await tab(browserFetch(service.url, jar), hint).ready()).status).toBe('signed_in');

    await a.signOut();
    await vi.waitFor(() => expect(b.getState()).toEqual({ status: 'signed_out' }));
  });
});
