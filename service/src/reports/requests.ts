import { ReportFormat, ReportStatus } from '@quire/core';
import { z } from 'zod';
import { ListQuery } from '../http/pagination';

export const MAX_BATCH_ITEMS = 100;
export const MAX_METADATA_KEYS = 20;

const JsonObject = z.record(z.string(), z.unknown());

// Control characters and path separators have no place in a download name (and would break the header).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const UNSAFE_FILENAME = /[\u0000-\u001f\u007f/\\"]/;

/** The fields of one report request, shared by POST /v1/reports and batch items. */
const ReportFields = z.object({
  template_id: z.string().min(1).max(100).describe('The template to render'),
  version: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("The template version; default the template's published version"),
  data: JsonObject.optional().describe('The data to render the template with (or give `data_source`)'),
  data_source: z
    .object({
      id: z.string().min(1).max(100).describe('The data source to load the data from'),
      params: JsonObject.default({}).describe("Parameters for the data source's query or request"),
    })
    .strict()
    .optional()
    .describe('Load the data from a data source when the report renders (instead of `data`)'),
  format: ReportFormat.optional().describe(
    'pdf or html for document templates, email for email templates; default pdf, or email for email templates',
  ),
  filename: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((name) => !UNSAFE_FILENAME.test(name), 'must not contain control characters, quotes, / or \\')
    .optional()
    .describe("The download's file name; the format's extension is added when missing"),
  metadata: z
    .record(z.string().min(1).max(40), z.string().max(500))
    .refine((map) => Object.keys(map).length <= MAX_METADATA_KEYS, `at most ${MAX_METADATA_KEYS} keys`)
    .optional()
    .describe(`Your own string → string pairs (up to ${MAX_METADATA_KEYS}), returned with the report`),
});

/**
 * Exactly one source of data. Neither is refused rather than taken as `{}`: a forgotten `data` would otherwise
 * render an empty report and spend a report of the plan; an empty object is a fine `data` when that is meant.
 */
function exactlyOneDataSource(request: { data?: unknown; data_source?: unknown }, ctx: z.RefinementCtx): void {
  if (request.data !== undefined && request.data_source !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['data_source'], message: 'Send either data or data_source, not both' });
  } else if (request.data === undefined && request.data_source === undefined) {
    ctx.addIssue({ code: 'custom', path: ['data'], message: 'Send data (an object) or data_source' });
  }
}

/** One report to render, as a batch item (POST /v1/reports without `async` and `webhook_url`). */
export const ReportRequest = ReportFields.strict().superRefine(exactlyOneDataSource);
export type ReportRequest = z.infer<typeof ReportRequest>;

const WebhookUrl = z
  .string()
  .max(2048)
  .describe("Also send report.completed / report.failed to this URL (besides the team's webhook endpoints)");

/** POST /v1/reports */
export const CreateReportBody = ReportFields.extend({
  async: z
    .boolean()
    .default(false)
    .describe('Render as a job: answer 202 with the job at once instead of waiting for the file'),
  webhook_url: WebhookUrl.optional(),
})
  .strict()
  .superRefine(exactlyOneDataSource);
export type CreateReportBody = z.infer<typeof CreateReportBody>;

/** POST /v1/reports/batch */
export const CreateBatchBody = z
  .object({
    items: z
      .array(ReportRequest)
      .min(1)
      .max(MAX_BATCH_ITEMS, `A batch has at most ${MAX_BATCH_ITEMS} items`)
      .describe(`The reports to render, 1 to ${MAX_BATCH_ITEMS}; each is a report request without async`),
    webhook_url: WebhookUrl.optional(),
  })
  .strict();
export type CreateBatchBody = z.infer<typeof CreateBatchBody>;

/** An ISO 8601 time with any offset, turned into the UTC form the records use. */
const Instant = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value).toISOString())
  .optional();

/** GET /v1/reports */
export const ListReportsQuery = ListQuery.extend({
  template_id: z.string().min(1).max(100).optional().describe('Only reports of this template'),
  status: ReportStatus.optional().describe('Only reports in this status'),
  batch_id: z.string().min(1).max(100).optional().describe('Only reports of this batch'),
  created_after: Instant.describe('Only reports created after this time (ISO 8601)'),
  created_before: Instant.describe('Only reports created before this time (ISO 8601)'),
});
export type ListReportsQuery = z.infer<typeof ListReportsQuery>;
