import { randomBytes } from 'node:crypto';
import type { WebhookReport } from '@quire/core';

/** A report id as the reports module makes them: each test's events are told apart by it. */
export const newReportId = () => `rpt_${randomBytes(9).toString('base64url')}`;

/** A report's API view, as the reports module passes it to emit() (reports/views.ts: reportView). */
export function reportView(id: string, teamId: string, status: 'succeeded' | 'failed' = 'succeeded'): WebhookReport {
  return {
    object: 'report',
    id,
    team_id: teamId,
    template_id: 'tpl_invoice',
    template_version: 2,
    format: 'pdf',
    status,
    filename: 'invoice.pdf',
    content_type: status === 'succeeded' ? 'application/pdf' : null,
    bytes: status === 'succeeded' ? 2048 : null,
    pages: status === 'succeeded' ? 1 : null,
    timings: null,
    warnings: [],
    error:
      status === 'failed' ? { code: 'template_render_error', message: 'The template could not be rendered.' } : null,
    metadata: { 'order.id': 'A-1' },
    created_at: '2026-03-14T10:00:00.000Z',
    completed_at: '2026-03-14T10:00:01.000Z',
    download_url: status === 'succeeded' ? `https://quire.test/v1/reports/${id}/file` : null,
  };
}
