import type { Fetch } from '@quire/client';

/** Answers the bearer token to send: an embed token from the host's backend, a person's access token… */
export type GetToken = () => string | Promise<string>;

/**
 * A fetch that sends `Authorization: Bearer <token>` with the token `getToken()` answered last, and on a 401 asks
 * `getToken()` again (an embed token expires) and sends the request once more with the new token. Requests made
 * while a new token is being fetched wait for that one fetch instead of each asking for their own.
 */
export function tokenFetch(getToken: GetToken, base: Fetch = (url, init) => fetch(url, init)): Fetch {
  let current: Promise<string> | undefined;
  const token = (refresh: boolean, stale?: string): Promise<string> => {
    if (!current || refresh) {
      // Another request may have refreshed already: reuse its token when it is not the one that failed.
      const pending = current;
      current = (async () => {
        if (refresh && pending) {
          const latest = await pending.catch(() => undefined);
          if (latest !== undefined && latest !== stale) return latest;
        }
        return getToken();
      })();
      current.catch(() => {
        current = undefined;
      });
    }
    return current;
  };
  const send = (url: string, init: RequestInit, bearer: string) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${bearer}`);
    return base(url, { ...init, headers });
  };
  return async (url, init) => {
    const first = await token(false);
    const response = await send(url, init, first);
    if (response.status !== 401) return response;
    const second = await token(true, first);
    if (second === first) return response;
    return send(url, init, second);
  };
}
