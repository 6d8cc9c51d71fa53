import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { verifyWebhook, WebhookEvent } from '@quire/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, newUser, type TestUser } from '../teams/__fixtures__/teams-app';
import { type Received, type Receiver, startReceiver } from './__fixtures__/receiver';
import { newReportId, reportView } from './__fixtures__/reports';
import { startWebhooksApp, type WebhooksApp } from './__fixtures__/webhooks-app';
import type { WebhookDeliveryView, WebhookEndpointView } from './model';

type Created = WebhookEndpointView & { secret: string; previous_secret_expires_at: string | null };

let receiver: Receiver;
let app: WebhooksApp;
let owner: TestUser;
let teamId: string;

beforeAll(async () => {
  receiver = await startReceiver(() => (app ? app.deps.now() : new Date()));
  app = await startWebhooksApp({
    QUIRE_OUTBOUND_ALLOW: `127.0.0.1:${receiver.port}`,
    QUIRE_WEBHOOK_RETRY_BASE_MS: '50',
  });
  owner = newUser('endpointowner');
  teamId = ((await (await app.as(owner, '/v1/team')).json()) as { id: string }).id;
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});
afterEach(() => {
  app.deps.clock.offsetMs = 0;
});

const call = (method: string, path: string, body?: unknown, user = owner) =>
  app.as(user, path, { method, team: teamId, body });

async function create(body: Record<string, unknown>): Promise<Created> {
  const response = await call('POST', '/v1/webhook-endpoints', body);
  if (response.status !== 201) throw new Error(`${response.status}: ${await response.text()}`);
  return (await response.json()) as Created;
}

