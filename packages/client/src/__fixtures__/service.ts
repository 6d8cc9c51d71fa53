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

/** The service's OpenAPI document. */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const openapi = await load<{
    buildOpenApiDocument(options: { version: string; publicUrl: string }): Record<string, unknown>;
  }>('openapi/document.ts');
  return openapi.buildOpenApiDocument({ version: 'test', publicUrl: 'http://localhost:3000' });
}
