import type { Fetch } from '@quire/client';

/**
 * What a browser adds to a page's fetch to its own service, for the session tests that run outside one: the
 * page's `Origin`, and a cookie jar that keeps the `quire_refresh` cookie as the service sets, replaces and drops
 * it (Path=/v1/auth). The real browser's handling is what the e2e journeys check; this lets the session's logic be
 * tested with fake timers against the real service. `failNext` makes the next requests fail as a dropped
 * connection does, to test the retries.
 */
export interface BrowserFetch {
  fetch: Fetch;
  /** The cookie this browser holds, if any. */
  cookie(): string | undefined;
  /** Every request sent, with the time (Date.now(), faked or not) it was sent. */
  sent: { path: string; at: number }[];
  /** The next `count` requests fail without reaching the service. */
  failNext(count: number): void;
}

export function browserFetch(origin: string, jar: { cookie?: string } = {}): BrowserFetch {
  const sent: { path: string; at: number }[] = [];
  let failures = 0;
  const fetcher: Fetch = async (url, init) => {
    const target = new URL(url);
    sent.push({ path: `${target.pathname}${target.search}`, at: Date.now() });
    if (failures > 0) {
      failures -= 1;
      throw new TypeError('fetch failed');
    }
    const headers = new Headers(init.headers);
    headers.set('origin', origin);
    if (jar.cookie && target.pathname.startsWith('/v1/auth')) headers.set('cookie', `quire_refresh=${jar.cookie}`);
    const response = await fetch(url, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const match = /^quire_refresh=([^;]*)/.exec(line);
      if (!match) continue;
      const dropped = match[1] === '' || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line);
      jar.cookie = dropped ? undefined : decodeURIComponent(match[1] ?? '');
    }
    return response;
  };
  return {
    fetch: fetcher,
    cookie: () => jar.cookie,
    sent,
    failNext(count) {
      failures = count;
    },
  };
}
