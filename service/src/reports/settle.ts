import type { Logger } from 'pino';
import type { JobQueue } from '../jobs/queue';
import type { ReportsDeps } from './deps';
import { type ReportCollections, type ReportRecord, UNSETTLED } from './records';
import type { RenderedFile } from './rendering';
import { reportView } from './views';

/**
 * The end of a report's life as a render: succeeded with its file, or failed with its error. Each transition is a
 * conditional write from queued/rendering, so that of two workers (or a worker and a reconciling read) only one
 * settles a report: the usage is refunded once and the failure is announced once.
 */
export interface Settle {
  /** Queued → rendering, at the start of an attempt. */
  rendering(report: ReportRecord): Promise<ReportRecord | undefined>;
  /** Rendering → succeeded with the file; undefined when the report was deleted (or settled) meanwhile. */
  succeeded(report: ReportRecord, file: RenderedFile, queueMs: number): Promise<ReportRecord | undefined>;
  /** → failed, refunding the report to the plan and announcing it; undefined when it had settled already. */
  failed(reportId: string, error: { code: string; message: string }): Promise<ReportRecord | undefined>;
  /** Announces a report that succeeded. */
  completed(report: ReportRecord): Promise<void>;
  /**
   * A report whose job ended without settling it (its worker died on the last attempt, or between the job's end
   * and the report's) is settled from the job. Reads call it, so nobody sees "rendering" forever.
   */
  reconcile(report: ReportRecord): Promise<ReportRecord>;
}

export function createSettle(
  deps: Pick<ReportsDeps, 'usage' | 'webhooks' | 'now' | 'config'> & {
    collections: ReportCollections;
    jobs: JobQueue;
    logger: Logger;
  },
): Settle {
  const { collections, usage, webhooks, now, logger, jobs } = deps;
  const { reports } = collections;
  const unsettled = { $in: UNSETTLED };

  async function announce(report: ReportRecord, type: 'report.completed' | 'report.failed') {
    try {
      const plan = (await usage.planOf(report.teamId)).id;
      await webhooks.emit({
        teamId: report.teamId,
        type,
        reportId: report.id,
        data: reportView(report, { publicUrl: deps.config.publicUrl, plan }),
        ...(report.webhookUrl ? { url: report.webhookUrl } : {}),
      });
    } catch (error) {
      // The report is settled either way; the webhooks module owns delivery and its retries.
      logger.warn({ err: error, report_id: report.id, type }, 'could not emit a report event');
    }
  }

  async function failed(reportId: string, error: { code: string; message: string }) {
    const at = now().toISOString();
    const report = await reports.updateOne(
      { id: reportId, status: unsettled },
      { set: { status: 'failed', error: { code: error.code, message: error.message }, completedAt: at } },
    );
    if (!report) return undefined;
    // A report that failed for good does not count against the month.
    await usage.refund({ id: report.teamId }, 'reports_per_month', 1).catch((refundError) => {
      logger.error({ err: refundError, report_id: report.id }, 'could not refund a failed report');
    });
    await announce(report, 'report.failed');
    return report;
  }

  return {
    rendering(report) {
      return reports.updateOne(
        { id: report.id, status: unsettled },
        { set: { status: 'rendering', startedAt: now().toISOString() } },
      );
    },

    succeeded(report, file, queueMs) {
      const { result } = file;
      return reports.updateOne(
        { id: report.id, status: unsettled },
        {
          set: {
            status: 'succeeded',
            contentType: result.contentType,
            bytes: result.bytes.byteLength,
            pages: result.pages,
            timings: { queue_ms: Math.max(0, Math.round(queueMs)), ...result.timings },
            warnings: result.warnings,
            error: null,
            blobKey: file.blobKey,
            completedAt: now().toISOString(),
          },
        },
      );
    },

    failed,

    completed: (report) => announce(report, 'report.completed'),

    async reconcile(report) {
      if (!report.jobId || !UNSETTLED.includes(report.status)) return report;
      const job = await jobs.get(report.jobId);
      if (job && job.state !== 'failed') return report;
      const settled = await failed(
        report.id,
        job?.lastError ?? { code: 'internal_error', message: 'The job rendering this report was lost.' },
      );
      return settled ?? (await reports.get(report.id)) ?? report;
    },
  };
}
