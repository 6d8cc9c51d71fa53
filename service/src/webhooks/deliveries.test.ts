import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, WebhookEvent } from '@quire/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, newUser, type TestUser } from '../teams/__fixtures__/teams-app';
import { type Received, type Receiver, startReceiver } from './__fixtures__/receiver';
import { newReportId, reportView } from './__fixtures__/reports';
import { startWebhooksApp, type WebhooksApp } from './__fixtures__/webhooks-app';
import type { WebhookDeliveryView } from './model';

const BASE_MS = 100;

let receiver: Receiver;
let app: WebhooksApp;
let owner: TestUser;
let teamId: string;
/** A loopback server the allow-list does not name: nothing may ever reach it. */
let forbidden: { port: number; hits: number; close(): Promise<void> };

beforeAll(async () => {
  receiver = await startReceiver(() => (app ? app.deps.now() : new Date()));
  const hits = { count: 0 };
  const server = createServer((_req, res) => {
    hits.count++;
    res.end('ok');
  }).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  forbidden = {
    port: (server.address() as AddressInfo).port,
    get hits() {
      return hits.count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  app = await startWebhooksApp({
    QUIRE_OUTBOUND_ALLOW: `127.0.0.1:${receiver.port}`,
    QUIRE_WEBHOOK_RETRY_BASE_MS: String(BASE_MS),
  });
  owner = newUser('hookowner');
  teamId = ((await (await app.as(owner, '/v1/team')).json()) as { id: string }).id;
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
  await forbidden?.close();
});

const post = (path: string, body?: unknown) => app.as(owner, path, { method: 'POST', team: teamId, body });

async function createEndpoint(path: string, body: Record<string, unknown> = {}) {
  const response = await post('/v1/webhook-endpoints', { url: receiver.url(path), ...body });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; secret: string };
}

async function teamSecret(): Promise<string> {
  const response = await app.as(owner, '/v1/webhook-endpoints/team-secret', { team: teamId });
  expect(response.status).toBe(200);
  return ((await response.json()) as { secret: string }).secret;
}

async function deliveriesOf(reportId: string, user = owner): Promise<WebhookDeliveryView[]> {
  const response = await app.as(user, `/v1/webhook-deliveries?report_id=${reportId}`, { team: teamId });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: WebhookDeliveryView[] }).data;
}

/** Waits until every delivery of the report has settled, and returns them. */
async function settled(reportId: string, count: number, timeout = 10_000): Promise<WebhookDeliveryView[]> {
  await expect
    .poll(async () => (await deliveriesOf(reportId)).filter((d) => d.state !== 'pending').length, { timeout })
    .toBe(count);
  return deliveriesOf(reportId);
}

const emit = (reportId: string, extra: { url?: string; type?: 'report.completed' | 'report.failed' } = {}) =>
  app.webhooks.emit({
    teamId,
    type: extra.type ?? 'report.completed',
    reportId,
    data: reportView(reportId, teamId, extra.type === 'report.failed' ? 'failed' : 'succeeded'),
    ...(extra.url ? { url: extra.url } : {}),
  });

