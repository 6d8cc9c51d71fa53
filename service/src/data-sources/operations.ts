import type { ErrorCode } from '@quire/core';
import { ListQuery } from '../http/pagination';
import { type Entry, IDEMPOTENCY_ERRORS, IDEMPOTENCY_KEY_HEADER, TEAM } from '../openapi/operation-types';
import type { JsonSchema } from '../openapi/schemas';
import { CreateDataSourceBody, PreviewBody, TestBody, UpdateDataSourceBody } from './schemas';

/** Every data source route may be called with a key, whose requests count against the plan's API calls. */
const ACCESS: readonly ErrorCode[] = [...TEAM, 'invalid_api_key', 'plan_limit_exceeded'];

const time = (description: string): JsonSchema => ({ type: 'string', format: 'date-time', description });

/** One kind's view: the common fields and the kind's own. */
const viewOf = (type: string, properties: Record<string, JsonSchema>, required: string[]): JsonSchema => ({
  type: 'object',
  properties: {
    object: { const: 'data_source' },
    id: { type: 'string', description: 'Data source id (ds_…)' },
    type: { const: type },
    name: { type: 'string' },
    description: { type: ['string', 'null'] },
    ...properties,
    last_test: {
      description:
        'The last connection test (POST /v1/data-sources/{id}/test), null when none since the settings last changed',
      anyOf: [
        {
          type: 'object',
          properties: {
            tested_at: time('When it was tested'),
            ok: { type: 'boolean' },
            error_code: { type: ['string', 'null'], description: 'The code of the error when ok is false' },
          },
          required: ['tested_at', 'ok', 'error_code'],
        },
        { type: 'null' },
      ],
    },
    created_at: time('When it was created'),
    updated_at: time('When it was last changed'),
  },
  required: ['object', 'id', 'type', 'name', 'description', ...required, 'last_test', 'created_at', 'updated_at'],
});

const sqlView = (type: string) =>
  viewOf(
    type,
    {
      connection: {
        type: 'object',
        description: 'The connection string without its password (which is never shown)',
        properties: {
          host: { type: 'string' },
          port: { type: 'integer' },
          database: { type: 'string' },
          user: { type: 'string' },
          ssl: { enum: ['disable', 'verify', 'no-verify'] },
        },
        required: ['host', 'port', 'database', 'user', 'ssl'],
      },
      query: { type: 'string' },
      params: { type: 'array', items: { type: 'string' } },
      timeout_ms: { type: 'integer' },
      row_limit: { type: 'integer' },
    },
    ['connection', 'query', 'params', 'timeout_ms', 'row_limit'],
  );

const DataSourceSchema: JsonSchema = {
  description: 'A data source. Secrets (connection strings with their passwords, header values) are never shown.',
  oneOf: [
    viewOf(
      'http',
      {
        method: { enum: ['GET', 'POST'] },
        url: { type: 'string' },
        headers: {
          type: 'object',
          description: 'Header names; every value is shown as ********',
          additionalProperties: { const: '********' },
        },
        query: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean'] } },
        body: { description: 'The JSON body of a POST, null for none' },
        data_path: { type: 'string' },
        timeout_ms: { type: 'integer' },
      },
      ['method', 'url', 'headers', 'query', 'body', 'data_path', 'timeout_ms'],
    ),
    sqlView('postgres'),
    sqlView('mysql'),
    viewOf(
      'static',
      {
        format: { enum: ['json', 'csv'] },
        size_bytes: { type: 'integer', description: 'Size of the content (not repeated here; see preview)' },
        data_path: { type: 'string', description: 'JSON only' },
        delimiter: { type: 'string', description: 'CSV only' },
      },
      ['format', 'size_bytes'],
    ),
  ],
};

const EXAMPLE = {
  object: 'data_source',
  id: 'ds_Qm2s8Yb1xLw0aTz9',
  type: 'postgres',
  name: 'Orders',
  description: 'Paid orders of one customer',
  connection: { host: 'db.internal', port: 5432, database: 'shop', user: 'reports', ssl: 'verify' },
  query: 'SELECT id, total, paid_at FROM orders WHERE customer_id = $1 ORDER BY paid_at DESC',
  params: ['customer_id'],
  timeout_ms: 10000,
  row_limit: 10000,
  last_test: { tested_at: '2026-11-21T09:31:00.000Z', ok: true, error_code: null },
  created_at: '2026-11-21T09:30:00.000Z',
  updated_at: '2026-11-21T09:30:00.000Z',
};

