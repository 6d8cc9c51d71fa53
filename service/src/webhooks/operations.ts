import type { ErrorCode } from '@quire/core';
import { z } from 'zod';
import { ListQuery } from '../http/pagination';
import type { Entry } from '../openapi/operation-types';
import { IDEMPOTENCY_ERRORS, IDEMPOTENCY_KEY_HEADER, TEAM } from '../openapi/operation-types';
import { ListWebhookDeliveriesQuery } from './delivery-log';
import { CreateWebhookEndpointBody, RotateWebhookSecretBody, UpdateWebhookEndpointBody } from './endpoints';
import { TeamSigningSecretView, WebhookDeliveryView, WebhookEndpointView, WebhookEndpointWithSecret } from './model';

/** A team API key is checked (401) and metered against the plan's monthly API calls (402) before the route. */
const KEY: readonly ErrorCode[] = ['invalid_api_key', 'plan_limit_exceeded'];
const MANAGE: readonly ErrorCode[] = [...TEAM, ...KEY];

/** The signature scheme, as every operation that hands out a secret or sends an event states it. */
const SIGNING =
  'Each request carries `Quire-Signature: t=<unix seconds>,v1=<hex>`, where the hex is the HMAC-SHA256 of ' +
  '`<t>.<raw body>` keyed with the secret (the whole `whsec_…` string). While a rotated secret still signs, the ' +
  'header has one `v1=` per secret; a receiver accepts the request when any of them matches and `t` is within ' +
  'its tolerance (5 minutes by default in @quire/core’s `verifyWebhook`). `Quire-Event-Id` (the same on every ' +
  'retry: de-duplicate on it) and `Quire-Event-Type` come along.';

const RETRIES =
  'A 2xx answer within 10 s succeeds. Other statuses, timeouts and network errors are retried with exponential ' +
  'backoff (10 s, then doubling up to an hour; 12 attempts by default). A 410 Gone answer, or an address Quire ' +
  'refuses to reach (loopback, private, link-local or metadata, unless allowed by QUIRE_OUTBOUND_ALLOW), ends ' +
  'the delivery at once. Redirects are not followed.';

const Page = (item: z.ZodType, description: string) =>
  z
    .object({
      object: z.literal('list'),
      data: z.array(item),
      has_more: z.boolean(),
      next_cursor: z.string().nullable().describe('Pass as `starting_after` for the next page'),
    })
    .describe(description);

const endpointExample = {
  object: 'webhook_endpoint',
  id: 'we_Jd2kq9XbT1mYv7Lc0aPz',
  url: 'https://hooks.example.com/quire',
  events: ['report.completed', 'report.failed'],
  description: 'Billing system',
  enabled: true,
  created_at: '2026-03-14T10:00:00.000Z',
  updated_at: '2026-03-14T10:00:00.000Z',
  secret_rotated_at: null,
};
const secretExample = 'whsec_3q2Ys9bVxQ1mZk7dPcN4rT8uW0eHjLfA6gKiMoBn5sE';
const deliveryExample = {
  object: 'webhook_delivery',
  id: 'whd_b7Qm2Lx9Tz4Kc1Vn8Rp0',
  event_id: 'evt_Hq5Zt2Wc8Ny3Ja6Ms1Dk',
  type: 'report.completed',
  report_id: 'rpt_Vb9Lm3Qx7Tc2Zn5Kw8Pa',
  endpoint_id: 'we_Jd2kq9XbT1mYv7Lc0aPz',
  url: 'https://hooks.example.com/quire',
  state: 'succeeded',
  attempts: [
    {
      at: '2026-03-14T10:00:02.000Z',
      status: 500,
      duration_ms: 84,
      error: { code: 'http_status', message: 'The receiver answered 500.' },
    },
    { at: '2026-03-14T10:00:12.100Z', status: 200, duration_ms: 41, error: null },
  ],
  next_attempt_at: null,
  created_at: '2026-03-14T10:00:02.000Z',
  updated_at: '2026-03-14T10:00:12.141Z',
};

const ENDPOINT_ID = { id: 'The endpoint id (we_…).' };
const DELIVERY_ID = { id: 'The delivery id (whd_…).' };

