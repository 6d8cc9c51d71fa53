import type { ErrorCode } from '@quire/core';
import { z } from 'zod';
import { type Entry, IDEMPOTENCY_ERRORS, IDEMPOTENCY_KEY_HEADER, TEAM } from '../openapi/operation-types';
import { jsonSchemaOf } from '../openapi/schemas';
import { DailyReports, DailyReportsQuery } from './daily';
import { FILE_LINK_TTL_SECONDS, SignedFileQuery } from './file-links';
import { CreateBatchBody, CreateReportBody, ListReportsQuery, MAX_BATCH_ITEMS } from './requests';
import { RETENTION_DAYS } from './retention';
import { BatchView, JobView, ReportList, ReportView } from './views';

/** The rows of the OpenAPI operations table for /v1/reports and /v1/jobs. */

/** A user's token or a team API key (which counts against the month's API calls). */
const KEYED: readonly ErrorCode[] = [...TEAM, 'invalid_api_key', 'plan_limit_exceeded'];
/** What rendering can end with, synchronously or as a report's error. */
const RENDER_ERRORS: readonly ErrorCode[] = [
  'data_source_not_found',
  'data_source_error',
  'data_source_timeout',
  'outbound_blocked',
  'template_syntax_error',
  'template_render_error',
  'invalid_filter_argument',
  'template_limit_exceeded',
  'render_timeout',
  'render_memory_exceeded',
  'render_output_too_large',
  'data_invalid',
];
const FILE_TYPES = {
  'application/pdf': 'The PDF file (format pdf).',
  'text/html': 'The HTML file (format html or email).',
};
const retention = `Free ${RETENTION_DAYS.free} days, Starter ${RETENTION_DAYS.starter}, Professional ${RETENTION_DAYS.professional}, Enterprise ${RETENTION_DAYS.enterprise}`;

const reportExample: ReportView = {
  object: 'report',
  id: 'rep_9fJ2kQ7wXbLm4TzA1cVd',
  team_id: 'team_Qx81LmZt0pWv6YbE3sKa',
  template_id: 'tpl_H3kq9ZxT2mVb7NcW',
  template_version: 3,
  format: 'pdf',
  status: 'succeeded',
  filename: 'invoice-1042.pdf',
  content_type: 'application/pdf',
  bytes: 48213,
  pages: 2,
  timings: { queue_ms: 4, template_ms: 3.1, layout_ms: 41.7, output_ms: 88.2, total_ms: 133 },
  warnings: [],
  error: null,
  metadata: { order: '1042' },
  created_at: '2026-03-02T10:15:00.000Z',
  completed_at: '2026-03-02T10:15:00.140Z',
  download_url: 'https://quire.example.com/v1/reports/rep_9fJ2kQ7wXbLm4TzA1cVd/file',
  file_expires_at: '2026-03-09T10:15:00.140Z',
  file_expired_at: null,
  data_source_id: null,
  job_id: null,
  batch_id: null,
  data: { number: 'INV-1042', customer: { name: 'Ada Lovelace', iban: '********' } },
  data_source_params: null,
  source: { type: 'api_key', id: 'key_Tn4Wq8Lz2Vb6Xc1M', name: 'Billing server' },
};

const jobExample: JobView = {
  object: 'job',
  id: 'job_d8Kw2nQp5RtY7vLx0aBc',
  status: 'queued',
  attempts: 0,
  max_attempts: 3,
  report_id: 'rep_9fJ2kQ7wXbLm4TzA1cVd',
  batch_id: null,
  error: null,
  run_at: '2026-03-02T10:15:00.000Z',
  created_at: '2026-03-02T10:15:00.000Z',
  updated_at: '2026-03-02T10:15:00.000Z',
  finished_at: null,
};

const batchExample: BatchView = {
  object: 'batch',
  id: 'bat_N4mZ8pQ2xLt6Wv0Ry1Ks',
  status: 'running',
  total: 3,
  queued: 1,
  rendering: 1,
  succeeded: 1,
  failed: 0,
  reports: ['rep_9fJ2kQ7wXbLm4TzA1cVd', 'rep_Lq3Vt8Zm1Xb5Nw7Kc2Pd', 'rep_Yh6Rt0Qn4Mv9Bx2Lk8Sa'],
  webhook_url: 'https://example.com/hooks/quire',
  created_at: '2026-03-02T10:15:00.000Z',
  completed_at: null,
};

const reportBodyExample = {
  template_id: 'tpl_H3kq9ZxT2mVb7NcW',
  data: { invoice_number: '1042', customer: { name: 'Ada Lovelace' }, items: [{ name: 'Consulting', price: 1200 }] },
  filename: 'invoice-1042',
  metadata: { order: '1042' },
};

const ID = { id: 'The report id (rep_…).' };

