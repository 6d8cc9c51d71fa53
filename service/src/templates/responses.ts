import { JsonSchemaDocument, RenderWarning, ReportFormat, ReportTimings, Template, TemplateVersion } from '@quire/core';
import { z } from 'zod';

/**
 * The answers of the templates API as zod schemas: the route handlers build values of these types and the
 * OpenAPI document is generated from them, so the two cannot drift apart.
 */

const TemplateId = z.string().describe('Template id (tpl_…)');
const VersionNumber = z.number().int().positive();

/** `{ object: 'list', data, has_more, next_cursor }`, as every list of the API. */
const page = <T extends z.ZodType>(item: T, description: string) =>
  z
    .object({
      object: z.literal('list'),
      data: z.array(item),
      has_more: z.boolean(),
      next_cursor: z.string().nullable().describe('Pass as `starting_after` for the next page; null on the last page'),
    })
    .describe(description);

/** What GET /v1/templates lists: no sources, like the starters' list (GET /v1/templates/{id} has them). */
export const TemplateSummary = Template.pick({
  id: true,
  team_id: true,
  name: true,
  description: true,
  kind: true,
  tags: true,
  published_version: true,
  latest_version: true,
  created_at: true,
  updated_at: true,
});
export type TemplateSummary = z.infer<typeof TemplateSummary>;

/** What GET /v1/templates/{id}/versions lists: the history without each version's sources. */
export const TemplateVersionSummary = TemplateVersion.omit({ content: true });
export type TemplateVersionSummary = z.infer<typeof TemplateVersionSummary>;

export const TemplateList = page(TemplateSummary, "The team's templates, newest first.");
export const TemplateVersionList = page(
  TemplateVersionSummary,
  'The versions, newest first; the cursor is a version number.',
);

export const DeletedTemplate = z.object({ id: TemplateId, deleted: z.literal(true) });
export type DeletedTemplate = z.infer<typeof DeletedTemplate>;

export const TemplateSchemaAnswer = z.object({
  object: z.literal('template_schema'),
  template_id: TemplateId,
  version: VersionNumber,
  schema: JsonSchemaDocument.describe('The merge of the two below: validate data and generate types with this one'),
  inferred: JsonSchemaDocument.describe("What the template's Liquid reads (body, header and footer)"),
  edited: JsonSchemaDocument.nullable().describe("The version's data_schema as its users wrote it; null if none"),
});
export type TemplateSchemaAnswer = z.infer<typeof TemplateSchemaAnswer>;

export const TemplateTypesAnswer = z.object({
  object: z.literal('template_types'),
  template_id: TemplateId,
  version: VersionNumber,
  type_name: z.string().describe("The root type's name: the template's name in PascalCase and `Data`"),
  typescript: z.string().describe('The declaration file'),
});
export type TemplateTypesAnswer = z.infer<typeof TemplateTypesAnswer>;

export const TemplatePreview = z.object({
  object: z.literal('template_preview'),
  template_id: TemplateId,
  version: VersionNumber,
  format: ReportFormat,
  content_type: z.string().describe('The type of the file: application/pdf, or text/html; charset=utf-8'),
  pages: z.number().int().nonnegative().nullable().describe('Pages of a PDF; null for HTML and email'),
  warnings: z.array(RenderWarning).describe('What the engine ignored or could not do'),
  timings: ReportTimings,
  content_base64: z.string().describe('The file, base64'),
});
export type TemplatePreview = z.infer<typeof TemplatePreview>;

/** A finding of @quire/render's check. */
const Finding = z.object({
  code: z.string().describe('missing_variable, unused_variable, type_mismatch, page_count, a template error code...'),
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
  path: z.string().optional().describe('The data path it is about (`items[2].price`)'),
  line: z.number().int().positive().optional(),
  column: z.number().int().positive().optional(),
});

export const TemplateCheck = z.object({
  object: z.literal('template_check'),
  template_id: TemplateId,
  version: VersionNumber,
  ok: z.boolean().describe('No finding of severity error'),
  pages: z.number().int().nonnegative().nullable().describe('Pages of the PDF, when the template rendered'),
  findings: z.array(Finding),
});
export type TemplateCheck = z.infer<typeof TemplateCheck>;
