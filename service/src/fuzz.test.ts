import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { loadConfig } from './config';
import { listRoutes, type RouteInfo } from './http/routes';
import { createMailer } from './mail/index';
import { openStores } from './store/index';

// Bodies a careless or hostile client sends: broken JSON, wrong types, deep nesting, unknown fields, huge strings.
const BODIES: { name: string; body: string; type?: string }[] = [
  { name: 'malformed JSON', body: '{"email": "a@b.c",' },
  { name: 'a JSON string', body: '"just a string"' },
  { name: 'a JSON array', body: '[1,2,3]' },
  { name: 'null', body: 'null' },
  {
    name: 'wrong types',
    body: JSON.stringify({ email: 42, password: ['x'], name: { a: 1 }, data: 'x', content: 7, format: true }),
  },
  {
    name: 'prototype keys and unknown fields',
    body: '{"__proto__": {"admin": true}, "constructor": {"prototype": {}}, "zzz": 1}',
  },
  { name: 'deep nesting', body: `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}` },
  {
    name: 'a huge string',
    body: JSON.stringify({ email: `${'x'.repeat(3_000_000)}@example.com`, message: 'y'.repeat(100_000) }),
  },
  { name: 'not JSON at all', body: '<xml/>', type: 'application/xml' },
  { name: 'an empty body', body: '' },
];

let url: string;
let routes: RouteInfo[];
let close: () => Promise<void>;

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'quire-fuzz-'));
  const config = loadConfig({ NODE_ENV: 'test', QUIRE_DATA_DIR: dir, RATE_LIMIT_PER_MINUTE: '100000' });
  const { store, blobs } = await openStores({ dataDir: dir });
  const logger = pino({ level: 'silent' });
  const mailer = createMailer({ dataDir: config.dataDir, from: 'Quire <no-reply@quire.test>', logger });
  const app = await createApp({ config, store, blobs, logger, mailer });
  routes = listRoutes(app);
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await store.close();
    await blobs.close();
    await rm(dir, { recursive: true, force: true });
  };
});
afterAll(async () => {
  await close();
});

describe('every route under abuse', () => {
  it('knows its routes', () => {
    expect(routes.length).toBeGreaterThan(3);
  });

  it('never answers 5xx and always answers JSON errors with a code', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => (name === 'id' ? 'does-not-exist' : 'x'));
      for (const { name, body, type } of BODIES) {
        const response = await fetch(`${url}${path}`, {
          method: route.method,
          headers: { 'Content-Type': type ?? 'application/json', Authorization: 'Bearer not-a-token' },
          ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { body }),
        });
        const text = await response.text();
        if (response.status >= 500)
          failures.push(`${route.method} ${route.path} with ${name}: ${response.status} ${text.slice(0, 200)}`);
        if (response.status >= 400) {
          const parsed = JSON.parse(text) as { error?: { code?: string } };
          if (!parsed.error?.code)
            failures.push(`${route.method} ${route.path} with ${name}: no error code in ${text.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // And the process still serves.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });
});
