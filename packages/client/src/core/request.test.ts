import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeServer, fakeServer, json } from '../__fixtures__/fake-server';
import { Quire } from '../client';
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PlanLimitError,
  QuireClientError,
  RateLimitError,
} from './errors';
import { retryDelay } from './request';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.unstubAllEnvs();
});

const template = { id: 'tpl_1', name: 'Invoice' };

describe('requests', () => {
  it('sends the key, the team, JSON and an Idempotency-Key on creating POSTs', async () => {
    server = await fakeServer((_req, res) => json(res, 201, template));
    const quire = new Quire({ apiKey: 'qk_live_test', baseUrl: `${server.url}/`, team: 'team_a' });
    const created = await quire.templates.create({ name: 'Invoice', starter_id: 'invoice' });
    expect(created).toEqual(template);
    const [req] = server.requests;
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/v1/templates');
    expect(JSON.parse(req?.body ?? '')).toEqual({ name: 'Invoice', starter_id: 'invoice' });
    expect(req?.headers).toMatchObject({
      authorization: 'Bearer qk_live_test',
      'quire-team': 'team_a',
      'content-type': 'application/json',
      accept: 'application/json',
    });
    expect(req?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends no Idempotency-Key on reads, and encodes path parameters and the query', async () => {
    server = await fakeServer((_req, res) =>
      json(res, 200, { object: 'list', data: [], has_more: false, next_cursor: null }),
    );
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    await quire.templates.get('tpl/../x');
    await quire.reports.list({
      status: 'failed',
      created_after: new Date('2026-01-02T03:04:05Z'),
      batch_id: undefined,
    });
    expect(server.requests.map((r) => r.url)).toEqual([
      '/v1/templates/tpl%2F..%2Fx',
      '/v1/reports?status=failed&created_after=2026-01-02T03%3A04%3A05.000Z',
    ]);
    expect(server.requests[0]?.headers['idempotency-key']).toBeUndefined();
  });

  it('lets a call override the team, the key and headers, and take the caller’s own idempotency key', async () => {
    server = await fakeServer((_req, res) => json(res, 201, template));
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url, team: 'team_a', headers: { 'x-trace': '1' } });
    await quire.templates.create(
      { name: 'x' },
      { team: 'team_b', idempotencyKey: 'order-1042', headers: { 'x-trace': undefined, 'x-other': '2' } },
    );
    const headers = server.requests[0]?.headers;
    expect(headers?.['quire-team']).toBe('team_b');
    expect(headers?.['idempotency-key']).toBe('order-1042');
    expect(headers?.['x-trace']).toBeUndefined();
    expect(headers?.['x-other']).toBe('2');
  });

  it('reads QUIRE_API_KEY and QUIRE_BASE_URL when no option gives them', async () => {
    server = await fakeServer((_req, res) => json(res, 200, { object: 'usage' }));
    vi.stubEnv('QUIRE_API_KEY', 'qk_live_env');
    vi.stubEnv('QUIRE_BASE_URL', server.url);
    const quire = new Quire();
    expect(quire.baseUrl).toBe(server.url);
    await quire.usage.get();
    expect(server.requests[0]?.headers.authorization).toBe('Bearer qk_live_env');
  });

  it('uses an injected fetch', async () => {
    const calls: string[] = [];
    const quire = new Quire({
      apiKey: 'k',
      baseUrl: 'https://quire.invalid',
      fetch: async (url, init) => {
        calls.push(`${init.method} ${url}`);
        return new Response(JSON.stringify({ object: 'team', id: 'team_x' }), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    expect(await quire.team.get()).toEqual({ object: 'team', id: 'team_x' });
    expect(calls).toEqual(['GET https://quire.invalid/v1/team']);
  });

  it('refuses to be made without an API key or token, and says how to give one', () => {
    vi.stubEnv('QUIRE_API_KEY', '');
    for (const options of [{}, { apiKey: undefined }, { apiKey: '' }, { apiKey: '  ' }]) {
      let error: unknown;
      try {
        new Quire({ ...options, baseUrl: 'http://127.0.0.1:9' });
      } catch (e) {
        error = e;
      }
      expect(QuireClientError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        code: 'client_error',
        message:
          'No API key: pass apiKey to new Quire() (a team API key, qk_live_…, or a person’s access token), or set ' +
          'the QUIRE_API_KEY environment variable. For the public routes alone (plans, starters), pass apiKey: null.',
      });
    }
  });

  it('changes the plan with change({ plan }), like every other method takes its body', async () => {
    server = await fakeServer((_req, res) => json(res, 200, { object: 'subscription', plan: 'starter' }));
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    expect(await quire.subscription.change({ plan: 'starter' })).toMatchObject({ plan: 'starter' });
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/v1/subscription' });
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ plan: 'starter' });
  });

  it('switches teams with withOptions, keeping the rest', async () => {
    server = await fakeServer((_req, res) => json(res, 200, {}));
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url, team: 'team_a' });
    await quire.withOptions({ team: 'team_b' }).team.get();
    expect(server.requests[0]?.headers).toMatchObject({ authorization: 'Bearer k', 'quire-team': 'team_b' });
  });
});

