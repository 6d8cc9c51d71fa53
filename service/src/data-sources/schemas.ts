import { z } from 'zod';
import { LIMITS } from './context';
import { httpFields, httpPatchHeaders } from './http-source';
import { sqlFields } from './sql-source';
import { staticFields } from './static-source';

const common = {
  name: z.string().trim().min(1, 'Name is required').max(100).describe('A name for people, e.g. "Orders API"'),
  description: z.string().max(500).nullable().optional().describe('What the data is, for the team'),
};

export const HttpSourceBody = z.strictObject({ type: z.literal('http'), ...common, ...httpFields });
export const PostgresSourceBody = z.strictObject({
  type: z.literal('postgres'),
  ...common,
  ...sqlFields('$1, $2, …'),
});
export const MysqlSourceBody = z.strictObject({ type: z.literal('mysql'), ...common, ...sqlFields('?') });
export const StaticSourceBody = z.strictObject({ type: z.literal('static'), ...common, ...staticFields });

/** POST /v1/data-sources: one body per kind, told apart by `type`. */
export const CreateDataSourceBody = z.discriminatedUnion('type', [
  HttpSourceBody,
  PostgresSourceBody,
  MysqlSourceBody,
  StaticSourceBody,
]);
export type CreateDataSourceBody = z.infer<typeof CreateDataSourceBody>;
export type DataSourceType = CreateDataSourceBody['type'];

/**
 * PATCH bodies: any field of the kind; `type` may be repeated but not changed. Secrets left out keep their
 * stored values (connection_string; each header, which null removes).
 */
export const PATCH_BODIES = {
  http: HttpSourceBody.partial().extend({ headers: httpPatchHeaders }),
  postgres: PostgresSourceBody.partial(),
  mysql: MysqlSourceBody.partial(),
  static: StaticSourceBody.partial(),
} as const;

/** The stored fields with the patch applied, checked as a whole (the secrets may stay out). */
export const MERGED_BODIES = {
  http: HttpSourceBody.extend({ headers: httpPatchHeaders }),
  postgres: PostgresSourceBody.partial({ connection_string: true }),
  mysql: MysqlSourceBody.partial({ connection_string: true }),
  static: StaticSourceBody,
} as const;

/** PATCH /v1/data-sources/{id}, as documented: the fields of the data source's kind. */
export const UpdateDataSourceBody = z.union([
  PATCH_BODIES.http,
  PATCH_BODIES.postgres,
  PATCH_BODIES.mysql,
  PATCH_BODIES.static,
]);

const Params = z
  .record(z.string(), z.unknown())
  .optional()
  .describe('Values for the source’s parameters (`{{name}}` placeholders, or the query’s `params`)');

/** POST /v1/data-sources/{id}/preview. */
export const PreviewBody = z.strictObject({
  params: Params,
  limit: z
    .number()
    .int()
    .min(1)
    .max(LIMITS.maxPreviewRows)
    .optional()
    .describe(`Rows shown (default ${LIMITS.previewRows}, at most ${LIMITS.maxPreviewRows})`),
});

/** POST /v1/data-sources/{id}/test. */
export const TestBody = z.strictObject({ params: Params });
