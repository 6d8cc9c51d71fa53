import { type PlanId, Report, type ReportStatus, Timestamp } from '@quire/core';
import { z } from 'zod';
import type { Job } from '../jobs/queue';
import type { BatchRecord, RenderJobPayload, ReportRecord } from './records';
import { fileExpiresAt } from './retention';

/** The API's snake_case answers. Stored names stay internal; the zod schemas document them (operations.ts). */

export const ReportView = Report.extend({
  object: z.literal('report'),
  download_url: z
    .string()
    .nullable()
    .describe('Where the file downloads (GET /v1/reports/{id}/file), while there is one; else null'),
  file_expires_at: Timestamp.nullable().describe("When the file is deleted, by the team's plan; null without a file"),
  file_expired_at: Timestamp.nullable().describe('When the file was deleted at the end of its retention'),
  data_source_id: z.string().nullable().describe('The data source the data was loaded from, if any'),
  job_id: z.string().nullable().describe('The job rendering it (async and batch reports)'),
  batch_id: z.string().nullable().describe('The batch it belongs to'),
  data: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe(
      'The data the report was made from, with every value its template’s data_schema marks `writeOnly: true` ' +
        'shown as "********"; null when it came from a data source, was over 64 KB, or once the file expired',
    ),
  data_source_params: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe("The data source's parameters, when the data came from one"),
  source: z
    .object({
      type: z.enum(['user', 'api_key', 'mcp', 'embed']),
      id: z.string().describe('The user, the API key (also for mcp) or the embed token'),
      name: z.string().nullable().describe("The person's email, or the API key's name"),
    })
    .nullable()
    .describe(
      'Who asked for it: a signed-in person, an API key, an agent through MCP (an API key whose request carried ' +
        '`Quire-Source: mcp`) or an embed token; null for reports made before this was kept',
    ),
});
export type ReportView = z.infer<typeof ReportView>;

export function reportView(report: ReportRecord, context: { publicUrl: string; plan: PlanId }): ReportView {
  const hasFile = report.status === 'succeeded' && !report.fileExpiredAt;
  return {
    object: 'report',
    id: report.id,
    team_id: report.teamId,
    template_id: report.templateId,
    template_version: report.templateVersion,
    format: report.format,
    status: report.status,
    filename: report.filename,
    content_type: report.contentType,
    bytes: report.bytes,
    pages: report.pages,
    timings: report.timings,
    warnings: report.warnings,
    error: report.error,
    metadata: JSON.parse(report.metadataJson) as Record<string, string>,
    created_at: report.createdAt,
    completed_at: report.completedAt,
    download_url: hasFile ? `${context.publicUrl}/v1/reports/${report.id}/file` : null,
    file_expires_at: fileExpiresAt(report, context.plan),
    file_expired_at: report.fileExpiredAt,
    data_source_id: report.dataSourceId,
    job_id: report.jobId,
    batch_id: report.batchId,
    data: report.dataJson ? (JSON.parse(report.dataJson) as Record<string, unknown>) : null,
    data_source_params: report.dataSourceParamsJson
      ? (JSON.parse(report.dataSourceParamsJson) as Record<string, unknown>)
      : null,
    source: report.source ?? null,
  };
}

export const JobStatus = z.enum(['queued', 'running', 'succeeded', 'failed']);

export const JobView = z
  .object({
    object: z.literal('job'),
    id: z.string().describe('Job id (job_…)'),
    status: JobStatus.describe('queued (also while waiting for a retry), running, succeeded or failed'),
    attempts: z.number().int().nonnegative().describe('Attempts so far, the running one included'),
    max_attempts: z.number().int().positive(),
    report_id: z.string().describe('The report the job renders'),
    batch_id: z.string().nullable(),
    error: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .describe('The last attempt’s error (the final one once failed)'),
    run_at: Timestamp.describe('Not started (or retried) before this time'),
    created_at: Timestamp,
    updated_at: Timestamp,
    finished_at: Timestamp.nullable(),
  })
  .strict();
export type JobView = z.infer<typeof JobView>;

export function jobView(job: Job): JobView {
  const payload = JSON.parse(job.payload) as RenderJobPayload;
  return {
    object: 'job',
    id: job.id,
    status: job.state,
    attempts: job.attempts,
    max_attempts: job.maxAttempts,
    report_id: payload.reportId,
    batch_id: payload.batchId ?? null,
    error: job.state === 'succeeded' ? null : (job.lastError ?? null),
    run_at: job.runAt,
    created_at: job.createdAt,
    updated_at: job.updatedAt,
    finished_at: job.finishedAt ?? null,
  };
}

export const BatchStatus = z.enum(['queued', 'running', 'succeeded', 'partially_failed', 'failed']);
export type BatchStatus = z.infer<typeof BatchStatus>;

export const BatchView = z
  .object({
    object: z.literal('batch'),
    id: z.string().describe('Batch id (bat_…)'),
    status: BatchStatus.describe(
      'queued until a report starts, running until all settle, then succeeded, partially_failed or failed',
    ),
    total: z.number().int().positive(),
    queued: z.number().int().nonnegative(),
    rendering: z.number().int().nonnegative(),
    succeeded: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    reports: z.array(z.string()).describe('The report ids, in the order of the items'),
    webhook_url: z.string().nullable(),
    created_at: Timestamp,
    completed_at: Timestamp.nullable().describe('When the last report settled'),
  })
  .strict();
export type BatchView = z.infer<typeof BatchView>;

/** A batch's status from its reports' (a report deleted since counts as neither). */
export function batchView(batch: BatchRecord, reports: ReportRecord[]): BatchView {
  const count = (status: ReportStatus) => reports.filter((report) => report.status === status).length;
  const counts = {
    queued: count('queued'),
    rendering: count('rendering'),
    succeeded: count('succeeded'),
    failed: count('failed'),
  };
  const unsettled = counts.queued + counts.rendering;
  let status: BatchStatus;
  if (unsettled > 0) status = unsettled === reports.length && counts.rendering === 0 ? 'queued' : 'running';
  else if (counts.failed === 0) status = 'succeeded';
  else status = counts.succeeded === 0 ? 'failed' : 'partially_failed';
  const completed = reports.map((report) => report.completedAt ?? '').sort();
  return {
    object: 'batch',
    id: batch.id,
    status,
    total: batch.reportIds.length,
    ...counts,
    reports: batch.reportIds,
    webhook_url: batch.webhookUrl,
    created_at: batch.createdAt,
    completed_at: unsettled === 0 ? completed.at(-1) || null : null,
  };
}

export const ReportList = z
  .object({
    object: z.literal('list'),
    data: z.array(ReportView),
    has_more: z.boolean(),
    next_cursor: z.string().nullable().describe('Pass as starting_after for the next page; null on the last one'),
  })
  .strict();
