import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { UsageCounter } from '../usage/index';
import { periodOf } from '../usage/period';
import type { RunningApp } from './harness';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape.
  body: any;
}

export interface CallOptions {
  /** A session access token or an API key secret. */
  token?: string;
  body?: unknown;
  team?: string;
  headers?: Record<string, string>;
}

/** A JSON client of the running app for tests: the way a program speaks to Quire. */
export function apiClient(app: Pick<RunningApp, 'url'>) {
  return async function call(method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer> {
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        ...(options.team ? { 'Quire-Team': options.team } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    let body: unknown = text;
    if (response.headers.get('content-type')?.includes('json') && text) body = JSON.parse(text);
    return { status: response.status, headers: response.headers, body };
  };
}

let accounts = 0;

/**
 * Signs a new user up, confirms the address through the development outbox (as a person would click the link)
 * and signs in: the access token, the user's id and their personal team's id.
 */
export async function newAccount(
  app: Pick<RunningApp, 'url' | 'dataDir'>,
  name = 'user',
): Promise<{ token: string; userId: string; email: string; teamId: string }> {
  accounts += 1;
  const email = `${name}${accounts}-${Date.now()}@example.com`;
  const password = 'Quire-Reports-2026!';
  const call = apiClient(app);
  const signup = await call('POST', '/v1/auth/signup', { body: { email, password, data: { full_name: name } } });
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const dir = join(app.dataDir, 'outbox');
  let link: string | undefined;
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json'))) {
    const mail = JSON.parse(await readFile(join(dir, file), 'utf8')) as { to: string; links?: Record<string, string> };
    if (mail.to === email && mail.links?.verify) link = mail.links.verify;
  }
  if (!link) throw new Error(`no confirmation mail for ${email}`);
  const url = new URL(link);
  await fetch(`${app.url}${url.pathname}${url.search}`);
  const session = await call('POST', '/v1/auth/token?grant_type=password', { body: { email, password } });
  if (session.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(session.body)}`);
  const token = session.body.access_token as string;
  const team = await call('GET', '/v1/team', { token });
  return { token, userId: session.body.user.id as string, email, teamId: team.body.id as string };
}

/** Sets this month's usage counters of a team in the app's store, as if the requests had been made. */
export async function setUsageCounters(
  app: Pick<RunningApp, 'store' | 'clock'>,
  teamId: string,
  counts: { reports?: number; api_calls?: number },
): Promise<void> {
  const counters = await app.store.collection<UsageCounter>({ name: 'usage_counters' });
  const period = periodOf(new Date(Date.now() + app.clock.offsetMs));
  const id = `${teamId}:${period}`;
  await counters.upsert({ id }, { id, teamId, period, reports: 0, api_calls: 0, ai_requests: 0 }, {});
  await counters.updateOne({ id }, { set: counts });
}
