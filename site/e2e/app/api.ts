/**
 * The service's API as a test sets the scene with it (a plan, templates, a pending invitation), signed in as the
 * person the browser shows, so that the journeys spend their time on what they are about.
 */
import { serviceUrl } from './harness';

export interface Api {
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

/** Signs in through the JSON token route and answers a caller with that person's token. */
export async function apiAs(account: { email: string; password: string }): Promise<Api> {
  const signedIn = await fetch(`${serviceUrl()}/v1/auth/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (signedIn.status !== 200) throw new Error(`sign-in: ${signedIn.status} ${await signedIn.text()}`);
  const { access_token: token } = (await signedIn.json()) as { access_token: string };
  return {
    async call<T>(method: string, path: string, body?: unknown) {
      const response = await fetch(`${serviceUrl()}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
  };
}
