import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../__fixtures__/harness';
import { confirmedUser, PASSWORD } from './__fixtures__/accounts';
import { type AuthTestApp, client, startAuthApp } from './__fixtures__/auth-app';
import { REUSE_GRACE_MS } from './refresh-tokens';

let app: AuthTestApp;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  app = await startAuthApp();
  call = client(app);
});
afterAll(async () => {
  await app.close();
});

interface Browser {
  /** The page's origin, sent as `Origin` (a browser always sends it with a script's POST). */
  origin?: string | undefined;
  /** `quire_refresh` as this browser holds it. */
  cookie?: string | undefined;
}

/** A cookie as the service set it: its value and attributes. */
interface SetCookie {
  value: string;
  attributes: Map<string, string>;
}

function setCookieOf(response: Response): SetCookie | undefined {
  const header = response.headers.getSetCookie().find((line) => line.startsWith('quire_refresh='));
  if (!header) return undefined;
  const [pair = '', ...rest] = header.split(';').map((part) => part.trim());
  const attributes = new Map(
    rest.map((part) => {
      const at = part.indexOf('=');
      return at < 0 ? [part.toLowerCase(), ''] : [part.slice(0, at).toLowerCase(), part.slice(at + 1)];
    }),
  );
  return { value: decodeURIComponent(pair.slice('quire_refresh='.length)), attributes };
}

/** What a page of the site sends to the token routes in cookie mode, and what it gets back. */
async function browserPost(
  target: { url: string },
  path: string,
  browser: Browser,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; cookieMode?: boolean } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookieMode !== false) headers['Quire-Session'] = 'cookie';
  if (browser.origin !== undefined) headers.Origin = browser.origin;
  if (browser.cookie !== undefined) headers.Cookie = `theme=dark; quire_refresh=${browser.cookie}`;
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${target.url}${path}`, {
    method: 'POST',
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  const set = setCookieOf(response);
  // As a browser does: a new cookie replaces the old one, an expired one removes it.
  if (set) browser.cookie = set.attributes.get('max-age') === '0' || set.value === '' ? undefined : set.value;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read answers of several shapes.
  const body: any = text ? JSON.parse(text) : undefined;
  return { status: response.status, body, set };
}

const signIn = (browser: Browser, email: string) =>
  browserPost(app, '/v1/auth/token?grant_type=password', browser, { body: { email, password: PASSWORD } });
const refresh = (browser: Browser) => browserPost(app, '/v1/auth/token?grant_type=refresh_token', browser, {});

describe('cookie mode of the token routes', () => {
  it('keeps the refresh token in an httpOnly, SameSite=Strict cookie scoped to the auth routes', async () => {
    await confirmedUser(app, 'cora@example.com');
    const browser: Browser = { origin: app.url };
    const session = await signIn(browser, 'cora@example.com');
    expect(session.status).toBe(200);
    expect(session.body.refresh_token).toBeUndefined();
    expect(session.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { email: 'cora@example.com' } });
    expect(session.set?.value).toMatch(/^[\w-]{43}$/);
    const attributes = session.set?.attributes;
    expect(attributes?.get('path')).toBe('/v1/auth');
    expect(attributes?.has('httponly')).toBe(true);
    expect(attributes?.get('samesite')).toBe('Strict');
    expect(attributes?.get('max-age')).toBe(String(30 * 24 * 60 * 60));
    // Plain HTTP (a service on localhost): a Secure cookie would never come back.
    expect(attributes?.has('secure')).toBe(false);
    expect((await call('GET', '/v1/auth/user', { token: session.body.access_token })).status).toBe(200);

    const first = browser.cookie;
    const renewed = await refresh(browser);
    expect(renewed.status).toBe(200);
    expect(renewed.body.refresh_token).toBeUndefined();
    expect(browser.cookie).toMatch(/^[\w-]{43}$/);
    expect(browser.cookie).not.toBe(first);
    expect(renewed.body.user.email).toBe('cora@example.com');
    expect((await call('GET', '/v1/auth/user', { token: renewed.body.access_token })).status).toBe(200);
  });

  it('marks the cookie Secure when the browser came over HTTPS through the trusted proxy', async () => {
    await confirmedUser(app, 'sid@example.com');
    const host = new URL(app.url).host;
    const browser: Browser = { origin: `https://${host}` };
    const session = await browserPost(app, '/v1/auth/token?grant_type=password', browser, {
      body: { email: 'sid@example.com', password: PASSWORD },
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(session.status).toBe(200);
    expect(session.set?.attributes.has('secure')).toBe(true);
  });

  it('speaks JSON to API clients and never reads the cookie without the header', async () => {
    const json = await confirmedUser(app, 'jay@example.com');
    expect(json.refresh_token).toEqual(expect.any(String));
    const browser: Browser = { origin: app.url };
    await signIn(browser, 'jay@example.com');
    // The cookie alone, without Quire-Session: the route wants a refresh token in the body, as before.
    const ignored = await browserPost(app, '/v1/auth/token?grant_type=refresh_token', browser, {
      body: {},
      cookieMode: false,
    });
    expect(ignored.status).toBe(400);
    expect(ignored.body.error).toMatchObject({ code: 'validation_failed', param: 'refresh_token' });
    expect(ignored.set).toBeUndefined();
    const rotated = await call('POST', '/v1/auth/token?grant_type=refresh_token', {
      body: { refresh_token: json.refresh_token },
    });
    expect(rotated.body.refresh_token).toEqual(expect.any(String));
  });

  it('answers session_missing to a refresh in cookie mode without a cookie', async () => {
    const answer = await refresh({ origin: app.url });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatchObject({ code: 'session_missing', message: 'Auth session missing!' });
  });
});