const PAGE: JsonSchema = {
  type: 'object',
  description: 'Data sources, newest first.',
  properties: {
    object: { const: 'list' },
    data: { type: 'array', items: DataSourceSchema },
    has_more: { type: 'boolean' },
    next_cursor: { type: ['string', 'null'], description: 'Pass as `starting_after` for the next page' },
  },
  required: ['object', 'data', 'has_more', 'next_cursor'],
};

const TestResultSchema: JsonSchema = {
  type: 'object',
  description: 'Whether the source answered. A source that fails is `ok: false` with the error it gave, not a 4xx.',
  properties: {
    ok: { type: 'boolean' },
    latency_ms: { type: 'integer', description: 'How long the check took' },
    error: {
      type: 'object',
      description: 'When ok is false',
      properties: {
        code: { enum: ['data_source_error', 'data_source_timeout'] },
        message: { type: 'string', description: "The source's error; never a password" },
      },
      required: ['code', 'message'],
    },
  },
  required: ['ok', 'latency_ms'],
};

const PreviewSchema: JsonSchema = {
  type: 'object',
  properties: {
    object: { const: 'data_source_preview' },
    rows: {
      type: 'array',
      description: 'The first `limit` rows; for a source that gives one object, that object',
    },
    row_count: { type: 'integer', description: 'Rows a report gets (at most the row limit)' },
    truncated: { type: 'boolean', description: 'The query had more rows than its row_limit' },
    schema: { type: 'object', description: "JSON Schema of the data a template gets (load's answer)" },
  },
  required: ['object', 'rows', 'row_count', 'truncated', 'schema'],
};

const ID = { id: 'The data source id (`ds_…`).' };

const LOAD_SHAPE =
  'Queries, CSV and JSON arrays give `{ rows, row_count, truncated }`; an HTTP API or JSON document whose ' +
  '`data_path` picks an object gives that object.';

