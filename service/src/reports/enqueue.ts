import type { Job } from '../jobs/queue';
import { newJobId } from '../jobs/queue';
import type { ReportsContext } from './context';
import { newReportRecord, type PreparedReport } from './prepare';
import type { RenderJobPayload, ReportRecord } from './records';

export const RENDER_QUEUE = 'render';

/**
 * Async reports: charges the plan for all of them at once (402 when they do not all fit, and then nothing is
 * queued), records each as queued and enqueues one render job per report. Should the store fail part way, the
 * reports not queued are given back to the plan.
 */
export async function enqueueReports(
  ctx: ReportsContext,
  teamId: string,
  items: PreparedReport[],
  options: { webhookUrl: string | null; batchId?: string },
): Promise<{ report: ReportRecord; job: Job }[]> {
  const { usage, collections, jobs, now } = ctx;
  await usage.consume({ id: teamId }, 'reports_per_month', items.length);
  const queued: { report: ReportRecord; job: Job }[] = [];
  for (const prepared of items) {
    const jobId = newJobId();
    const report = newReportRecord(teamId, prepared, {
      at: now(),
      status: 'queued',
      webhookUrl: options.webhookUrl,
      jobId,
      ...(options.batchId ? { batchId: options.batchId } : {}),
    });
    const payload: RenderJobPayload = {
      reportId: report.id,
      ...(options.batchId ? { batchId: options.batchId } : {}),
      input: prepared.input,
    };
    try {
      await collections.reports.insert(report);
      queued.push({ report, job: await jobs.enqueue(RENDER_QUEUE, payload, { teamId, id: jobId }) });
    } catch (error) {
      await collections.reports.deleteOne(report.id).catch(() => false);
      await usage.refund({ id: teamId }, 'reports_per_month', items.length - queued.length);
      throw error;
    }
  }
  ctx.notifyWorker();
  return queued;
}
