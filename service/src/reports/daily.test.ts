import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_DATA, TEMPLATES } from './__fixtures__/fakes';
import { newUser, type ReportsApp, startReportsApp, type TestUser } from './__fixtures__/reports-app';
import type { DailyReports } from './daily';

let app: ReportsApp;
let owner: TestUser;

beforeAll(async () => {
  app = await startReportsApp();
  owner = newUser('charter');
  await app.personalTeam(owner);
});
afterAll(async () => {
  await app.close();
});

const daily = async (query = '') => {
  const response = await app.as(owner, `/v1/reports/daily${query}`);
  return { status: response.status, body: (await response.json()) as DailyReports & { error?: { code: string } } };
};

describe('GET /v1/reports/daily', () => {
  it('counts the team’s reports per day and status, oldest day first, empty days included', async () => {
    const ok = await app.as(owner, '/v1/reports', {
      method: 'POST',
      body: { template_id: TEMPLATES.invoice, data: INVOICE_DATA },
    });
    expect(ok.status).toBe(201);
    const { status, body } = await daily('?days=3');
    expect(status).toBe(200);
    expect(body.object).toBe('report_days');
    expect(body.days).toHaveLength(3);
    const today = new Date().toISOString().slice(0, 10);
    expect(body.days.map((d) => d.date).at(-1)).toBe(today);
    expect(body.days[0]).toEqual({ date: body.days[0]?.date, queued: 0, rendering: 0, succeeded: 0, failed: 0 });
    const last = body.days[2];
    expect(last).toMatchObject({ date: today, succeeded: 1, failed: 0, queued: 0, rendering: 0 });
  });

  it('defaults to 14 days and refuses more than 90', async () => {
    expect((await daily()).body.days).toHaveLength(14);
    const tooMany = await daily('?days=91');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error?.code).toBe('validation_failed');
  });

  it('is the acting team’s only', async () => {
    const other = newUser('other-charter');
    await app.personalTeam(other);
    const response = await app.as(other, '/v1/reports/daily?days=1');
    const body = (await response.json()) as DailyReports;
    expect(body.days[0]).toMatchObject({ succeeded: 0, failed: 0 });
  });
});
