import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_DATA, INVOICE_DATA, TEMPLATES } from './__fixtures__/fakes';
import { pdfPages, pdfText } from './__fixtures__/pdf';
import {
  errorOf,
  eventually,
  newUser,
  type ReportsApp,
  startReportsApp,
  type TestUser,
} from './__fixtures__/reports-app';
import type { BatchView, JobView, ReportView } from './views';

let app: ReportsApp;
let owner: TestUser;
let teamId: string;

beforeAll(async () => {
  app = await startReportsApp();
  owner = newUser('reporter');
  teamId = await app.personalTeam(owner);
});
afterAll(async () => {
  await app.close();
});

const create = (body: unknown, headers: Record<string, string> = {}) =>
  app.as(owner, '/v1/reports', { method: 'POST', body, headers });
const get = (path: string) => app.as(owner, path);
const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());
const reportOf = async (id: string) => (await (await get(`/v1/reports/${id}`)).json()) as ReportView;

describe('a synchronous report', () => {
  it('renders a PDF, answers the report with its download link, and serves the file', async () => {
    const response = await create({ template_id: TEMPLATES.invoice, data: INVOICE_DATA, metadata: { order: '42' } });
    expect(response.status).toBe(201);
    const report = (await response.json()) as ReportView;
    expect(response.headers.get('location')).toBe(`/v1/reports/${report.id}`);
    expect(report).toMatchObject({
      object: 'report',
      team_id: teamId,
      template_id: TEMPLATES.invoice,
      template_version: 1,
      format: 'pdf',
      status: 'succeeded',
      filename: 'invoice.pdf',
      content_type: 'application/pdf',
      metadata: { order: '42' },
      error: null,
      download_url: `https://quire.test/v1/reports/${report.id}/file`,
    });
    expect(report.bytes).toBeGreaterThan(1000);
    expect(report.timings?.total_ms).toBeGreaterThan(0);
    expect(report.file_expires_at).toEqual(expect.any(String));

    const file = await get(`/v1/reports/${report.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="invoice.pdf"');
    expect(file.headers.get('quire-report-id')).toBe(report.id);
    const pdf = await bytesOf(file);
    expect(pdf.byteLength).toBe(report.bytes);
    expect(await pdfText(pdf)).toContain('Zephyr Test Corp');
    expect(await pdfPages(pdf)).toBe(report.pages);

    expect(app.webhooks.of(report.id)).toMatchObject([
      { type: 'report.completed', teamId, data: { id: report.id, status: 'succeeded' } },
    ]);
  });

  it('answers the file itself when the Accept header asks for a PDF', async () => {
    const response = await create(
      { template_id: TEMPLATES.invoice, data: INVOICE_DATA, filename: 'Facture été' },
      { Accept: 'application/pdf' },
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Facture _t_.pdf"; filename*=UTF-8''Facture%20%C3%A9t%C3%A9.pdf`,
    );
    const id = response.headers.get('quire-report-id') as string;
    expect(id).toMatch(/^rep_/);
    expect(await pdfText(await bytesOf(response))).toContain('INV-2026-0142');
    expect(await reportOf(id)).toMatchObject({ status: 'succeeded', filename: 'Facture été.pdf' });
  });

  it('renders HTML, and email for email templates', async () => {
    const html = await create(
      { template_id: TEMPLATES.invoice, data: INVOICE_DATA, format: 'html', filename: 'inv' },
      { Accept: 'text/html' },
    );
    expect(html.status).toBe(201);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.headers.get('content-disposition')).toBe('attachment; filename="inv.html"');
    const text = await html.text();
    expect(text).toMatch(/^<!doctype html>/i);
    expect(text).toContain('Zephyr Test Corp');
    const report = await reportOf(html.headers.get('quire-report-id') as string);
    expect(report).toMatchObject({ format: 'html', pages: null, content_type: 'text/html; charset=utf-8' });

    const email = (await (await create({ template_id: TEMPLATES.email, data: EMAIL_DATA })).json()) as ReportView;
    expect(email).toMatchObject({ format: 'email', status: 'succeeded', filename: 'order-confirmation.html' });
    expect(await (await get(`/v1/reports/${email.id}/file`)).text()).toContain('<table');
  });

  it('loads the data from a data source', async () => {
    const response = await create({
      template_id: TEMPLATES.invoice,
      data_source: { id: 'ds_customer', params: { name: 'Source Co' } },
    });
    const report = (await response.json()) as ReportView;
    expect(report).toMatchObject({ status: 'succeeded', data_source_id: 'ds_customer' });
    expect(await pdfText(await bytesOf(await get(`/v1/reports/${report.id}/file`)))).toContain('Source Co');
  });

  it('refuses requests it cannot render before spending a report', async () => {
    const used = await app.reportsUsed(teamId);
    const cases: [unknown, number, string, string?][] = [
      [{ template_id: TEMPLATES.invoice }, 400, 'validation_failed', 'data'],
      [
        { template_id: TEMPLATES.invoice, data: {}, data_source: { id: 'ds_customer' } },
        400,
        'validation_failed',
        'data_source',
      ],
      [{ template_id: TEMPLATES.invoice, data: {}, format: 'email' }, 400, 'validation_failed', 'format'],
      [{ template_id: TEMPLATES.email, data: {}, format: 'pdf' }, 400, 'validation_failed', 'format'],
      [{ template_id: TEMPLATES.invoice, data: {}, filename: 'a/b' }, 400, 'validation_failed', 'filename'],
      [{ template_id: TEMPLATES.invoice, data: {}, webhook_url: 'ftp://x' }, 400, 'validation_failed', 'webhook_url'],
      [{ template_id: TEMPLATES.invoice, data: {}, colour: 'red' }, 400, 'validation_failed'],
      [
        {
          template_id: TEMPLATES.invoice,
          data: {},
          metadata: Object.fromEntries(Array.from({ length: 21 }, (_, n) => [`k${n}`, 'v'])),
        },
        400,
        'validation_failed',
        'metadata',
      ],
      [{ template_id: 'tpl_missing', data: {} }, 404, 'template_not_found', 'template_id'],
      [{ template_id: TEMPLATES.invoice, version: 9, data: {} }, 404, 'version_not_found', 'version'],
    ];
    for (const [body, status, code, param] of cases) {
      const error = await errorOf(await create(body), status);
      expect({ code: error.code, param: error.param }, JSON.stringify(body)).toEqual({ code, param });
    }
    const notAcceptable = await create({ template_id: TEMPLATES.invoice, data: {} }, { Accept: 'image/png' });
    expect((await errorOf(notAcceptable, 406)).code).toBe('not_acceptable');
    expect(await app.reportsUsed(teamId)).toBe(used);
  });

  it('keeps a render that fails as a failed report, answers its error and gives the report back', async () => {
    const used = await app.reportsUsed(teamId);
    const cases = [
      [TEMPLATES.syntax, 'template_syntax_error'],
      [TEMPLATES.overLimit, 'template_limit_exceeded'],
      [TEMPLATES.badFilter, 'invalid_filter_argument'],
    ] as const;
    for (const [templateId, code] of cases) {
      const error = await errorOf(await create({ template_id: templateId, data: {} }), 422);
      expect(error.code).toBe(code);
      expect(error.report_id).toMatch(/^rep_/);
      const report = await reportOf(error.report_id as string);
      expect(report).toMatchObject({ status: 'failed', error: { code }, download_url: null });
      expect(app.webhooks.of(report.id)).toMatchObject([{ type: 'report.failed', data: { error: { code } } }]);
      expect((await errorOf(await get(`/v1/reports/${report.id}/file`), 409)).code).toBe('report_not_ready');
    }
    const syntax = await errorOf(await create({ template_id: TEMPLATES.syntax, data: {} }), 422);
    expect(syntax).toMatchObject({ line: 1, column: expect.any(Number) });
    const source = await errorOf(
      await create({ template_id: TEMPLATES.invoice, data_source: { id: 'ds_broken' } }),
      422,
    );
    expect(source.code).toBe('data_source_error');
    expect(await app.reportsUsed(teamId)).toBe(used);
  });

  it('replays a request with the same Idempotency-Key, and refuses the key with another body', async () => {
    const body = { template_id: TEMPLATES.invoice, data: INVOICE_DATA, format: 'html' };
    const headers = { 'Idempotency-Key': `key-${Date.now()}` };
    const first = await create(body, headers);
    expect(first.status).toBe(201);
    const used = await app.reportsUsed(teamId);
    const again = await create(body, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as ReportView).id).toBe(((await first.json()) as ReportView).id);
    expect(await app.reportsUsed(teamId)).toBe(used);

    const other = await create({ ...body, filename: 'other' }, headers);
    expect((await errorOf(other, 409)).code).toBe('idempotency_key_reused');

    // A file answer replays as the same file.
    const fileHeaders = { 'Idempotency-Key': `file-${Date.now()}`, Accept: 'application/pdf' };
    const file = await create({ template_id: TEMPLATES.invoice, data: INVOICE_DATA }, fileHeaders);
    const replayed = await create({ template_id: TEMPLATES.invoice, data: INVOICE_DATA }, fileHeaders);
    expect(replayed.headers.get('content-type')).toBe('application/pdf');
    expect(replayed.headers.get('location')).toBe(file.headers.get('location'));
    expect(Buffer.from(await bytesOf(replayed)).equals(Buffer.from(await bytesOf(file)))).toBe(true);
  });
});

