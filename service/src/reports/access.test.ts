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
import type { BatchView, JobView, ReportView } from './views';

let app: ReportsApp;
let owner: TestUser;
let teamId: string;
/** A succeeded sync report, an async one's job and a batch of the owner's team. */
let report: ReportView;
let job: JobView;
let batch: BatchView;

const html = { template_id: TEMPLATES.invoice, data: INVOICE_DATA, format: 'html' };

beforeAll(async () => {
  app = await startReportsApp();
  owner = newUser('owner');
  teamId = await app.personalTeam(owner);
  report = (await (await app.as(owner, '/v1/reports', { method: 'POST', body: html })).json()) as ReportView;
  job = (await (
    await app.as(owner, '/v1/reports', { method: 'POST', body: { ...html, async: true } })
  ).json()) as JobView;
  batch = (await (
    await app.as(owner, '/v1/reports/batch', { method: 'POST', body: { items: [html] } })
  ).json()) as BatchView;
  await eventually(async () => {
    const current = (await (await app.as(owner, `/v1/reports/batches/${batch.id}`)).json()) as BatchView;
    return current.status === 'succeeded' ? true : undefined;
  });
});
afterAll(async () => {
  await app.close();
});

describe('roles', () => {
  it('lets a viewer read reports, files and jobs but not create or delete them', async () => {
    const viewer = newUser('viewer');
    await app.addMember(teamId, viewer, 'viewer');
    const as = (path: string, init = {}) => app.as(viewer, path, { team: teamId, ...init });
    expect((await as(`/v1/reports/${report.id}`)).status).toBe(200);
    expect((await as(`/v1/reports/${report.id}/file`)).status).toBe(200);
    expect((await as('/v1/reports')).status).toBe(200);
    expect((await as(`/v1/jobs/${job.id}`)).status).toBe(200);
    expect((await as(`/v1/reports/batches/${batch.id}`)).status).toBe(200);
    expect((await errorOf(await as('/v1/reports', { method: 'POST', body: html }), 403)).code).toBe('forbidden');
    const batchPost = await as('/v1/reports/batch', { method: 'POST', body: { items: [html] } });
    expect((await errorOf(batchPost, 403)).code).toBe('forbidden');
    expect((await errorOf(await as(`/v1/reports/${report.id}`, { method: 'DELETE' }), 403)).code).toBe('forbidden');
  });

  it('lets a member create reports but not delete them; an editor deletes', async () => {
    const member = newUser('member');
    await app.addMember(teamId, member, 'member');
    const created = await app.as(member, '/v1/reports', { method: 'POST', team: teamId, body: html });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as ReportView;
    const refused = await app.as(member, `/v1/reports/${id}`, { method: 'DELETE', team: teamId });
    expect((await errorOf(refused, 403)).code).toBe('forbidden');

    const editor = newUser('editor');
    await app.addMember(teamId, editor, 'editor');
    expect((await app.as(editor, `/v1/reports/${id}`, { method: 'DELETE', team: teamId })).status).toBe(200);
  });

  it('asks who is calling first', async () => {
    const anonymous = await fetch(`${app.url}/v1/reports/${report.id}`);
    expect((await errorOf(anonymous, 401)).code).toBe('session_missing');
    expect((await errorOf(await fetch(`${app.url}/v1/jobs/${job.id}`), 401)).code).toBe('session_missing');
  });
});

describe('API keys', () => {
  it('render, list and download reports of the key’s team, with the key’s role', async () => {
    const make = async (role: string) => {
      const response = await app.as(owner, '/v1/api-keys', { method: 'POST', body: { name: role, role } });
      return ((await response.json()) as { secret: string }).secret;
    };
    const key = await make('member');
    const created = await app.withKey(key, '/v1/reports', {
      method: 'POST',
      body: html,
      headers: { Accept: 'text/html' },
    });
    expect(created.status).toBe(201);
    expect(await created.text()).toContain('Zephyr Test Corp');
    const id = created.headers.get('quire-report-id') as string;
    expect((await app.withKey(key, `/v1/reports/${id}`)).status).toBe(200);
    expect((await app.withKey(key, `/v1/reports/${id}/file`)).status).toBe(200);
    const list = (await (await app.withKey(key, '/v1/reports?limit=100')).json()) as { data: ReportView[] };
    expect(list.data.map((r) => r.id)).toContain(report.id);
    expect((await app.withKey(key, `/v1/jobs/${job.id}`)).status).toBe(200);

    const viewerKey = await make('viewer');
    const refused = await app.withKey(viewerKey, '/v1/reports', { method: 'POST', body: html });
    expect((await errorOf(refused, 403)).code).toBe('forbidden');
    expect((await errorOf(await app.withKey('qk_live_nope', '/v1/reports'), 401)).code).toBe('invalid_api_key');
  });
});