describe('cross-site requests', () => {
  it('refuses cookie mode from another origin, or with no Origin, before using the cookie', async () => {
    await confirmedUser(app, 'eve-target@example.com');
    const browser: Browser = { origin: app.url };
    await signIn(browser, 'eve-target@example.com');
    const held = browser.cookie;

    for (const origin of ['https://evil.example', 'null', undefined]) {
      const forged = await refresh({ origin, cookie: held });
      expect(forged.status).toBe(403);
      expect(forged.body.error).toMatchObject({ code: 'cross_site_request', type: 'permission_error' });
      expect(forged.set).toBeUndefined();
      const logout = await browserPost(app, '/v1/auth/logout', { origin, cookie: held });
      expect(logout.body.error.code).toBe('cross_site_request');
      const login = await signIn({ origin }, 'eve-target@example.com');
      expect(login.body.error.code).toBe('cross_site_request');
    }
    // None of them used the cookie up or ended the session: the owner's next refresh works.
    expect(browser.cookie).toBe(held);
    expect((await refresh(browser)).status).toBe(200);
  });

  it('lets the origins of CORS_ORIGINS use the cookie, and only them', async () => {
    const other = await startAuthApp({ env: { CORS_ORIGINS: 'http://localhost:5173' } });
    try {
      await confirmedUser(other, 'dev@example.com');
      const dev: Browser = { origin: 'http://localhost:5173' };
      const session = await browserPost(other, '/v1/auth/token?grant_type=password', dev, {
        body: { email: 'dev@example.com', password: PASSWORD },
      });
      expect(session.status).toBe(200);
      expect(dev.cookie).toEqual(expect.any(String));
      const stranger = await browserPost(other, '/v1/auth/token?grant_type=refresh_token', {
        origin: 'http://localhost:5174',
        cookie: dev.cookie,
      });
      expect(stranger.body.error.code).toBe('cross_site_request');
    } finally {
      await other.close();
    }
  });
});