export const DATA_SOURCE_OPERATIONS: Entry[] = [
  {
    operationId: 'createDataSource',
    method: 'POST',
    path: '/v1/data-sources',
    tag: 'Data sources',
    summary: 'Create a data source',
    description:
      'Adds an HTTP API (`http`), a PostgreSQL or MySQL/MariaDB query (`postgres`, `mysql`) or a JSON/CSV upload ' +
      '(`static`) to the acting team. Secrets (the connection string, header values) are stored encrypted and never ' +
      'shown again. A literal loopback, private, link-local or metadata address is refused at once ' +
      '(`outbound_blocked`) unless the operator allows it (QUIRE_OUTBOUND_ALLOW); host names are checked on every ' +
      'connection. Needs data_sources:write; audited as `data_source.created`.',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    headers: [IDEMPOTENCY_KEY_HEADER],
    body: CreateDataSourceBody,
    bodyExample: {
      type: 'postgres',
      name: 'Orders',
      description: 'Paid orders of one customer',
      connection_string: 'postgres://reports:s3cret@db.internal:5432/shop?sslmode=verify-full',
      query: 'SELECT id, total, paid_at FROM orders WHERE customer_id = $1 ORDER BY paid_at DESC',
      params: ['customer_id'],
      timeout_ms: 10000,
    },
    success: { status: 201, description: 'The new data source.', schema: DataSourceSchema, example: EXAMPLE },
    errors: [...ACCESS, 'validation_failed', 'outbound_blocked', ...IDEMPOTENCY_ERRORS],
  },
  {
    operationId: 'listDataSources',
    method: 'GET',
    path: '/v1/data-sources',
    tag: 'Data sources',
    summary: 'List data sources',
    description: "The acting team's data sources, newest first, paginated. Needs data_sources:read.",
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    query: ListQuery,
    success: {
      status: 200,
      description: 'One page of data sources.',
      schema: PAGE,
      example: { object: 'list', data: [EXAMPLE], has_more: false, next_cursor: null },
    },
    errors: [...ACCESS, 'validation_failed', 'invalid_cursor'],
  },
  {
    operationId: 'getDataSource',
    method: 'GET',
    path: '/v1/data-sources/{id}',
    tag: 'Data sources',
    summary: 'Get a data source',
    description: 'One data source of the acting team, without its secrets. Needs data_sources:read.',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    params: ID,
    success: { status: 200, description: 'The data source.', schema: DataSourceSchema, example: EXAMPLE },
    errors: [...ACCESS, 'data_source_not_found'],
  },
  {
    operationId: 'updateDataSource',
    method: 'PATCH',
    path: '/v1/data-sources/{id}',
    tag: 'Data sources',
    summary: 'Update a data source',
    description:
      'Changes the fields given; the type cannot change. Secrets left out keep their stored values: send ' +
      '`connection_string` only to replace it; in `headers`, a new value replaces, `null` removes a header, and ' +
      '`********` (or leaving the header out) keeps it. Needs data_sources:write; audited as ' +
      '`data_source.updated` with the names of the fields changed.',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    params: ID,
    body: UpdateDataSourceBody,
    bodyExample: { query: 'SELECT id, total FROM orders WHERE customer_id = $1', row_limit: 500 },
    success: {
      status: 200,
      description: 'The data source after the change.',
      schema: DataSourceSchema,
      example: { ...EXAMPLE, query: 'SELECT id, total FROM orders WHERE customer_id = $1', row_limit: 500 },
    },
    errors: [...ACCESS, 'data_source_not_found', 'validation_failed', 'outbound_blocked'],
  },
  {
    operationId: 'deleteDataSource',
    method: 'DELETE',
    path: '/v1/data-sources/{id}',
    tag: 'Data sources',
    summary: 'Delete a data source',
    description: 'Deletes the data source and its secrets. Needs data_sources:write; audited as `data_source.deleted`.',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    params: ID,
    success: {
      status: 200,
      description: 'The data source is gone.',
      schema: {
        type: 'object',
        properties: { object: { const: 'data_source' }, id: { type: 'string' }, deleted: { const: true } },
        required: ['object', 'id', 'deleted'],
      },
      example: { object: 'data_source', id: 'ds_Qm2s8Yb1xLw0aTz9', deleted: true },
    },
    errors: [...ACCESS, 'data_source_not_found'],
  },
  {
    operationId: 'testDataSource',
    method: 'POST',
    path: '/v1/data-sources/{id}/test',
    tag: 'Data sources',
    summary: 'Test a data source',
    description:
      'Checks that the source answers: an HTTP source gets a 2xx answer; a database accepts the connection and ' +
      'runs `SELECT 1` in a read-only transaction; static content always passes. A source that fails answers 200 ' +
      'with `ok: false` and its error (`data_source_error`, `data_source_timeout`); a refused address ' +
      '(`outbound_blocked`) or a missing parameter (`validation_failed`) is a 400. Needs data_sources:read.',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    params: ID,
    headers: [IDEMPOTENCY_KEY_HEADER],
    body: TestBody,
    bodyRequired: false,
    bodyExample: { params: { customer_id: 42 } },
    success: {
      status: 200,
      description: 'The result of the check.',
      schema: TestResultSchema,
      example: { ok: true, latency_ms: 38 },
    },
    errors: [...ACCESS, 'data_source_not_found', 'validation_failed', 'outbound_blocked', ...IDEMPOTENCY_ERRORS],
  },
  {
    operationId: 'previewDataSource',
    method: 'POST',
    path: '/v1/data-sources/{id}/preview',
    tag: 'Data sources',
    summary: 'Preview the data',
    description:
      `Loads the data as a report would, with \`params\`, and shows the first rows and the JSON Schema of the whole. ${LOAD_SHAPE} ` +
      'The rows are the raw data, fields no template prints included: needs data_sources:read_rows (owners, ' +
      'admins and editors, as people or API keys; members and viewers are refused with 403 forbidden).',
    security: ['bearer', 'apiKey'],
    teamScoped: true,
    params: ID,
    headers: [IDEMPOTENCY_KEY_HEADER],
    body: PreviewBody,
    bodyRequired: false,
    bodyExample: { params: { customer_id: 42 }, limit: 5 },
    success: {
      status: 200,
      description: 'The first rows and the schema.',
      schema: PreviewSchema,
      example: {
        object: 'data_source_preview',
        rows: [{ id: 1001, total: '249.00', paid_at: '2026-11-20T16:02:11.000Z' }],
        row_count: 1,
        truncated: false,
        schema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: {
            rows: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: { type: 'integer' },
                  total: { type: 'string' },
                  paid_at: { type: 'string', format: 'date-time' },
                },
                required: ['id', 'total', 'paid_at'],
              },
            },
            row_count: { type: 'integer' },
            truncated: { type: 'boolean' },
          },
          required: ['rows', 'row_count', 'truncated'],
        },
      },
    },
    errors: [
      ...ACCESS,
      'data_source_not_found',
      'validation_failed',
      'outbound_blocked',
      'data_source_error',
      'data_source_timeout',
      ...IDEMPOTENCY_ERRORS,
    ],
  },
];
