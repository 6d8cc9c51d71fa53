import { type Answer, call, setUsage, signUpPerson } from './actors';
import type { RunningApp } from './harness';

export type ApiAnswer = Answer;

export interface CallOptions {
  /** A session access token or an API key secret. */
  token?: string;
  body?: unknown;
  team?: string;
  headers?: Record<string, string>;
}

/** A JSON client of the running app for tests: the way a program speaks to Quire. */
export function apiClient(app: Pick<RunningApp, 'url'>) {
  return (method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer> => {
    const { token = '', ...init } = options;
    return call(app.url, token, path, { method, ...init });
  };
}

/**
 * Signs a new user up, confirms the address through the development outbox (as a person would click the link)
 * and signs in: the access token, the user's id and their personal team's id.
 */
export async function newAccount(
  app: Pick<RunningApp, 'url' | 'dataDir'>,
  name = 'user',
): Promise<{ token: string; userId: string; email: string; teamId: string }> {
  const person = await signUpPerson(app, name);
  return { token: person.token, userId: person.id, email: person.email, teamId: person.teamId };
}

/** Sets this month's usage counters of a team in the app's store, as if the requests had been made. */
export async function setUsageCounters(
  app: Pick<RunningApp, 'store' | 'clock'>,
  teamId: string,
  counts: { reports?: number; api_calls?: number },
): Promise<void> {
  await setUsage(app.store, () => new Date(Date.now() + app.clock.offsetMs), teamId, counts);
}
