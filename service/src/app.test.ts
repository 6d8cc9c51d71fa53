import { getStarter, listPlans } from '@quire/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from './__fixtures__/harness';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ RATE_LIMIT_PER_MINUTE: '1000', BODY_LIMIT: '2kb', CORS_ORIGINS: 'https://builder.example' });
});
afterAll(async () => {
  await app.close({ removeData: true });
});

const call = (path: string, init?: RequestInit) => fetch(`${app.url}${path}`, init);

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  const body = (await response.json()) as { error: Record<string, unknown> };
  expect(body.error).toMatchObject({ code, request_id: response.headers.get('x-request-id') });
  expect(typeof body.error.message).toBe('string');
  return body.error;
}

describe('the service', () => {
  it('answers health and readiness', async () => {
    expect(await (await call('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await call('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('gives every response a request id, and keeps a sane one the client sent', async () => {
    const generated = await call('/healthz');
    expect(generated.headers.get('x-request-id')).toMatch(/^req_[\w-]{16}$/);
    const kept = await call('/healthz', { headers: { 'X-Request-Id': 'client-trace-0001' } });
    expect(kept.headers.get('x-request-id')).toBe('client-trace-0001');
    const replaced = await call('/healthz', { headers: { 'X-Request-Id': '<script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('sends security headers and allows only listed origins', async () => {
    const allowed = await call('/healthz', { headers: { Origin: 'https://builder.example' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://builder.example');
    expect(allowed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(allowed.headers.get('x-powered-by')).toBeNull();
    const refused = await call('/healthz', { headers: { Origin: 'https://evil.example' } });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lists the plans and the starters publicly', async () => {
    const plans = (await (await call('/v1/plans')).json()) as { data: { id: string }[] };
    expect(plans.data.map((p) => p.id)).toEqual(listPlans().map((p) => p.id));
    const list = (await (await call('/v1/starters')).json()) as { data: { id: string; html?: string }[] };
    expect(list.data.length).toBeGreaterThanOrEqual(11);
    expect(list.data[0]?.html).toBeUndefined();
    const invoice = await (await call('/v1/starters/invoice')).json();
    expect(invoice).toEqual(JSON.parse(JSON.stringify(getStarter('invoice'))));
    await expectError(await call('/v1/starters/nope'), 404, 'starter_not_found');
  });
});

describe('errors', () => {
  it('answers unknown routes with the JSON envelope', async () => {
    const error = await expectError(await call('/v1/nothing-here'), 404, 'route_not_found');
    expect(error.type).toBe('not_found_error');
    expect(error.message).toBe('No route GET /v1/nothing-here.');
  });

  it('refuses malformed JSON, oversize bodies and bodies that are not JSON', async () => {
    const json = { 'Content-Type': 'application/json' };
    await expectError(await call('/v1/plans', { method: 'POST', headers: json, body: '{"a":' }), 400, 'malformed_json');
    await expectError(
      await call('/v1/plans', { method: 'POST', headers: json, body: JSON.stringify({ x: 'y'.repeat(5000) }) }),
      413,
      'payload_too_large',
    );
    await expectError(
      await call('/v1/plans', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello' }),
      415,
      'unsupported_media_type',
    );
  });

  it('keeps serving after bad requests', async () => {
    for (let i = 0; i < 5; i++)
      await call('/v1/plans', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' });
    expect((await call('/healthz')).status).toBe(200);
  });

  it('rate limits per client with the envelope and a Retry-After', async () => {
    const limited = await startApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      for (let i = 0; i < 3; i++) expect((await fetch(`${limited.url}/healthz`)).status).toBe(200);
      const response = await fetch(`${limited.url}/healthz`);
      await expectError(response, 429, 'rate_limited');
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close({ removeData: true });
    }
  });
});
