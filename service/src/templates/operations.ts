import type { ErrorCode } from '@quire/core';
import { Template, TemplateVersion } from '@quire/core';
import { type Entry, IDEMPOTENCY_ERRORS, IDEMPOTENCY_KEY_HEADER, TEAM } from '../openapi/operation-types';
import {
  CheckBody,
  CreateTemplateBody,
  DuplicateBody,
  ListTemplatesQuery,
  ListVersionsQuery,
  PreviewBody,
  PublishBody,
  RestoreBody,
  SchemaBody,
  UpdateTemplateBody,
  VersionQuery,
} from './bodies';
import {
  DeletedTemplate,
  TemplateCheck,
  TemplateList,
  TemplatePreview,
  TemplateSchemaAnswer,
  TemplateTypesAnswer,
  TemplateVersionList,
} from './responses';

/** The acting team and the role, and for an API key the key itself and the month's API calls it counts against. */
const CALLER: readonly ErrorCode[] = [...TEAM, 'invalid_api_key', 'plan_limit_exceeded'];
/** A route about one template: another team's answers 404 template_not_found like one that does not exist. */
const ONE: readonly ErrorCode[] = [...CALLER, 'template_not_found'];
/** The errors the Liquid engine answers a render with. */
const RENDER: readonly ErrorCode[] = [
  'template_syntax_error',
  'template_render_error',
  'template_limit_exceeded',
  'invalid_filter_argument',
];
/** What the render pool stops a render with: the team's plan limits (time, output) and the worker's memory. */
const STOPPED: readonly ErrorCode[] = ['render_timeout', 'render_memory_exceeded'];

const ID = { id: 'The template id (tpl_…).' };
const ID_AND_VERSION = { ...ID, version: 'A version number: 1 for the first, then one more for each save.' };
const COMMON = { tag: 'Templates', security: ['bearer', 'apiKey'], teamScoped: true } as const;

const SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    customer: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    items: {
      type: 'array',
      items: { type: 'object', properties: { price: { type: 'number' } }, required: ['price'] },
    },
  },
  required: ['customer', 'items'],
};

const CONTENT = {
  name: 'Invoice',
  description: 'Monthly invoice for consulting clients',
  kind: 'document',
  html: '<h1>Invoice for {{ customer.name }}</h1>\n{% for item in items %}<p>{{ item.price | money }}</p>{% endfor %}',
  css: 'h1 { color: #1f4e79; }',
  header_html: '',
  footer_html: '<p>Page {{ page_number }} of {{ page_count }}</p>',
  page: { size: 'A4', orientation: 'portrait', margins: { top: 20, right: 18, bottom: 20, left: 18 } },
  sample_data: { customer: { name: 'Acme Corporation' }, items: [{ price: 120 }] },
  data_schema: null,
  validate_data: false,
  tags: ['billing'],
};
const HEAD = {
  id: 'tpl_Jx3kP0aQ7mN2vR8s',
  team_id: 'team_4bY8cD1eF2gH3iJ5',
  published_version: 3,
  latest_version: 3,
  created_at: '2026-03-14T09:30:00.000Z',
  updated_at: '2026-03-16T11:05:00.000Z',
};
const TEMPLATE_EXAMPLE = { ...HEAD, ...CONTENT };
const SUMMARY = {
  ...HEAD,
  name: CONTENT.name,
  description: CONTENT.description,
  kind: CONTENT.kind,
  tags: CONTENT.tags,
};
const VERSION_SUMMARY = {
  template_id: TEMPLATE_EXAMPLE.id,
  version: 3,
  message: 'Add the footer',
  created_by: 'usr_9aB8cD7eF6gH5iJ4',
  created_at: '2026-03-16T11:05:00.000Z',
};

const TYPES_EXAMPLE = `// The data of the Quire template "Invoice" (tpl_Jx3kP0aQ7mN2vR8s), version 3.

export interface InvoiceData {
  customer: {
    name: string;
  };
  items: Array<{
    price: number;
  }>;
}
`;

