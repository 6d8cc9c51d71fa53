import { WEBHOOK_TEST_EVENT_TYPE, WebhookEventType } from '@quire/core';
import { z } from 'zod';
import type { Collection, Store } from '../store/port';

/** A secret sealed with secretBox(config.secret, 'webhooks'), and the secrets it replaced that still sign. */
export interface Keyring {
  /** The current secret, sealed. */
  secret: string;
  /** Secrets replaced by a rotation, sealed: deliveries are signed with them too until they expire. */
  previousSecrets: { secret: string; expiresAt: string }[];
}

/** Where a team's events go, besides the webhook_url a report request may name. */
export interface WebhookEndpoint extends Keyring {
  id: string;
  teamId: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  secretRotatedAt: string | null;
}

/** The team's own secret, for the webhook_url of a report request (which has no endpoint, hence no secret). */
export interface TeamSigningSecret extends Keyring {
  id: string;
  teamId: string;
  createdAt: string;
  rotatedAt: string | null;
}

export type DeliveryState = 'pending' | 'succeeded' | 'failed';
export type DeliveryEventType = WebhookEventType | typeof WEBHOOK_TEST_EVENT_TYPE;

export interface DeliveryAttempt {
  at: string;
  /** The receiver's HTTP status; null when no answer came (refused, timed out, unreachable). */
  status: number | null;
  durationMs: number;
  error: { code: string; message: string } | null;
}

/** One event to one target: the delivery log of a report is its deliveries. */
export interface WebhookDelivery {
  id: string;
  teamId: string;
  /** Null for test events. */
  reportId: string | null;
  /** Null when the target is the report request's own webhook_url (signed with the team's signing secret). */
  endpointId: string | null;
  url: string;
  eventId: string;
  type: DeliveryEventType;
  /** The exact JSON sent, so that every attempt (and a manual retry) sends the same bytes. */
  body: string;
  state: DeliveryState;
  attempts: DeliveryAttempt[];
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookCollections {
  endpoints: Collection<WebhookEndpoint>;
  teamSecrets: Collection<TeamSigningSecret>;
  deliveries: Collection<WebhookDelivery>;
}

export async function openWebhookCollections(store: Store): Promise<WebhookCollections> {
  return {
    endpoints: await store.collection<WebhookEndpoint>({
      name: 'webhook_endpoints',
      indexes: [['teamId', 'createdAt']],
    }),
    teamSecrets: await store.collection<TeamSigningSecret>({ name: 'webhook_signing_secrets', unique: ['teamId'] }),
    deliveries: await store.collection<WebhookDelivery>({
      name: 'webhook_deliveries',
      indexes: [['teamId', 'createdAt'], 'reportId', 'endpointId'],
    }),
  };
}

// The API's views, as zod schemas: the handlers build them, and the OpenAPI document describes them.

const time = (description: string) => z.string().describe(description);

export const WebhookEndpointView = z.object({
  object: z.literal('webhook_endpoint'),
  id: z.string().describe('Endpoint id (we_…)'),
  url: z.string().describe('Where events are POSTed'),
  events: z.array(WebhookEventType).describe('The events sent to it'),
  description: z.string().nullable(),
  enabled: z.boolean().describe('Disabled endpoints get no events (and pending retries to them stop)'),
  created_at: time('When the endpoint was created'),
  updated_at: time('When it last changed'),
  secret_rotated_at: time('When its signing secret was last rotated').nullable(),
});
export type WebhookEndpointView = z.infer<typeof WebhookEndpointView>;

export const endpointView = (e: WebhookEndpoint): WebhookEndpointView => ({
  object: 'webhook_endpoint',
  id: e.id,
  url: e.url,
  events: e.events,
  description: e.description,
  enabled: e.enabled,
  created_at: e.createdAt,
  updated_at: e.updatedAt,
  secret_rotated_at: e.secretRotatedAt,
});

const SecretField = z.string().describe('The signing secret (`whsec_…`): the HMAC-SHA256 key, prefix included');
const PreviousExpiry = z
  .string()
  .nullable()
  .describe('Until when the secret it replaced still signs (a second v1= value); null when none does');

/** An endpoint as created or rotated: the one time its secret is shown. */
export const WebhookEndpointWithSecret = WebhookEndpointView.extend({
  secret: SecretField,
  previous_secret_expires_at: PreviousExpiry,
});

export const TeamSigningSecretView = z.object({
  object: z.literal('webhook_signing_secret'),
  secret: SecretField,
  created_at: time('When the secret was first made'),
  rotated_at: time('When it was last rotated').nullable(),
  previous_secret_expires_at: PreviousExpiry,
});
export type TeamSigningSecretView = z.infer<typeof TeamSigningSecretView>;

export const DeliveryAttemptView = z.object({
  at: time('When the attempt started'),
  status: z.number().int().nullable().describe("The receiver's HTTP status; null when it did not answer"),
  duration_ms: z.number().int().nonnegative(),
  error: z
    .object({ code: z.string(), message: z.string() })
    .nullable()
    .describe(
      'Why the attempt failed: `http_status`, `gone` (410), `timeout`, `network_error`, `response_too_large`, ' +
        '`redirect_not_followed`, `outbound_blocked`, `invalid_url`, `webhook_endpoint_deleted`, ' +
        '`webhook_endpoint_disabled`; null on success',
    ),
});

export const WebhookDeliveryView = z.object({
  object: z.literal('webhook_delivery'),
  id: z.string().describe('Delivery id (whd_…)'),
  event_id: z.string().describe('The event (evt_…): the same for every target of one event'),
  type: z.enum(['report.completed', 'report.failed', WEBHOOK_TEST_EVENT_TYPE]),
  report_id: z.string().nullable(),
  endpoint_id: z.string().nullable().describe("Null when sent to the report request's own webhook_url"),
  url: z.string(),
  state: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.array(DeliveryAttemptView).describe('Every attempt so far, oldest first'),
  next_attempt_at: time('When the next retry is due; null once the delivery succeeded or failed').nullable(),
  created_at: time('When the event was emitted'),
  updated_at: time('When the delivery last changed'),
});
export type WebhookDeliveryView = z.infer<typeof WebhookDeliveryView>;

export const deliveryView = (d: WebhookDelivery): WebhookDeliveryView => ({
  object: 'webhook_delivery',
  id: d.id,
  event_id: d.eventId,
  type: d.type,
  report_id: d.reportId,
  endpoint_id: d.endpointId,
  url: d.url,
  state: d.state,
  attempts: d.attempts.map((a) => ({ at: a.at, status: a.status, duration_ms: a.durationMs, error: a.error })),
  next_attempt_at: d.nextAttemptAt,
  created_at: d.createdAt,
  updated_at: d.updatedAt,
});
