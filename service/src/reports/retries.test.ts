import type { RenderPool, RunOptions } from '@quire/render';
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

/** Renders fail as a crashed worker would, while `failures` lasts. */
const flaky = { failures: 0 };

let app: ReportsApp;
let user: TestUser;
let teamId: string;
beforeAll(async () => {
  app = await startReportsApp({
    wrapPool: (pool: RenderPool) => ({
      async run<TIn, TOut>(input: TIn, options?: RunOptions): Promise<TOut> {
        if (flaky.failures > 0) {
          flaky.failures--;
          throw new Error('Terminating worker thread');
        }
        return pool.run<TIn, TOut>(input, options);
      },
    }),
  });
  user = newUser('flaky');
  teamId = await app.personalTeam(user);
});
afterAll(async () => {
  await app.close();
});

const html = { template_id: TEMPLATES.invoice, data: INVOICE_DATA, format: 'html' };
const jobOf = async (id: string) => (await (await app.as(user, `/v1/jobs/${id}`)).json()) as JobView;

describe('a render that fails for reasons of the infrastructure', () => {
  it('is retried with backoff, and the report succeeds', async () => {
    flaky.failures = 1;
    const job = (await (
      await app.as(user, '/v1/reports', { method: 'POST', body: { ...html, async: true } })
    ).json()) as JobView;
    const retrying = await eventually(async () => {
      const current = await jobOf(job.id);
      return current.status === 'queued' && current.attempts === 1 ? current : undefined;
    });
    expect(retrying.error?.code).toBe('internal_error');
    expect(Date.parse(retrying.run_at)).toBeGreaterThan(Date.parse(retrying.created_at));
    const done = await eventually(async () => {
      const current = await jobOf(job.id);
      return current.status === 'succeeded' ? current : undefined;
    });
    expect(done).toMatchObject({ attempts: 2, error: null });
    const report = (await (await app.as(user, `/v1/reports/${job.report_id}`)).json()) as ReportView;
    expect(report).toMatchObject({ status: 'succeeded', error: null });
  });

  it('fails for good after its last attempt, and gives the report back', async () => {
    const used = await app.reportsUsed(teamId);
    flaky.failures = 3;
    const job = (await (
      await app.as(user, '/v1/reports', { method: 'POST', body: { ...html, async: true } })
    ).json()) as JobView;
    const failed = await eventually(async () => {
      const current = await jobOf(job.id);
      return current.status === 'failed' ? current : undefined;
    });
    expect(failed).toMatchObject({ attempts: 3, max_attempts: 3, error: { code: 'internal_error' } });
    await eventually(async () => ((await app.reportsUsed(teamId)) === used ? true : undefined));
    const report = (await (await app.as(user, `/v1/reports/${job.report_id}`)).json()) as ReportView;
    expect(report).toMatchObject({ status: 'failed', error: { code: 'internal_error' } });
    // The webhook goes out after the job settles: wait for it rather than race it.
    await eventually(async () => (app.webhooks.of(report.id).length > 0 ? true : undefined));
    expect(app.webhooks.of(report.id)).toMatchObject([{ type: 'report.failed' }]);
  });

  it('answers 500 to a synchronous request, keeping the failed report and refunding it', async () => {
    const used = await app.reportsUsed(teamId);
    flaky.failures = 1;
    const error = await errorOf(await app.as(user, '/v1/reports', { method: 'POST', body: html }), 500);
    expect(error.code).toBe('internal_error');
    const report = (await (await app.as(user, `/v1/reports/${error.report_id}`)).json()) as ReportView;
    expect(report).toMatchObject({ status: 'failed', error: { code: 'internal_error' } });
    expect(await app.reportsUsed(teamId)).toBe(used);
  });
});
