/**
 * The real Quire service for the tests, started in the test process with its own harness (service/src/__fixtures__).
 * The service's modules are loaded at run time only, by paths the type checker does not follow: `tsc` checks this
 * package, not the service's sources (which other people change at the same time). The few types used are
 * restated here; the tests fail at once if they drift.
 */

export interface RunningApp {
  url: string;
  dataDir: string;
  close(options?: { removeData?: boolean }): Promise<void>;
}

export interface Account {
  token: string;
  userId: string;
  email: string;
  teamId: string;
}

const SERVICE = new URL('../../../../service/src', import.meta.url).pathname;

const load = <T>(path: string): Promise<T> => import(/* @vite-ignore */ `${SERVICE}/${path}`) as Promise<T>;

/** The real app on the embedded store in a temporary directory, listening on a loopback port. */
export async function startApp(): Promise<RunningApp> {
  const harness = await load<{ startApp(): Promise<RunningApp> }>('__fixtures__/harness.ts');
  return harness.startApp();
}

/** A confirmed, signed-in account (its access token and its personal team). */
export async function newAccount(app: RunningApp, name: string): Promise<Account> {
  const fixtures = await load<{ newAccount(app: RunningApp, name: string): Promise<Account> }>(
    '__fixtures__/api-client.ts',
  );
  return fixtures.newAccount(app, name);
}

/** Sets this month's usage counters of a team, as if the reports had been made. */
export async function setUsageCounters(app: RunningApp, teamId: string, counts: { reports?: number }): Promise<void> {
  const fixtures = await load<{
    setUsageCounters(app: RunningApp, teamId: string, counts: { reports?: number }): Promise<void>;
  }>('__fixtures__/api-client.ts');
  await fixtures.setUsageCounters(app, teamId, counts);
}

/** A new account with a team API key (`qk_live_…`) of the given role: what an agent's MCP server runs with. */
export async function newApiKey(
  app: RunningApp,
  name: string,
  role: 'admin' | 'editor' | 'member' | 'viewer' = 'editor',
): Promise<Account & { apiKey: string }> {
  const account = await newAccount(app, name);
  const response = await fetch(`${app.url}/v1/api-keys`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: `${name} agent`, role }),
  });
  const body = (await response.json()) as { secret?: string };
  if (response.status !== 201 || !body.secret) throw new Error(`API key creation failed: ${JSON.stringify(body)}`);
  return { ...account, apiKey: body.secret };
}
