/**
 * The inputs several tools share, and the shapes of what they answer, with the functions that copy the API's
 * objects into those shapes field by field: the output schemas are strict (no other fields), so an answer of a
 * newer service with more fields still validates, and the model reads only what helps it.
 */
import type {
  AiFinding,
  CheckFinding,
  PageSetup,
  RenderWarning,
  Report,
  Template,
  TemplateSummary,
} from '@quire/client';
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------------
// Inputs

/**
 * How the header and footer number pages: the engine gives them page_number and page_count (and nothing named
 * page or pages), with the example an agent copies. The examples test renders it and reads "Page 1 of 1" back.
 */
export const PAGE_NUMBERS_NOTE =
  'Repeated at the bottom of every PDF page; the variables page_number and page_count number the pages there ' +
  '(header_html too), e.g. <p>Page {{ page_number }} of {{ page_count }}</p>.';

export const HEADER_NOTE =
  'HTML repeated at the top of every PDF page; it sees the data and page_number and page_count, e.g. ' +
  '<p>{{ company.name }} · page {{ page_number }}</p>.';

export const templateId = z.string().min(1).describe('The template\'s id, "tpl_…" (list_templates shows them).');

export const version = z
  .number()
  .int()
  .positive()
  .optional()
  .describe('A version number of the template; leave it out for the published version (latest for checks).');

export const data = z
  .record(z.string(), z.unknown())
  .optional()
  .describe(
    'The JSON data to fill the template with, shaped like its sample_data (get_template shows it). Leave it out ' +
      'to use the sample data.',
  );

export const limit = z.number().int().min(1).max(100).optional().describe('How many to answer, 1 to 100 (default 20).');

export const cursor = z
  .string()
  .optional()
  .describe('The next_cursor of the previous answer, for the next page; leave it out for the first page.');

export const format = z
  .enum(['pdf', 'html', 'email'])
  .optional()
  .describe('The output: pdf (default for documents), html, or email (email templates: inlined HTML).');

// ---------------------------------------------------------------------------------------------------------------
// Outputs

const nullableString = z.string().nullable();

export const templateSummaryShape = {
  id: z.string().describe('The template id (tpl_…).'),
  name: z.string(),
  description: z.string(),
  kind: z.enum(['document', 'email']),
  tags: z.array(z.string()),
  published_version: z.number().describe('The version reports use unless told otherwise.'),
  latest_version: z.number(),
  updated_at: z.string(),
};
export const templateSummary = z.object(templateSummaryShape);

export const toTemplateSummary = (t: TemplateSummary): z.output<typeof templateSummary> => ({
  id: t.id,
  name: t.name,
  description: t.description,
  kind: t.kind,
  tags: t.tags,
  published_version: t.published_version,
  latest_version: t.latest_version,
  updated_at: t.updated_at,
});

export const pageSetup = z.object({
  size: z.string().describe('A4, Letter, Legal or custom.'),
  orientation: z.string(),
  width_mm: z.number().optional(),
  height_mm: z.number().optional(),
  margins: z.object({ top: z.number(), right: z.number(), bottom: z.number(), left: z.number() }),
});

export const toPageSetup = (p: PageSetup): z.output<typeof pageSetup> => ({
  size: p.size,
  orientation: p.orientation,
  ...(typeof p.width_mm === 'number' ? { width_mm: p.width_mm } : {}),
  ...(typeof p.height_mm === 'number' ? { height_mm: p.height_mm } : {}),
  margins: { top: p.margins.top, right: p.margins.right, bottom: p.margins.bottom, left: p.margins.left },
});

/** A whole template: its sources, page setup and sample data. */
export const templateShape = {
  ...templateSummaryShape,
  created_at: z.string(),
  html: z.string().describe('The body: HTML with Liquid ({{ customer.name }}, {% for item in items %}…{% endfor %}).'),
  css: z.string(),
  header_html: z.string().describe(HEADER_NOTE),
  footer_html: z.string().describe(PAGE_NUMBERS_NOTE),
  page: pageSetup,
  sample_data: z.record(z.string(), z.unknown()).describe('Example data: the shape generate_report expects.'),
};

export const toTemplate = (t: Template) => ({
  ...toTemplateSummary(t),
  created_at: t.created_at,
  html: t.html,
  css: t.css,
  header_html: t.header_html,
  footer_html: t.footer_html,
  page: toPageSetup(t.page),
  sample_data: t.sample_data,
});