describe('another team', () => {
  it('finds none of the team’s reports, files, jobs or batches (404, never 403)', async () => {
    const stranger = newUser('stranger');
    const as = (path: string, init = {}) => app.as(stranger, path, init);
    expect((await errorOf(await as(`/v1/reports/${report.id}`), 404)).code).toBe('report_not_found');
    expect((await errorOf(await as(`/v1/reports/${report.id}/file`), 404)).code).toBe('report_not_found');
    expect((await errorOf(await as(`/v1/reports/${report.id}`, { method: 'DELETE' }), 404)).code).toBe(
      'report_not_found',
    );
    expect((await errorOf(await as(`/v1/jobs/${job.id}`), 404)).code).toBe('job_not_found');
    expect((await errorOf(await as(`/v1/reports/batches/${batch.id}`), 404)).code).toBe('batch_not_found');
    const list = (await (await as('/v1/reports')).json()) as { data: ReportView[] };
    expect(list.data).toEqual([]);
    // Nor can it render the team's templates, or page through its list.
    const render = await as('/v1/reports', { method: 'POST', body: html });
    expect((await errorOf(render, 404)).code).toBe('template_not_found');
    expect((await errorOf(await as(`/v1/reports?starting_after=${report.id}`), 400)).code).toBe('invalid_cursor');
    // Naming the team it is not in is 404 too, from the teams module.
    expect((await errorOf(await as(`/v1/reports/${report.id}`, { team: teamId }), 404)).code).toBe('not_found');
  });
});

describe('source', () => {
  it('says who asked for each report: the person, the API key by name, an agent through MCP', async () => {
    expect(report.source).toEqual({ type: 'user', id: owner.id, name: owner.email });
    // The data used is kept with it (a template without a schema marks nothing secret).
    expect(report.data).toEqual(INVOICE_DATA);
    expect(report.data_source_params).toBeNull();
    const made = await app.as(owner, '/v1/api-keys', {
      method: 'POST',
      body: { name: 'Billing server', role: 'member' },
    });
    const { id: keyId, secret } = (await made.json()) as { id: string; secret: string };
    const byKey = (await (
      await app.withKey(secret, '/v1/reports', { method: 'POST', body: html })
    ).json()) as ReportView;
    expect(byKey.source).toEqual({ type: 'api_key', id: keyId, name: 'Billing server' });
    const viaMcp = await app.withKey(secret, '/v1/reports', {
      method: 'POST',
      body: { ...html, async: true },
      headers: { 'Quire-Source': 'mcp' },
    });
    const queued = (await viaMcp.json()) as JobView;
    const asked = (await (await app.as(owner, `/v1/reports/${queued.report_id}`)).json()) as ReportView;
    expect(asked.source).toEqual({ type: 'mcp', id: keyId, name: 'Billing server' });
    // A person's session cannot claim to be an agent.
    const claimed = await app.as(owner, '/v1/reports', {
      method: 'POST',
      body: html,
      headers: { 'Quire-Source': 'mcp' },
    });
    expect(((await claimed.json()) as ReportView).source?.type).toBe('user');
    // Batches keep it on every report, and the list shows it.
    const listed = (await (await app.as(owner, '/v1/reports?limit=100')).json()) as { data: ReportView[] };
    const batchReport = listed.data.find((r) => r.id === batch.reports[0]);
    expect(batchReport?.source).toEqual({ type: 'user', id: owner.id, name: owner.email });
  });
});