export const REPORT_OPERATIONS: Entry[] = [
  {
    operationId: 'createReport',
    method: 'POST',
    path: '/v1/reports',
    tag: 'Reports',
    summary: 'Render a report',
    description:
      'Renders a template version (default: the published one) with `data`, or with the data a `data_source` ' +
      'returns (exactly one of the two), as pdf or html (documents) or email (email templates). One report of the ' +
      "month's plan is taken first (402 when they are used up) and given back if the report fails.\n\n" +
      '**Synchronously** (the default) it answers 201 with the report and its `download_url`, or, when the ' +
      '`Accept` header prefers the file (`Accept: application/pdf`, or `text/html`), 201 with the file itself ' +
      '(`Content-Disposition: attachment`, the report id in `Quire-Report-Id`). A failed render answers its error ' +
      '(with `report_id`) and is kept as a failed report.\n\n' +
      '**With `async: true`** it answers 202 with the render job at once (`Location: /v1/jobs/{id}`); the report ' +
      'goes queued → rendering → succeeded or failed, and a data source is read when the job runs.\n\n' +
      'Either way the team’s webhook endpoints (and `webhook_url`) receive report.completed or report.failed.\n\n' +
      '**Limits.** A render runs within the team’s plan (see GET /v1/plans, `rendering`): renders at once, a time ' +
      'limit (then 422 render_timeout) and output limits (PDF pages and bytes, HTML bytes: 422 ' +
      'render_output_too_large, naming the limit). A job that goes over one fails at once, without retries; the ' +
      'report is given back. A template version with `validate_data: true` refuses data that does not match its ' +
      '`data_schema` with 422 data_invalid, listing the paths that fail in `errors` (before anything is charged; ' +
      'data from a data source is checked when it is read).',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    body: CreateReportBody,
    bodyExample: reportBodyExample,
    headers: [
      {
        name: 'Accept',
        description:
          'application/json (the default) answers the report; application/pdf or text/html (the format’s type) ' +
          'answers the file itself. Anything allowing neither is 406.',
      },
      IDEMPOTENCY_KEY_HEADER,
    ],
    success: {
      status: 201,
      description: 'Rendered: the report (or its file, as the Accept header asked).',
      schema: ReportView,
      example: reportExample,
      alternatives: FILE_TYPES,
    },
    otherResponses: {
      202: { description: 'Queued (`async: true`): the render job.', schema: jsonSchemaOf(JobView, 'output') },
    },
    errors: [
      ...KEYED,
      ...IDEMPOTENCY_ERRORS,
      'validation_failed',
      'not_acceptable',
      'template_not_found',
      'version_not_found',
      'report_not_found',
      ...RENDER_ERRORS,
    ],
  },
  {
    operationId: 'listReports',
    method: 'GET',
    path: '/v1/reports',
    tag: 'Reports',
    summary: 'List reports',
    description: "The team's reports, newest first, failed ones included; filter by template, status, batch or time.",
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    query: ListReportsQuery,
    success: { status: 200, description: 'A page of reports.', schema: ReportList },
    errors: [...KEYED, 'validation_failed', 'invalid_cursor'],
  },
  {
    operationId: 'getDailyReports',
    method: 'GET',
    path: '/v1/reports/daily',
    tag: 'Reports',
    summary: 'Reports per day',
    description: "The team's reports of the last days (UTC), counted per day and status: the dashboard's chart.",
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    query: DailyReportsQuery,
    success: { status: 200, description: 'One entry per day, oldest first.', schema: DailyReports },
    errors: [...KEYED, 'validation_failed'],
  },
  {
    operationId: 'getReport',
    method: 'GET',
    path: '/v1/reports/{id}',
    tag: 'Reports',
    summary: 'Get a report',
    description: 'One report: its status, file details, timings, warnings, error and metadata.',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    params: ID,
    success: { status: 200, description: 'The report.', schema: ReportView, example: reportExample },
    errors: [...KEYED, 'report_not_found'],
  },
  {
    operationId: 'getReportFile',
    method: 'GET',
    path: '/v1/reports/{id}/file',
    tag: 'Reports',
    summary: "Download a report's file",
    description:
      `The rendered file, as an attachment under the report's filename. Files are kept by plan (${retention}) ` +
      'after they render: later the answer is 410 report_file_expired. 409 report_not_ready while the report is ' +
      'queued or rendering, or when it failed. With the `expires` and `signature` of a link from ' +
      '`POST /v1/reports/{id}/file-link` it needs no key or session (403 `file_link_expired` once the link ' +
      'expired, `file_link_invalid` when it was changed).',
    security: ['bearer', 'apiKey', 'none'],
    teamScoped: true,
    params: ID,
    query: SignedFileQuery.partial().describe('A signed link’s parameters'),
    success: { status: 200, description: 'The file.', alternatives: FILE_TYPES },
    errors: [
      ...KEYED,
      'report_not_found',
      'report_not_ready',
      'report_file_expired',
      'file_link_invalid',
      'file_link_expired',
    ],
  },
  {
    operationId: 'createReportFileLink',
    method: 'POST',
    path: '/v1/reports/{id}/file-link',
    tag: 'Reports',
    summary: 'Make a signed download link',
    description:
      `A link to the report's file that works without a key or session for ${FILE_LINK_TTL_SECONDS / 60} minutes: ` +
      'for a program (the MCP server) to hand to a person, who opens it in a browser. It is signed by the ' +
      'service (HMAC-SHA256 of the report id and the expiry); changing either makes it invalid. Needs ' +
      'reports:read; 409 report_not_ready until the report rendered, 410 once its file expired.',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    params: ID,
    success: {
      status: 201,
      description: 'The link.',
      schema: z
        .object({
          object: z.literal('report_file_link'),
          report_id: z.string(),
          url: z.string().describe('GET it, with no credentials, until expires_at'),
          expires_at: z.string().describe('ISO 8601'),
        })
        .strict(),
      example: {
        object: 'report_file_link',
        report_id: reportExample.id,
        url: `https://quire.example.com/v1/reports/${reportExample.id}/file?expires=1764025200&signature=Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg`,
        expires_at: '2025-11-24T23:00:00.000Z',
      },
    },
    errors: [...KEYED, 'report_not_found', 'report_not_ready', 'report_file_expired'],
  },
  {
    operationId: 'deleteReport',
    method: 'DELETE',
    path: '/v1/reports/{id}',
    tag: 'Reports',
    summary: 'Delete a report',
    description: 'Deletes the report and its file. Needs reports:delete (owners, admins and editors).',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    params: ID,
    success: {
      status: 200,
      description: 'Deleted.',
      schema: z.object({ object: z.literal('report'), id: z.string(), deleted: z.literal(true) }).strict(),
      example: { object: 'report', id: reportExample.id, deleted: true },
    },
    errors: [...KEYED, 'report_not_found'],
  },
  {
    operationId: 'createReportBatch',
    method: 'POST',
    path: '/v1/reports/batch',
    tag: 'Reports',
    summary: 'Render a batch of reports',
    description:
      `Queues 1 to ${MAX_BATCH_ITEMS} reports (each item as POST /v1/reports takes it, without async) as one ` +
      'job each. Every item is checked first (errors name `items.<n>.…`) and the plan is charged for all of ' +
      'them at once: when they do not all fit, 402 and nothing is queued. Follow the batch at ' +
      '`Location: /v1/reports/batches/{id}`; each report announces itself to the webhooks as it settles.',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    body: CreateBatchBody,
    bodyExample: {
      items: [
        { template_id: 'tpl_H3kq9ZxT2mVb7NcW', data: { invoice_number: '1042' } },
        { template_id: 'tpl_H3kq9ZxT2mVb7NcW', data: { invoice_number: '1043' }, format: 'html' },
        { template_id: 'tpl_H3kq9ZxT2mVb7NcW', data_source: { id: 'ds_Wm2Qx7Lp0Zt4', params: { id: 1044 } } },
      ],
      webhook_url: 'https://example.com/hooks/quire',
    },
    headers: [IDEMPOTENCY_KEY_HEADER],
    success: { status: 202, description: 'Queued: the batch.', schema: BatchView, example: batchExample },
    errors: [
      ...KEYED,
      ...IDEMPOTENCY_ERRORS,
      'validation_failed',
      'not_acceptable',
      'template_not_found',
      'version_not_found',
      'data_invalid',
    ],
  },
  {
    operationId: 'getReportBatch',
    method: 'GET',
    path: '/v1/reports/batches/{id}',
    tag: 'Reports',
    summary: 'Get a batch',
    description:
      "A batch's status and counts, derived from its reports: queued, running, then succeeded, partially_failed " +
      '(some failed) or failed (all failed).',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    params: { id: 'The batch id (bat_…).' },
    success: { status: 200, description: 'The batch.', schema: BatchView, example: batchExample },
    errors: [...KEYED, 'batch_not_found'],
  },
  {
    operationId: 'getJob',
    method: 'GET',
    path: '/v1/jobs/{id}',
    tag: 'Reports',
    summary: 'Get a render job',
    description:
      'The job rendering an async or batch report: queued (also while it waits for a retry), running, succeeded ' +
      'or failed, with its attempts and last error. A job whose worker stopped mid-render is taken over by ' +
      'another worker once its lease passes.',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    params: { id: 'The job id (job_…).' },
    success: { status: 200, description: 'The job.', schema: JobView, example: jobExample },
    errors: [...KEYED, 'job_not_found'],
  },
];
