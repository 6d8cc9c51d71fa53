import type { Router } from 'express';
import { startWorker, type Worker } from '../jobs/worker';
import type { ReportsContext } from './context';
import type { ReportsDeps } from './deps';
import { RENDER_QUEUE } from './enqueue';
import { openReportCollections, UNSETTLED } from './records';
import { renderJob } from './render-job';
import { createRetention } from './retention';
import { reportRoutes } from './routes';
import { createSettle } from './settle';

export type { DataSourcesPort, ReportEvent, ReportsDeps, TemplatesPort, WebhooksPort } from './deps';
export { RENDER_QUEUE } from './enqueue';
export type { ResolvedTemplate } from './rendering';
export { RETENTION_DAYS } from './retention';

export interface Reports {
  /** Mount at /v1/reports. */
  router: Router;
  /** Mount at /v1/jobs. */
  jobsRouter: Router;
  /** Starts this process's render worker and the retention sweep (now, then hourly). */
  start(): void;
  /** Stops claiming jobs and waits for the running renders; call before destroying the render pool. */
  stop(): Promise<void>;
  /** Deletes the files past their plan's retention, and settles reports whose job ended without them. */
  sweepExpired(): Promise<number>;
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** A synchronous render still "rendering" after this long lost its process (renders time out after 30 s). */
const ABANDONED_SYNC_MS = 15 * 60 * 1000;

/**
 * Reports: synchronous renders answered with the report or its file, async renders and batches as jobs of the
 * `render` queue, their status, downloads, deletion and the files' retention. Opens its collections, so it is
 * awaited at start-up; the worker runs only after start(), so that a process may serve the API without rendering
 * jobs (or render jobs without serving).
 */
export async function createReports(deps: ReportsDeps): Promise<Reports> {
  const collections = await openReportCollections(deps.store);
  let worker: Worker | undefined;
  const settle = createSettle({ ...deps, collections });
  const retention = createRetention({
    collections,
    blobs: deps.blobs,
    planOf: (teamId) => deps.usage.planOf(teamId),
    now: deps.now,
    logger: deps.logger,
  });
  const ctx: ReportsContext = { ...deps, collections, settle, retention, notifyWorker: () => worker?.notify() };
  const { router, jobsRouter } = reportRoutes(ctx);

  async function settleAbandoned(): Promise<void> {
    const { reports } = collections;
    for (const report of await reports.find({ status: { $in: UNSETTLED }, jobId: { $ne: null } })) {
      await settle.reconcile(report);
    }
    const before = new Date(deps.now().getTime() - ABANDONED_SYNC_MS).toISOString();
    for (const report of await reports.find({ status: 'rendering', jobId: null, createdAt: { $lt: before } })) {
      await settle.failed(report.id, {
        code: 'internal_error',
        message: 'The render was interrupted: the service stopped while it ran.',
      });
    }
  }

  async function sweepExpired(): Promise<number> {
    await settleAbandoned();
    return retention.sweepExpired();
  }

  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweepInBackground = () => {
    sweeping = sweepExpired().catch((error) => deps.logger.error({ err: error }, 'the report sweep failed'));
  };

  return {
    router,
    jobsRouter,
    start() {
      if (worker) return;
      worker = startWorker(deps.jobs, {
        queue: RENDER_QUEUE,
        concurrency: deps.config.jobConcurrency,
        leaseMs: deps.config.jobLeaseMs,
        ...(deps.pollMs ? { pollMs: deps.pollMs } : {}),
        logger: deps.logger,
        ...renderJob(ctx),
      });
      sweepInBackground();
      timer = setInterval(sweepInBackground, SWEEP_EVERY_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      const running = worker;
      worker = undefined;
      await running?.stop();
      await sweeping;
    },
    sweepExpired,
  };
}
