import type { WebhookEventType } from '@quire/core';
import { newId } from '../crypto/ids';
import type { Job, JobQueue } from '../jobs/queue';
import { type DeliveryJobPayload, deliveryIdOf } from './deliver';
import type { DeliveryEventType, WebhookCollections, WebhookDelivery } from './model';

export const WEBHOOK_QUEUE = 'webhook';
/**
 * Attempts per delivery. With the default first delay of 10 s (QUIRE_WEBHOOK_RETRY_BASE_MS) doubling up to an
 * hour: 10 s, 20 s, 40 s ... 1 h, 1 h: the last attempt comes about 3.4 hours after the first, long enough to ride
 * out a receiver's deploy or a short outage.
 */
export const DEFAULT_MAX_ATTEMPTS = 12;

/** What the reports module tells webhooks when a report settles. */
export interface WebhookEmit {
  teamId: string;
  type: WebhookEventType;
  reportId: string;
  /** The report's API view (as GET /v1/reports/{id} answers it): sent as the event's `data.object`. */
  data: Record<string, unknown>;
  /** The report request's own webhook_url, signed with the team's signing secret. */
  url?: string;
}

interface Target {
  url: string;
  endpointId: string | null;
}

/** The event's JSON: built once, so every target and every attempt sends the same bytes. */
export function eventBody(id: string, type: DeliveryEventType, createdAt: string, object: unknown): string {
  return JSON.stringify({ id, type, created_at: createdAt, data: { object } });
}

/** A new pending delivery record of an event to one target. */
export function newDelivery(
  fields: Pick<WebhookDelivery, 'teamId' | 'reportId' | 'url' | 'endpointId' | 'eventId' | 'type' | 'body'>,
  at: Date,
): WebhookDelivery {
  const iso = at.toISOString();
  return {
    id: newId('whd'),
    ...fields,
    state: 'pending',
    attempts: [],
    nextAttemptAt: iso,
    createdAt: iso,
    updatedAt: iso,
  };
}

/** Queues the next attempts of a pending delivery: one job, retried by the queue until it succeeds or gives up. */
export async function enqueueDelivery(queue: JobQueue, delivery: WebhookDelivery, maxAttempts: number): Promise<void> {
  const payload: DeliveryJobPayload = { deliveryId: delivery.id };
  await queue.enqueue(WEBHOOK_QUEUE, payload, { teamId: delivery.teamId, maxAttempts });
}

/**
 * emit(): one delivery per target (the request's url, then every enabled endpoint of the team subscribed to the
 * type), all with the same event id, so that a receiver reached twice (say, by the url and an endpoint) can tell.
 */
export function createEmitter(deps: {
  collections: WebhookCollections;
  queue: JobQueue;
  now: () => Date;
  maxAttempts: number;
  /** Wakes the worker, when it runs in this process. */
  notify: () => void;
}): (event: WebhookEmit) => Promise<void> {
  const { collections, queue, now, maxAttempts, notify } = deps;
  return async (event) => {
    const at = now();
    const eventId = newId('evt');
    const body = eventBody(eventId, event.type, at.toISOString(), event.data);
    const targets: Target[] = event.url ? [{ url: event.url, endpointId: null }] : [];
    const endpoints = await collections.endpoints.find(
      { teamId: event.teamId, enabled: true },
      { sort: { field: 'createdAt', direction: 1 } },
    );
    for (const endpoint of endpoints) {
      if (endpoint.events.includes(event.type)) targets.push({ url: endpoint.url, endpointId: endpoint.id });
    }
    for (const target of targets) {
      const delivery = await collections.deliveries.insert(
        newDelivery({ teamId: event.teamId, reportId: event.reportId, eventId, type: event.type, body, ...target }, at),
      );
      await enqueueDelivery(queue, delivery, maxAttempts);
    }
    if (targets.length > 0) notify();
  };
}

/**
 * The queue as the worker sees it, with each failed attempt's outcome copied onto its delivery: the queue decides
 * when the next attempt runs (its backoff, with jitter) or that there is none, and the delivery log shows that
 * decision (next_attempt_at, or state failed). `retryAt` hears of each scheduled retry, to wake the worker then.
 */
export function recordingOutcomes(
  queue: JobQueue,
  collections: WebhookCollections,
  now: () => Date,
  retryAt: (at: Date) => void,
): JobQueue {
  const settle = async (job: Job) => {
    const updatedAt = now().toISOString();
    const filter = { id: deliveryIdOf(job), state: 'pending' as const };
    if (job.state === 'failed') {
      await collections.deliveries.updateOne(filter, { set: { state: 'failed', nextAttemptAt: null, updatedAt } });
    } else {
      await collections.deliveries.updateOne(filter, { set: { nextAttemptAt: job.runAt, updatedAt } });
      retryAt(new Date(job.runAt));
    }
  };
  return {
    ...queue,
    async fail(job, error, permanent) {
      const after = await queue.fail(job, error, permanent);
      if (after) await settle(after);
      return after;
    },
  };
}
