import { z } from 'zod';

/** ISO 8601 UTC timestamp, as every time in Quire's API. */
export const Timestamp = z.iso.datetime({ offset: false }).describe('ISO 8601 time in UTC');

export const PAGE_SIZES = {
  A4: { width_mm: 210, height_mm: 297 },
  Letter: { width_mm: 215.9, height_mm: 279.4 },
  Legal: { width_mm: 215.9, height_mm: 355.6 },
} as const;

export const PageSizeName = z.enum(['A4', 'Letter', 'Legal', 'custom']);
export type PageSizeName = z.infer<typeof PageSizeName>;

export const Margins = z
  .object({
    top: z.number().min(0).max(200),
    right: z.number().min(0).max(200),
    bottom: z.number().min(0).max(200),
    left: z.number().min(0).max(200),
  })
  .strict()
  .describe('Page margins in millimetres');
export type Margins = z.infer<typeof Margins>;

/**
 * Page setup. `width_mm`/`height_mm` are required for `size: "custom"` and ignored otherwise;
 * they describe the page in portrait, and `orientation` turns it.
 */
export const PageSetup = z
  .object({
    size: PageSizeName.default('A4'),
    width_mm: z.number().min(20).max(5000).optional(),
    height_mm: z.number().min(20).max(5000).optional(),
    orientation: z.enum(['portrait', 'landscape']).default('portrait'),
    margins: Margins.default({ top: 20, right: 18, bottom: 20, left: 18 }),
  })
  .strict()
  .superRefine((page, ctx) => {
    if (page.size === 'custom' && (page.width_mm === undefined || page.height_mm === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: page.width_mm === undefined ? ['width_mm'] : ['height_mm'],
        message: 'A custom page size needs width_mm and height_mm',
      });
    }
  });
export type PageSetup = z.infer<typeof PageSetup>;
export type PageSetupInput = z.input<typeof PageSetup>;

/** The page's width and height in millimetres after size and orientation are applied. */
export function pageDimensions(page: PageSetup): { width_mm: number; height_mm: number } {
  const base =
    page.size === 'custom'
      ? { width_mm: page.width_mm ?? PAGE_SIZES.A4.width_mm, height_mm: page.height_mm ?? PAGE_SIZES.A4.height_mm }
      : PAGE_SIZES[page.size];
  return page.orientation === 'landscape' ? { width_mm: base.height_mm, height_mm: base.width_mm } : { ...base };
}

export const TemplateKind = z.enum(['document', 'email']);
export type TemplateKind = z.infer<typeof TemplateKind>;

/** A JSON Schema document (draft 2020-12) describing a template's data. */
export const JsonSchemaDocument = z.record(z.string(), z.unknown()).describe('JSON Schema (2020-12) of the data');
export type JsonSchemaDocument = Record<string, unknown>;

const MAX_SOURCE = 512 * 1024;

/** What a template is made of: everything a version snapshots. */
export const TemplateContent = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(200),
    description: z.string().max(2000).default(''),
    kind: TemplateKind.default('document'),
    html: z.string().max(MAX_SOURCE).describe('HTML with Liquid for documents; MJML with Liquid for emails'),
    css: z.string().max(MAX_SOURCE).default(''),
    header_html: z
      .string()
      .max(64 * 1024)
      .default('')
      .describe('Running header; may use {{ page_number }} and {{ page_count }}'),
    footer_html: z
      .string()
      .max(64 * 1024)
      .default('')
      .describe('Running footer; may use {{ page_number }} and {{ page_count }}'),
    page: PageSetup.default({
      size: 'A4',
      orientation: 'portrait',
      margins: { top: 20, right: 18, bottom: 20, left: 18 },
    }),
    sample_data: z.record(z.string(), z.unknown()).default({}),
    data_schema: JsonSchemaDocument.nullable().default(null).describe('User-edited schema; null means inferred only'),
    validate_data: z
      .boolean()
      .default(false)
      .describe(
        'Check the data of every report against data_schema before rendering: data that does not match is refused ' +
          'with 422 data_invalid, naming the paths that fail. Needs a data_schema',
      ),
    tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  })
  .strict();
export type TemplateContent = z.infer<typeof TemplateContent>;
export type TemplateContentInput = z.input<typeof TemplateContent>;

export const Template = TemplateContent.extend({
  id: z.string(),
  team_id: z.string(),
  published_version: z.number().int().positive(),
  latest_version: z.number().int().positive(),
  created_at: Timestamp,
  updated_at: Timestamp,
}).strict();
export type Template = z.infer<typeof Template>;

export const TemplateVersion = z
  .object({
    template_id: z.string(),
    version: z.number().int().positive(),
    content: TemplateContent,
    message: z.string().max(500).default(''),
    created_by: z.string().nullable().describe('User id, or null for API keys and the AI'),
    created_at: Timestamp,
  })
  .strict();
export type TemplateVersion = z.infer<typeof TemplateVersion>;
