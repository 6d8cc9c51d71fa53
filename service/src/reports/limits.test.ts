import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_DATA, TEMPLATES } from './__fixtures__/fakes';
import {
  errorOf,
  eventually,
  newUser,
  type ReportsApp,
  startReportsApp,
  type TestUser,
} from './__fixtures__/reports-app';
import type { JobView, ReportView } from './views';

/**
 * A render's plan limits: its time (here the operator's cap, QUIRE_RENDER_TIMEOUT_MS, under the Free plan's 10 s)
 * and its output (the Free plan's 5 MB of HTML and 100 PDF pages). Over one, the render is stopped, the report
 * fails with a typed 422 naming the limit and is given back, and a job fails at once: a retry would go over again.
 */

const TIME_LIMIT_MS = 4_000;
// Six megabytes of HTML from a template of a few hundred bytes.
const HUGE_HTML =
  '{% for i in (1..60000) %}<p>Line {{ i }}: lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do ' +
  'eiusmod tempor.</p>{% endfor %}';
/**
 * A table of `rows` rows whose cells wrap: well over ten seconds of layout for fifty thousand (the engine lays out
 * some 40,000 short cells a second; these are longer, and measured twice for the column widths).
 */
const table = (rows: number) =>
  `<table>{% for i in (1..${rows}) %}<tr><td>{{ i }}</td><td>Row {{ i }}: lorem ipsum dolor sit amet, consectetur ` +
  'adipiscing elit, sed do eiusmod tempor incididunt ut labore</td><td>et dolore magna aliqua {{ i | times: 3 }}' +
  `</td></tr>{% endfor %}</table>`;

let app: ReportsApp;
let owner: TestUser;
let teamId: string;

beforeAll(async () => {
  app = await startReportsApp({ env: { QUIRE_RENDER_TIMEOUT_MS: String(TIME_LIMIT_MS) } });
  owner = newUser('limits');
  teamId = await app.personalTeam(owner);
  app.templates.add(teamId, 'tpl_huge', { name: 'Huge', html: HUGE_HTML });
  app.templates.add(teamId, 'tpl_endless', { name: 'Endless table', html: table(50_000) });
  app.templates.add(teamId, 'tpl_long', {
    name: 'Long',
    html: '{% for i in (1..120) %}<p style="page-break-after: always">Page {{ i }}</p>{% endfor %}',
  });
});
afterAll(async () => {
  await app.close();
});

const create = (body: unknown) => app.as(owner, '/v1/reports', { method: 'POST', body });
const reportOf = async (id: string) => (await (await app.as(owner, `/v1/reports/${id}`)).json()) as ReportView;
const failedJob = (id: string) =>
  eventually(async () => {
    const job = (await (await app.as(owner, `/v1/jobs/${id}`)).json()) as JobView;
    return job.status === 'failed' ? job : undefined;
  }, 30_000);

describe('a render over its time limit', () => {
  it('is stopped (its worker thread ended and replaced), answers 422 render_timeout and is given back', async () => {
    // The pool's thread boots on its first render: not part of what is measured here.
    expect((await create({ template_id: TEMPLATES.invoice, data: INVOICE_DATA })).status).toBe(201);
    const used = await app.reportsUsed(teamId);
    const killed = app.pool.stats.killed;
    const response = await create({ template_id: 'tpl_endless', data: {} });
    const error = await errorOf(response, 422);
    expect(error).toMatchObject({ code: 'render_timeout', limit: 'render_time_limit_ms', max: TIME_LIMIT_MS });
    expect(error.message).toContain('4 s');
    // Stopped, not left to finish (the table takes a minute to lay out): its worker thread was ended.
    expect(app.pool.stats.killed).toBe(killed + 1);
    expect(await reportOf(error.report_id as string)).toMatchObject({
      status: 'failed',
      error: { code: 'render_timeout' },
    });
    expect(await app.reportsUsed(teamId)).toBe(used);

    // The replacement thread renders the next report.
    const next = await create({ template_id: TEMPLATES.invoice, data: INVOICE_DATA });
    expect(next.status).toBe(201);
  }, 60_000);

  it('fails its job at the first attempt, without retrying, and is given back', async () => {
    const used = await app.reportsUsed(teamId);
    const response = await create({ template_id: 'tpl_endless', data: {}, async: true });
    expect(response.status).toBe(202);
    const job = await failedJob(((await response.json()) as JobView).id);
    expect(job).toMatchObject({ attempts: 1, error: { code: 'render_timeout' } });
    const report = await eventually(async () => {
      const current = await reportOf(job.report_id);
      return current.status === 'failed' ? current : undefined;
    });
    expect(report.error?.code).toBe('render_timeout');
    await eventually(async () => ((await app.reportsUsed(teamId)) === used ? true : undefined));
    await eventually(async () => (app.webhooks.of(report.id).length > 0 ? true : undefined));
    expect(app.webhooks.of(report.id)).toMatchObject([{ type: 'report.failed' }]);
  }, 60_000);
});

describe('a report larger than its plan allows', () => {
  it('answers 422 render_output_too_large naming the limit and the plan, stores nothing and is given back', async () => {
    const used = await app.reportsUsed(teamId);
    const response = await create({ template_id: 'tpl_huge', data: {}, format: 'html' });
    const error = await errorOf(response, 422);
    expect(error).toMatchObject({
      code: 'render_output_too_large',
      limit: 'html_max_bytes',
      max: 5 * 1024 * 1024,
      plan: 'free',
    });
    expect(error.actual as number).toBeGreaterThan(5 * 1024 * 1024);
    expect(error.message).toContain('Free plan');
    const report = await reportOf(error.report_id as string);
    expect(report).toMatchObject({ status: 'failed', bytes: null, error: { code: 'render_output_too_large' } });
    expect((await app.as(owner, `/v1/reports/${report.id}/file`)).status).toBe(409);
    expect(await app.reportsUsed(teamId)).toBe(used);
  });

  it('fails its job at once with the limit, and is given back', async () => {
    const used = await app.reportsUsed(teamId);
    // 120 pages: over the Free plan's 100.
    const response = await create({ template_id: 'tpl_long', data: {}, async: true });
    const job = await failedJob(((await response.json()) as JobView).id);
    expect(job).toMatchObject({ attempts: 1, error: { code: 'render_output_too_large' } });
    expect(job.error?.message).toMatch(/over the limit of 100 pages/);
    await eventually(async () => ((await app.reportsUsed(teamId)) === used ? true : undefined));
  }, 60_000);

  it('renders within the larger limits of a larger plan', async () => {
    await app.setPlan(teamId, 'professional');
    try {
      const response = await create({ template_id: 'tpl_huge', data: {}, format: 'html' });
      expect(response.status).toBe(201);
      expect(((await response.json()) as ReportView).bytes).toBeGreaterThan(5 * 1024 * 1024);
    } finally {
      await app.setPlan(teamId, 'free');
    }
  });
});
