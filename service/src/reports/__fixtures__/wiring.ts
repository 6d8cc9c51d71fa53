import { RenderPool } from '@quire/render';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { TeamGuards } from '../../access/index';
import type { Config } from '../../config';
import { createIdempotency } from '../../http/idempotency';
import { createJobQueue, type JobQueue } from '../../jobs/queue';
import { createRenderService } from '../../rendering/render-service';
import type { BlobStore, Store } from '../../store/port';
import { createUsage, type Usage } from '../../usage/index';
import type { WebhooksPort } from '../deps';
import { createReports, type Reports } from '../index';
import { FakeTemplates, fakeDataSources, RecordingWebhooks } from './fakes';

export interface WiringBase {
  store: Store;
  blobs: BlobStore;
  config: Config;
  logger: Logger;
  now: () => Date;
}

/** The access layer's team guards, or actingAs's stand-ins for them. */
export type AuthHandlers = TeamGuards;

/** Every request acts as the owner of one team: for processes that need the module but not the teams module. */
export function actingAs(teamId: string): AuthHandlers {
  const pass: RequestHandler = (_req, _res, next) => next();
  return {
    authenticate: (_req, res, next) => {
      res.locals.team = { id: teamId, name: 'Test team', plan: 'free', role: 'owner' };
      // The person asking, as the real authenticator records them (a report names who asked for it).
      res.locals.user = { id: 'usr_test_owner', email: 'owner@quire.test' };
      next();
    },
    actingTeam: pass,
    requirePermission: () => pass,
  };
}

export interface ReportsWiring {
  reports: Reports;
  usage: Usage;
  jobs: JobQueue;
  /** One worker thread; destroy it after reports.stop(). */
  pool: RenderPool;
  templates: FakeTemplates;
  webhooks: RecordingWebhooks;
}

/**
 * The reports module on real parts (usage, idempotency, job queue, a one-thread render pool) and the in-memory
 * stand-ins for the modules built next to it. Shared by the test app and the worker process fixture.
 */
export async function wireReports(
  base: WiringBase,
  auth: AuthHandlers,
  options: {
    webhooks?: WebhooksPort;
    /** Wraps the pool the module renders with (to watch its renders). */
    wrapPool?: (pool: RenderPool) => Pick<RenderPool, 'run'>;
    pollMs?: number;
    /** The usage module of the access layer the routes sit behind; a fresh one otherwise. */
    usage?: Usage;
  } = {},
): Promise<ReportsWiring> {
  const { store, now } = base;
  const usage = options.usage ?? (await createUsage({ ...base }));
  // Short retries, so that a test sees a retried attempt without waiting for production backoff.
  const jobs = await createJobQueue(store, { now, backoff: { baseMs: 200, maxMs: 1_000, jitter: 0 } });
  const pool = new RenderPool({ workers: 1 });
  const templates = new FakeTemplates();
  const webhooks = new RecordingWebhooks();
  const reports = await createReports({
    ...base,
    ...auth,
    idempotency: await createIdempotency({ store, now, secret: base.config.secret }),
    usage,
    templates,
    dataSources: fakeDataSources,
    webhooks: options.webhooks ?? webhooks,
    jobs,
    // The service's queues and plan limits in front of the one thread (QUIRE_RENDER_TIMEOUT_MS caps the time).
    renderer: createRenderService({
      pool: options.wrapPool ? options.wrapPool(pool) : pool,
      lanes: { reports: 1, previews: 1 },
      planOf: (teamId) => usage.planOf(teamId),
      maxTimeoutMs: base.config.renderTimeoutMs,
      engine: base.config.renderEngine,
    }),
    pollMs: options.pollMs ?? 100,
  });
  return { reports, usage, jobs, pool, templates, webhooks };
}
