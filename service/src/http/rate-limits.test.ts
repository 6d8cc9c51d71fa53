import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { apiClient, newAccount } from '../__fixtures__/api-client';
import { type RunningApp, startApp } from '../__fixtures__/harness';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { createMailer } from '../mail/index';
import { openStores } from '../store/index';

/** Runs `count` calls, `concurrency` at a time. */
async function inParallel<T>(count: number, concurrency: number, call: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await call(i);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

/** Puts the app's clock one second into a minute, so that a test's requests all fall in one one-minute window. */
function startOfMinute(app: Pick<RunningApp, 'clock'>) {
  const at = Date.now();
  app.clock.offsetMs = Math.ceil(at / 60_000) * 60_000 + 1000 - at;
}

describe('the request limits', () => {
  it('counts junk bearer tokens against the client address: a new one per request buys nothing', async () => {
    // The real default: 300 requests per minute.
    const app = await startApp({}, undefined, { realLimits: true });
    try {
      startOfMinute(app);
      // Half look like session tokens, half like API keys (the right shape, unknown).
      const junkToken = (i: number) => (i % 2 ? `junk-token-${i}` : `qk_live_${String(i).padStart(43, 'A')}`);
      const junk = (i: number) =>
        fetch(`${app.url}/v1/team`, {
          headers: { Authorization: `Bearer ${junkToken(i)}`, 'X-Forwarded-For': '203.0.113.50' },
        });
      const answers = await inParallel(400, 20, junk);
      const limited = answers.filter((response) => response.status === 429);
      // Before the fix every one of them was let through (each junk token had a budget of its own).
      expect(answers.length - limited.length).toBe(300);
      expect(answers.filter((response) => response.status === 401)).toHaveLength(300);
      const last = limited.at(-1) as Response;
      expect(((await last.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
      expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
      // Another address is not affected.
      const other = await fetch(`${app.url}/v1/plans`, { headers: { 'X-Forwarded-For': '203.0.113.51' } });
      expect(other.status).toBe(200);
    } finally {
      await app.close({ removeData: true });
    }
  });

  it('counts a signed-in user and an API key against themselves, from any address, not against the address', async () => {
    const app = await startApp({ RATE_LIMIT_PER_MINUTE: '6' }, undefined, { realLimits: true });
    try {
      startOfMinute(app);
      // Sign-up, confirmation and sign-in: 3 requests of 127.0.0.1's 6; then one as the user (GET /v1/team).
      const { token } = await newAccount(app, 'limited');
      const call = apiClient(app);
      const from = (ip: string) => ({ token, headers: { 'X-Forwarded-For': ip } });
      for (let i = 0; i < 4; i++)
        expect((await call('GET', '/v1/auth/user', from(`198.51.100.${i}`))).status).toBe(200);
      const key = await call('POST', '/v1/api-keys', { ...from('198.51.100.9'), body: { name: 'CI', role: 'viewer' } });
      expect(key.status).toBe(201);
      // The user's sixth request of the minute, from yet another address.
      const limited = await call('GET', '/v1/auth/user', from('198.51.100.99'));
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('rate_limited');
      // The addresses the user called from kept their budgets: an authenticated request counts against its user.
      expect((await call('GET', '/v1/plans', { headers: { 'X-Forwarded-For': '198.51.100.1' } })).status).toBe(200);
      // The key has its own budget, also across addresses.
      const asKey = (ip: string) =>
        call('GET', '/v1/team', { token: key.body.secret, headers: { 'X-Forwarded-For': ip } });
      for (let i = 0; i < 6; i++) expect((await asKey(`192.0.2.${i}`)).status).toBe(200);
      expect((await asKey('192.0.2.200')).status).toBe(429);
    } finally {
      await app.close({ removeData: true });
    }
  });

  it('shares the counts between replicas of the service on one store', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quire-replicas-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      QUIRE_DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '10',
    });
    // One store for both, as two replicas share one MongoDB.
    const { store, blobs } = await openStores({ dataDir: dir });
    const logger = pino({ level: 'silent' });
    const mailer = createMailer({ dataDir: dir, from: 'Quire <no-reply@quire.test>', logger });
    const replicas = await Promise.all(
      [0, 1].map(async () => {
        const app = await createApp({ config, store, blobs, logger, mailer });
        const server = app.listen(0, '127.0.0.1');
        await new Promise<void>((resolve) => server.once('listening', () => resolve()));
        return { app, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
      }),
    );
    try {
      const statuses = await inParallel(20, 4, async (i) => {
        const replica = replicas[i % 2] as (typeof replicas)[number];
        return (await fetch(`${replica.url}/v1/plans`, { headers: { 'X-Forwarded-For': '203.0.113.77' } })).status;
      });
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    } finally {
      for (const { app, server } of replicas) {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await app.shutdown();
      }
      await store.close();
      await blobs.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
