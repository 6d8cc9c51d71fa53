/**
 * The API of issue 5 end to end, through the mounted app on its embedded store: a team builds a template, renders
 * it synchronously and as a job, receives a signed webhook, reads data from PostgreSQL, meets its plan's limits,
 * and never sees another team's things.
 */
import { verifyWebhook, WEBHOOK_SIGNATURE_HEADER } from '@quire/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, newAccount, setUsageCounters } from './__fixtures__/api-client';
import { type RunningApp, startApp } from './__fixtures__/harness';
import { pdfPages, pdfText } from './reports/__fixtures__/pdf';
import { type Receiver, startReceiver } from './webhooks/__fixtures__/receiver';

let app: RunningApp;
let call: ReturnType<typeof apiClient>;
let receiver: Receiver;
const table = `api_test_orders_${process.pid}`;
const db = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });

beforeAll(async () => {
  receiver = await startReceiver();
  await db.connect();
  await db.query(`CREATE TABLE ${table} (id int, customer text, total numeric)`);
  await db.query(`INSERT INTO ${table} VALUES (1, 'Ada', 120.5), (2, 'Grace', 80), (3, 'Edsger', 42)`);
  app = await startApp({
    RATE_LIMIT_PER_MINUTE: '10000',
    QUIRE_OUTBOUND_ALLOW: `127.0.0.1:${receiver.port},127.0.0.1:5432`,
    QUIRE_WEBHOOK_RETRY_BASE_MS: '50',
  });
  call = apiClient(app);
});
afterAll(async () => {
  await app?.close({ removeData: true });
  await receiver?.close();
  await db.query(`DROP TABLE IF EXISTS ${table}`);
  await db.end();
});

