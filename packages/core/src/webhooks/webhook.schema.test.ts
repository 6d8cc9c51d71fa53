import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, WebhookEvent, WebhookEventType } from './webhook.schema';

const report = {
  id: 'rpt_1',
  team_id: 'team_1',
  template_id: 'tpl_1',
  template_version: 3,
  format: 'pdf',
  status: 'succeeded',
  filename: 'invoice.pdf',
  content_type: 'application/pdf',
  bytes: 1024,
  pages: 1,
  timings: null,
  warnings: [],
  error: null,
  metadata: {},
  created_at: '2026-03-14T10:00:00.000Z',
  completed_at: '2026-03-14T10:00:01.000Z',
};

describe('webhook events', () => {
  it('are report.completed and report.failed; the test event is not one to subscribe to', () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual(['report.completed', 'report.failed']);
    expect(WebhookEventType.safeParse('webhook.test').success).toBe(false);
  });

  it('parse a report event with the report as data.object', () => {
    const event = WebhookEvent.parse({
      id: 'evt_abcdefgh1234',
      type: 'report.completed',
      created_at: '2026-03-14T10:00:02.000Z',
      data: { object: report },
    });
    expect(event.type === 'report.completed' && event.data.object.filename).toBe('invoice.pdf');
  });

  it('parse the test event', () => {
    const event = WebhookEvent.parse({
      id: 'evt_abcdefgh1234',
      type: 'webhook.test',
      created_at: '2026-03-14T10:00:02.000Z',
      data: { object: { object: 'webhook_test', endpoint_id: 'we_1', message: 'Hello' } },
    });
    expect(event.type).toBe('webhook.test');
  });

  it('refuse another id shape, an unknown type and a report without its fields', () => {
    const base = { id: 'evt_abcdefgh1234', type: 'report.failed', created_at: '2026-03-14T10:00:02.000Z' };
    expect(WebhookEvent.safeParse({ ...base, data: { object: report } }).success).toBe(true);
    expect(WebhookEvent.safeParse({ ...base, id: 'abc', data: { object: report } }).success).toBe(false);
    expect(WebhookEvent.safeParse({ ...base, type: 'report.deleted', data: { object: report } }).success).toBe(false);
    const { status: _status, ...withoutStatus } = report;
    expect(WebhookEvent.safeParse({ ...base, data: { object: withoutStatus } }).success).toBe(false);
  });

  it('still parse events of a later Quire with fields this version does not know, dropping them', () => {
    const event = WebhookEvent.parse({
      id: 'evt_abcdefgh1234',
      type: 'report.completed',
      created_at: '2026-03-14T10:00:02.000Z',
      api_version: '2027-01-01',
      data: {
        object: { ...report, object: 'report', download_url: 'https://quire.test/v1/reports/rpt_1/file', job_id: null },
      },
    });
    expect(event).not.toHaveProperty('api_version');
    expect(event.type === 'report.completed' && event.data.object.download_url).toBe(
      'https://quire.test/v1/reports/rpt_1/file',
    );
    expect(event.data.object).not.toHaveProperty('job_id');
  });
});