/** Every line the embedded store wrote to disk. */
async function datafiles(): Promise<string> {
  const dir = join(app.deps.dir, 'db');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.db'));
  return (await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')))).join('\n');
}

describe('webhook endpoints', () => {
  it('are created, listed, read, updated and deleted', async () => {
    const created = await create({ url: 'https://hooks.example.com/quire', description: 'Billing' });
    expect(created).toMatchObject({
      object: 'webhook_endpoint',
      url: 'https://hooks.example.com/quire',
      events: ['report.completed', 'report.failed'],
      description: 'Billing',
      enabled: true,
      secret_rotated_at: null,
    });
    expect(created.id).toMatch(/^we_/);

    const list = (await (await call('GET', '/v1/webhook-endpoints')).json()) as { data: WebhookEndpointView[] };
    expect(list.data.map((e) => e.id)).toContain(created.id);
    const got = (await (await call('GET', `/v1/webhook-endpoints/${created.id}`)).json()) as WebhookEndpointView;
    const { secret: _secret, previous_secret_expires_at: _previous, ...view } = created;
    expect(got).toEqual(view);

    const patched = await call('PATCH', `/v1/webhook-endpoints/${created.id}`, {
      events: ['report.failed', 'report.failed'],
      description: null,
      enabled: false,
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ events: ['report.failed'], description: null, enabled: false });

    const deleted = await call('DELETE', `/v1/webhook-endpoints/${created.id}`);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toMatchObject({ id: created.id, deleted: true });
    expect((await errorOf(await call('GET', `/v1/webhook-endpoints/${created.id}`), 404)).code).toBe(
      'webhook_endpoint_not_found',
    );

    const audit = (await (await call('GET', '/v1/audit-log')).json()) as {
      data: { action: string; target: { id: string } }[];
    };
    const actions = audit.data.filter((e) => e.target.id === created.id).map((e) => e.action);
    expect(actions.sort()).toEqual([
      'webhook_endpoint.created',
      'webhook_endpoint.deleted',
      'webhook_endpoint.updated',
    ]);
  });

  it('validate their body: URL shape, events, unknown fields', async () => {
    const cases: [unknown, string][] = [
      [{ url: 'ftp://example.com/x' }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ url: 'https://user:pass@example.com/x' }, 'url'],
      [{ url: 'https://example.com/x', events: ['report.deleted'] }, 'events.0'],
      [{ url: 'https://example.com/x', events: [] }, 'events'],
      [{ url: 'https://example.com/x', secret: 'whsec_mine' }, ''],
      [{}, 'url'],
    ];
    for (const [body, param] of cases) {
      const error = await errorOf(await call('POST', '/v1/webhook-endpoints', body), 400);
      expect(error.code, JSON.stringify(body)).toBe('validation_failed');
      if (param) expect(error.param, JSON.stringify(body)).toBe(param);
    }
  });

  it('refuse a blocked address when the URL is saved, unless the operator allowed it', async () => {
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/hook',
      'http://10.0.0.8/hook',
      // A name is resolved when saved too, when that is quick: localhost is loopback.
      'http://localhost:9/hook',
    ]) {
      const error = await errorOf(await call('POST', '/v1/webhook-endpoints', { url }), 400);
      expect(error, url).toMatchObject({ code: 'outbound_blocked', param: 'url' });
    }
    const allowed = await create({ url: receiver.url('/allowed') });
    const patch = await call('PATCH', `/v1/webhook-endpoints/${allowed.id}`, { url: 'http://127.0.0.1:9/hook' });
    expect((await errorOf(patch, 400)).code).toBe('outbound_blocked');
    await call('DELETE', `/v1/webhook-endpoints/${allowed.id}`);
  });

  it('show the secret once and keep it encrypted at rest', async () => {
    const created = await create({ url: receiver.url('/secret-once') });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const text = [
      await (await call('GET', '/v1/webhook-endpoints')).text(),
      await (await call('GET', `/v1/webhook-endpoints/${created.id}`)).text(),
      await (await call('PATCH', `/v1/webhook-endpoints/${created.id}`, { description: 'x' })).text(),
      await (await call('GET', '/v1/audit-log')).text(),
    ].join('\n');
    expect(text).not.toContain(created.secret);
    expect(text).not.toContain('whsec_');

    const team = (await (await call('GET', '/v1/webhook-endpoints/team-secret')).json()) as { secret: string };
    const files = await datafiles();
    expect(files).toContain(created.id);
    expect(files).not.toContain(created.secret);
    expect(files).not.toContain(team.secret);
    expect(files).not.toContain('whsec_');
    await call('DELETE', `/v1/webhook-endpoints/${created.id}`);
  });

  it('replay a creation sent again with the same Idempotency-Key', async () => {
    const send = () =>
      app.as(owner, '/v1/webhook-endpoints', {
        method: 'POST',
        team: teamId,
        body: { url: 'https://hooks.example.com/once' },
        headers: { 'Idempotency-Key': 'create-once-1' },
      });
    const first = (await (await send()).json()) as Created;
    const again = await send();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as Created).id).toBe(first.id);
    const list = (await (await call('GET', '/v1/webhook-endpoints?limit=100')).json()) as {
      data: WebhookEndpointView[];
    };
    expect(list.data.filter((e) => e.url === 'https://hooks.example.com/once')).toHaveLength(1);
    await call('DELETE', `/v1/webhook-endpoints/${first.id}`);
  });

  it('send a signed webhook.test event on request, enabled or not', async () => {
    const created = await create({ url: receiver.url('/test-event'), enabled: false });
    receiver.route('/test-event', { secrets: [created.secret] });
    const response = await call('POST', `/v1/webhook-endpoints/${created.id}/test`);
    expect(response.status).toBe(200);
    const delivery = (await response.json()) as WebhookDeliveryView;
    expect(delivery).toMatchObject({ type: 'webhook.test', state: 'succeeded', endpoint_id: created.id });
    expect(delivery.attempts).toEqual([
      { at: expect.any(String), status: 200, duration_ms: expect.any(Number), error: null },
    ]);
    const [request] = receiver.received('/test-event') as [Received];
    expect(request.verified[0]?.ok).toBe(true);
    const event = WebhookEvent.parse(JSON.parse(request.body));
    expect(event).toMatchObject({ type: 'webhook.test', data: { object: { endpoint_id: created.id } } });

    // A receiver that refuses it: the answer says so, and nothing is retried.
    receiver.route('/test-event', { secrets: ['whsec_not_the_one'] });
    const refused = (await (
      await call('POST', `/v1/webhook-endpoints/${created.id}/test`)
    ).json()) as WebhookDeliveryView;
    expect(refused).toMatchObject({ state: 'failed', next_attempt_at: null });
    expect(refused.attempts[0]).toMatchObject({ status: 400, error: { code: 'http_status' } });
    await call('DELETE', `/v1/webhook-endpoints/${created.id}`);
  });
});