describe('retries', () => {
  it('retries 5xx answers with the same Idempotency-Key, then answers the success', async () => {
    server = await fakeServer((req, res) => {
      if (req.n < 2) apiError(res, req.n === 0 ? 500 : 503, 'internal_error');
      else json(res, 201, template);
    });
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const started = Date.now();
    expect(await quire.reports.create({ template_id: 'tpl_1', data: { n: 1 } })).toEqual(template);
    expect(server.requests).toHaveLength(3);
    const keys = new Set(server.requests.map((r) => r.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toBeTruthy();
    expect(new Set(server.requests.map((r) => r.body)).size).toBe(1);
    // Backoff: about 0.5 s then 1 s, less up to a quarter of jitter.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('makes a new key for each logical request', async () => {
    server = await fakeServer((_req, res) => json(res, 201, template));
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    await quire.templates.create({ name: 'a' });
    await quire.templates.create({ name: 'a' });
    expect(server.requests[0]?.headers['idempotency-key']).not.toBe(server.requests[1]?.headers['idempotency-key']);
  });

  it('waits as long as a 429 Retry-After says, then retries', async () => {
    server = await fakeServer((req, res) => {
      if (req.n === 0) apiError(res, 429, 'rate_limited', {}, { 'retry-after': '1' });
      else json(res, 200, { object: 'usage' });
    });
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const started = Date.now();
    await quire.usage.get();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after maxRetries with the typed error, its code and its request id', async () => {
    server = await fakeServer((_req, res) => apiError(res, 429, 'rate_limited', {}, { 'retry-after': '0' }));
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url, maxRetries: 3 });
    const error = await quire.usage.get().catch((e: unknown) => e);
    expect(RateLimitError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', requestId: 'req_fake_error' });
    expect(server.requests).toHaveLength(4);
  });

  it('retries 409 idempotency_key_in_use (the first request is still running) with the same key', async () => {
    server = await fakeServer((req, res) => {
      if (req.n === 0)
        apiError(res, 409, 'idempotency_key_in_use', { param: 'Idempotency-Key' }, { 'retry-after': '0' });
      else json(res, 201, template, { 'idempotent-replayed': 'true' });
    });
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    expect(await quire.templates.create({ name: 'Invoice' })).toEqual(template);
    expect(server.requests.map((r) => r.headers['idempotency-key'])).toEqual([
      server.requests[0]?.headers['idempotency-key'],
      server.requests[0]?.headers['idempotency-key'],
    ]);
  });

  it('does not retry 409 idempotency_key_reused: a ConflictError with its code, param and request id', async () => {
    server = await fakeServer((_req, res) =>
      apiError(res, 409, 'idempotency_key_reused', { param: 'Idempotency-Key' }),
    );
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const error = await quire.templates.create({ name: 'x' }, { idempotencyKey: 'same' }).catch((e: unknown) => e);
    expect(ConflictError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      status: 409,
      code: 'idempotency_key_reused',
      param: 'Idempotency-Key',
      requestId: 'req_fake_error',
      message: 'fake idempotency_key_reused',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry a POST whose route takes no Idempotency-Key, except on 429', async () => {
    server = await fakeServer((_req, res) => apiError(res, 500, 'internal_error'));
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const error = await quire.apiKeys.create({ name: 'CI', role: 'editor' }).catch((e: unknown) => e);
    expect(InternalServerError.isInstance(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers['idempotency-key']).toBeUndefined();
  });

  it('does not retry 4xx answers such as 404', async () => {
    server = await fakeServer((_req, res) => apiError(res, 404, 'template_not_found'));
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const error = await quire.templates.get('tpl_nope').catch((e: unknown) => e);
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 404, code: 'template_not_found' });
    expect(server.requests).toHaveLength(1);
  });

  it('retries failed connections, then throws APIConnectionError with the cause', async () => {
    server = await fakeServer((_req, res) => {
      res.destroy();
    });
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url, maxRetries: 1 });
    const error = await quire.templates.get('tpl_1').catch((e: unknown) => e);
    expect(APIConnectionError.isInstance(error)).toBe(true);
    expect(APITimeoutError.isInstance(error)).toBe(false);
    expect((error as APIError).code).toBe('connection_error');
    expect((error as APIError).cause).toBeInstanceOf(Error);
    expect(server.requests).toHaveLength(2);
  });

  it('names the URL it could not reach, and why', async () => {
    const closed = await fakeServer(() => {});
    await closed.close();
    const quire = new Quire({ apiKey: 'k', baseUrl: closed.url, maxRetries: 0 });
    const error = await quire.templates.get('tpl_1').catch((e: unknown) => e);
    expect(APIConnectionError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'connection_error', url: `${closed.url}/v1/templates/tpl_1` });
    expect((error as Error).message).toBe(
      `Could not reach the Quire API at ${closed.url}/v1/templates/tpl_1 (connect ECONNREFUSED ${closed.url.slice(7)}).`,
    );
  });

  it('computes backoff from Retry-After (seconds or a date), else exponentially with jitter', () => {
    expect(retryDelay(0, new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryDelay(0, new Headers({ 'retry-after-ms': '150' }))).toBe(150);
    const date = retryDelay(0, new Headers({ 'retry-after': new Date(Date.now() + 3000).toUTCString() }));
    expect(date).toBeGreaterThan(1000);
    expect(date).toBeLessThanOrEqual(3000);
    for (const [attempt, max] of [
      [0, 500],
      [1, 1000],
      [2, 2000],
      [5, 8000],
    ] as const) {
      const wait = retryDelay(attempt, new Headers({ 'retry-after': '3600' }));
      expect(wait).toBeLessThanOrEqual(max);
      expect(wait).toBeGreaterThanOrEqual(max * 0.75);
    }
  });
});