/** Every route of the templates router (mounted at /v1/templates), for the OpenAPI document. */
export const TEMPLATE_OPERATIONS: Entry[] = [
  {
    ...COMMON,
    operationId: 'createTemplate',
    method: 'POST',
    path: '/v1/templates',
    summary: 'Create a template',
    description:
      'Creates a template (needs templates:write): blank (`{ name }`), from HTML (`{ name, html, css?, … }`) or ' +
      'from a starter template (`{ starter_id }`; the starter’s content is copied, and fields given beside it ' +
      'replace the starter’s). Its version 1 is created and published. Counts against the plan’s templates; the ' +
      'Liquid of the body, header and footer must parse.',
    body: CreateTemplateBody,
    bodyExample: { name: 'Invoice', html: '<h1>Invoice for {{ customer.name }}</h1>', tags: ['billing'] },
    headers: [IDEMPOTENCY_KEY_HEADER],
    success: {
      status: 201,
      description: 'The new template (its URL in `Location`).',
      schema: Template,
      example: TEMPLATE_EXAMPLE,
    },
    errors: [...CALLER, 'validation_failed', 'starter_not_found', 'template_syntax_error', ...IDEMPOTENCY_ERRORS],
  },
  {
    ...COMMON,
    operationId: 'listTemplates',
    method: 'GET',
    path: '/v1/templates',
    summary: 'List templates',
    description:
      'The acting team’s templates, newest first, without their sources (needs templates:read). `q` keeps those ' +
      'whose name contains it (any case), `tag` those with the tag.',
    query: ListTemplatesQuery,
    success: {
      status: 200,
      description: 'A page of templates.',
      schema: TemplateList,
      example: { object: 'list', data: [SUMMARY], has_more: false, next_cursor: null },
    },
    errors: [...CALLER, 'validation_failed', 'invalid_cursor'],
  },
  {
    ...COMMON,
    operationId: 'getTemplate',
    method: 'GET',
    path: '/v1/templates/{id}',
    summary: 'Get a template',
    description:
      'A template with the content of its latest version (the working copy that a save builds on). Reports render ' +
      '`published_version`, which is the latest one unless a save asked for `publish: false`.',
    params: ID,
    success: { status: 200, description: 'The template.', schema: Template, example: TEMPLATE_EXAMPLE },
    errors: ONE,
  },
  {
    ...COMMON,
    operationId: 'updateTemplate',
    method: 'PATCH',
    path: '/v1/templates/{id}',
    summary: 'Save a template',
    description:
      'Saves the given fields (needs templates:write) as a new immutable version built on the latest one: fields ' +
      'left out keep their values, and `page` is replaced as a whole. The new version is published unless ' +
      '`publish` is false (a draft, whose Liquid need not parse yet).',
    params: ID,
    body: UpdateTemplateBody,
    bodyExample: { css: 'h1 { color: #1f4e79; }', message: 'Brand colour', publish: true },
    success: {
      status: 200,
      description: 'The template after the save.',
      schema: Template,
      example: TEMPLATE_EXAMPLE,
    },
    errors: [...ONE, 'validation_failed', 'template_syntax_error'],
  },
  {
    ...COMMON,
    operationId: 'deleteTemplate',
    method: 'DELETE',
    path: '/v1/templates/{id}',
    summary: 'Delete a template',
    description:
      'Deletes a template and all its versions for good (needs templates:write); it no longer counts against the ' +
      'plan. Reports made from it keep their files.',
    params: ID,
    success: {
      status: 200,
      description: 'The template is deleted.',
      schema: DeletedTemplate,
      example: { id: TEMPLATE_EXAMPLE.id, deleted: true },
    },
    errors: ONE,
  },
  {
    ...COMMON,
    operationId: 'duplicateTemplate',
    method: 'POST',
    path: '/v1/templates/{id}/duplicate',
    summary: 'Duplicate a template',
    description:
      'A new template (version 1, published) with the published content of this one, named “<name> (copy)” ' +
      'unless a name is given. Counts against the plan’s templates (needs templates:write).',
    params: ID,
    body: DuplicateBody,
    bodyRequired: false,
    bodyExample: { name: 'Invoice for Globex' },
    headers: [IDEMPOTENCY_KEY_HEADER],
    success: {
      status: 201,
      description: 'The copy (its URL in `Location`).',
      schema: Template,
      example: {
        ...TEMPLATE_EXAMPLE,
        id: 'tpl_Qw2eR3tY4uI5oP6a',
        name: 'Invoice (copy)',
        published_version: 1,
        latest_version: 1,
      },
    },
    errors: [...ONE, 'validation_failed', ...IDEMPOTENCY_ERRORS],
  },
  {
    ...COMMON,
    operationId: 'listTemplateVersions',
    method: 'GET',
    path: '/v1/templates/{id}/versions',
    summary: 'List a template’s versions',
    description:
      'The history of a template, newest first, without each version’s sources; `starting_after` and ' +
      '`next_cursor` are version numbers.',
    params: ID,
    query: ListVersionsQuery,
    success: {
      status: 200,
      description: 'A page of versions.',
      schema: TemplateVersionList,
      example: { object: 'list', data: [VERSION_SUMMARY], has_more: true, next_cursor: '3' },
    },
    errors: [...ONE, 'validation_failed', 'invalid_cursor'],
  },
  {
    ...COMMON,
    operationId: 'getTemplateVersion',
    method: 'GET',
    path: '/v1/templates/{id}/versions/{version}',
    summary: 'Get a template version',
    description: 'One version with its whole content. Versions never change once saved.',
    params: ID_AND_VERSION,
    success: {
      status: 200,
      description: 'The version.',
      schema: TemplateVersion,
      example: { ...VERSION_SUMMARY, content: CONTENT },
    },
    errors: [...ONE, 'version_not_found'],
  },
  {
    ...COMMON,
    operationId: 'restoreTemplateVersion',
    method: 'POST',
    path: '/v1/templates/{id}/versions/{version}/restore',
    summary: 'Restore a template version',
    description:
      'Saves the content of an old version as a new version and publishes it (needs templates:write); the ' +
      'history stays as it was.',
    params: ID_AND_VERSION,
    body: RestoreBody,
    bodyRequired: false,
    bodyExample: { message: 'Back to the March layout' },
    headers: [IDEMPOTENCY_KEY_HEADER],
    success: {
      status: 200,
      description: 'The template after the restore.',
      schema: Template,
      example: { ...TEMPLATE_EXAMPLE, published_version: 4, latest_version: 4 },
    },
    errors: [...ONE, 'validation_failed', 'version_not_found', 'template_syntax_error', ...IDEMPOTENCY_ERRORS],
  },
  {
    ...COMMON,
    operationId: 'publishTemplateVersion',
    method: 'POST',
    path: '/v1/templates/{id}/publish',
    summary: 'Publish a template version',
    description:
      'Chooses the version reports render (needs templates:write): a draft saved with `publish: false`, or an ' +
      'older version to roll back to. Its Liquid must parse.',
    params: ID,
    body: PublishBody,
    bodyExample: { version: 2 },
    headers: [IDEMPOTENCY_KEY_HEADER],
    success: {
      status: 200,
      description: 'The template with its new published version.',
      schema: Template,
      example: { ...TEMPLATE_EXAMPLE, published_version: 2 },
    },
    errors: [...ONE, 'validation_failed', 'version_not_found', 'template_syntax_error', ...IDEMPOTENCY_ERRORS],
  },
  {
    ...COMMON,
    operationId: 'getTemplateSchema',
    method: 'GET',
    path: '/v1/templates/{id}/schema',
    summary: 'Get the JSON Schema of a template’s data',
    description:
      'The JSON Schema (2020-12) of the data a version takes (default the latest version): inferred from its ' +
      'Liquid, merged with the schema its users edited. The edits win per property: their keywords replace the ' +
      'inferred ones, `properties` and `items` merge, a changed type or a `$ref`/`anyOf`/`oneOf`/`allOf`/`not` ' +
      'replaces the inferred node, properties only the users added are kept, and their `required` list wins.',
    params: ID,
    query: VersionQuery,
    success: {
      status: 200,
      description: 'The merged, inferred and edited schemas.',
      schema: TemplateSchemaAnswer,
      example: {
        object: 'template_schema',
        template_id: TEMPLATE_EXAMPLE.id,
        version: 3,
        schema: SCHEMA,
        inferred: SCHEMA,
        edited: null,
      },
    },
    errors: [...ONE, 'validation_failed', 'version_not_found', 'template_syntax_error'],
  },
  {
    ...COMMON,
    operationId: 'updateTemplateSchema',
    method: 'PUT',
    path: '/v1/templates/{id}/schema',
    summary: 'Save the edited JSON Schema of a template’s data',
    description:
      'Saves the users’ schema as the `data_schema` of a new version built on the latest one (published unless ' +
      '`publish` is false), and answers it merged with the inferred one. The template’s Liquid must parse.',
    params: ID,
    body: SchemaBody,
    bodyExample: {
      schema: { type: 'object', properties: { customer: { properties: { name: { description: 'Legal name' } } } } },
      message: 'Describe the customer',
    },
    success: {
      status: 200,
      description: 'The schemas of the new version.',
      schema: TemplateSchemaAnswer,
      example: {
        object: 'template_schema',
        template_id: TEMPLATE_EXAMPLE.id,
        version: 4,
        schema: SCHEMA,
        inferred: SCHEMA,
        edited: { type: 'object', properties: { customer: { properties: { name: { description: 'Legal name' } } } } },
      },
    },
    errors: [...ONE, 'validation_failed', 'template_syntax_error'],
  },
  {
    ...COMMON,
    operationId: 'getTemplateTypes',
    method: 'GET',
    path: '/v1/templates/{id}/types',
    summary: 'Get TypeScript types of a template’s data',
    description:
      'A TypeScript declaration of the data schema (default the latest version), named after the template ' +
      '(`Invoice` gives `InvoiceData`). Answers the file as `text/plain` (or `application/typescript` when Accept ' +
      'asks for it), or this JSON object with `Accept: application/json`.',
    params: ID,
    query: VersionQuery,
    success: {
      status: 200,
      description: 'The declaration.',
      schema: TemplateTypesAnswer,
      example: {
        object: 'template_types',
        template_id: TEMPLATE_EXAMPLE.id,
        version: 3,
        type_name: 'InvoiceData',
        typescript: TYPES_EXAMPLE,
      },
      alternatives: {
        'text/plain': 'The declaration file (the default answer).',
        'application/typescript': 'The declaration file.',
      },
    },
    errors: [...ONE, 'validation_failed', 'version_not_found', 'template_syntax_error', 'not_acceptable'],
  },
  {
    ...COMMON,
    operationId: 'previewTemplate',
    method: 'POST',
    path: '/v1/templates/{id}/preview',
    summary: 'Preview a template',
    description:
      'Renders a version (default the latest) with the given data, or its sample data (or, when it has none, ' +
      'data made from its schema). Makes no report and does not count against the plan (needs templates:read). ' +
      'Answers this JSON description with the file in base64, or the file itself when Accept asks for ' +
      '`application/pdf` or `text/html`. Documents preview as `pdf` or `html`, email templates as `email`. ' +
      'Previews run on render workers of their own (never behind reports) within the team’s plan: its time limit ' +
      '(422 render_timeout) and its output limits (422 render_output_too_large, naming the limit).',
    params: ID,
    body: PreviewBody,
    bodyRequired: false,
    bodyExample: { data: { customer: { name: 'Globex Ltd' }, items: [{ price: 349.5 }] }, format: 'pdf' },
    headers: [IDEMPOTENCY_KEY_HEADER],
    success: {
      status: 200,
      description: 'The rendered preview.',
      schema: TemplatePreview,
      example: {
        object: 'template_preview',
        template_id: TEMPLATE_EXAMPLE.id,
        version: 3,
        format: 'pdf',
        content_type: 'application/pdf',
        pages: 1,
        warnings: [],
        timings: { template_ms: 1.2, layout_ms: 8.4, output_ms: 21.7, total_ms: 31.3 },
        content_base64: 'JVBERi0xLjcKJ…',
      },
      alternatives: {
        'application/pdf': 'The PDF file, when Accept asks for it.',
        'text/html': 'The HTML or email file, when Accept asks for it.',
      },
    },
    errors: [
      ...ONE,
      'validation_failed',
      'version_not_found',
      'not_acceptable',
      ...RENDER,
      ...STOPPED,
      'render_output_too_large',
      ...IDEMPOTENCY_ERRORS,
    ],
  },
  {
    ...COMMON,
    operationId: 'checkTemplate',
    method: 'POST',
    path: '/v1/templates/{id}/check',
    summary: 'Check a template',
    description:
      'What is wrong with a version (default the latest) and data (default its sample data) before anyone reads ' +
      'the report: template errors, data it needs and does not get, data it never uses or of the wrong type, ' +
      'HTML and CSS it cannot lay out, missing glyphs, images that failed, and the page count. Template errors ' +
      'are findings here, not error answers; a render stopped at its time or memory limit is an error answer. ' +
      'Does not count against the plan (needs templates:read).',
    params: ID,
    body: CheckBody,
    bodyRequired: false,
    bodyExample: { data: { customer: { name: 'Globex Ltd' }, items: [{ price: 'n/a' }] } },
    headers: [IDEMPOTENCY_KEY_HEADER],
    success: {
      status: 200,
      description: 'The findings.',
      schema: TemplateCheck,
      example: {
        object: 'template_check',
        template_id: TEMPLATE_EXAMPLE.id,
        version: 3,
        ok: true,
        pages: 1,
        findings: [
          {
            code: 'type_mismatch',
            severity: 'warning',
            path: 'items[0].price',
            message: 'items[0].price is string; the template uses it as number',
          },
          { code: 'page_count', severity: 'info', message: 'The report has 1 page' },
        ],
      },
    },
    errors: [...ONE, 'validation_failed', 'version_not_found', ...STOPPED, ...IDEMPOTENCY_ERRORS],
  },
];