describe('rotating a secret', () => {
  const emitTo = async (endpointId: string) => {
    const reportId = newReportId();
    await app.webhooks.emit({ teamId, type: 'report.completed', reportId, data: reportView(reportId, teamId) });
    await expect
      .poll(async () => {
        const response = await call('GET', `/v1/webhook-deliveries?report_id=${reportId}&endpoint_id=${endpointId}`);
        return ((await response.json()) as { data: WebhookDeliveryView[] }).data[0]?.state;
      })
      .toBe('succeeded');
  };

  it('signs with the old and the new secret during the overlap, then with the new one only', async () => {
    const created = await create({ url: receiver.url('/rotating') });
    const old = created.secret;
    const response = await call('POST', `/v1/webhook-endpoints/${created.id}/rotate-secret`);
    expect(response.status).toBe(200);
    const rotated = (await response.json()) as Created;
    const fresh = rotated.secret;
    expect(fresh).not.toBe(old);
    expect(rotated.secret_rotated_at).toEqual(expect.any(String));
    const expires = Date.parse(rotated.previous_secret_expires_at ?? '');
    expect(expires - Date.parse(rotated.secret_rotated_at ?? '')).toBe(24 * 60 * 60 * 1000);
    const shown = await (await call('GET', `/v1/webhook-endpoints/${created.id}`)).text();
    expect(shown).not.toContain(fresh);

    // A receiver still holding the old secret and one already holding the new one both verify.
    receiver.route('/rotating', { secrets: [old] });
    await emitTo(created.id);
    receiver.route('/rotating', { secrets: [fresh] });
    await emitTo(created.id);
    const [request] = receiver.received('/rotating') as [Received];
    expect(request.headers['quire-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);

    // A day later, the old secret no longer signs.
    app.deps.clock.offsetMs = 24 * 60 * 60 * 1000 + 1000;
    receiver.route('/rotating', { secrets: [fresh] });
    await emitTo(created.id);
    const [later] = receiver.received('/rotating') as [Received];
    expect(later.headers['quire-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const withOld = await verifyWebhook({
      secret: old,
      header: later.headers['quire-signature'],
      body: later.body,
      now: app.deps.now(),
    });
    expect(withOld).toEqual({ ok: false, reason: 'signature_mismatch' });
    await call('DELETE', `/v1/webhook-endpoints/${created.id}`);
  });

  it('drops the old secret at once with overlap_seconds 0, and audits the rotation without secrets', async () => {
    const created = await create({ url: receiver.url('/leaked') });
    const response = await call('POST', `/v1/webhook-endpoints/${created.id}/rotate-secret`, { overlap_seconds: 0 });
    const rotated = (await response.json()) as Created;
    expect(rotated.previous_secret_expires_at).toBeNull();
    receiver.route('/leaked', { secrets: [rotated.secret] });
    await emitTo(created.id);
    const [request] = receiver.received('/leaked') as [Received];
    expect(request.headers['quire-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const audit = await (await call('GET', '/v1/audit-log?action=webhook_endpoint.secret_rotated')).text();
    expect(audit).toContain(created.id);
    expect(audit).not.toContain(rotated.secret);
    expect(audit).not.toContain(created.secret);
    const bad = await call('POST', `/v1/webhook-endpoints/${created.id}/rotate-secret`, { overlap_seconds: -1 });
    expect((await errorOf(bad, 400)).param).toBe('overlap_seconds');
    await call('DELETE', `/v1/webhook-endpoints/${created.id}`);
  });

  it('rotates the team signing secret, the old one signing request urls during the overlap', async () => {
    const before = ((await (await call('GET', '/v1/webhook-endpoints/team-secret')).json()) as { secret: string })
      .secret;
    const again = ((await (await call('GET', '/v1/webhook-endpoints/team-secret')).json()) as { secret: string })
      .secret;
    expect(again).toBe(before);
    const response = await call('POST', '/v1/webhook-endpoints/team-secret/rotate', { overlap_seconds: 600 });
    expect(response.status).toBe(200);
    const rotated = (await response.json()) as {
      secret: string;
      previous_secret_expires_at: string;
      rotated_at: string;
    };
    expect(rotated.secret).not.toBe(before);
    expect(Date.parse(rotated.previous_secret_expires_at) - Date.parse(rotated.rotated_at)).toBe(600_000);
    receiver.route('/team-rotating', { secrets: [before, rotated.secret] });
    const reportId = newReportId();
    await app.webhooks.emit({
      teamId,
      type: 'report.completed',
      reportId,
      data: reportView(reportId, teamId),
      url: receiver.url('/team-rotating'),
    });
    await expect.poll(() => receiver.received('/team-rotating')[0]?.status).toBe(200);
    expect(receiver.received('/team-rotating')[0]?.verified.map((v) => v.ok)).toEqual([true, true]);
  });
});

describe('who may manage endpoints', () => {
  it('needs webhooks:manage: owners and admins, not editors, members or viewers', async () => {
    const created = await create({ url: 'https://hooks.example.com/roles' });
    for (const role of ['editor', 'member', 'viewer'] as const) {
      const user = newUser(role);
      await app.addMember(teamId, user, role);
      for (const [method, path] of [
        ['POST', '/v1/webhook-endpoints'],
        ['GET', '/v1/webhook-endpoints'],
        ['GET', `/v1/webhook-endpoints/${created.id}`],
        ['PATCH', `/v1/webhook-endpoints/${created.id}`],
        ['DELETE', `/v1/webhook-endpoints/${created.id}`],
        ['POST', `/v1/webhook-endpoints/${created.id}/rotate-secret`],
        ['POST', `/v1/webhook-endpoints/${created.id}/test`],
        ['GET', '/v1/webhook-endpoints/team-secret'],
        ['POST', '/v1/webhook-endpoints/team-secret/rotate'],
      ] as const) {
        const body = method === 'GET' || method === 'DELETE' ? undefined : { url: 'https://hooks.example.com/x' };
        const error = await errorOf(await call(method, path, body, user), 403);
        expect(error.code, `${role} ${method} ${path}`).toBe('forbidden');
      }
    }
    const admin = newUser('admin');
    await app.addMember(teamId, admin, 'admin');
    expect((await call('GET', `/v1/webhook-endpoints/${created.id}`, undefined, admin)).status).toBe(200);
    await call('DELETE', `/v1/webhook-endpoints/${created.id}`);
  });

  it('lets an API key manage them when its role may (admin), not otherwise', async () => {
    const keyOf = async (role: string) => {
      const response = await call('POST', '/v1/api-keys', { name: `${role} key`, role });
      return ((await response.json()) as { secret: string }).secret;
    };
    const adminKey = await keyOf('admin');
    const created = await app.withKey(adminKey, '/v1/webhook-endpoints', {
      method: 'POST',
      body: { url: 'https://hooks.example.com/by-key' },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as Created;
    const audit = (await (await call('GET', '/v1/audit-log?action=webhook_endpoint.created')).json()) as {
      data: { target: { id: string }; actor: { type: string } }[];
    };
    expect(audit.data.find((e) => e.target.id === id)?.actor.type).toBe('api_key');

    const editorKey = await keyOf('editor');
    expect((await errorOf(await app.withKey(editorKey, '/v1/webhook-endpoints'), 403)).code).toBe('forbidden');
    // An editor key still reads the delivery log (reports:read).
    expect((await app.withKey(editorKey, '/v1/webhook-deliveries')).status).toBe(200);
    await call('DELETE', `/v1/webhook-endpoints/${id}`);
  });

  it('answers another team’s endpoint as not found, and lists only the acting team’s', async () => {
    const created = await create({ url: 'https://hooks.example.com/private' });
    const stranger = newUser('stranger');
    for (const [method, path] of [
      ['GET', `/v1/webhook-endpoints/${created.id}`],
      ['PATCH', `/v1/webhook-endpoints/${created.id}`],
      ['DELETE', `/v1/webhook-endpoints/${created.id}`],
      ['POST', `/v1/webhook-endpoints/${created.id}/rotate-secret`],
      ['POST', `/v1/webhook-endpoints/${created.id}/test`],
    ] as const) {
      const response = await app.as(stranger, path, { method, ...(method === 'PATCH' ? { body: {} } : {}) });
      expect((await errorOf(response, 404)).code, `${method} ${path}`).toBe('webhook_endpoint_not_found');
    }
    const list = (await (await app.as(stranger, '/v1/webhook-endpoints')).json()) as { data: unknown[] };
    expect(list.data).toEqual([]);
    // Naming the team in the header does not help someone who is not in it.
    const header = await app.as(stranger, `/v1/webhook-endpoints/${created.id}`, { team: teamId });
    expect((await errorOf(header, 404)).code).toBe('not_found');
    // The team secret is per team: the stranger's differs.
    const mine = ((await (await call('GET', '/v1/webhook-endpoints/team-secret')).json()) as { secret: string }).secret;
    const theirs = ((await (await app.as(stranger, '/v1/webhook-endpoints/team-secret')).json()) as { secret: string })
      .secret;
    expect(theirs).not.toBe(mine);
    await call('DELETE', `/v1/webhook-endpoints/${created.id}`);
  });
});