describe('an async report', () => {
  it('answers 202 with its job, renders in the worker and can be downloaded', async () => {
    const response = await create({
      template_id: TEMPLATES.invoice,
      data: INVOICE_DATA,
      async: true,
      webhook_url: 'https://hooks.example.com/quire',
    });
    expect(response.status).toBe(202);
    const job = (await response.json()) as JobView;
    expect(job).toMatchObject({ object: 'job', status: 'queued', attempts: 0, batch_id: null, error: null });
    expect(response.headers.get('location')).toBe(`/v1/jobs/${job.id}`);

    const done = await eventually(async () => {
      const current = (await (await get(`/v1/jobs/${job.id}`)).json()) as JobView;
      return current.status === 'succeeded' ? current : undefined;
    });
    expect(done).toMatchObject({ attempts: 1, report_id: job.report_id, finished_at: expect.any(String) });
    const report = await reportOf(job.report_id);
    expect(report).toMatchObject({ status: 'succeeded', job_id: job.id, format: 'pdf' });
    expect(report.timings?.queue_ms).toBeGreaterThanOrEqual(0);
    const pdf = await bytesOf(await get(`/v1/reports/${report.id}/file`));
    expect(await pdfText(pdf)).toContain('Zephyr Test Corp');
    // The webhook goes out after the job settles: wait for it rather than race it.
    await eventually(async () => (app.webhooks.of(report.id).length > 0 ? true : undefined));
    expect(app.webhooks.of(report.id)).toMatchObject([
      { type: 'report.completed', url: 'https://hooks.example.com/quire' },
    ]);
  });

  it('fails for good on a template error, without retrying, and gives the report back', async () => {
    const used = await app.reportsUsed(teamId);
    const job = (await (await create({ template_id: TEMPLATES.badFilter, data: {}, async: true })).json()) as JobView;
    expect(await app.reportsUsed(teamId)).toBe(used + 1);
    const failed = await eventually(async () => {
      const current = (await (await get(`/v1/jobs/${job.id}`)).json()) as JobView;
      return current.status === 'failed' ? current : undefined;
    });
    expect(failed).toMatchObject({ attempts: 1, error: { code: 'invalid_filter_argument' } });
    const report = await eventually(async () => {
      const current = await reportOf(job.report_id);
      return current.status === 'failed' ? current : undefined;
    });
    expect(report.error?.code).toBe('invalid_filter_argument');
    await eventually(async () => ((await app.reportsUsed(teamId)) === used ? true : undefined));
    // The webhook goes out after the job settles: wait for it rather than race it.
    await eventually(async () => (app.webhooks.of(report.id).length > 0 ? true : undefined));
    expect(app.webhooks.of(report.id)).toMatchObject([{ type: 'report.failed' }]);
  });

  it('does not show a report of a job that is not settled yet as downloadable', async () => {
    const job = (await (
      await create({ template_id: TEMPLATES.slow, data: { rows: [{ n: 1, name: 'a' }] }, async: true })
    ).json()) as JobView;
    const early = await get(`/v1/reports/${job.report_id}/file`);
    if (early.status !== 200) expect((await errorOf(early, 409)).code).toBe('report_not_ready');
    await eventually(async () => ((await reportOf(job.report_id)).status === 'succeeded' ? true : undefined));
  });
});

