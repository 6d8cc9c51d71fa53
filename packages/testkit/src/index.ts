/**
 * The test kit's implementation: the service's own createApp, loadConfig, stores and mailer, wired as its main.ts
 * wires them, on loopback; then what a person does over HTTP to get a token and an API key. The packages that use
 * the kit type-check against ../index.d.ts (see ../README.md), and index.check.ts keeps the two in step.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '@quire/service/app';
import { loadConfig } from '@quire/service/config';
import { createMailer } from '@quire/service/mail';
import { buildOpenApiDocument } from '@quire/service/openapi';
import { openStores, type Store } from '@quire/service/store';
import { createUsage } from '@quire/service/usage';
import { pino } from 'pino';
import type { Account, CreateApiKeyOptions, MonthlyLimit, RunningService, StartServiceOptions } from '../index';

export type {
  Account,
  ApiKeyRole,
  CreateApiKeyOptions,
  MonthlyLimit,
  RunningService,
  StartServiceOptions,
} from '../index';

/** The store and configuration behind each running service, for the helpers that act as the service would. */
const internals = new WeakMap<RunningService, { store: Store; config: ReturnType<typeof loadConfig> }>();

/**
 * Raised limits for the service's public forms (sign-up, recover, resend, contact): a test file signs many people
 * up from 127.0.0.1 within seconds, which the real limits (10 an hour per address) rightly refuse.
 */
const RAISED_FORM_LIMITS = Object.fromEntries(
  ['SIGNUP', 'RECOVER', 'RESEND', 'CONTACT'].flatMap((form) => [
    [`QUIRE_${form}_LIMIT_PER_ADDRESS`, '100000'],
    [`QUIRE_${form}_LIMIT_PER_EMAIL`, '100000'],
  ]),
);

export async function startService(options: StartServiceOptions = {}): Promise<RunningService> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-testkit-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    QUIRE_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...RAISED_FORM_LIMITS,
    ...options.env,
  });
  const logger = pino({ level: 'silent' });
  const { store, blobs } = await openStores({ dataDir: config.dataDir });
  const mailer = createMailer({ dataDir: config.dataDir, from: 'Quire <no-reply@quire.test>', logger });
  const app = await createApp({ config, store, blobs, logger, mailer });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  app.start();
  const { port } = server.address() as AddressInfo;
  const service: RunningService = {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await app.shutdown();
      await Promise.allSettled([mailer.close(), blobs.close()]);
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  internals.set(service, { store, config });
  return service;
}

// biome-ignore lint/suspicious/noExplicitAny: the helpers read answers of several shapes.
type Json = any;

async function call(service: RunningService, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const json: Json = text ? JSON.parse(text) : undefined;
  return { status: response.status, body: json };
}

function expectStatus(answer: { status: number; body: unknown }, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what} failed: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** The confirmation link mailed to `email`, from the development outbox. */
async function confirmationLink(service: RunningService, email: string): Promise<URL> {
  const outbox = join(service.dataDir, 'outbox');
  for (const file of (await readdir(outbox)).filter((name) => name.endsWith('.json'))) {
    const mail = JSON.parse(await readFile(join(outbox, file), 'utf8')) as {
      to: string;
      links?: Record<string, string>;
    };
    if (mail.to === email && mail.links?.verify) return new URL(mail.links.verify);
  }
  throw new Error(`no confirmation mail for ${email} in ${outbox}`);
}

let people = 0;

export async function signUp(service: RunningService, name = 'user'): Promise<Account> {
  people += 1;
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${people}-${Date.now()}@example.com`;
  const password = 'Quire-Reports-2026!';
  expectStatus(
    await call(service, 'POST', '/v1/auth/signup', { email, password, data: { full_name: name } }),
    201,
    'sign-up',
  );
  const link = await confirmationLink(service, email);
  const confirmed = await fetch(`${service.url}${link.pathname}${link.search}`, { redirect: 'manual' });
  await confirmed.arrayBuffer();
  if (confirmed.status >= 400) throw new Error(`confirming ${email} failed: HTTP ${confirmed.status}`);
  const session = await call(service, 'POST', '/v1/auth/token?grant_type=password', { email, password });
  expectStatus(session, 200, 'sign-in');
  const token = session.body.access_token as string;
  const team = await call(service, 'GET', '/v1/team', undefined, token);
  expectStatus(team, 200, 'reading the personal team');
  return { token, userId: session.body.user.id as string, email, teamId: team.body.id as string };
}

export async function createApiKey(
  service: RunningService,
  account: Account,
  options: CreateApiKeyOptions = {},
): Promise<string> {
  const body = { name: options.name ?? `${account.email} key`, role: options.role ?? 'editor' };
  const key = await call(service, 'POST', '/v1/api-keys', body, account.token);
  expectStatus(key, 201, 'creating an API key');
  return key.body.secret as string;
}

export async function useUpMonthlyLimit(
  service: RunningService,
  teamId: string,
  limit: MonthlyLimit,
): Promise<() => Promise<void>> {
  const running = internals.get(service);
  if (!running) throw new Error('useUpMonthlyLimit needs a service started by startService');
  const logger = pino({ level: 'silent' });
  const usage = await createUsage({
    store: running.store,
    logger,
    now: () => new Date(),
    reading: running.config.reportsReading,
  });
  const { used, limit: cap } = (await usage.summary(teamId)).usage[limit];
  const left = cap - used;
  if (left > 0) await usage.consume({ id: teamId }, limit, left);
  return async () => {
    if (left > 0) await usage.refund({ id: teamId }, limit, left);
  };
}

export async function openApiDocument(): Promise<Record<string, unknown>> {
  return { ...buildOpenApiDocument({ version: 'test', publicUrl: 'http://localhost:3000' }) };
}
