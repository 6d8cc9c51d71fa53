import type { ErrorCode } from '@quire/core';
import { ListQuery } from '../http/pagination';
import { type Entry, IDEMPOTENCY_ERRORS, IDEMPOTENCY_KEY_HEADER, TEAM } from '../openapi/operation-types';
import type { JsonSchema } from '../openapi/schemas';
import { UploadFontBody } from './schemas';

/** Every font route may be called with a key, whose requests count against the plan's API calls. */
const ACCESS: readonly ErrorCode[] = [...TEAM, 'invalid_api_key', 'plan_limit_exceeded'];

const time = (description: string): JsonSchema => ({ type: 'string', format: 'date-time', description });

const FACE: JsonSchema = {
  description: 'An uploaded face, or null',
  anyOf: [
    {
      type: 'object',
      properties: {
        bytes: { type: 'integer', description: 'Size of the file' },
        sha256: { type: 'string', description: 'SHA-256 of the file, hex' },
        content_type: { enum: ['font/ttf', 'font/otf', 'font/woff', 'font/woff2'] },
        uploaded_at: time('When this face was uploaded'),
      },
      required: ['bytes', 'sha256', 'content_type', 'uploaded_at'],
    },
    { type: 'null' },
  ],
};

const FontFamilySchema: JsonSchema = {
  type: 'object',
  description: 'A font family of the team. Its name is what CSS `font-family` names in the team’s templates.',
  properties: {
    object: { const: 'font_family' },
    id: { type: 'string', description: 'Font family id (font_…)' },
    name: { type: 'string', description: 'The family name, as first uploaded' },
    faces: {
      type: 'object',
      properties: { normal: FACE, bold: FACE, italics: FACE, bolditalics: FACE },
      required: ['normal', 'bold', 'italics', 'bolditalics'],
    },
    total_bytes: { type: 'integer', description: 'Size of all its faces' },
    created_at: time('When it was created'),
    updated_at: time('When a face was last uploaded'),
  },
  required: ['object', 'id', 'name', 'faces', 'total_bytes', 'created_at', 'updated_at'],
};

const face = (bytes: number, sha256: string) => ({
  bytes,
  sha256,
  content_type: 'font/ttf',
  uploaded_at: '2026-11-24T10:00:00.000Z',
});
const EXAMPLE = {
  object: 'font_family',
  id: 'font_Vx2d9Kq1mPz7aTz0',
  name: 'Brand Mono',
  faces: {
    normal: face(405892, '6c1f0e1d5b0b8a5f4f0c3c1e2f6c0d9b3e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b'),
    bold: null,
    italics: null,
    bolditalics: null,
  },
  total_bytes: 405892,
  created_at: '2026-11-24T10:00:00.000Z',
  updated_at: '2026-11-24T10:00:00.000Z',
};

const PAGE: JsonSchema = {
  type: 'object',
  description: 'Font families, newest first.',
  properties: {
    object: { const: 'list' },
    data: { type: 'array', items: FontFamilySchema },
    has_more: { type: 'boolean' },
    next_cursor: { type: ['string', 'null'], description: 'Pass as `starting_after` for the next page' },
  },
  required: ['object', 'data', 'has_more', 'next_cursor'],
};

const FAMILY = {
  family: 'The family name, URL-encoded (`Brand%20Mono`); matched without regard to case.',
};

const LIMITS =
  'The plan bounds the families a team keeps, the size of one face and of all faces (`fonts` in GET /v1/plans): ' +
  'over one, 402 `plan_limit_exceeded` with `resource` `font_families`, `font_face_max_bytes` or ' +
  '`font_total_max_bytes`.';

export const FONT_OPERATIONS: Entry[] = [
  {
    operationId: 'uploadFont',
    method: 'POST',
    path: '/v1/fonts',
    tag: 'Fonts',
    summary: 'Upload a font face',
    description:
      'Adds a face (normal, bold, italics or bolditalics) to a family of the acting team, as base64 in JSON; the ' +
      'first upload of a family must be its normal face and makes the family (201), later ones add or replace a ' +
      'face (200). The bytes must be a TrueType, OpenType or WOFF font (else 422 `invalid_font`). Templates then ' +
      "name the family in CSS (`font-family: 'Brand Mono'`), and every render of the team draws with it. " +
      `${LIMITS} Needs templates:write; audited as \`font.uploaded\`.`,
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    headers: [IDEMPOTENCY_KEY_HEADER],
    body: UploadFontBody,
    bodyExample: { family: 'Brand Mono', face: 'normal', data: 'AAEAAAASAQAABAAgR0RFRr...' },
    success: {
      status: 201,
      description: 'The family with the face added (200 when the family existed).',
      schema: FontFamilySchema,
      example: EXAMPLE,
    },
    errors: [...ACCESS, 'validation_failed', 'invalid_font', ...IDEMPOTENCY_ERRORS],
  },
  {
    operationId: 'listFonts',
    method: 'GET',
    path: '/v1/fonts',
    tag: 'Fonts',
    summary: 'List font families',
    description: "The acting team's font families, newest first, paginated. Needs templates:read.",
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    query: ListQuery,
    success: {
      status: 200,
      description: 'One page of font families.',
      schema: PAGE,
      example: { object: 'list', data: [EXAMPLE], has_more: false, next_cursor: null },
    },
    errors: [...ACCESS, 'validation_failed', 'invalid_cursor'],
  },
  {
    operationId: 'getFont',
    method: 'GET',
    path: '/v1/fonts/{family}',
    tag: 'Fonts',
    summary: 'Get a font family',
    description: 'One font family of the acting team, by name: its faces and their sizes. Needs templates:read.',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    params: FAMILY,
    success: { status: 200, description: 'The font family.', schema: FontFamilySchema, example: EXAMPLE },
    errors: [...ACCESS, 'font_not_found'],
  },
  {
    operationId: 'deleteFont',
    method: 'DELETE',
    path: '/v1/fonts/{family}',
    tag: 'Fonts',
    summary: 'Delete a font family',
    description:
      'Deletes the family and the files of all its faces; renders after it draw with the bundled fonts in its ' +
      'place. Needs templates:write; audited as `font.deleted`.',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    params: FAMILY,
    success: {
      status: 200,
      description: 'The family is gone.',
      schema: {
        type: 'object',
        properties: {
          object: { const: 'font_family' },
          id: { type: 'string' },
          name: { type: 'string' },
          deleted: { const: true },
        },
        required: ['object', 'id', 'name', 'deleted'],
      },
      example: { object: 'font_family', id: 'font_Vx2d9Kq1mPz7aTz0', name: 'Brand Mono', deleted: true },
    },
    errors: [...ACCESS, 'font_not_found'],
  },
];
