import { describe, expect, it } from 'vitest';
import { contentDisposition, filenameFor } from './files';
import type { BatchRecord, ReportRecord } from './records';
import { batchView } from './views';

const batch: BatchRecord = {
  id: 'bat_1',
  teamId: 'team_1',
  reportIds: ['rep_1', 'rep_2', 'rep_3'],
  webhookUrl: null,
  createdAt: '2026-03-02T10:00:00.000Z',
};
const reports = (...statuses: ReportRecord['status'][]) =>
  statuses.map(
    (status, n) =>
      ({
        id: `rep_${n + 1}`,
        status,
        completedAt: status === 'succeeded' || status === 'failed' ? `2026-03-02T10:0${n}:00.000Z` : null,
      }) as ReportRecord,
  );

describe('a batch status', () => {
  it('follows its reports', () => {
    const cases: [ReportRecord['status'][], string][] = [
      [['queued', 'queued', 'queued'], 'queued'],
      [['rendering', 'queued', 'queued'], 'running'],
      [['succeeded', 'queued', 'queued'], 'running'],
      [['succeeded', 'succeeded', 'succeeded'], 'succeeded'],
      [['succeeded', 'failed', 'succeeded'], 'partially_failed'],
      [['failed', 'failed', 'failed'], 'failed'],
    ];
    for (const [statuses, status] of cases) {
      expect(batchView(batch, reports(...statuses)).status, statuses.join()).toBe(status);
    }
    expect(batchView(batch, reports('succeeded', 'failed', 'succeeded'))).toMatchObject({
      total: 3,
      succeeded: 2,
      failed: 1,
      queued: 0,
      completed_at: '2026-03-02T10:02:00.000Z',
    });
    expect(batchView(batch, reports('succeeded', 'rendering', 'queued')).completed_at).toBeNull();
  });
});

describe('download names', () => {
  it('add the extension and fall back to the template name', () => {
    expect(filenameFor('pdf', 'march', 'Invoice')).toBe('march.pdf');
    expect(filenameFor('pdf', 'march.PDF', 'Invoice')).toBe('march.PDF');
    expect(filenameFor('email', undefined, 'Order confirmation')).toBe('order-confirmation.html');
    expect(filenameFor('html', undefined, 'Été 2026 — résumé!')).toBe('ete-2026-resume.html');
    expect(filenameFor('pdf', undefined, '***')).toBe('report.pdf');
  });

  it('travel in Content-Disposition with an ASCII fallback', () => {
    expect(contentDisposition('march.pdf')).toBe('attachment; filename="march.pdf"');
    expect(contentDisposition("Q1 (final)'s.pdf")).toBe('attachment; filename="Q1 (final)\'s.pdf"');
    expect(contentDisposition('résumé.pdf')).toBe(
      `attachment; filename="r_sum_.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`,
    );
  });
});
