import { ERROR_CATALOGUE, type ErrorCode } from '@quire/core';
import type { z } from 'zod';
import { EMBED_ROUTE_KEYS } from '../embed-tokens/scope';
import { TEAM_HEADER } from '../teams/index';
import { TEAM_ID } from '../teams/model';
import { OPERATIONS, type Operation, type Security, TAGS } from './operations';
import { componentSchemas, type JsonSchema, jsonSchemaOf, ref } from './schemas';

export interface OpenApiOptions {
  /** The API version shown in info.version (the service's package version). */
  version: string;
  /** Where the service is reached: the document's one server. */
  publicUrl: string;
}

/** An Express path (`/v1/team//members/:userId/`) in OpenAPI form (`/v1/team/members/{userId}`). */
export function openApiPath(expressPath: string): string {
  const path = expressPath
    .replace(/\/{2,}/g, '/')
    .replace(/:(\w+)/g, '{$1}')
    .replace(/(.)\/$/, '$1');
  return path === '' ? '/' : path;
}

const isZod = (schema: z.ZodType | JsonSchema): schema is z.ZodType => '_zod' in schema;

const REQUEST_ID_HEADER = { $ref: '#/components/headers/RequestId' };

const SECURITY_REQUIREMENT: Record<Security, Record<string, string[]>> = {
  none: {},
  bearer: { bearerAuth: [] },
  apiKey: { apiKey: [] },
};

function parametersOf(op: Operation): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const [, name] of op.path.matchAll(/\{(\w+)\}/g)) {
    parameters.push({
      name,
      in: 'path',
      required: true,
      description: op.params?.[name as string] ?? `The ${name} of the resource.`,
      schema: { type: 'string' },
    });
  }
  if (op.query) {
    const query = jsonSchemaOf(op.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({
        name,
        in: 'query',
        required: query.required?.includes(name) ?? false,
        ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
        schema,
      });
    }
  }
  for (const header of op.headers ?? []) {
    parameters.push({
      name: header.name,
      in: 'header',
      required: false,
      description: header.description,
      schema: header.schema ?? { type: 'string' },
    });
  }
  if (op.teamScoped) {
    parameters.push({
      name: TEAM_HEADER,
      in: 'header',
      required: false,
      description:
        "The team to act for (a team the caller belongs to); without it, the caller's personal team. A team the " +
        'caller is not in answers 404 not_found.',
      schema: { type: 'string', pattern: TEAM_ID.source },
    });
  }
  return parameters;
}

function errorResponse(status: number, codes: ErrorCode[]): JsonSchema {
  const examples: Record<string, JsonSchema> = {};
  for (const code of codes) {
    const { type, message } = ERROR_CATALOGUE[code];
    examples[code] = {
      summary: message,
      value: { error: { type, code, message, request_id: 'req_3q2Ys9bVxQ1mZk7d' } },
    };
  }
  const headers: Record<string, JsonSchema> = { 'X-Request-Id': REQUEST_ID_HEADER };
  if (status === 429) {
    headers['Retry-After'] = {
      description: 'Seconds to wait before trying again, when the limit is time based.',
      schema: { type: 'integer', minimum: 0 },
    };
  }
  return {
    description: codes.map((code) => `\`${code}\`: ${ERROR_CATALOGUE[code].message}`).join('\n\n'),
    headers,
    content: {
      'application/json': {
        schema: {
          allOf: [
            ref('Error'),
            {
              type: 'object',
              properties: { error: { type: 'object', properties: { code: { enum: codes } } } },
            },
          ],
        },
        examples,
      },
    },
  };
}

