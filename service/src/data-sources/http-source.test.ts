import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DataSourcesApp,
  errorOf,
  newUser,
  startDataSourcesApp,
  startHttpServer,
  type TestUser,
} from './__fixtures__/data-sources-app';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const ORDERS = {
  data: {
    items: [
      { id: 1, total: 12.5, customer: { name: 'Ada' } },
      { id: 2, total: 7, customer: { name: 'Grace' } },
    ],
    meta: { page: 1, generated: '2026-11-21T09:30:00Z' },
    count: 2,
  },
};

describe('HTTP data sources', () => {
  let app: DataSourcesApp;
  let api: Awaited<ReturnType<typeof startHttpServer>>;
  let owner: TestUser;
  let team: string;
  const seen: Seen[] = [];

  beforeAll(async () => {
    api = await startHttpServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        });
        const path = new URL(req.url ?? '/', 'http://x').pathname;
        if (path === '/slow') {
          setTimeout(() => res.end('{}'), 2000).unref();
          return;
        }
        if (path === '/big') {
          res.setHeader('content-type', 'application/json');
          res.end(`"${'x'.repeat(6 * 1024 * 1024)}"`);
          return;
        }
        if (path === '/just-over') {
          // One byte over the limit: the chunk that crosses it is the last one.
          res.setHeader('content-type', 'application/json');
          res.end(`"${'x'.repeat(5 * 1024 * 1024 - 1)}"`);
          return;
        }
        if (path === '/deep') {
          // JSON nested 5,000 levels: the JSONPath, the schema and the answer would each follow it by recursion.
          res.setHeader('content-type', 'application/json');
          res.end(`{"data":${'['.repeat(5_000)}1${']'.repeat(5_000)}}`);
          return;
        }
        if (path === '/text') {
          res.end('<html>not json</html>');
          return;
        }
        if (path === '/fail') {
          res.statusCode = 503;
          res.end('{"error":"down"}');
          return;
        }
        if (path === '/moved') {
          res.statusCode = 302;
          res.setHeader('location', '/orders');
          res.end();
          return;
        }
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(ORDERS));
      });
    });
    app = await startDataSourcesApp(`127.0.0.1:${api.port}`);
    owner = newUser('httpowner');
    team = await app.teamOf(owner);
  });
  afterAll(async () => {
    await app?.close();
    await api?.close();
  });

  const create = async (fields: Record<string, unknown>) => {
    const response = await app.as(owner, '/v1/data-sources', {
      method: 'POST',
      team,
      body: { type: 'http', name: 'API', ...fields },
    });
    if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  };
  const preview = (id: string, body: unknown = {}) =>
    app.as(owner, `/v1/data-sources/${id}/preview`, { method: 'POST', team, body });
  const test = (id: string, body: unknown = {}) =>
    app.as(owner, `/v1/data-sources/${id}/test`, { method: 'POST', team, body });

  it('picks rows out of the answer with data_path, and an object when the path picks one', async () => {
    const rows = await create({ url: `${api.url}/orders`, data_path: '$.data.items' });
    expect(await app.load(team, rows, {})).toEqual({ rows: ORDERS.data.items, row_count: 2, truncated: false });
    const meta = await create({ url: `${api.url}/orders`, data_path: '$.data.meta' });
    expect(await app.load(team, meta, {})).toEqual(ORDERS.data.meta);
    const count = await create({ url: `${api.url}/orders`, data_path: '$.data.count' });
    expect(await app.load(team, count, {})).toEqual({ value: 2 });
    const names = await create({ url: `${api.url}/orders`, data_path: '$.data.items[*].customer.name' });
    expect(await app.load(team, names, {})).toMatchObject({ rows: ['Ada', 'Grace'] });
    const cheap = await create({ url: `${api.url}/orders`, data_path: '$.data.items[?(@.total < 10)]' });
    expect(await app.load(team, cheap, {})).toMatchObject({ rows: [ORDERS.data.items[1]] });
    const whole = await create({ url: `${api.url}/orders` });
    expect(await app.load(team, whole, {})).toEqual(ORDERS);

    const shown = (await (await preview(rows, { limit: 1 })).json()) as Record<string, unknown>;
    expect(shown).toMatchObject({ rows: [ORDERS.data.items[0]], row_count: 2, truncated: false });
    expect(shown.schema).toMatchObject({
      properties: {
        rows: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              total: { type: 'number' },
              customer: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
            },
            required: ['id', 'total', 'customer'],
          },
        },
      },
    });

    const missing = await create({ url: `${api.url}/orders`, data_path: '$.data.nothing' });
    const error = await errorOf(await preview(missing), 422);
    expect(error).toMatchObject({ code: 'data_source_error', param: 'data_path' });
  });

  it('fills {{param}} placeholders: URL-encoded in the path, in query values, typed in a JSON body', async () => {
    const id = await create({
      method: 'POST',
      url: `${api.url}/customers/{{customer}}/orders?fixed=1`,
      query: { status: '{{status}}', limit: 10, note: 'for {{ customer }}' },
      body: { ids: '{{ids}}', label: 'Orders of {{customer}}', nested: { since: '{{since}}' } },
      headers: { Authorization: 'Bearer abc' },
      data_path: '$.data.items',
    });
    await app.load(team, id, { customer: 'a b/c?d', status: 'paid&x=1', ids: [1, 2], since: 20260101 });
    const request = seen.at(-1) as Seen;
    const url = new URL(request.url, 'http://x');
    expect(request.method).toBe('POST');
    expect(url.pathname).toBe('/customers/a%20b%2Fc%3Fd/orders');
    expect([...url.searchParams]).toEqual([
      ['fixed', '1'],
      ['status', 'paid&x=1'],
      ['limit', '10'],
      ['note', 'for a b/c?d'],
    ]);
    expect(JSON.parse(request.body)).toEqual({ ids: [1, 2], label: 'Orders of a b/c?d', nested: { since: 20260101 } });
    expect(request.headers).toMatchObject({
      authorization: 'Bearer abc',
      'content-type': 'application/json',
      accept: 'application/json',
    });

    const error = await errorOf(await preview(id, { params: { customer: 'x', ids: [] } }), 400);
    expect(error).toMatchObject({ code: 'validation_failed', param: 'params.status' });
    const objectInUrl = await errorOf(
      await preview(id, { params: { customer: { a: 1 }, status: 'x', ids: 1, since: 1 } }),
      400,
    );
    expect(objectInUrl.param).toBe('params.customer');
  });

  it('follows a redirect to an allowed address', async () => {
    const id = await create({ url: `${api.url}/moved`, data_path: '$.data.count' });
    expect(await app.load(team, id, {})).toEqual({ value: 2 });
  });

  it('answers data_source_error for an HTTP error, a non-JSON or too large answer; data_source_timeout when slow', async () => {
    const failing = await create({ url: `${api.url}/fail` });
    expect(await errorOf(await preview(failing), 422)).toMatchObject({ code: 'data_source_error', status: 503 });
    const text = await create({ url: `${api.url}/text` });
    expect((await errorOf(await preview(text), 422)).code).toBe('data_source_error');
    for (const path of ['/big', '/just-over']) {
      const big = await create({ url: `${api.url}${path}` });
      expect((await errorOf(await preview(big), 422)).code, path).toBe('data_source_error');
    }
    const slow = await create({ url: `${api.url}/slow`, timeout_ms: 300 });
    const started = Date.now();
    expect((await errorOf(await preview(slow), 422)).code).toBe('data_source_timeout');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('answers data_source_error for JSON nested deeper than Quire reads, in a preview and in a report load', async () => {
    const deep = await create({ url: `${api.url}/deep`, data_path: '$..data' });
    const error = await errorOf(await preview(deep), 422);
    expect(error).toMatchObject({ code: 'data_source_error' });
    expect(error.message).toContain('nested more than 64 levels deep');
    await expect(app.load(team, deep, {})).rejects.toMatchObject({ code: 'data_source_error' });
  });

  it('tests connectivity: ok with the latency, or ok: false with the error, never a 5xx', async () => {
    const good = await create({ url: `${api.url}/orders` });
    const ok = await test(good);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, latency_ms: expect.any(Number) });

    const failing = await create({ url: `${api.url}/fail` });
    expect(await (await test(failing)).json()).toMatchObject({
      ok: false,
      error: { code: 'data_source_error', message: 'The data source answered HTTP 503.' },
    });
    const slow = await create({ url: `${api.url}/slow`, timeout_ms: 200 });
    expect(await (await test(slow)).json()).toMatchObject({ ok: false, error: { code: 'data_source_timeout' } });
    // Allowed, but nothing listens there: the request fails, the test says so.
    const closedPort = await startHttpServer(() => {});
    await closedPort.close();
    const closedApp = await startDataSourcesApp(`127.0.0.1:${closedPort.port}`);
    try {
      const user = newUser('httpclosed');
      const made = await closedApp.as(user, '/v1/data-sources', {
        method: 'POST',
        body: { type: 'http', name: 'Closed', url: `http://127.0.0.1:${closedPort.port}/` },
      });
      const { id } = (await made.json()) as { id: string };
      const answer = await closedApp.as(user, `/v1/data-sources/${id}/test`, { method: 'POST', body: {} });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ ok: false, error: { code: 'data_source_error' } });
    } finally {
      await closedApp.close();
    }
  });

  it('keeps header values out of error messages', async () => {
    const secret = 'hdr-SECRET-value-77';
    const id = await create({ url: `${api.url}/fail`, headers: { 'X-Token': secret } });
    const text = await (await preview(id)).text();
    expect(text).not.toContain(secret);
  });
});
