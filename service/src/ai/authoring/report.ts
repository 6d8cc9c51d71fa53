import { z } from 'zod';

/**
 * What the verify loop tells the user about a template it wrote: what was checked and with which data, what the
 * model was asked to repair, what is left, and what the sanitiser took out. Zod schemas, so that the OpenAPI
 * document and the handlers share one contract.
 */

export const DataSetName = z
  .enum(['sample', 'empty_lists', 'long_lists', 'long_text', 'long_words', 'missing_optional', 'non_latin', 'cjk'])
  .describe('The data a render used: the sample, or one of the generated edge cases');

export const ReportFinding = z.object({
  code: z
    .string()
    .describe(
      'content_overflow, missing_variable, missing_glyphs, too_many_pages, a template error, intent_missing_column and the other intent_* codes...',
    ),
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
  path: z.string().optional(),
  line: z.number().int().positive().optional(),
  column: z.number().int().positive().optional(),
  serious: z.boolean().describe('Whether it was sent back to the model for repair'),
  known_limitation: z
    .boolean()
    .optional()
    .describe('A limit of Quire rather than of the template (CJK glyphs on a server without @quire/fonts-cjk)'),
});
export type ReportFinding = z.infer<typeof ReportFinding>;

export const CheckedItem = z.object({
  check: z
    .enum(['answer', 'sanitise', 'liquid_syntax', 'sample_data', 'render', 'intent'])
    .describe(
      '`answer`: a template was found in the answer; `sanitise`: scripts, handlers and remote URLs; ' +
        '`liquid_syntax`: the body, header and footer parse; `sample_data`: the answer gave sample data for what ' +
        'the template prints (a generation whose request gave no data); `render`: rendered and checked with one ' +
        'data set; `intent`: the template, rendered with the sample, holds what the request asked for',
    ),
  data_set: DataSetName.optional(),
  description: z.string(),
  ok: z.boolean().describe('Nothing serious found (for `sanitise`: nothing had to be removed)'),
  pages: z.number().int().nonnegative().nullable().optional().describe('Pages of the PDF (documents)'),
  findings: z.array(ReportFinding).describe('Errors and warnings (information findings are left out)'),
  asked: z
    .array(z.string())
    .optional()
    .describe('`intent`: what the request asked for, one item each (`column "Grade"`, `a QR code`, `page A5`)'),
  found: z.array(z.string()).optional().describe('`intent`: the items of `asked` the template holds'),
});
export type CheckedItem = z.infer<typeof CheckedItem>;

export const RemainingFinding = ReportFinding.extend({
  data_sets: z.array(DataSetName).describe('The data sets it was found with'),
});
export type RemainingFinding = z.infer<typeof RemainingFinding>;

export const Removal = z.object({
  part: z.enum(['html', 'css', 'header_html', 'footer_html']),
  what: z.enum(['element', 'event_handler', 'script_url', 'remote_url', 'import']),
  detail: z.string(),
});

export const RoundReport = z.object({
  round: z.number().int().positive(),
  task: z.enum(['generate', 'refine', 'repair']),
  problems: z.array(z.string()).describe('What was sent back to the model after this answer (empty: accepted)'),
});
export type RoundReport = z.infer<typeof RoundReport>;

export const AuthoringReport = z.object({
  provider: z.string().describe('offline, gemini or openai'),
  model: z.string(),
  rounds: z.array(RoundReport).describe('Every answer of the model: the first, then each repair'),
  kept_round: z.number().int().positive().describe('The round whose answer was kept'),
  checked: z.array(CheckedItem).describe('What was checked on the kept answer, with the results'),
  remaining: z.array(RemainingFinding).describe('Errors and warnings the kept answer still has'),
  sanitised: z.array(Removal).describe('What was taken out of the kept answer'),
  notes: z.array(z.string()),
});
export type AuthoringReport = z.infer<typeof AuthoringReport>;
