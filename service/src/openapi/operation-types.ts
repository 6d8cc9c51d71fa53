import type { ErrorCode } from '@quire/core';
import type { z } from 'zod';
import type { JsonSchema } from './schemas';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a route may be called; an operation lists the alternatives it accepts. `none`: without credentials.
 * `bearer`: a user's access token (JWT) from POST /v1/auth/token. `apiKey`: a team API key (`qk_live_…`).
 * (An embed token, `qe_…`, is added by the document itself to the routes of the embed allow-list.)
 */
export type Security = 'none' | 'bearer' | 'apiKey';

export const TAGS = [
  { name: 'Service', description: 'What the service is and whether it is up.' },
  { name: 'Catalogue', description: 'Plans and starter templates: public, no account needed.' },
  { name: 'Auth', description: 'Accounts, sessions, password reset and two-factor (TOTP) authentication.' },
  { name: 'Profile', description: "The signed-in user's preferences." },
  { name: 'Contact', description: 'The public contact form, protected by a proof-of-work captcha.' },
  {
    name: 'Teams',
    description:
      'Teams, members, roles and invitations. Team routes act for the team named by the `Quire-Team` header, ' +
      "else the user's personal team.",
  },
  { name: 'API keys', description: 'Team API keys for programs.' },
  {
    name: 'Embed tokens',
    description:
      'Short-lived tokens for the template builder embedded in your app: minted by your backend from its API key, ' +
      'scoped to templates and permissions, usable from the origins the key names.',
  },
  {
    name: 'Templates',
    description:
      'HTML + Liquid templates with immutable versions, a published version, the JSON Schema of their data, ' +
      'previews and checks.',
  },
  {
    name: 'Fonts',
    description:
      'Font families a team uploads (TrueType, OpenType, WOFF) and its templates name in CSS `font-family`: every ' +
      'render of the team (reports, previews, checks) draws with them.',
  },
  {
    name: 'Reports',
    description:
      'Rendering templates with data into PDF, HTML or email, synchronously or as jobs, one at a time or in batches.',
  },
  {
    name: 'AI',
    description:
      'Templates written from a sentence and refined by conversation. Every answer is extracted, sanitised, ' +
      'rendered against sample and edge-case data and checked, and repaired by the model before it is saved.',
  },
  { name: 'Webhooks', description: 'Signed report.completed and report.failed events, and where they go.' },
  {
    name: 'Data sources',
    description: 'HTTP APIs, PostgreSQL and MySQL queries, and JSON or CSV uploads that reports read their data from.',
  },
  { name: 'Usage and billing', description: "The team's plan, what it has used this month, and plan changes." },
  { name: 'Audit log', description: 'Sensitive actions (keys, members, plan, data sources), for owners and admins.' },
] as const;
export type Tag = (typeof TAGS)[number]['name'];

export interface SuccessResponse {
  status: number;
  description: string;
  /** A zod schema (converted as the service's output) or a JSON Schema; none for 204. */
  schema?: z.ZodType | JsonSchema;
  /** An example of the answer. */
  example?: unknown;
  /** Other content types the success may come as (a PDF file when asked for with Accept), with a description. */
  alternatives?: Record<string, string>;
}

export interface Operation {
  /** Unique, stable: client generators name their methods after it. */
  operationId: string;
  method: HttpMethod;
  /** OpenAPI style: `/v1/auth/factors/{id}`, no trailing slash. */
  path: string;
  tag: Tag;
  summary: string;
  description: string;
  /** Accepted ways to call it (alternatives). */
  security: readonly Security[];
  /** Acts for a team: takes the optional `Quire-Team` header. */
  teamScoped?: boolean;
  /** Description of each `{param}` of the path. */
  params?: Record<string, string>;
  /** The query string's schema: each property becomes a query parameter. */
  query?: z.ZodObject;
  /** The JSON body's schema (converted as the client's input). */
  body?: z.ZodType;
  /** An example body, shown by the docs and checked against `body` by a test. */
  bodyExample?: unknown;
  /** Headers a caller may send besides the standard ones (`Idempotency-Key`, `Accept`...). */
  headers?: { name: string; description: string; schema?: JsonSchema }[];
  /** Whether a body must be sent (default true when there is a body schema). */
  bodyRequired?: boolean;
  success: SuccessResponse;
  /** Answers that are neither the success nor an error envelope (GET /readyz's 503). */
  otherResponses?: Record<number, { description: string; schema: JsonSchema }>;
  /** Every error code the route can answer with (core's catalogue gives each its status and type). */
  errors: readonly ErrorCode[];
}

/**
 * Any route called with an embed token (`qe_…`): the embed guard checks the token, its origin and the route before
 * the route runs (see embed-tokens/scope.ts).
 */
export const EMBED: readonly ErrorCode[] = [
  'invalid_embed_token',
  'embed_token_expired',
  'embed_origin',
  'embed_scope',
];
/**
 * Any route: the app-wide rate limiter, the database not answering (503), the last-resort 500, and the embed
 * guard's refusals.
 */
export const ANY: readonly ErrorCode[] = ['rate_limited', 'store_unavailable', 'internal_error', ...EMBED];
/**
 * POST, PUT and PATCH: the JSON body parser (with its nesting limit) and the JSON-only check run before the route,
 * and what they write must fit in one stored record (413 record_too_large).
 */
export const JSON_BODY: readonly ErrorCode[] = [
  'malformed_json',
  'payload_too_large',
  'json_too_deep',
  'unsupported_media_type',
  'record_too_large',
];
/** A bearer access token is checked first (requireUser). */
export const USER: readonly ErrorCode[] = ['session_missing', 'invalid_jwt'];
/** Acting team (Quire-Team header) resolution and the role's permission check. */
export const TEAM: readonly ErrorCode[] = [...USER, 'not_found', 'forbidden'];

/** A row of the operations table: the shared errors (ANY, JSON_BODY) are added when the table is built. */
export type Entry = Omit<Operation, 'errors'> & { errors?: readonly ErrorCode[] };

/** The `Idempotency-Key` header of POST routes that create things (see http/idempotency.ts). */
export const IDEMPOTENCY_KEY_HEADER = {
  name: 'Idempotency-Key',
  description:
    'Makes a retry safe: the same key with the same body answers the first response again (with ' +
    '`Idempotent-Replayed: true`) for 24 hours; the same key with another body answers 409 idempotency_key_reused.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};
/** Errors the Idempotency-Key header adds. */
export const IDEMPOTENCY_ERRORS: readonly ErrorCode[] = ['idempotency_key_reused', 'idempotency_key_in_use'];