describe('the service in front of a browser', () => {
  let service: RunningApp;
  beforeAll(async () => {
    service = await startApp({ PUBLIC_URL: 'http://127.0.0.1:9' });
  });
  afterAll(async () => {
    await service.close({ removeData: true });
  });

  it('grants the cookie header only to its own origins: another site fails the preflight', async () => {
    const preflight = (origin: string) =>
      fetch(`${service.url}/v1/auth/token?grant_type=refresh_token`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'quire-session,content-type',
        },
      });
    const own = await preflight('http://127.0.0.1:9');
    expect(own.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:9');
    expect(own.headers.get('access-control-allow-credentials')).toBe('true');
    expect(own.headers.get('access-control-allow-headers')).toMatch(/quire-session/i);
    const evil = await preflight('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('several tabs, reloads and retries', () => {
  it('answers two refreshes with one cookie the same new cookie, and the session goes on', async () => {
    await confirmedUser(app, 'tabs@example.com');
    const browser: Browser = { origin: app.url };
    await signIn(browser, 'tabs@example.com');
    // Two tabs fire at once with the one cookie they share.
    const tabA: Browser = { ...browser };
    const tabB: Browser = { ...browser };
    const [a, b] = await Promise.all([refresh(tabA), refresh(tabB)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(tabA.cookie).toBe(tabB.cookie);
    expect(tabA.cookie).not.toBe(browser.cookie);
    expect(a.body.access_token).toEqual(expect.any(String));
    expect(b.body.access_token).toEqual(expect.any(String));
    // One chain goes on: the next refresh works, and both tabs' access tokens stay valid.
    const next = await refresh(tabA);
    expect(next.status).toBe(200);
    expect((await call('GET', '/v1/auth/user', { token: a.body.access_token })).status).toBe(200);
    expect((await call('GET', '/v1/auth/user', { token: b.body.access_token })).status).toBe(200);
  });

  it('gives a reloaded page whose refresh answer was lost the same successor, within the window', async () => {
    await confirmedUser(app, 'reload@example.com');
    const browser: Browser = { origin: app.url };
    await signIn(browser, 'reload@example.com');
    const before = browser.cookie;
    const lost = await refresh({ ...browser });
    expect(lost.status).toBe(200);
    app.advance(REUSE_GRACE_MS - 2_000);
    // The page reloaded before the answer's cookie landed: it still holds the old one.
    const again = await refresh(browser);
    expect(again.status).toBe(200);
    expect(browser.cookie).toBe(lost.set?.value);
    expect(browser.cookie).not.toBe(before);
  });

  it('retries of a JSON refresh get the same successor too', async () => {
    const session = await confirmedUser(app, 'retry@example.com');
    const trade = () =>
      call('POST', '/v1/auth/token?grant_type=refresh_token', { body: { refresh_token: session.refresh_token } });
    const first = await trade();
    const retried = await trade();
    expect(retried.status).toBe(200);
    expect(retried.body.refresh_token).toBe(first.body.refresh_token);
  });

  it('still revokes the session when a traded token comes back after the window', async () => {
    await confirmedUser(app, 'late@example.com');
    const browser: Browser = { origin: app.url };
    const session = await signIn(browser, 'late@example.com');
    const stolen = browser.cookie;
    const renewed = await refresh(browser);
    expect(renewed.status).toBe(200);
    app.advance(REUSE_GRACE_MS + 1_000);
    const thief = await refresh({ origin: app.url, cookie: stolen });
    expect(thief.status).toBe(401);
    expect(thief.body.error.code).toBe('refresh_token_reused');
    // The cookie that no longer opens a session is dropped.
    expect(thief.set?.attributes.get('expires')).toMatch(/1970/);
    // The owner's newer cookie and access tokens end with the family.
    const owner = await refresh(browser);
    expect(owner.body.error.code).toBe('invalid_refresh_token');
    expect(browser.cookie).toBeUndefined();
    expect((await call('GET', '/v1/auth/user', { token: session.body.access_token })).status).toBe(401);
  });

  it('gives no grace once the successor itself was traded', async () => {
    await confirmedUser(app, 'chain@example.com');
    const browser: Browser = { origin: app.url };
    await signIn(browser, 'chain@example.com');
    const first = browser.cookie;
    expect((await refresh(browser)).status).toBe(200);
    expect((await refresh(browser)).status).toBe(200);
    const replayed = await refresh({ origin: app.url, cookie: first });
    expect(replayed.body.error.code).toBe('refresh_token_reused');
    expect((await refresh(browser)).body.error.code).toBe('invalid_refresh_token');
  });
});

describe('signing out in cookie mode', () => {
  it('ends the session and drops the cookie', async () => {
    await confirmedUser(app, 'out@example.com');
    const browser: Browser = { origin: app.url };
    const session = await signIn(browser, 'out@example.com');
    const held = browser.cookie;
    const out = await browserPost(app, '/v1/auth/logout?scope=global', browser, { token: session.body.access_token });
    expect(out.status).toBe(204);
    expect(out.set?.attributes.get('path')).toBe('/v1/auth');
    expect(out.set?.attributes.get('expires')).toMatch(/1970/);
    expect(browser.cookie).toBeUndefined();
    expect((await call('GET', '/v1/auth/user', { token: session.body.access_token })).status).toBe(401);
    expect((await refresh({ origin: app.url, cookie: held })).status).toBe(401);
  });

  it('works with the cookie alone once the access token has expired', async () => {
    await confirmedUser(app, 'overnight@example.com');
    const browser: Browser = { origin: app.url };
    const session = await signIn(browser, 'overnight@example.com');
    const held = browser.cookie;
    app.advance(2 * 60 * 60 * 1000);
    const out = await browserPost(app, '/v1/auth/logout', browser, { token: session.body.access_token });
    expect(out.status).toBe(204);
    expect(browser.cookie).toBeUndefined();
    expect((await refresh({ origin: app.url, cookie: held })).status).toBe(401);
  });

  it('with scope=local ends this session only', async () => {
    await confirmedUser(app, 'two-devices@example.com');
    const laptop: Browser = { origin: app.url };
    const phone: Browser = { origin: app.url };
    await signIn(laptop, 'two-devices@example.com');
    await signIn(phone, 'two-devices@example.com');
    expect((await browserPost(app, '/v1/auth/logout?scope=local', laptop)).status).toBe(204);
    expect((await refresh(phone)).status).toBe(200);
  });

  it('answers session_missing when neither the token nor the cookie names a session, and drops the cookie', async () => {
    const out = await browserPost(app, '/v1/auth/logout', { origin: app.url, cookie: 'not-a-token' });
    expect(out.status).toBe(401);
    expect(out.body.error.code).toBe('session_missing');
    expect(out.set?.attributes.get('expires')).toMatch(/1970/);
  });
});

describe('two-factor sign-in in cookie mode', () => {
  it('sets the cookie when the code is verified', async () => {
    const session = await confirmedUser(app, 'totp-cookie@example.com');
    const token = session.access_token;
    const enrol = await call('POST', '/v1/auth/factors', { token, body: {} });
    const secret = Secret.fromBase32(enrol.body.totp.secret);
    const code = () => TOTP.generate({ secret, timestamp: app.now().getTime() });
    const challenge = await call('POST', `/v1/auth/factors/${enrol.body.id}/challenge`, { token });
    await call('POST', `/v1/auth/factors/${enrol.body.id}/verify`, {
      token,
      body: { challenge_id: challenge.body.id, code: code() },
    });
    app.advance(30_000);

    const browser: Browser = { origin: app.url };
    const asked = await signIn(browser, 'totp-cookie@example.com');
    expect(asked.body).toMatchObject({ mfa_required: true, factor_id: enrol.body.id });
    expect(browser.cookie).toBeUndefined();
    const verified = await browserPost(app, `/v1/auth/factors/${asked.body.factor_id}/verify`, browser, {
      body: { challenge_id: asked.body.challenge_id, code: code() },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.refresh_token).toBeUndefined();
    expect(browser.cookie).toMatch(/^[\w-]{43}$/);
    expect((await refresh(browser)).status).toBe(200);
  });
});

describe('the emailed confirmation link', () => {
  it('sends a browser to the site page, which confirms it as an API call', async () => {
    await call('POST', '/v1/auth/signup', { body: { email: 'link@example.com', password: PASSWORD } });
    const link = new URL((await app.mailer.latest('verify_email', 'link@example.com')).links?.verify ?? '');
    const opened = await fetch(`${app.url}${link.pathname}${link.search}`, {
      redirect: 'manual',
      headers: { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/verify-email${link.search}`);
    // Opening it did not use it up: the page's API call confirms.
    const confirmed = await call('GET', `${link.pathname}${link.search}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.email).toBe('link@example.com');
  });
});