function responsesOf(op: Operation): Record<string, JsonSchema> {
  const responses: Record<string, JsonSchema> = {};
  const { success } = op;
  const content: Record<string, JsonSchema> = {};
  if (success.schema) {
    content['application/json'] = {
      schema: isZod(success.schema) ? jsonSchemaOf(success.schema, 'output') : success.schema,
      ...(success.example === undefined ? {} : { example: success.example }),
    };
  }
  for (const [type, description] of Object.entries(success.alternatives ?? {})) {
    content[type] = { schema: { type: 'string', format: 'binary', description } };
  }
  responses[String(success.status)] = {
    description: success.description,
    headers: { 'X-Request-Id': REQUEST_ID_HEADER },
    ...(Object.keys(content).length > 0 ? { content } : {}),
  };
  for (const [status, other] of Object.entries(op.otherResponses ?? {})) {
    responses[status] = {
      description: other.description,
      headers: { 'X-Request-Id': REQUEST_ID_HEADER },
      content: { 'application/json': { schema: other.schema } },
    };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of op.errors) {
    const { status } = ERROR_CATALOGUE[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = errorResponse(status, codes);
  }
  return responses;
}

/**
 * The operation's credentials; a route of the embed allow-list also takes an embed token (a public one then says
 * both: none, or an embed token, which is checked when sent).
 */
function securityOf(op: Operation, onlyPublic: boolean): JsonSchema[] {
  const listed = onlyPublic ? [] : op.security.map((s) => SECURITY_REQUIREMENT[s]);
  if (!EMBED_ROUTE_KEYS.has(`${op.method} ${op.path}`)) return listed;
  return [...(onlyPublic ? [{}] : listed), { embedToken: [] }];
}

function operationObject(op: Operation): JsonSchema {
  const parameters = parametersOf(op);
  const onlyPublic = op.security.length === 1 && op.security[0] === 'none';
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: op.description,
    security: securityOf(op, onlyPublic),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: op.bodyRequired ?? true,
            content: {
              'application/json': {
                schema: jsonSchemaOf(op.body, 'input'),
                ...(op.bodyExample === undefined ? {} : { example: op.bodyExample }),
              },
            },
          },
        }
      : {}),
    responses: responsesOf(op),
  };
}

const DESCRIPTION = `Quire turns HTML + Liquid templates and JSON data into PDF, HTML and email reports.

**Authentication.** Users sign in at \`POST /v1/auth/token\` and send the access token as \`Authorization: Bearer <jwt>\`
(it lasts one hour; refresh it with the refresh token). Routes under \`/v1/team\` and \`/v1/api-keys\` act for the team
named by the \`Quire-Team\` header, else the user's personal team, with the user's role in it. Team API keys
(\`qk_live_…\`) are created at \`/v1/api-keys\`. The template builder embedded in another app uses a short-lived
embed token (\`qe_…\`, minted at \`POST /v1/embed-tokens\`) on the operations whose security lists \`embedToken\`.

**Errors.** Every failure answers \`{ "error": { "type", "code", "message", "param"?, "request_id" } }\` with the
code's HTTP status; each operation lists the codes it can answer with. \`code\` is stable, \`message\` is for people.

**Requests.** Bodies are JSON (\`Content-Type: application/json\`); a malformed or oversized JSON body is refused with
\`malformed_json\` or \`payload_too_large\` on any route, and what a request would store must fit in one record
(\`record_too_large\`, 413). Every answer carries an \`X-Request-Id\` header (yours, when you send a sensible one).
Requests are rate limited per credential (a user or an API key), or per client address without a valid one;
\`rate_limited\` answers carry \`Retry-After\`. When the database does not answer in time, any route answers 503
\`store_unavailable\` (with \`Retry-After\`): retry later. Changing the email address, removing a two-factor method
and creating an API key need a recent sign-in (\`reauthentication_required\`: see POST /v1/auth/reauthenticate).`;

function build({ version, publicUrl }: OpenApiOptions): Record<string, unknown> {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of OPERATIONS) {
    paths[op.path] = { ...paths[op.path], [op.method.toLowerCase()]: operationObject(op) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Quire API',
      version,
      summary: 'Self-hostable report generation: templates to PDF, HTML and email.',
      description: DESCRIPTION,
    },
    servers: [{ url: publicUrl }],
    tags: TAGS.map((tag) => ({ ...tag })),
    paths,
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        embedToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'qe_…',
          description:
            'An embed token from POST /v1/embed-tokens, for the builder embedded in your app: short-lived, scoped to ' +
            'templates and permissions, and usable only on the operations that list it (others answer 403 ' +
            'embed_scope) and, from a browser, from the origins its API key names (403 embed_origin).',
        },
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A user access token from POST /v1/auth/token (HS256 JWT, one hour).',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'qk_live_…',
          description:
            'A team API key, sent as `Authorization: Bearer qk_live_…`; it acts for its team with the role it was ' +
            'created with.',
        },
      },
      headers: {
        RequestId: {
          description:
            'The id of this request, also in error bodies as `request_id`: quote it when reporting a problem.',
          schema: { type: 'string' },
        },
      },
    },
  };
}

const cache = new Map<string, Readonly<Record<string, unknown>>>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The OpenAPI 3.1.0 document of the service. Built once per (version, publicUrl) and frozen. */
export function buildOpenApiDocument(options: OpenApiOptions): Readonly<Record<string, unknown>> {
  const key = `${options.version}\n${options.publicUrl}`;
  let document = cache.get(key);
  if (!document) {
    document = deepFreeze(build(options));
    cache.set(key, document);
  }
  return document;
}