describe('emitting an event', () => {
  it('posts one correctly signed event to the request url and to each subscribed endpoint, with one event id', async () => {
    const secret = await teamSecret();
    receiver.route('/request', { secrets: [secret] });
    const a = await createEndpoint('/endpoint-a');
    const b = await createEndpoint('/endpoint-b', { events: ['report.completed'] });
    const onlyFailed = await createEndpoint('/only-failed', { events: ['report.failed'] });
    const disabled = await createEndpoint('/disabled', { enabled: false });
    receiver.route('/endpoint-a', { secrets: [a.secret] });
    receiver.route('/endpoint-b', { secrets: [b.secret] });
    receiver.route('/only-failed', { secrets: [onlyFailed.secret] });
    receiver.route('/disabled', { secrets: [disabled.secret] });

    const reportId = newReportId();
    await emit(reportId, { url: receiver.url('/request') });
    const deliveries = await settled(reportId, 3);
    expect(deliveries.map((d) => d.state)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect(new Set(deliveries.map((d) => d.event_id)).size).toBe(1);
    expect(deliveries.map((d) => d.endpoint_id).sort()).toEqual([a.id, b.id, null].sort());

    const got: Received[] = ['/request', '/endpoint-a', '/endpoint-b'].flatMap((path) => receiver.received(path));
    expect(got).toHaveLength(3);
    for (const request of got) {
      // The receiver verified the signature with @quire/core's verifyWebhook before answering 200.
      expect(request.status).toBe(200);
      expect(request.verified).toEqual([{ ok: true, timestamp: expect.any(Number) }]);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['quire-event-id']).toBe(deliveries[0]?.event_id);
      expect(request.headers['quire-event-type']).toBe('report.completed');
      expect(request.headers['user-agent']).toMatch(/^Quire-Webhooks\//);
      expect(request.headers['quire-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const event = WebhookEvent.parse(JSON.parse(request.body));
      expect(event).toMatchObject({ id: deliveries[0]?.event_id, type: 'report.completed' });
      expect(event.type === 'report.completed' && event.data.object).toEqual(reportView(reportId, teamId));
    }
    // The same bytes went to every target.
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    expect(receiver.received('/only-failed')).toHaveLength(0);
    expect(receiver.received('/disabled')).toHaveLength(0);

    const failedId = newReportId();
    await emit(failedId, { type: 'report.failed' });
    await settled(failedId, 2);
    expect(receiver.received('/only-failed')).toHaveLength(1);
    expect(JSON.parse(receiver.received('/only-failed')[0]?.body ?? '{}')).toMatchObject({
      type: 'report.failed',
      data: { object: { status: 'failed', error: { code: 'template_render_error' } } },
    });
    for (const endpoint of [a, b, onlyFailed, disabled]) {
      await app.as(owner, `/v1/webhook-endpoints/${endpoint.id}`, { method: 'DELETE', team: teamId });
    }
  });

  it('makes the team signing secret on first use by a delivery, the same one GET shows after', async () => {
    const other = newUser('firstuse');
    const otherTeam = ((await (await app.as(other, '/v1/team')).json()) as { id: string }).id;
    receiver.route('/first-use', {});
    const reportId = newReportId();
    await app.webhooks.emit({
      teamId: otherTeam,
      type: 'report.completed',
      reportId,
      data: reportView(reportId, otherTeam),
      url: receiver.url('/first-use'),
    });
    await expect.poll(() => receiver.received('/first-use').length).toBe(1);
    const secret = ((await (await app.as(other, '/v1/webhook-endpoints/team-secret')).json()) as { secret: string })
      .secret;
    const [request] = receiver.received('/first-use') as [Received];
    const header = request.headers['quire-signature'];
    expect(await verifyWebhook({ secret, header, body: request.body, now: app.deps.now() })).toMatchObject({
      ok: true,
    });
  });
});

describe('retries', () => {
  it('retries a failing receiver with growing delays and logs every attempt', async () => {
    const secret = await teamSecret();
    receiver.route('/flaky', { secrets: [secret], statuses: [500, 500, 200] });
    const reportId = newReportId();
    await emit(reportId, { url: receiver.url('/flaky') });
    const [delivery] = (await settled(reportId, 1)) as [WebhookDeliveryView];
    expect(delivery.state).toBe('succeeded');
    expect(delivery.next_attempt_at).toBeNull();
    expect(delivery.attempts.map((a) => [a.status, a.error?.code ?? null])).toEqual([
      [500, 'http_status'],
      [500, 'http_status'],
      [200, null],
    ]);
    const got = receiver.received('/flaky');
    expect(got.map((r) => r.status)).toEqual([500, 500, 200]);
    // Every attempt is signed afresh, and each verified; the event stays the same.
    expect(got.every((r) => r.verified[0]?.ok)).toBe(true);
    expect(new Set(got.map((r) => r.headers['quire-event-id'])).size).toBe(1);
    const at = delivery.attempts.map((a) => Date.parse(a.at));
    const [first, second] = [(at[1] as number) - (at[0] as number), (at[2] as number) - (at[1] as number)];
    // Exponential backoff with ±20% jitter: about 1× then 2× the base delay.
    expect(first).toBeGreaterThanOrEqual(BASE_MS * 0.8);
    expect(second).toBeGreaterThanOrEqual(BASE_MS * 1.6);
    expect(second).toBeGreaterThan(first);
  });

  it('shows when the next attempt is due while a delivery is being retried', async () => {
    receiver.route('/down', { statuses: [503] });
    const reportId = newReportId();
    await emit(reportId, { url: receiver.url('/down') });
    await expect.poll(async () => (await deliveriesOf(reportId))[0]?.attempts.length ?? 0).toBeGreaterThanOrEqual(1);
    const [pending] = (await deliveriesOf(reportId)) as [WebhookDeliveryView];
    expect(pending.state).toBe('pending');
    expect(Date.parse(pending.next_attempt_at ?? '')).toBeGreaterThan(Date.parse(pending.attempts[0]?.at ?? ''));
    // A delivery still being attempted cannot be retried by hand.
    const retry = await post(`/v1/webhook-deliveries/${pending.id}/retry`);
    expect((await errorOf(retry, 400)).message).toMatch(/still being attempted/);
    receiver.route('/down', { statuses: [200] });
    await settled(reportId, 1);
  });

  it('stops at once when the receiver answers 410 Gone', async () => {
    receiver.route('/gone', { statuses: [410] });
    const reportId = newReportId();
    await emit(reportId, { url: receiver.url('/gone') });
    const [delivery] = (await settled(reportId, 1)) as [WebhookDeliveryView];
    expect(delivery).toMatchObject({ state: 'failed', next_attempt_at: null });
    expect(delivery.attempts).toEqual([
      {
        at: expect.any(String),
        status: 410,
        duration_ms: expect.any(Number),
        error: expect.objectContaining({ code: 'gone' }),
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, BASE_MS * 3));
    expect(receiver.received('/gone')).toHaveLength(1);
  });

  it('stops retrying to an endpoint disabled or deleted meanwhile', async () => {
    for (const [path, change, code] of [
      ['/then-disabled', 'PATCH', 'webhook_endpoint_disabled'],
      ['/then-deleted', 'DELETE', 'webhook_endpoint_deleted'],
    ] as const) {
      const endpoint = await createEndpoint(path);
      receiver.route(path, { statuses: [500] });
      const reportId = newReportId();
      await emit(reportId);
      await expect.poll(() => receiver.received(path).length).toBeGreaterThanOrEqual(1);
      const response = await app.as(owner, `/v1/webhook-endpoints/${endpoint.id}`, {
        method: change,
        team: teamId,
        ...(change === 'PATCH' ? { body: { enabled: false } } : {}),
      });
      expect(response.status).toBe(200);
      const [delivery] = (await settled(reportId, 1)) as [WebhookDeliveryView];
      expect(delivery.state).toBe('failed');
      expect(delivery.attempts.at(-1)).toMatchObject({ status: null, error: { code } });
      expect(delivery.attempts.slice(0, -1).every((a) => a.status === 500)).toBe(true);
      if (change === 'PATCH')
        await app.as(owner, `/v1/webhook-endpoints/${endpoint.id}`, { method: 'DELETE', team: teamId });
    }
  });

  it('gives up after the last attempt', async () => {
    // A second webhooks instance on the same store with 2 attempts: the worker of the app sends the first one.
    receiver.route('/always-down', { statuses: [500] });
    const reportId = newReportId();
    const { createWebhooks } = await import('./index');
    const { createAudit } = await import('../audit/index');
    const { deps } = app;
    const passthrough = (_req: unknown, _res: unknown, next: () => void) => next();
    const short = await createWebhooks({
      ...deps,
      authenticate: passthrough,
      actingTeam: passthrough,
      requirePermission: () => passthrough,
      idempotency: passthrough,
      audit: await createAudit(deps),
      maxAttempts: 2,
    });
    short.start();
    try {
      await short.emit({
        teamId,
        type: 'report.completed',
        reportId,
        data: reportView(reportId, teamId),
        url: receiver.url('/always-down'),
      });
      const [delivery] = (await settled(reportId, 1)) as [WebhookDeliveryView];
      expect(delivery).toMatchObject({ state: 'failed', next_attempt_at: null });
      expect(delivery.attempts.map((a) => a.status)).toEqual([500, 500]);
    } finally {
      await short.stop();
    }
  });
});

describe('the outbound guard', () => {
  it('refuses a loopback port the allow-list does not name, and the metadata address, without retrying', async () => {
    const reportId = newReportId();
    const targets = [
      `http://127.0.0.1:${forbidden.port}/hook`,
      'http://169.254.169.254/latest/meta-data/',
      // A name is resolved at delivery time, and refused when it leads to loopback.
      `http://localhost:${forbidden.port}/hook`,
    ];
    for (const url of targets) await emit(reportId, { url });
    const deliveries = await settled(reportId, 3);
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ state: 'failed', next_attempt_at: null });
      expect(delivery.attempts).toHaveLength(1);
      expect(delivery.attempts[0]).toMatchObject({ status: null, error: { code: 'outbound_blocked' } });
    }
    expect(deliveries.map((d) => d.url).sort()).toEqual([...targets].sort());
    await new Promise((resolve) => setTimeout(resolve, BASE_MS * 3));
    expect((await deliveriesOf(reportId)).every((d) => d.attempts.length === 1)).toBe(true);
    expect(forbidden.hits).toBe(0);
  });
});

describe('the delivery log', () => {
  it('is readable by anyone who may read reports, and holds no secret', async () => {
    const secret = await teamSecret();
    const endpoint = await createEndpoint('/log', {});
    receiver.route('/log', { secrets: [endpoint.secret] });
    const reportId = newReportId();
    await emit(reportId, { url: receiver.url('/log-request') });
    await settled(reportId, 2);
    const viewer = newUser('viewer');
    await app.addMember(teamId, viewer, 'viewer');
    const seen = await deliveriesOf(reportId, viewer);
    expect(seen).toHaveLength(2);
    const one = await app.as(viewer, `/v1/webhook-deliveries/${seen[0]?.id}`, { team: teamId });
    expect(one.status).toBe(200);
    const text = JSON.stringify(seen) + (await one.text());
    for (const s of [secret, endpoint.secret]) expect(text).not.toContain(s);
    expect(text).not.toContain('"body"');
    // Filters: by endpoint and by state.
    const byEndpoint = await app.as(owner, `/v1/webhook-deliveries?endpoint_id=${endpoint.id}`, { team: teamId });
    const list = ((await byEndpoint.json()) as { data: WebhookDeliveryView[] }).data;
    expect(list.every((d) => d.endpoint_id === endpoint.id)).toBe(true);
    expect(list.length).toBeGreaterThanOrEqual(1);
    const bad = await app.as(owner, '/v1/webhook-deliveries?state=lost', { team: teamId });
    expect((await errorOf(bad, 400)).param).toBe('state');
    // A viewer cannot retry.
    const retry = await app.as(viewer, `/v1/webhook-deliveries/${seen[0]?.id}/retry`, { method: 'POST', team: teamId });
    expect((await errorOf(retry, 403)).code).toBe('forbidden');
    await app.as(owner, `/v1/webhook-endpoints/${endpoint.id}`, { method: 'DELETE', team: teamId });
  });

  it('pages through a report’s deliveries', async () => {
    receiver.route('/paged', {});
    const reportId = newReportId();
    for (let i = 0; i < 3; i++) await emit(reportId, { url: receiver.url('/paged') });
    await settled(reportId, 3);
    const first = await app.as(owner, `/v1/webhook-deliveries?report_id=${reportId}&limit=2`, { team: teamId });
    const page = (await first.json()) as { data: WebhookDeliveryView[]; has_more: boolean; next_cursor: string };
    expect(page.data).toHaveLength(2);
    expect(page.has_more).toBe(true);
    const second = await app.as(
      owner,
      `/v1/webhook-deliveries?report_id=${reportId}&limit=2&starting_after=${page.next_cursor}`,
      { team: teamId },
    );
    const rest = (await second.json()) as { data: WebhookDeliveryView[]; has_more: boolean };
    expect(rest.data).toHaveLength(1);
    expect(rest.has_more).toBe(false);
  });

  it('re-sends a failed delivery on request, keeping its earlier attempts', async () => {
    const secret = await teamSecret();
    receiver.route('/comeback', { secrets: [secret], statuses: [410] });
    const reportId = newReportId();
    await emit(reportId, { url: receiver.url('/comeback') });
    const [failed] = (await settled(reportId, 1)) as [WebhookDeliveryView];
    expect(failed.state).toBe('failed');

    receiver.route('/comeback', { secrets: [secret], statuses: [200] });
    const response = await post(`/v1/webhook-deliveries/${failed.id}/retry`);
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ id: failed.id, state: 'pending' });
    await expect.poll(async () => (await deliveriesOf(reportId))[0]?.state).toBe('succeeded');
    const [done] = (await deliveriesOf(reportId)) as [WebhookDeliveryView];
    expect(done.attempts.map((a) => a.status)).toEqual([410, 200]);
    expect(receiver.received('/comeback')[0]?.headers['quire-event-id']).toBe(failed.event_id);
    const audit = await app.as(owner, '/v1/audit-log?action=webhook_delivery.retried', { team: teamId });
    expect(((await audit.json()) as { data: unknown[] }).data).toHaveLength(1);
  });

  it('answers another team’s delivery as not found', async () => {
    receiver.route('/mine', {});
    const reportId = newReportId();
    await emit(reportId, { url: receiver.url('/mine') });
    const [delivery] = (await settled(reportId, 1)) as [WebhookDeliveryView];
    const stranger = newUser('stranger');
    const get = await app.as(stranger, `/v1/webhook-deliveries/${delivery.id}`);
    expect((await errorOf(get, 404)).code).toBe('not_found');
    const retry = await app.as(stranger, `/v1/webhook-deliveries/${delivery.id}/retry`, { method: 'POST' });
    expect((await errorOf(retry, 404)).code).toBe('not_found');
    const list = await app.as(stranger, `/v1/webhook-deliveries?report_id=${reportId}`);
    expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);
  });
});
