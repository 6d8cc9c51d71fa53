import type { PlanId, Role } from '@quire/core';
import type { RenderPool } from '@quire/render';
import { startFeatureApp } from '../../__fixtures__/feature-app';
import { authenticateUserOrApiKey, createApiKeyAuthenticator, createApiKeys } from '../../api-keys/index';
import type { JobQueue } from '../../jobs/queue';
import type { BlobStore, Store } from '../../store/port';
import { newUser, type TestUser, testHeaderIdentity } from '../../teams/__fixtures__/teams-app';
import { createTeams, openTeamCollections } from '../../teams/index';
import { membershipId } from '../../teams/model';
import { periodOf, type UsageCounter } from '../../usage/index';
import type { Reports } from '../index';
import { type FakeTemplates, type RecordingWebhooks, seedTemplates } from './fakes';
import { type ReportsWiring, wireReports } from './wiring';

export { newUser, type TestUser };

export interface RequestInit {
  method?: string;
  body?: unknown;
  team?: string;
  headers?: Record<string, string>;
}

export interface ReportsApp {
  url: string;
  store: Store;
  blobs: BlobStore;
  clock: { offsetMs: number };
  reports: Reports;
  jobs: JobQueue;
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
 * The reports routers with the real teams and API-key modules (a test identity stands in for sign-in, as in
 * the teams tests), the real usage, idempotency and job queue on the embedded store, a real one-thread render
 * pool, and in-memory templates, data sources and webhooks. The render worker runs.
 */
export async function startReportsApp(
  options: { env?: Record<string, string>; wrapPool?: (pool: RenderPool) => Pick<RenderPool, 'run'> } = {},
): Promise<ReportsApp> {
  // Set while mounting, which the app fixture does before it listens.
  const holder: { wired?: ReportsWiring } = {};
  const feature = await startFeatureApp({
    name: 'reports',
    ...(options.env ? { env: options.env } : {}),
    async mount(app, deps) {
      const { store, now } = deps;
      const authenticate = authenticateUserOrApiKey(
        testHeaderIdentity,
        await createApiKeyAuthenticator({ store, now }),
      );
      const teams = await createTeams({ ...deps, authenticate });
      const auth = { authenticate, actingTeam: teams.actingTeam, requirePermission: teams.requirePermission };
      const apiKeys = await createApiKeys({ ...deps, ...auth });
      const wired = await wireReports(deps, auth, options.wrapPool ? { wrapPool: options.wrapPool } : {});
      holder.wired = wired;
      app.use('/v1/team', teams.router);
      app.use('/v1/api-keys', apiKeys.router);
      app.use('/v1/reports', wired.reports.router);
      app.use('/v1/jobs', wired.reports.jobsRouter);
    },
  });
  if (!holder.wired) throw new Error('the reports app did not mount');
  const { reports, jobs, pool, templates, webhooks } = holder.wired;
  reports.start();
  const { store, blobs, clock, now } = feature.deps;
  const collections = await openTeamCollections(store);
  const counters = await store.collection<UsageCounter>({ name: 'usage_counters' });
  const seeded = new Set<string>();

  const send = (path: string, headers: Record<string, string>, init: RequestInit) => {
    if (init.team) headers['Quire-Team'] = init.team;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(`${feature.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { ...headers, ...init.headers },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  };
  const counterId = (teamId: string) => `${teamId}:${periodOf(now())}`;

  return {
    url: feature.url,
    store,
    blobs,
    clock,
    reports,
    jobs,
    templates,
    webhooks,
    as: (user, path, init = {}) => send(path, { 'X-Test-User': user.id, 'X-Test-Email': user.email }, init),
    withKey: (secret, path, init = {}) => send(path, { Authorization: `Bearer ${secret}` }, init),
    async personalTeam(user) {
      const response = await send('/v1/team', { 'X-Test-User': user.id, 'X-Test-Email': user.email }, {});
      const { id } = (await response.json()) as { id: string };
      if (!seeded.has(id)) {
        seedTemplates(templates, id);
        seeded.add(id);
      }
      return id;
    },
    async setPlan(teamId, plan) {
      await collections.teams.updateOne({ id: teamId }, { set: { plan } });
    },
    async addMember(teamId, user, role) {
      await collections.memberships.insert({
        id: membershipId(teamId, user.id),
        teamId,
        userId: user.id,
        email: user.email,
        role,
        status: 'active',
        joinedAt: now().toISOString(),
      });
    },
    async reportsUsed(teamId) {
      return (await counters.get(counterId(teamId)))?.reports ?? 0;
    },
    async setReportsUsed(teamId, used) {
      const id = counterId(teamId);
      await counters.upsert(
        { id },
        { id, teamId, period: periodOf(now()), reports: used, api_calls: 0 },
        { set: { reports: used } },
      );
    },
    async close() {
      await reports.stop();
      await pool.destroy();
      await feature.close();
    },
  };
}

/** The error envelope's fields, after checking the status. */
export async function errorOf(response: Response, status: number) {
  const body = (await response.json()) as { error?: Record<string, unknown> };
  if (response.status !== status) {
    throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(body)}`);
  }
  return body.error as { code: string; message: string; param?: string } & Record<string, unknown>;
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