/** The webhook routes, for the OpenAPI table (openapi/operations.ts adds the errors every route shares). */
export const WEBHOOK_OPERATIONS: Entry[] = [
  {
    operationId: 'createWebhookEndpoint',
    method: 'POST',
    path: '/v1/webhook-endpoints',
    tag: 'Webhooks',
    summary: 'Create a webhook endpoint',
    description:
      'Registers a URL that receives the acting team’s `report.completed` and `report.failed` events (or those ' +
      'given in `events`), and creates its signing secret: the answer is the only time the secret is shown ' +
      '(it is stored encrypted). Needs webhooks:manage (owners and admins; API keys with such a role too). The ' +
      'URL must be http(s) without credentials; a loopback, private, link-local or metadata address is refused ' +
      `with outbound_blocked (a name is checked again at every delivery). At most 20 per team. ${SIGNING}`,
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    headers: [IDEMPOTENCY_KEY_HEADER],
    body: CreateWebhookEndpointBody,
    bodyExample: { url: 'https://hooks.example.com/quire', description: 'Billing system' },
    success: {
      status: 201,
      description: 'The endpoint, with its secret.',
      schema: WebhookEndpointWithSecret,
      example: { ...endpointExample, secret: secretExample, previous_secret_expires_at: null },
    },
    errors: [...MANAGE, 'validation_failed', 'outbound_blocked', ...IDEMPOTENCY_ERRORS],
  },
  {
    operationId: 'listWebhookEndpoints',
    method: 'GET',
    path: '/v1/webhook-endpoints',
    tag: 'Webhooks',
    summary: 'List webhook endpoints',
    description: 'The acting team’s endpoints, newest first, without their secrets (needs webhooks:manage).',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    query: ListQuery,
    success: {
      status: 200,
      description: 'A page of endpoints.',
      schema: Page(WebhookEndpointView, 'The endpoints.'),
      example: { object: 'list', data: [endpointExample], has_more: false, next_cursor: null },
    },
    errors: [...MANAGE, 'validation_failed', 'invalid_cursor'],
  },
  {
    operationId: 'getWebhookSigningSecret',
    method: 'GET',
    path: '/v1/webhook-endpoints/team-secret',
    tag: 'Webhooks',
    summary: 'Get the team’s signing secret',
    description:
      'The secret that signs events sent to the `webhook_url` of a report request (endpoints have their own). ' +
      'Made on first use; shown to webhooks:manage only, every time it is asked for (it is stored encrypted, ' +
      `not hashed). ${SIGNING}`,
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    success: {
      status: 200,
      description: 'The team’s signing secret.',
      schema: TeamSigningSecretView,
      example: {
        object: 'webhook_signing_secret',
        secret: secretExample,
        created_at: '2026-03-14T10:00:00.000Z',
        rotated_at: null,
        previous_secret_expires_at: null,
      },
    },
    errors: MANAGE,
  },
  {
    operationId: 'rotateWebhookSigningSecret',
    method: 'POST',
    path: '/v1/webhook-endpoints/team-secret/rotate',
    tag: 'Webhooks',
    summary: 'Rotate the team’s signing secret',
    description:
      'Replaces the team’s signing secret. The old one keeps signing alongside the new one (two `v1=` values) ' +
      'for `overlap_seconds` (default a day), so receivers can switch without missing an event; 0 drops it at ' +
      'once.',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    headers: [IDEMPOTENCY_KEY_HEADER],
    body: RotateWebhookSecretBody,
    bodyRequired: false,
    bodyExample: { overlap_seconds: 86_400 },
    success: {
      status: 200,
      description: 'The new secret.',
      schema: TeamSigningSecretView,
      example: {
        object: 'webhook_signing_secret',
        secret: secretExample,
        created_at: '2026-03-14T10:00:00.000Z',
        rotated_at: '2026-03-20T08:30:00.000Z',
        previous_secret_expires_at: '2026-03-21T08:30:00.000Z',
      },
    },
    errors: [...MANAGE, 'validation_failed', ...IDEMPOTENCY_ERRORS],
  },
  {
    operationId: 'getWebhookEndpoint',
    method: 'GET',
    path: '/v1/webhook-endpoints/{id}',
    tag: 'Webhooks',
    summary: 'Get a webhook endpoint',
    description: 'One endpoint of the acting team, without its secret (needs webhooks:manage).',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    params: ENDPOINT_ID,
    success: { status: 200, description: 'The endpoint.', schema: WebhookEndpointView, example: endpointExample },
    errors: [...MANAGE, 'webhook_endpoint_not_found'],
  },
  {
    operationId: 'updateWebhookEndpoint',
    method: 'PATCH',
    path: '/v1/webhook-endpoints/{id}',
    tag: 'Webhooks',
    summary: 'Update a webhook endpoint',
    description:
      'Changes the URL (checked as on creation), the events, the description, or whether it is enabled. A ' +
      'disabled endpoint gets no new events, and its pending retries stop.',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    params: ENDPOINT_ID,
    body: UpdateWebhookEndpointBody,
    bodyExample: { events: ['report.failed'], enabled: true },
    success: {
      status: 200,
      description: 'The updated endpoint.',
      schema: WebhookEndpointView,
      example: { ...endpointExample, events: ['report.failed'] },
    },
    errors: [...MANAGE, 'validation_failed', 'outbound_blocked', 'webhook_endpoint_not_found'],
  },
  {
    operationId: 'deleteWebhookEndpoint',
    method: 'DELETE',
    path: '/v1/webhook-endpoints/{id}',
    tag: 'Webhooks',
    summary: 'Delete a webhook endpoint',
    description:
      'Deletes the endpoint and its secret. Its delivery log stays; pending retries to it fail with ' +
      '`webhook_endpoint_deleted`.',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    params: ENDPOINT_ID,
    success: {
      status: 200,
      description: 'The deleted endpoint.',
      schema: WebhookEndpointView.extend({ deleted: z.literal(true) }),
      example: { ...endpointExample, deleted: true },
    },
    errors: [...MANAGE, 'webhook_endpoint_not_found'],
  },
  {
    operationId: 'rotateWebhookEndpointSecret',
    method: 'POST',
    path: '/v1/webhook-endpoints/{id}/rotate-secret',
    tag: 'Webhooks',
    summary: 'Rotate an endpoint’s secret',
    description:
      'Creates a new secret for the endpoint, shown in this answer only. The old one keeps signing alongside the ' +
      'new one (two `v1=` values in Quire-Signature) for `overlap_seconds` (default 86400, a day), so the ' +
      'receiver can switch to the new secret without missing an event; 0 drops the old one at once (a leak).',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    params: ENDPOINT_ID,
    headers: [IDEMPOTENCY_KEY_HEADER],
    body: RotateWebhookSecretBody,
    bodyRequired: false,
    bodyExample: { overlap_seconds: 3_600 },
    success: {
      status: 200,
      description: 'The endpoint, with its new secret.',
      schema: WebhookEndpointWithSecret,
      example: {
        ...endpointExample,
        updated_at: '2026-03-20T08:30:00.000Z',
        secret_rotated_at: '2026-03-20T08:30:00.000Z',
        secret: secretExample,
        previous_secret_expires_at: '2026-03-20T09:30:00.000Z',
      },
    },
    errors: [...MANAGE, 'validation_failed', 'webhook_endpoint_not_found', ...IDEMPOTENCY_ERRORS],
  },
  {
    operationId: 'testWebhookEndpoint',
    method: 'POST',
    path: '/v1/webhook-endpoints/{id}/test',
    tag: 'Webhooks',
    summary: 'Send a test event',
    description:
      'Sends one signed `webhook.test` event to the endpoint now (enabled or not), once, without retries, and ' +
      'answers with the delivery: its attempt shows the status the receiver answered or why it could not be ' +
      `reached. ${SIGNING}`,
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    params: ENDPOINT_ID,
    headers: [IDEMPOTENCY_KEY_HEADER],
    success: {
      status: 200,
      description: 'The test delivery, succeeded or failed.',
      schema: WebhookDeliveryView,
      example: {
        ...deliveryExample,
        type: 'webhook.test',
        report_id: null,
        attempts: [{ at: '2026-03-14T10:00:02.000Z', status: 200, duration_ms: 38, error: null }],
      },
    },
    errors: [...MANAGE, 'webhook_endpoint_not_found', ...IDEMPOTENCY_ERRORS],
  },
  {
    operationId: 'listWebhookDeliveries',
    method: 'GET',
    path: '/v1/webhook-deliveries',
    tag: 'Webhooks',
    summary: 'List webhook deliveries',
    description:
      'The delivery log, newest first: with `report_id`, the deliveries of one report’s events, each with its ' +
      `attempts (time, status, duration, error). Needs reports:read; no secret is ever shown. ${RETRIES}`,
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    query: ListWebhookDeliveriesQuery,
    success: {
      status: 200,
      description: 'A page of deliveries.',
      schema: Page(WebhookDeliveryView, 'The deliveries.'),
      example: { object: 'list', data: [deliveryExample], has_more: false, next_cursor: null },
    },
    errors: [...TEAM, ...KEY, 'validation_failed', 'invalid_cursor'],
  },
  {
    operationId: 'getWebhookDelivery',
    method: 'GET',
    path: '/v1/webhook-deliveries/{id}',
    tag: 'Webhooks',
    summary: 'Get a webhook delivery',
    description: `One delivery with its attempts (needs reports:read). ${RETRIES}`,
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    params: DELIVERY_ID,
    success: { status: 200, description: 'The delivery.', schema: WebhookDeliveryView, example: deliveryExample },
    errors: [...TEAM, ...KEY],
  },
  {
    operationId: 'retryWebhookDelivery',
    method: 'POST',
    path: '/v1/webhook-deliveries/{id}/retry',
    tag: 'Webhooks',
    summary: 'Retry a webhook delivery',
    description:
      'Sends a failed (or succeeded) delivery again, the same event with the same body, signed afresh, with a ' +
      'new round of retries; its earlier attempts stay in its log. A delivery still being attempted is refused ' +
      '(validation_failed). Needs webhooks:manage.',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    params: DELIVERY_ID,
    headers: [IDEMPOTENCY_KEY_HEADER],
    success: {
      status: 202,
      description: 'The delivery, pending again.',
      schema: WebhookDeliveryView,
      example: { ...deliveryExample, state: 'pending', next_attempt_at: '2026-03-14T11:00:00.000Z' },
    },
    errors: [...TEAM, ...KEY, 'validation_failed', ...IDEMPOTENCY_ERRORS],
  },
];
