import { z } from 'zod';
import { Report } from '../reports/report.schema';
import { Timestamp } from '../templates/template.schema';

/** The events an endpoint subscribes to: a report finished rendering, or failed for good. */
export const WEBHOOK_EVENT_TYPES = ['report.completed', 'report.failed'] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/**
 * Sent only to one endpoint when someone asks for a test (POST /v1/webhook-endpoints/{id}/test): never subscribed
 * to, so it stays out of WebhookEventType.
 */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

export const WebhookEventId = z
  .string()
  .regex(/^evt_[A-Za-z0-9_-]{8,64}$/)
  .describe('Event id (evt_…): the same on every retry and for every target of the event');

/**
 * The report an event carries: the report as GET /v1/reports/{id} answers it. Event schemas are not strict, unlike
 * request schemas: they describe what a receiver reads, and a receiver written today must still parse the events
 * of a later Quire that adds a field (unknown fields are dropped by the parse, not refused).
 */
export const WebhookReport = z
  .object({
    ...Report.shape,
    object: z.literal('report').optional(),
    download_url: z.string().nullable().optional().describe('Where the file downloads while there is one'),
  })
  .describe('The report, as GET /v1/reports/{id} answers it');
export type WebhookReport = z.infer<typeof WebhookReport>;

export const ReportWebhookEvent = z.object({
  id: WebhookEventId,
  type: WebhookEventType,
  created_at: Timestamp,
  data: z.object({ object: WebhookReport }),
});
export type ReportWebhookEvent = z.infer<typeof ReportWebhookEvent>;

export const WebhookTestObject = z.object({
  object: z.literal('webhook_test'),
  endpoint_id: z.string(),
  message: z.string(),
});

export const WebhookTestEvent = z.object({
  id: WebhookEventId,
  type: z.literal(WEBHOOK_TEST_EVENT_TYPE),
  created_at: Timestamp,
  data: z.object({ object: WebhookTestObject }),
});
export type WebhookTestEvent = z.infer<typeof WebhookTestEvent>;

/** The JSON body of every webhook request; parse it only after verifyWebhook accepted the raw body. */
export const WebhookEvent = z.discriminatedUnion('type', [ReportWebhookEvent, WebhookTestEvent]);
export type WebhookEvent = z.infer<typeof WebhookEvent>;
