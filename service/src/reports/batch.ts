import { QuireError } from '@quire/core';
import { newId } from '../crypto/ids';
import type { ReportsContext } from './context';
import { enqueueReports } from './enqueue';
import { type PreparedReport, prepareReport, webhookUrlOf } from './prepare';
import type { BatchRecord, ReportSource } from './records';
import type { CreateBatchBody } from './requests';
import { type BatchView, batchView } from './views';

/**
 * A batch: every item is checked first (its template and format; errors name `items.<n>.…`), then the plan is
 * charged for all items at once and one render job per item is queued. All or nothing up to the queueing: a bad
 * item or a plan that cannot take them all leaves nothing behind.
 */
export async function createBatch(
  ctx: ReportsContext,
  teamId: string,
  body: CreateBatchBody,
  source?: ReportSource,
): Promise<BatchView> {
  const webhookUrl = webhookUrlOf(body.webhook_url);
  const prepared: PreparedReport[] = [];
  for (const [index, item] of body.items.entries()) {
    const one = await prepareReport(ctx.templates, teamId, item, `items.${index}.`);
    prepared.push(source ? { ...one, source } : one);
  }
  const batch: BatchRecord = {
    id: newId('bat'),
    teamId,
    reportIds: [],
    webhookUrl,
    createdAt: ctx.now().toISOString(),
  };
  const queued = await enqueueReports(ctx, teamId, prepared, { webhookUrl, batchId: batch.id });
  const reports = queued.map(({ report }) => report);
  await ctx.collections.batches.insert({ ...batch, reportIds: reports.map((report) => report.id) });
  return batchView({ ...batch, reportIds: reports.map((report) => report.id) }, reports);
}

/** A batch of the team with its reports' current status; another team's batch is not found. */
export async function getBatch(ctx: ReportsContext, teamId: string, batchId: string): Promise<BatchView> {
  const batch = await ctx.collections.batches.findOne({ id: batchId, teamId });
  if (!batch) throw new QuireError('batch_not_found');
  const found = await ctx.collections.reports.find({ batchId: batch.id, teamId });
  const reports = await Promise.all(found.map((report) => ctx.settle.reconcile(report)));
  return batchView(batch, reports);
}
