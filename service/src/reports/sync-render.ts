import { QuireError } from '@quire/core';
import type { ReportsContext } from './context';
import { newReportRecord, type PreparedReport } from './prepare';
import type { ReportRecord } from './records';
import { classifyRenderError } from './render-errors';
import { type RenderedFile, renderToBlob } from './rendering';
import { reportData } from './report-data';

/**
 * A synchronous report: charged to the plan first, recorded as rendering (so it shows in the list while it
 * renders), rendered, settled. A failure is recorded on the report (the list shows it, with its error), refunded,
 * announced, and thrown with the report's id for the caller to answer.
 */
export async function renderNow(
  ctx: ReportsContext,
  teamId: string,
  prepared: PreparedReport,
  webhookUrl: string | null,
): Promise<{ report: ReportRecord; file: RenderedFile }> {
  const { collections, settle, usage, now, logger } = ctx;
  await usage.consume({ id: teamId }, 'reports_per_month', 1);
  const report = newReportRecord(teamId, prepared, { at: now(), status: 'rendering', webhookUrl });
  try {
    await collections.reports.insert(report);
  } catch (error) {
    await usage.refund({ id: teamId }, 'reports_per_month', 1);
    throw error;
  }

  let file: RenderedFile;
  try {
    const data = await reportData(ctx.dataSources, teamId, prepared.input, prepared.template);
    file = await renderToBlob(ctx, report, prepared.template, data);
  } catch (error) {
    const { error: failure, permanent } = classifyRenderError(error);
    if (!permanent) logger.error({ err: error, report_id: report.id }, 'a synchronous render failed');
    await settle.failed(report.id, { code: failure.code, message: failure.message });
    throw new QuireError(failure.code, {
      message: failure.message,
      ...(failure.param ? { param: failure.param } : {}),
      details: { ...failure.details, report_id: report.id },
      cause: error,
    });
  }

  const done = await settle.succeeded(report, file, file.poolWaitMs);
  if (!done) {
    // Deleted while it rendered: the file must not outlive its record.
    await ctx.blobs.delete(file.blobKey);
    throw new QuireError('report_not_found', { message: 'The report was deleted while it rendered.' });
  }
  await settle.completed(done);
  return { report: done, file };
}
