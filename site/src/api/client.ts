import { type Fetch, Quire } from '@quire/client';

/**
 * Where the signed-in person's access token comes from. The session code (src/session/) installs one with
 * setTokenSource once it knows who is signed in; until then, and for visitors, calls go out without credentials
 * (the public routes: plans, starters). Answer `null` when nobody is signed in.
 */
export type TokenSource = () => string | null | Promise<string | null>;

let tokenSource: TokenSource | null = null;

/** Installs (or, with `null`, removes) the function every call asks for its bearer token. */
export function setTokenSource(source: TokenSource | null): void {
  tokenSource = source;
}

/** The fetch every client of the site uses: the current token as `Authorization: Bearer`, when there is one. */
const sessionFetch: Fetch = async (url, init) => {
  const token = tokenSource ? await tokenSource() : null;
  if (!token) return fetch(url, init);
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${token}`);
  return fetch(url, { ...init, headers });
};

/** The service's origin: the site is served by the service itself (or proxied to it by `pnpm dev`). */
export function serviceOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost:3000' : window.location.origin;
}

/** A Quire client on the service that serves the site, with the session's token when there is one. */
export function createQuireClient(options: { team?: string } = {}): Quire {
  return new Quire({ apiKey: null, baseUrl: serviceOrigin(), fetch: sessionFetch, ...options });
}

/** The site's one client. */
export const quire = createQuireClient();
