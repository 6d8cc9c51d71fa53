import type { PlanId, Role } from '@quire/core';
import type { RenderPool } from '@quire/render';
import { startAccessApp } from '../../__fixtures__/access-app';
import type { RequestInit } from '../../__fixtures__/actors';
import type { TestUser } from '../../__fixtures__/test-identity';
import type { JobQueue } from '../../jobs/queue';
import type { BlobStore, Store } from '../../store/port';
import type { Reports } from '../index';
import { type FakeTemplates, type RecordingWebhooks, seedTemplates } from './fakes';
import { type ReportsWiring, wireReports } from './wiring';

export { errorOf } from '../../__fixtures__/actors';
export { newUser, type TestUser } from '../../__fixtures__/test-identity';
export type { RequestInit };

export interface ReportsApp {
  url: string;
  store: Store;
  blobs: BlobStore;
  clock: { offsetMs: number };
  reports: Reports;
  jobs: JobQueue;
  /** The one-thread render pool (its stats count the workers ended for a limit). */
  pool: RenderPool;
  templates: FakeTemplates;
  webhooks: RecordingWebhooks;
  /** Fetch as a user (test identity headers), optionally acting for a team. */
  as(user: TestUser, path: string, init?: RequestInit): Promise<Response>;
  /** Fetch as a program with an API key. */
  withKey(secret: string, path: string, init?: RequestInit): Promise<Response>;
  /** The user's personal team (made on first use), with the test templates. */
  personalTeam(user: TestUser): Promise<string>;
  setPlan(teamId: string, plan: PlanId): Promise<void>;
  addMember(teamId: string, user: TestUser, role: Role): Promise<void>;
  /** This month's report counter of the team. */
  reportsUsed(teamId: string): Promise<number>;
  setReportsUsed(teamId: string, used: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The reports routers behind the app's access layer (teams, API keys whose calls are metered, usage), the
 * real idempotency and job queue on the embedded store, a real one-thread render pool, and in-memory
 * templates, data sources and webhooks. The render worker runs.
 */
export async function startReportsApp(
  options: { env?: Record<string, string>; wrapPool?: (pool: RenderPool) => Pick<RenderPool, 'run'> } = {},
): Promise<ReportsApp> {
  // Set while mounting, which the app fixture does before it listens.
  const holder: { wired?: ReportsWiring } = {};
  const feature = await startAccessApp({
    name: 'reports',
    ...(options.env ? { env: options.env } : {}),
    async mount(app, deps, { team, usage }) {
      const wired = await wireReports(deps, team, {
        usage,
        ...(options.wrapPool ? { wrapPool: options.wrapPool } : {}),
      });
      holder.wired = wired;
      app.use('/v1/reports', wired.reports.router);
      app.use('/v1/jobs', wired.reports.jobsRouter);
    },
  });
  if (!holder.wired) throw new Error('the reports app did not mount');
  const { reports, jobs, pool, templates, webhooks } = holder.wired;
  reports.start();
  const { store, blobs, clock } = feature.deps;
  const { actors } = feature;
  const seeded = new Set<string>();

  return {
    url: feature.url,
    store,
    blobs,
    clock,
    reports,
    jobs,
    pool,
    templates,
    webhooks,
    as: actors.fetch,
    withKey: actors.fetch,
    async personalTeam(user) {
      const id = await actors.teamOf(user);
      if (!seeded.has(id)) {
        seedTemplates(templates, id);
        seeded.add(id);
      }
      return id;
    },
    setPlan: actors.setPlan,
    addMember: actors.addMember,
    reportsUsed: async (teamId) => (await actors.usageOf(teamId)).reports,
    setReportsUsed: (teamId, used) => actors.setUsage(teamId, { reports: used }),
    async close() {
      await reports.stop();
      await pool.destroy();
      await feature.close();
    },
  };
}

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