const ORDERS_TEMPLATE = `<h1>Orders for {{ title }}</h1>
<table>{% for row in rows %}<tr><td>{{ row.customer }}</td><td>{{ row.total }}</td></tr>{% endfor %}</table>`;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a team, from a starter to signed webhooks', () => {
  it('renders a starter synchronously and as a job, and verifies the webhook signature', async () => {
    const owner = await newAccount(app, 'journey');
    const template = await call('POST', '/v1/templates', { token: owner.token, body: { starter_id: 'invoice' } });
    expect(template.status).toBe(201);
    const templateId = template.body.id as string;

    // The file itself, when asked for.
    const file = await fetch(`${app.url}/v1/reports`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${owner.token}`,
        'Content-Type': 'application/json',
        Accept: 'application/pdf',
      },
      body: JSON.stringify({ template_id: templateId, data: template.body.sample_data, filename: 'invoice-42.pdf' }),
    });
    expect(file.status).toBe(201);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain('invoice-42.pdf');
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(await pdfPages(bytes)).toBeGreaterThanOrEqual(1);
    expect(await pdfText(bytes)).toMatch(/Invoice/i);

    // A job, with a webhook to the request's URL signed with the team's secret.
    receiver.route('/hooks/quire', {});
    const job = await call('POST', '/v1/reports', {
      token: owner.token,
      body: {
        template_id: templateId,
        data: template.body.sample_data,
        async: true,
        webhook_url: receiver.url('/hooks/quire'),
      },
    });
    expect(job.status).toBe(202);
    expect(job.body).toMatchObject({ object: 'job', status: 'queued' });
    const done = await until(
      () => call('GET', `/v1/jobs/${job.body.id}`, { token: owner.token }),
      (answer) => answer.body.status === 'succeeded',
    );
    expect(done.body.status).toBe('succeeded');
    const report = await call('GET', `/v1/reports/${job.body.report_id}`, { token: owner.token });
    expect(report.body).toMatchObject({ status: 'succeeded', format: 'pdf' });
    const download = await fetch(report.body.download_url.replace(/^https?:\/\/[^/]+/, app.url), {
      headers: { Authorization: `Bearer ${owner.token}` },
    });
    expect(download.headers.get('content-type')).toBe('application/pdf');

    const received = await until(
      async () => receiver.received('/hooks/quire'),
      (list) => list.length > 0,
    );
    expect(received).toHaveLength(1);
    const secret = (await call('GET', '/v1/webhook-endpoints/team-secret', { token: owner.token })).body.secret;
    const delivered = received[0] as (typeof received)[number];
    const header = delivered.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
    expect(await verifyWebhook({ secret, header, body: delivered.body })).toMatchObject({ ok: true });
    expect(await verifyWebhook({ secret: 'whsec_wrong', header, body: delivered.body })).toMatchObject({ ok: false });
    const event = JSON.parse(delivered.body);
    expect(event).toMatchObject({ type: 'report.completed', data: { object: { id: job.body.report_id } } });

    const log = await until(
      () => call('GET', `/v1/webhook-deliveries?report_id=${job.body.report_id}`, { token: owner.token }),
      (answer) => answer.body.data?.[0]?.state === 'succeeded',
    );
    expect(log.body.data[0]).toMatchObject({ state: 'succeeded' });
    expect(JSON.stringify(log.body)).not.toContain(secret);

    // Previews do not count; the two reports do.
    const preview = await call('POST', `/v1/templates/${templateId}/preview`, { token: owner.token, body: {} });
    expect(preview.status).toBe(200);
    const usage = await call('GET', '/v1/usage', { token: owner.token });
    expect(usage.body.usage).toMatchObject({ templates: { used: 1 }, reports_per_month: { used: 2 } });
  }, 60_000);

  it('renders rows read from PostgreSQL through a data source', async () => {
    const owner = await newAccount(app, 'database');
    const source = await call('POST', '/v1/data-sources', {
      token: owner.token,
      body: {
        type: 'postgres',
        name: 'Orders',
        connection_string: 'postgres://postgres:s3cret-pass@127.0.0.1:5432/test',
        query: `SELECT customer, total FROM ${table} WHERE total > $1 ORDER BY id`,
        params: ['min_total'],
      },
    });
    expect(source.status).toBe(201);
    expect(JSON.stringify(source.body)).not.toContain('s3cret-pass');
    const template = await call('POST', '/v1/templates', {
      token: owner.token,
      body: { name: 'Orders', html: ORDERS_TEMPLATE },
    });
    const report = await call('POST', '/v1/reports', {
      token: owner.token,
      body: {
        template_id: template.body.id,
        data_source: { id: source.body.id, params: { min_total: 50 } },
        format: 'html',
      },
    });
    expect(report.status).toBe(201);
    const html = await (
      await fetch(`${app.url}/v1/reports/${report.body.id}/file`, {
        headers: { Authorization: `Bearer ${owner.token}` },
      })
    ).text();
    expect(html).toContain('Ada');
    expect(html).toContain('Grace');
    expect(html).not.toContain('Edsger');
  });
});

describe('plan limits', () => {
  it('answer 402 for the third template and the 51st report of the month on Free', async () => {
    const owner = await newAccount(app, 'limits');
    for (const name of ['One', 'Two']) {
      expect(
        (await call('POST', '/v1/templates', { token: owner.token, body: { name, html: '<p>x</p>' } })).status,
      ).toBe(201);
    }
    const third = await call('POST', '/v1/templates', {
      token: owner.token,
      body: { name: 'Three', html: '<p>x</p>' },
    });
    expect(third.status).toBe(402);
    expect(third.body.error).toMatchObject({ code: 'plan_limit_exceeded', limit: 2, used: 2, plan: 'free' });

    const templates = await call('GET', '/v1/templates', { token: owner.token });
    await setUsageCounters(app, owner.teamId, { reports: 50 });
    const refused = await call('POST', '/v1/reports', {
      token: owner.token,
      body: { template_id: templates.body.data[0].id, data: {}, format: 'html' },
    });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({ code: 'plan_limit_exceeded', limit: 50, used: 50, plan: 'free' });

    // An upgrade lifts both at once.
    await call('POST', '/v1/subscription', { token: owner.token, body: { plan: 'starter' } });
    expect(
      (await call('POST', '/v1/templates', { token: owner.token, body: { name: 'Three', html: '<p>x</p>' } })).status,
    ).toBe(201);
  });
});

describe('isolation between teams', () => {
  it("never shows one team another team's templates, versions, reports, files, jobs, batches, data sources, webhooks or usage", async () => {
    const a = await newAccount(app, 'alice');
    const b = await newAccount(app, 'bob');
    const template = await call('POST', '/v1/templates', {
      token: a.token,
      body: { name: 'Secret', html: '<p>{{ x }}</p>' },
    });
    const report = await call('POST', '/v1/reports', {
      token: a.token,
      body: { template_id: template.body.id, data: { x: 1 }, format: 'html' },
    });
    const job = await call('POST', '/v1/reports', {
      token: a.token,
      body: { template_id: template.body.id, data: { x: 2 }, format: 'html', async: true },
    });
    const batch = await call('POST', '/v1/reports/batch', {
      token: a.token,
      body: { items: [{ template_id: template.body.id, data: { x: 3 }, format: 'html' }] },
    });
    const source = await call('POST', '/v1/data-sources', {
      token: a.token,
      body: { type: 'static', name: 'S', format: 'json', content: '{"x": 1}' },
    });
    const endpoint = await call('POST', '/v1/webhook-endpoints', {
      token: a.token,
      body: { url: receiver.url('/hooks/alice') },
    });
    for (const created of [template, report, job, batch, source, endpoint]) expect(created.status).toBeLessThan(300);

    const theirs = [
      ['GET', `/v1/templates/${template.body.id}`],
      ['GET', `/v1/templates/${template.body.id}/versions`],
      ['GET', `/v1/templates/${template.body.id}/versions/1`],
      ['GET', `/v1/templates/${template.body.id}/schema`],
      ['POST', `/v1/templates/${template.body.id}/preview`],
      ['DELETE', `/v1/templates/${template.body.id}`],
      ['GET', `/v1/reports/${report.body.id}`],
      ['GET', `/v1/reports/${report.body.id}/file`],
      ['DELETE', `/v1/reports/${report.body.id}`],
      ['GET', `/v1/jobs/${job.body.id}`],
      ['GET', `/v1/reports/batches/${batch.body.id}`],
      ['GET', `/v1/data-sources/${source.body.id}`],
      ['POST', `/v1/data-sources/${source.body.id}/preview`],
      ['GET', `/v1/webhook-endpoints/${endpoint.body.id}`],
    ] as const;
    for (const [method, path] of theirs) {
      const answer = await call(method, path, { token: b.token, ...(method === 'POST' ? { body: {} } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    // Reports of A cannot be made from B with A's template, and lists show only B's own things.
    const borrowed = await call('POST', '/v1/reports', {
      token: b.token,
      body: { template_id: template.body.id, data: {}, format: 'html' },
    });
    expect(borrowed.status).toBe(404);
    for (const list of [
      '/v1/templates',
      '/v1/reports',
      '/v1/data-sources',
      '/v1/webhook-endpoints',
      '/v1/webhook-deliveries',
    ]) {
      const answer = await call('GET', list, { token: b.token });
      expect(answer.status, list).toBe(200);
      expect(answer.body.data, list).toEqual([]);
    }
    expect((await call('GET', '/v1/usage', { token: b.token, team: a.teamId })).status).toBe(404);
    // A key of B asking for A's team is refused.
    const key = await call('POST', '/v1/api-keys', { token: b.token, body: { name: 'b', role: 'admin' } });
    expect((await call('GET', `/v1/templates/${template.body.id}`, { token: key.body.secret })).status).toBe(404);
    expect((await call('GET', '/v1/templates', { token: key.body.secret, team: a.teamId })).status).toBe(403);
    // And A still has everything.
    expect((await call('GET', `/v1/templates/${template.body.id}`, { token: a.token })).status).toBe(200);
  });
});
