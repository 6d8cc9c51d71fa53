import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_DATA, TEMPLATES } from './__fixtures__/fakes';
import { errorOf, newUser, type ReportsApp, startReportsApp } from './__fixtures__/reports-app';
import type { ReportView } from './views';

const DAY = 24 * 60 * 60 * 1000;
const html = { template_id: TEMPLATES.invoice, data: INVOICE_DATA, format: 'html' };

let app: ReportsApp;
beforeAll(async () => {
  app = await startReportsApp();
});
afterAll(async () => {
  await app.close();
});

describe('the monthly report limit', () => {
  it('answers the 51st report of a month on Free with 402, its limit, usage and plan', async () => {
    const user = newUser('limited');
    const teamId = await app.personalTeam(user);
    await app.setReportsUsed(teamId, 49);
    expect((await app.as(user, '/v1/reports', { method: 'POST', body: html })).status).toBe(201);
    expect(await app.reportsUsed(teamId)).toBe(50);

    const refused = await app.as(user, '/v1/reports', { method: 'POST', body: html });
    expect(await errorOf(refused, 402)).toMatchObject({
      code: 'plan_limit_exceeded',
      limit: 50,
      used: 50,
      plan: 'free',
    });
    const queued = await app.as(user, '/v1/reports', { method: 'POST', body: { ...html, async: true } });
    expect((await errorOf(queued, 402)).code).toBe('plan_limit_exceeded');
    // Nothing was recorded for the refused ones.
    const list = (await (await app.as(user, '/v1/reports')).json()) as { data: ReportView[] };
    expect(list.data).toHaveLength(1);

    await app.setPlan(teamId, 'starter');
    expect((await app.as(user, '/v1/reports', { method: 'POST', body: html })).status).toBe(201);
  });

  it('refuses a batch that does not fit whole, and queues none of it', async () => {
    const user = newUser('batcher');
    const teamId = await app.personalTeam(user);
    await app.setReportsUsed(teamId, 48);
    const jobs = await app.jobs.collection.count({ teamId });
    const refused = await app.as(user, '/v1/reports/batch', { method: 'POST', body: { items: [html, html, html] } });
    expect(await errorOf(refused, 402)).toMatchObject({ code: 'plan_limit_exceeded', limit: 50, used: 48 });
    expect(await app.jobs.collection.count({ teamId })).toBe(jobs);
    expect(await app.reportsUsed(teamId)).toBe(48);
    const list = (await (await app.as(user, '/v1/reports')).json()) as { data: ReportView[] };
    expect(list.data).toEqual([]);

    const fits = await app.as(user, '/v1/reports/batch', { method: 'POST', body: { items: [html, html] } });
    expect(fits.status).toBe(202);
    expect(await app.reportsUsed(teamId)).toBe(50);
  });
});

describe('file retention', () => {
  it('deletes files past their plan’s retention: Free after 7 days, Professional after 90', async () => {
    const free = newUser('free');
    const freeTeam = await app.personalTeam(free);
    const pro = newUser('pro');
    const proTeam = await app.personalTeam(pro);
    await app.setPlan(proTeam, 'professional');
    const render = async (user: typeof free) =>
      (await (await app.as(user, '/v1/reports', { method: 'POST', body: html })).json()) as ReportView;
    const old = await render(free);
    const kept = await render(pro);
    expect(Date.parse(old.file_expires_at ?? '') - Date.parse(old.completed_at ?? '')).toBe(7 * DAY);
    expect(Date.parse(kept.file_expires_at ?? '') - Date.parse(kept.completed_at ?? '')).toBe(90 * DAY);

    app.clock.offsetMs += 6 * DAY;
    expect(await app.reports.sweepExpired()).toBe(0);
    expect((await app.as(free, `/v1/reports/${old.id}/file`)).status).toBe(200);

    app.clock.offsetMs += 2 * DAY;
    const fresh = await render(free);
    // (Reports of the other tests' Free teams go too.)
    expect(await app.reports.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect((await errorOf(await app.as(free, `/v1/reports/${old.id}/file`), 410)).code).toBe('report_file_expired');
    const expired = (await (await app.as(free, `/v1/reports/${old.id}`)).json()) as ReportView;
    expect(expired).toMatchObject({ status: 'succeeded', download_url: null, file_expires_at: null });
    expect(expired.file_expired_at).toEqual(expect.any(String));
    expect(await app.blobs.get(`reports/${freeTeam}/${old.id}`)).toBeUndefined();
    expect((await app.as(free, `/v1/reports/${fresh.id}/file`)).status).toBe(200);
    expect((await app.as(pro, `/v1/reports/${kept.id}/file`)).status).toBe(200);

    app.clock.offsetMs += 83 * DAY;
    // A download that comes before the sweep does not get the file either.
    expect((await errorOf(await app.as(free, `/v1/reports/${fresh.id}/file`), 410)).code).toBe('report_file_expired');
    expect(await app.blobs.get(`reports/${freeTeam}/${fresh.id}`)).toBeUndefined();
    expect(await app.reports.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect((await errorOf(await app.as(pro, `/v1/reports/${kept.id}/file`), 410)).code).toBe('report_file_expired');
    expect(await app.blobs.get(`reports/${proTeam}/${kept.id}`)).toBeUndefined();
  });
});
