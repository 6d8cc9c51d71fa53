import type { Permission } from '@quire/core';
import type { RequestHandler, Router } from 'express';
import type { Logger } from 'pino';
import type { Audit } from '../audit/index';
import type { Config } from '../config';
import { secretBox } from '../crypto/secret-box';
import { createJobQueue } from '../jobs/queue';
import { startWorker, type Worker } from '../jobs/worker';
import type { Store } from '../store/port';
import { type DeliverDeps, deliveryIdOf, deliveryJobHandler } from './deliver';
import { createEmitter, DEFAULT_MAX_ATTEMPTS, recordingOutcomes, WEBHOOK_QUEUE, type WebhookEmit } from './deliveries';
import { deliveryLogRoutes } from './delivery-log';
import { endpointRoutes } from './endpoints';
import { openWebhookCollections } from './model';
import type { RouteDeps } from './route-deps';

export { DEFAULT_MAX_ATTEMPTS, WEBHOOK_QUEUE, type WebhookEmit } from './deliveries';
export { assertWebhookUrl } from './urls';

export interface WebhooksDeps {
  store: Store;
  logger: Logger;
  now: () => Date;
  /** config.secret (seals secrets), config.outboundAllow, config.webhookRetryBaseMs, config.jobLeaseMs. */
  config: Config;
  authenticate: RequestHandler;
  actingTeam: RequestHandler;
  requirePermission(permission: Permission): RequestHandler;
  audit: Audit;
  /** http/idempotency.ts: mounted on the POST routes, after authenticate and actingTeam. */
  idempotency: RequestHandler;
  /** Attempts per delivery; default DEFAULT_MAX_ATTEMPTS (12). */
  maxAttempts?: number;
  /** Deliveries one process sends at once; default 4 (they wait on the network, not on the CPU). */
  concurrency?: number;
}

export interface Webhooks {
  /** Mount at /v1/webhook-endpoints. */
  router: Router;
  /** Mount at /v1/webhook-deliveries. */
  deliveriesRouter: Router;
  /** A report settled: queues one signed delivery per target. Works before start(): jobs wait in the store. */
  emit(event: WebhookEmit): Promise<void>;
  /** Starts this process's delivery worker. Every replica may run one: the queue gives each job to one worker. */
  start(): void;
  /** Stops claiming deliveries and waits for the ones being sent. */
  stop(): Promise<void>;
}

/**
 * Signed webhooks: endpoints with their secrets, the team's signing secret for report requests' webhook_url,
 * deliveries with their log, and the worker that sends them.
 *
 * Deliveries run on their own JobQueue over the shared `jobs` collection (queue name `webhook`): its backoff
 * starts at config.webhookRetryBaseMs and doubles up to an hour, which is not the render jobs' backoff.
 */
export async function createWebhooks(deps: WebhooksDeps): Promise<Webhooks> {
  const { store, logger, now, config } = deps;
  const collections = await openWebhookCollections(store);
  const box = secretBox(config.secret, 'webhooks');
  const policy = { allow: config.outboundAllow };
  const queue = await createJobQueue(store, {
    now,
    backoff: { baseMs: config.webhookRetryBaseMs, maxMs: 3_600_000 },
    // A delivery whose worker died on its last attempt would otherwise stay pending for ever.
    onWorkerLost: async (job) => {
      if (job.queue !== WEBHOOK_QUEUE) return;
      await collections.deliveries.updateOne(
        { id: deliveryIdOf(job), state: 'pending' },
        { set: { state: 'failed', nextAttemptAt: null, updatedAt: now().toISOString() } },
      );
    },
  });
  const maxAttempts = deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const deliver: DeliverDeps = { collections, box, policy, now };

  let worker: Worker | undefined;
  const notify = () => worker?.notify();
  // A retry is due at a time the queue chose: wake the worker then rather than at its next poll.
  const timers = new Set<NodeJS.Timeout>();
  const retryAt = (at: Date) => {
    if (!worker) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        notify();
      },
      Math.max(0, at.getTime() - now().getTime()),
    );
    timer.unref();
    timers.add(timer);
  };

  const routeDeps: RouteDeps = { ...deps, collections, box, policy, queue, maxAttempts, notify, deliver };
  return {
    router: endpointRoutes(routeDeps),
    deliveriesRouter: deliveryLogRoutes(routeDeps),
    emit: createEmitter({ collections, queue, now, maxAttempts, notify }),
    start() {
      if (worker) return;
      worker = startWorker(recordingOutcomes(queue, collections, now, retryAt), {
        queue: WEBHOOK_QUEUE,
        concurrency: deps.concurrency ?? 4,
        leaseMs: config.jobLeaseMs,
        pollMs: 1_000,
        logger,
        handle: deliveryJobHandler(deliver),
      });
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const running = worker;
      worker = undefined;
      await running?.stop();
    },
  };
}
