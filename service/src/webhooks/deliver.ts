import { performance } from 'node:perf_hooks';
import {
  QuireError,
  signWebhook,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_TYPE_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TEST_EVENT_TYPE,
} from '@quire/core';
import type { SecretBox } from '../crypto/secret-box';
import { type Job, PermanentJobError } from '../jobs/queue';
import { guardedRequest, OutboundError, type OutboundPolicy } from '../outbound/guard';
import type { DeliveryAttempt, WebhookCollections, WebhookDelivery } from './model';
import { ensureTeamSecret, signingSecrets } from './secrets';

export const USER_AGENT = 'Quire-Webhooks/0.1 (+https://quire.dev/docs/webhooks)';
/** A receiver should answer quickly and do the work later; a slow one is retried like a failed one. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Receivers answer with a short body; Quire reads no more than this of it (more fails the attempt). */
export const RESPONSE_LIMIT_BYTES = 64 * 1024;

export interface DeliverDeps {
  collections: WebhookCollections;
  box: SecretBox;
  policy: OutboundPolicy;
  now: () => Date;
}

interface Failure {
  code: string;
  message: string;
  /** A retry cannot help: the address is refused, the receiver said 410 Gone, the endpoint is gone. */
  permanent: boolean;
}

export type AttemptResult =
  | { ok: true; status: number; delivery: WebhookDelivery | undefined }
  | ({ ok: false; delivery: WebhookDelivery | undefined } & Failure);

/** Thrown before any request is made: the delivery has nothing to be signed with any more. */
class Undeliverable extends Error {
  constructor(
    readonly code: 'webhook_endpoint_deleted' | 'webhook_endpoint_disabled',
    message: string,
  ) {
    super(message);
  }
}

/** The secrets to sign with: the endpoint's, or the team's own for a report request's webhook_url. */
async function secretsFor(delivery: WebhookDelivery, deps: DeliverDeps, at: Date): Promise<string[]> {
  const { endpoints } = deps.collections;
  if (delivery.endpointId === null) {
    const { record } = await ensureTeamSecret(deps.collections, deps.box, delivery.teamId, at);
    return signingSecrets(record, deps.box, at);
  }
  const endpoint = await endpoints.findOne({ id: delivery.endpointId, teamId: delivery.teamId });
  if (!endpoint) throw new Undeliverable('webhook_endpoint_deleted', 'The webhook endpoint was deleted.');
  // A disabled endpoint gets no more events, but can still be sent a test (to check it before enabling it).
  if (!endpoint.enabled && delivery.type !== WEBHOOK_TEST_EVENT_TYPE) {
    throw new Undeliverable('webhook_endpoint_disabled', 'The webhook endpoint is disabled.');
  }
  return signingSecrets(endpoint, deps.box, at);
}

function failureOfStatus(status: number): Failure | null {
  if (status >= 200 && status < 300) return null;
  if (status === 410) {
    return {
      code: 'gone',
      message: 'The receiver answered 410 Gone: this delivery is not retried.',
      permanent: true,
    };
  }
  return { code: 'http_status', message: `The receiver answered ${status}.`, permanent: false };
}

function failureOfError(error: unknown): Failure {
  if (error instanceof Undeliverable) return { code: error.code, message: error.message, permanent: true };
  if (QuireError.isInstance(error) && error.code === 'outbound_blocked') {
    return { code: error.code, message: error.message, permanent: true };
  }
  if (error instanceof OutboundError) {
    switch (error.reason) {
      case 'timeout':
        return { code: 'timeout', message: `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s.`, permanent: false };
      case 'too_large':
        return { code: 'response_too_large', message: error.message, permanent: false };
      case 'too_many_redirects':
        return {
          code: 'redirect_not_followed',
          message: 'The receiver answered with a redirect; webhooks do not follow redirects.',
          permanent: false,
        };
      case 'invalid_url':
        return { code: 'invalid_url', message: error.message, permanent: true };
      default:
        return { code: 'network_error', message: error.message, permanent: false };
    }
  }
  // Not the receiver's doing (the store, a bug): retried, and said so.
  return { code: 'internal_error', message: (error as Error)?.message ?? String(error), permanent: false };
}

/**
 * Sends a delivery once, signed now (each attempt has a fresh timestamp, so that a retry hours later is inside
 * the receiver's tolerance; the body is the same bytes every time), and appends the attempt to its log. A success
 * ends the delivery; what a failure means (retry or give up) is the caller's to record.
 */
export async function attemptDelivery(delivery: WebhookDelivery, deps: DeliverDeps): Promise<AttemptResult> {
  const at = deps.now();
  const started = performance.now();
  let status: number | null = null;
  let failure: Failure | null;
  try {
    const secrets = await secretsFor(delivery, deps, at);
    const signature = await signWebhook({
      secret: secrets,
      timestamp: Math.floor(at.getTime() / 1000),
      body: delivery.body,
    });
    const response = await guardedRequest(
      delivery.url,
      {
        method: 'POST',
        body: delivery.body,
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signature,
          [WEBHOOK_EVENT_ID_HEADER.toLowerCase()]: delivery.eventId,
          [WEBHOOK_EVENT_TYPE_HEADER.toLowerCase()]: delivery.type,
        },
        timeoutMs: DELIVERY_TIMEOUT_MS,
        maxRedirects: 0,
        maxBytes: RESPONSE_LIMIT_BYTES,
      },
      deps.policy,
    );
    status = response.status;
    failure = failureOfStatus(status);
  } catch (error) {
    failure = failureOfError(error);
  }
  const attempt: DeliveryAttempt = {
    at: at.toISOString(),
    status,
    durationMs: Math.round(performance.now() - started),
    error: failure ? { code: failure.code, message: failure.message } : null,
  };
  const updatedAt = deps.now().toISOString();
  const recorded = await deps.collections.deliveries.updateOne(
    { id: delivery.id, state: 'pending' },
    {
      set: {
        attempts: [...delivery.attempts, attempt],
        updatedAt,
        ...(failure ? {} : { state: 'succeeded', nextAttemptAt: null }),
      },
    },
  );
  if (!failure) return { ok: true, status: status as number, delivery: recorded };
  return { ok: false, delivery: recorded, ...failure };
}

/** The job payload of the `webhook` queue. */
export interface DeliveryJobPayload {
  deliveryId: string;
}

export const deliveryIdOf = (job: Job): string => (JSON.parse(job.payload) as DeliveryJobPayload).deliveryId;

/**
 * The `webhook` queue's handler: one attempt per claim. It throws so that the queue schedules the retry with its
 * backoff (PermanentJobError when a retry cannot help); index.ts records the outcome on the delivery.
 */
export function deliveryJobHandler(deps: DeliverDeps): (job: Job) => Promise<unknown> {
  return async (job) => {
    const delivery = await deps.collections.deliveries.get(deliveryIdOf(job));
    // Gone, or no longer pending (settled by another path): nothing to send.
    if (delivery?.state !== 'pending') return { skipped: true };
    const result = await attemptDelivery(delivery, deps);
    if (result.ok) return { status: result.status };
    if (result.permanent) throw new PermanentJobError(result.code, result.message);
    throw Object.assign(new Error(result.message), { code: result.code });
  };
}