export const finding = z.object({
  severity: z.enum(['error', 'warning', 'info']),
  code: z.string().describe('missing_variable, unused_variable, content_overflow, unsupported_css…'),
  message: z.string(),
  path: z.string().optional().describe('The data path it is about.'),
  line: z.number().optional().describe('The line of the template it is about.'),
  column: z.number().optional().describe('The column of that line.'),
  serious: z
    .boolean()
    .optional()
    .describe(
      'From an AI run: whether it was sent back to the model for repair (serious ones keep a version a draft).',
    ),
  known_limitation: z
    .boolean()
    .optional()
    .describe(
      'True when it is a limit of Quire rather than of the template (e.g. CJK glyphs without @quire/fonts-cjk): ' +
        'rewording the template will not fix it, so tell the user rather than retrying.',
    ),
  data_sets: z
    .array(z.string())
    .optional()
    .describe('From an AI run: the data sets it was found with (sample, empty_lists, long_text, cjk…).'),
});

/** Whatever the API said about a finding, copied field by field (the optional ones only when present). */
export const toFinding = (f: CheckFinding | RenderWarning | AiFinding): z.output<typeof finding> => ({
  severity: 'severity' in f ? f.severity : 'warning',
  code: f.code,
  message: f.message,
  ...('path' in f && typeof f.path === 'string' ? { path: f.path } : {}),
  ...(typeof f.line === 'number' ? { line: f.line } : {}),
  ...(typeof f.column === 'number' ? { column: f.column } : {}),
  ...('serious' in f && typeof f.serious === 'boolean' ? { serious: f.serious } : {}),
  ...('known_limitation' in f && typeof f.known_limitation === 'boolean'
    ? { known_limitation: f.known_limitation }
    : {}),
  ...('data_sets' in f && Array.isArray(f.data_sets) ? { data_sets: [...f.data_sets] } : {}),
});

export const reportShape = {
  id: z.string().describe('The report id (rep_…).'),
  template_id: z.string(),
  template_version: z.number(),
  status: z.enum(['queued', 'rendering', 'succeeded', 'failed']),
  format: z.enum(['pdf', 'html', 'email']),
  filename: z.string(),
  content_type: nullableString,
  bytes: z.number().nullable(),
  pages: z.number().nullable().describe('Pages of a PDF; null for HTML and email.'),
  download_url: nullableString.describe(
    "The file's API address: it needs the team's API key as bearer token, so do not give it to a person (give " +
      'file_url). Null until it rendered, or once the file expired.',
  ),
  file_expires_at: nullableString,
  error: z.object({ code: z.string(), message: z.string() }).nullable().describe('Why a failed report failed.'),
  created_at: z.string(),
  completed_at: nullableString,
};
export const report = z.object(reportShape);

/** The signed link of a report's file, for a person: opens in a browser with no key, for 15 minutes. */
export const fileLinkShape = {
  file_url: nullableString.describe(
    'A link to the file that works without any key for 15 minutes (signed by Quire): give this one to the user ' +
      'to open or download. Null when there is no file. Call get_report for a fresh one once it expired.',
  ),
  file_url_expires_at: nullableString.describe('When file_url stops working (ISO 8601).'),
};

export const toReport = (r: Report): z.output<typeof report> => ({
  id: r.id,
  template_id: r.template_id,
  template_version: r.template_version,
  status: r.status,
  format: r.format,
  filename: r.filename,
  content_type: r.content_type,
  bytes: r.bytes,
  pages: r.pages,
  download_url: r.download_url,
  file_expires_at: r.file_expires_at,
  error: r.error ? { code: r.error.code, message: r.error.message } : null,
  created_at: r.created_at,
  completed_at: r.completed_at,
});

export const page = {
  has_more: z.boolean().describe('True when there are more: call again with cursor = next_cursor.'),
  next_cursor: z.string().nullable(),
};

export const pageInput = z
  .object({
    size: z.enum(['A4', 'Letter', 'Legal', 'custom']).optional().describe('Default A4.'),
    orientation: z.enum(['portrait', 'landscape']).optional().describe('Default portrait.'),
    width_mm: z.number().positive().optional().describe('With size "custom": the page width in millimetres.'),
    height_mm: z.number().positive().optional().describe('With size "custom": the page height in millimetres.'),
    margins: z
      .object({
        top: z.number().min(0).describe('Millimetres.'),
        right: z.number().min(0).describe('Millimetres.'),
        bottom: z.number().min(0).describe('Millimetres.'),
        left: z.number().min(0).describe('Millimetres.'),
      })
      .optional()
      .describe('Page margins in millimetres; default 20 top and bottom, 18 left and right.'),
  })
  .optional()
  .describe('Page setup of a PDF document; leave it out for A4 portrait.');

/** The findings an AI run left (serious ones were sent back to the model for repair first). */
export const aiOutcome = {
  reply: z.string().describe("The AI's words about what it made or changed: pass them on to the user."),
  remaining: z
    .array(finding)
    .describe('Problems the checks still found after the repairs; empty when the template renders cleanly.'),
};