describe('a batch', () => {
  it('queues one job per item and reports its status from the reports', async () => {
    const response = await app.as(owner, '/v1/reports/batch', {
      method: 'POST',
      body: {
        items: [
          { template_id: TEMPLATES.invoice, data: INVOICE_DATA },
          { template_id: TEMPLATES.invoice, data: INVOICE_DATA, format: 'html' },
          { template_id: TEMPLATES.email, data: EMAIL_DATA, metadata: { n: '3' } },
        ],
        webhook_url: 'https://hooks.example.com/batch',
      },
    });
    expect(response.status).toBe(202);
    const batch = (await response.json()) as BatchView;
    expect(batch).toMatchObject({ object: 'batch', status: 'queued', total: 3, queued: 3, succeeded: 0, failed: 0 });
    expect(batch.reports).toHaveLength(3);
    expect(response.headers.get('location')).toBe(`/v1/reports/batches/${batch.id}`);

    const done = await eventually(async () => {
      const current = (await (await get(`/v1/reports/batches/${batch.id}`)).json()) as BatchView;
      return current.status === 'succeeded' ? current : undefined;
    });
    expect(done).toMatchObject({ total: 3, queued: 0, rendering: 0, succeeded: 3, failed: 0 });
    expect(done.completed_at).toEqual(expect.any(String));
    const list = (await (await get(`/v1/reports?batch_id=${batch.id}`)).json()) as { data: ReportView[] };
    expect(list.data.map((report) => report.format).sort()).toEqual(['email', 'html', 'pdf']);
    for (const report of list.data) {
      expect(report.batch_id).toBe(batch.id);
      const job = (await (await get(`/v1/jobs/${report.job_id}`)).json()) as JobView;
      expect(job).toMatchObject({ batch_id: batch.id, report_id: report.id, status: 'succeeded' });
      // The webhook goes out after the job settles: wait for it rather than race it.
      await eventually(async () => (app.webhooks.of(report.id).length > 0 ? true : undefined));
      expect(app.webhooks.of(report.id)).toMatchObject([
        { type: 'report.completed', url: 'https://hooks.example.com/batch' },
      ]);
    }
  });

  it('says partially_failed when some reports failed', async () => {
    const batch = (await (
      await app.as(owner, '/v1/reports/batch', {
        method: 'POST',
        body: {
          items: [
            { template_id: TEMPLATES.invoice, data: INVOICE_DATA, format: 'html' },
            { template_id: TEMPLATES.badFilter, data: {} },
          ],
        },
      })
    ).json()) as BatchView;
    const done = await eventually(async () => {
      const current = (await (await get(`/v1/reports/batches/${batch.id}`)).json()) as BatchView;
      return current.status === 'partially_failed' ? current : undefined;
    });
    expect(done).toMatchObject({ succeeded: 1, failed: 1 });
  });

  it('replays a batch with the same Idempotency-Key without queueing it twice', async () => {
    const headers = { 'Idempotency-Key': `batch-${Date.now()}` };
    const body = { items: [{ template_id: TEMPLATES.invoice, data: INVOICE_DATA, format: 'html' }] };
    const jobs = await app.jobs.collection.count({ teamId });
    const first = (await (
      await app.as(owner, '/v1/reports/batch', { method: 'POST', body, headers })
    ).json()) as BatchView;
    const again = await app.as(owner, '/v1/reports/batch', { method: 'POST', body, headers });
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as BatchView).id).toBe(first.id);
    expect(await app.jobs.collection.count({ teamId })).toBe(jobs + 1);
    await eventually(async () => {
      const current = (await (await get(`/v1/reports/batches/${first.id}`)).json()) as BatchView;
      return current.status === 'succeeded' ? true : undefined;
    });
  });

  it('refuses 101 items and a bad item, naming it, and queues nothing', async () => {
    const before = await app.jobs.collection.count({ teamId });
    const item = { template_id: TEMPLATES.invoice, data: {} };
    const tooMany = await app.as(owner, '/v1/reports/batch', {
      method: 'POST',
      body: { items: Array.from({ length: 101 }, () => item) },
    });
    expect(await errorOf(tooMany, 400)).toMatchObject({ code: 'validation_failed', param: 'items' });
    const withAsync = await app.as(owner, '/v1/reports/batch', {
      method: 'POST',
      body: { items: [{ ...item, async: true }] },
    });
    expect((await errorOf(withAsync, 400)).code).toBe('validation_failed');
    const missing = await app.as(owner, '/v1/reports/batch', {
      method: 'POST',
      body: { items: [item, { template_id: 'tpl_nope', data: {} }] },
    });
    expect(await errorOf(missing, 404)).toMatchObject({ code: 'template_not_found', param: 'items.1.template_id' });
    expect(await app.jobs.collection.count({ teamId })).toBe(before);
  });
});

