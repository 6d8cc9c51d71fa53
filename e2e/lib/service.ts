import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, waitForHttp } from './net';
import { type Background, startBackground } from './processes';
import { onCleanup, ROOT, showLogOnFailure, userEnv } from './runner';

export interface RunningService {
  url: string;
  dataDir: string;
  process: Background;
}

/**
 * Starts the Quire service from its sources on loopback, on the embedded store in `dir`/data, its log in
 * `dir`/service.log; it is stopped at the end of the run.
 */
export async function startService(dir: string): Promise<RunningService> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = join(dir, 'data');
  await mkdir(dataDir, { recursive: true });
  const logFile = join(dir, 'service.log');
  const env = userEnv({
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    QUIRE_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    QUIRE_RENDER_WORKERS: '1',
  });
  // The embedded store and the development outbox, whatever this machine's environment says.
  delete env.MONGODB_URI;
  delete env.SMTP_URL;
  const process = startBackground(
    'service',
    globalThis.process.execPath,
    ['--conditions=@quire/source', '--import', 'tsx', 'service/src/main.ts'],
    { cwd: ROOT, env, logFile },
  );
  onCleanup(() => process.stop());
  showLogOnFailure('service', logFile);
  await waitForHttp(`${url}/healthz`, process, 60_000);
  return { url, dataDir, process };
}

/** One JSON request to the service, as `curl … | jq` does in docs/api.md; answers the status and the JSON body. */
export async function callApi(
  service: RunningService,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

export function expectStatus(answer: { status: number; body: unknown }, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** The confirmation link mailed to `email`, from the development outbox (waiting a little for the mail). */
async function confirmationLink(service: RunningService, email: string): Promise<string> {
  const outbox = join(service.dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files.filter((f) => f.endsWith('.json'))) {
      const mail = JSON.parse(await readFile(join(outbox, file), 'utf8')) as {
        to: string;
        links?: Record<string, string>;
      };
      if (mail.to === email && mail.links?.verify) return mail.links.verify;
    }
    await sleep(100);
  }
  throw new Error(`no confirmation mail for ${email} in ${outbox}`);
}

export interface NewApiKey {
  /** The key's secret (`qk_…`). */
  apiKey: string;
  apiKeyId: string;
  email: string;
  /** The person's access token (one hour), for what only a person may do (`PATCH /v1/api-keys/{id}`…). */
  accessToken: string;
}

/**
 * What a new user does to get a team API key, as docs/api.md shows: sign up, confirm the address with the mailed
 * link, sign in, move the team to the Professional plan (room for templates; MCP included), create an admin key.
 */
export async function newApiKey(service: RunningService, name = 'e2e'): Promise<NewApiKey> {
  const email = `${name}-${Date.now()}@example.com`;
  const password = 'Quire-Reports-2026!';
  const signup = await callApi(service, 'POST', '/v1/auth/signup', { email, password, data: { full_name: name } });
  expectStatus(signup, 201, 'sign-up');
  const link = new URL(await confirmationLink(service, email));
  const confirm = await fetch(`${service.url}${link.pathname}${link.search}`, { redirect: 'manual' });
  await confirm.arrayBuffer();
  if (confirm.status >= 400) throw new Error(`confirming the address: HTTP ${confirm.status}`);
  const session = await callApi(service, 'POST', '/v1/auth/token?grant_type=password', { email, password });
  expectStatus(session, 200, 'sign-in');
  const token = session.body.access_token as string;
  const plan = await callApi(service, 'POST', '/v1/subscription', { plan: 'professional' }, token);
  expectStatus(plan, 200, 'moving to the Professional plan');
  const key = await callApi(service, 'POST', '/v1/api-keys', { name, role: 'admin' }, token);
  expectStatus(key, 201, 'creating an API key');
  return { apiKey: key.body.secret as string, apiKeyId: key.body.id as string, email, accessToken: token };
}
