import { JsonSchemaDocument, pageRoomMessage, pageRoomProblem, ReportFormat, TemplateContent } from '@quire/core';
import { z } from 'zod';
import { ListQuery } from '../http/pagination';

/** A field of core's TemplateContent without its default (keeping its description): a body says only what it sets. */
function bare<T extends z.ZodType>(schema: z.ZodDefault<T>): T {
  const inner = schema.unwrap() as T;
  return (schema.description ? inner.describe(schema.description) : inner) as T;
}

const content = TemplateContent.shape;

/**
 * A page whose margins leave no room for content is refused when it is saved, not when a report of it is rendered
 * (the renderer refuses it too: pdf/page-area.ts in @quire/render).
 */
const PageWithRoom = bare(content.page).superRefine((page, ctx) => {
  const problem = pageRoomProblem(page);
  if (problem) ctx.addIssue({ code: 'custom', path: ['margins'], message: pageRoomMessage(problem) });
});

/** Every content field, optional and without defaults: what a create or a save may set. */
export const ContentFields = z
  .object({
    name: content.name,
    description: bare(content.description),
    kind: bare(content.kind),
    html: content.html,
    css: bare(content.css),
    header_html: bare(content.header_html),
    footer_html: bare(content.footer_html),
    page: PageWithRoom.describe('Page setup; replaced as a whole when given'),
    sample_data: bare(content.sample_data).describe('Data that renders the template; previews and checks use it'),
    data_schema: bare(content.data_schema),
    validate_data: bare(content.validate_data),
    tags: bare(content.tags),
  })
  .partial();

const Message = z.string().max(500).describe('What changed, shown in the version history');
const Publish = z
  .boolean()
  .default(true)
  .describe('Publish the new version (reports render it); false keeps it as a draft. Default true');
const VersionNumber = z.number().int().positive();

/** POST /v1/templates: blank (`{ name }`), from HTML (`{ name, html, ... }`) or from a starter (`{ starter_id }`). */
export const CreateTemplateBody = ContentFields.extend({
  starter_id: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe("A starter template's id (GET /v1/starters): its content is copied; fields given here replace it"),
  message: Message.optional(),
})
  .strict()
  .superRefine((body, ctx) => {
    if (body.starter_id === undefined && body.name === undefined) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'Name is required' });
    }
  });
export type CreateTemplateBody = z.infer<typeof CreateTemplateBody>;

/** PATCH /v1/templates/{id}: the fields to change; every save is a new version. */
export const UpdateTemplateBody = ContentFields.extend({ message: Message.optional(), publish: Publish }).strict();

/** POST /v1/templates/{id}/duplicate (the body is optional). */
export const DuplicateBody = z
  .object({ name: content.name.optional().describe('The copy\'s name; default the original\'s name and " (copy)"') })
  .strict();

/** POST /v1/templates/{id}/publish. */
export const PublishBody = z
  .object({ version: VersionNumber.describe('The version reports render from now on') })
  .strict();

/** POST /v1/templates/{id}/versions/{version}/restore. */
export const RestoreBody = z.object({ message: Message.optional() }).strict();

/** PUT /v1/templates/{id}/schema. */
export const SchemaBody = z
  .object({
    schema: JsonSchemaDocument.refine((schema) => schema.type === undefined || schema.type === 'object', {
      message: 'The data of a template is an object: the root type must be "object"',
      path: ['type'],
    }).describe('The edited JSON Schema (2020-12) of the data; properties given here win over the inferred ones'),
    message: Message.optional(),
    publish: Publish,
  })
  .strict();

/** `?version=` on the reads of one version's derived views (schema, types). */
export const VersionQuery = z.object({
  version: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe('A version number; default the latest version (the working copy)'),
});

const Data = z
  .record(z.string(), z.unknown())
  .describe("The data to render with; default the version's sample_data (or data made from its schema when empty)");

/** POST /v1/templates/{id}/preview. */
export const PreviewBody = z
  .object({
    data: Data.optional(),
    version: VersionNumber.optional().describe('Default the latest version (the working copy)'),
    format: ReportFormat.optional().describe(
      'Default: what the Accept header asks for, else `pdf` for documents and `email` for email templates',
    ),
  })
  .strict();

/** POST /v1/templates/{id}/check. */
export const CheckBody = z
  .object({
    data: Data.optional(),
    version: VersionNumber.optional().describe('Default the latest version (the working copy)'),
  })
  .strict();

/** GET /v1/templates. */
export const ListTemplatesQuery = ListQuery.extend({
  q: z.string().trim().min(1).max(200).optional().describe('Only templates whose name contains this (any case)'),
  tag: z.string().trim().min(1).max(40).optional().describe('Only templates with this tag'),
});

/** GET /v1/templates/{id}/versions: the cursor is a version number (versions have no id of their own). */
export const ListVersionsQuery = ListQuery.extend({
  starting_after: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe('The version number of the last item of the previous page (its `next_cursor`)'),
});

/** `{version}` in a path: a positive integer, else the version does not exist. */
export const VersionParam = z.coerce.number().int().positive();