describe('the list', () => {
  it('pages newest first and filters by template, status and time', async () => {
    const lister = newUser('lister');
    const team = await app.personalTeam(lister);
    const start = Date.now() + app.clock.offsetMs;
    const ids: string[] = [];
    for (const [n, templateId] of [
      TEMPLATES.invoice,
      TEMPLATES.email,
      TEMPLATES.invoice,
      TEMPLATES.badFilter,
    ].entries()) {
      app.clock.offsetMs += 60_000;
      const data = templateId === TEMPLATES.email ? EMAIL_DATA : INVOICE_DATA;
      const response = await app.as(lister, '/v1/reports', {
        method: 'POST',
        body: {
          template_id: templateId,
          data,
          ...(templateId === TEMPLATES.invoice ? { format: 'html' } : {}),
          metadata: { n: String(n) },
        },
      });
      const body = (await response.json()) as ReportView & { error: { report_id: string } };
      ids.push(response.status === 201 ? body.id : body.error.report_id);
    }
    const list = async (query: string) => {
      const response = await app.as(lister, `/v1/reports${query}`, { team });
      expect(response.status).toBe(200);
      return (await response.json()) as { data: ReportView[]; has_more: boolean; next_cursor: string | null };
    };
    const first = await list('?limit=3');
    expect(first.data.map((r) => r.id)).toEqual([ids[3], ids[2], ids[1]]);
    expect(first.has_more).toBe(true);
    const second = await list(`?limit=3&starting_after=${first.next_cursor}`);
    expect(second).toMatchObject({ has_more: false, next_cursor: null });
    expect(second.data.map((r) => r.id)).toEqual([ids[0]]);

    expect((await list(`?template_id=${TEMPLATES.invoice}`)).data.map((r) => r.id)).toEqual([ids[2], ids[0]]);
    expect((await list('?status=failed')).data.map((r) => r.id)).toEqual([ids[3]]);
    const after = new Date(start + 90_000).toISOString();
    const before = new Date(start + 210_000).toISOString();
    expect((await list(`?created_after=${after}&created_before=${before}`)).data.map((r) => r.id)).toEqual([
      ids[2],
      ids[1],
    ]);
    expect((await errorOf(await app.as(lister, '/v1/reports?status=done'), 400)).param).toBe('status');
    expect((await errorOf(await app.as(lister, '/v1/reports?created_after=yesterday'), 400)).param).toBe(
      'created_after',
    );
    expect((await errorOf(await app.as(lister, '/v1/reports?starting_after=rep_nope'), 400)).code).toBe(
      'invalid_cursor',
    );
  });

  it('deletes a report and its file', async () => {
    const report = (await (
      await create({ template_id: TEMPLATES.invoice, data: INVOICE_DATA, format: 'html' })
    ).json()) as ReportView;
    const deleted = await app.as(owner, `/v1/reports/${report.id}`, { method: 'DELETE' });
    expect(await deleted.json()).toEqual({ object: 'report', id: report.id, deleted: true });
    expect((await errorOf(await get(`/v1/reports/${report.id}`), 404)).code).toBe('report_not_found');
    expect((await errorOf(await get(`/v1/reports/${report.id}/file`), 404)).code).toBe('report_not_found');
    expect(await app.blobs.get(`reports/${teamId}/${report.id}`)).toBeUndefined();
    expect((await app.as(owner, `/v1/reports/${report.id}`, { method: 'DELETE' })).status).toBe(404);
  });
});