describe('timeouts and aborts', () => {
  it('times out each attempt of a hanging request, retries, then throws APITimeoutError', async () => {
    server = await fakeServer(() => {}); // Never answers.
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url, timeout: 150, maxRetries: 1 });
    const started = Date.now();
    const error = await quire.usage.get().catch((e: unknown) => e);
    expect(APITimeoutError.isInstance(error)).toBe(true);
    expect(APIConnectionError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'timeout', status: undefined });
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('takes a per-request timeout and maxRetries', async () => {
    server = await fakeServer(() => {});
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const error = await quire.usage.get({ timeout: 100, maxRetries: 0 }).catch((e: unknown) => e);
    expect(APITimeoutError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      `The request to the Quire API at ${server.url}/v1/usage timed out after 100 ms.`,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('stops at once when the caller aborts, without retrying', async () => {
    server = await fakeServer(() => {});
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await quire.usage.get({ signal: controller.signal }).catch((e: unknown) => e);
    expect(APIUserAbortError.isInstance(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(server.requests).toHaveLength(1);
  });

  it('stops waiting between retries when the caller aborts', async () => {
    server = await fakeServer((_req, res) => apiError(res, 503, 'internal_error', {}, { 'retry-after': '30' }));
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const error = await quire.usage.get({ signal: controller.signal }).catch((e: unknown) => e);
    expect(APIUserAbortError.isInstance(error)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('refuses a signal that is already aborted without sending anything', async () => {
    server = await fakeServer((_req, res) => json(res, 200, {}));
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const error = await quire.usage.get({ signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect(APIUserAbortError.isInstance(error)).toBe(true);
    expect(server.requests).toHaveLength(0);
  });
});

describe('errors', () => {
  it('maps each status to its class, with the status, code, type and message of the answer', async () => {
    const cases = [
      [400, 'validation_failed', 'BadRequestError'],
      [401, 'invalid_api_key', 'AuthenticationError'],
      [402, 'plan_limit_exceeded', 'PlanLimitError'],
      [403, 'forbidden', 'PermissionDeniedError'],
      [404, 'not_found', 'NotFoundError'],
      [409, 'report_not_ready', 'ConflictError'],
      [410, 'report_file_expired', 'APIError'],
      [422, 'template_render_error', 'UnprocessableEntityError'],
      [429, 'rate_limited', 'RateLimitError'],
      [500, 'internal_error', 'InternalServerError'],
      [502, 'billing_provider_error', 'InternalServerError'],
    ] as const;
    server = await fakeServer((req, res) => {
      const [status, code] = cases[Number(req.url.split('/').at(-1))] ?? [500, 'x'];
      apiError(res, status, code, { type: 'invalid_request_error' });
    });
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url, maxRetries: 0 });
    for (const [i, [status, code, name]] of cases.entries()) {
      const error = (await quire.templates.get(String(i)).catch((e: unknown) => e)) as APIError;
      expect(APIError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ name, status, code, type: 'invalid_request_error', message: `fake ${code}` });
      expect(error.headers?.get('x-request-id')).toBe('req_fake');
    }
  });

  it('gives a PlanLimitError the limit, the usage and the plan', async () => {
    server = await fakeServer((_req, res) =>
      apiError(res, 402, 'plan_limit_exceeded', { limit: 50, used: 50, plan: 'free', resource: 'reports_per_month' }),
    );
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const error = await quire.reports.create({ template_id: 'tpl_1', data: {} }).catch((e: unknown) => e);
    expect(PlanLimitError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ limit: 50, used: 50, plan: 'free', resource: 'reports_per_month' });
    expect((error as PlanLimitError).details).toEqual({
      limit: 50,
      used: 50,
      plan: 'free',
      resource: 'reports_per_month',
    });
  });

  it('explains an answer that is not the error envelope (a proxy’s HTML page)', async () => {
    server = await fakeServer((_req, res) => {
      res.writeHead(401, { 'content-type': 'text/html' });
      res.end('<h1>Unauthorized</h1>');
    });
    const quire = new Quire({ apiKey: 'k', baseUrl: server.url });
    const error = await quire.team.get().catch((e: unknown) => e);
    expect(AuthenticationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      status: 401,
      code: 'api_error',
      message: 'The API answered 401: <h1>Unauthorized</h1>',
    });
  });

  it('calls the public routes without credentials when apiKey is null', async () => {
    server = await fakeServer((_req, res) => json(res, 200, { object: 'list', data: [] }));
    vi.stubEnv('QUIRE_API_KEY', 'qk_live_env');
    await new Quire({ apiKey: null, baseUrl: server.url }).plans.list();
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });
});
