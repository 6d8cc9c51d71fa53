import { type Job, PermanentJobError } from '../jobs/queue';
import type { WorkerOptions } from '../jobs/worker';
import type { ReportsContext } from './context';
import type { RenderJobPayload } from './records';
import { classifyRenderError } from './render-errors';
import { renderToBlob } from './rendering';
import { reportData } from './report-data';

const payloadOf = (job: Job) => JSON.parse(job.payload) as RenderJobPayload;

/**
 * The render queue's handler. One attempt: the report goes to rendering, the pinned template version and the data
 * (a data source is read now, at run time) are loaded, the pool renders, the file is stored and the report
 * succeeds. A failure of the input (template, data) is permanent; anything else is retried with the queue's
 * backoff, the report waiting as queued. A worker that dies mid-render leaves the job to another once its lease
 * passes: attempts are idempotent (same file key, conditional transitions).
 */
export function renderJob(ctx: ReportsContext): Pick<WorkerOptions, 'handle' | 'settled'> {
  const { collections, settle, templates, dataSources, blobs, now, logger } = ctx;
  const { reports } = collections;

  return {
    async handle(job) {
      const { reportId, input } = payloadOf(job);
      const report = await reports.get(reportId);
      if (!report) throw new PermanentJobError('report_not_found', 'The report was deleted before it rendered.');
      // An earlier attempt finished it but lost the job before completing it.
      if (report.status === 'succeeded') return { report_id: report.id };
      if (report.status === 'failed') {
        throw new PermanentJobError(report.error?.code ?? 'internal_error', report.error?.message ?? 'Failed.');
      }
      const started = now();
      if (!(await settle.rendering(report))) {
        throw new PermanentJobError('report_not_found', 'The report was deleted before it rendered.');
      }
      try {
        const template = await templates.resolveForRender(report.teamId, report.templateId, report.templateVersion);
        const data = await reportData(dataSources, report.teamId, input, template);
        const file = await renderToBlob(ctx, report, template, data);
        const queueMs = started.getTime() - Date.parse(report.createdAt) + file.poolWaitMs;
        if (!(await settle.succeeded(report, file, queueMs))) {
          // Deleted while it rendered (or settled by another attempt, whose file this one just replaced in kind).
          if (!(await reports.get(report.id))) await blobs.delete(file.blobKey);
        }
        return { report_id: report.id };
      } catch (error) {
        const { error: failure, permanent } = classifyRenderError(error);
        if (permanent) throw new PermanentJobError(failure.code, failure.message);
        logger.warn({ err: error, job_id: job.id, report_id: report.id }, 'a render attempt failed');
        // Waiting for its retry; the last attempt's failure is settled by `settled` below.
        if (job.attempts < job.maxAttempts) {
          await reports.updateOne({ id: report.id, status: 'rendering' }, { set: { status: 'queued' } });
        }
        throw failure;
      }
    },

    async settled(job, outcome) {
      const { reportId } = payloadOf(job);
      if (!outcome.ok) {
        await settle.failed(reportId, outcome.error);
        return;
      }
      const report = await reports.get(reportId);
      if (report?.status === 'succeeded') await settle.completed(report);
    },
  };
}
