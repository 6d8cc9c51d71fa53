import { z } from 'zod';
import { type DbConnection, parseConnectionString, type SqlKind, type SslMode } from './connection-string';
import { LIMITS, openSealed, type SourceContext } from './context';
import { sourceFailure } from './failures';
import { assertNoFileWrite } from './mysql-source';
import { type Params, paramValue } from './placeholders';
import type { Loaded } from './rows';
import { allowedTarget, assertLiteralAllowed } from './targets';

/** What PostgreSQL and MySQL sources keep. The connection string is sealed; its other parts are shown. */
export interface SqlSettings {
  sealedConnection: string;
  host: string;
  port: number;
  database: string;
  user: string;
  ssl: SslMode;
  query: string;
  /** Parameter names by position: params[0] fills $1 (PostgreSQL) or the first ? (MySQL). */
  params: string[];
  timeoutMs: number;
  rowLimit: number;
}

export interface QueryLimits {
  timeoutMs: number;
  rowLimit: number;
}

/** One database driver: PostgreSQL (pg) or MySQL/MariaDB (mysql2). */
export interface SqlDriver {
  /** Runs the query in a read-only transaction; at most rowLimit rows, and whether the query had more. */
  query(
    connection: DbConnection,
    address: string,
    sql: string,
    values: unknown[],
    limits: QueryLimits,
  ): Promise<{ rows: unknown[]; truncated: boolean }>;
  /** Connects, opens a read-only transaction and runs `SELECT 1`. */
  ping(connection: DbConnection, address: string, timeoutMs: number): Promise<void>;
}

const ParamName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'Parameter names are letters, digits and _, not starting with a digit');

/** The body fields of a query source (connection_string is the secret). */
export const sqlFields = (placeholder: string) => ({
  connection_string: z
    .string()
    .min(1)
    .max(4096)
    .describe(
      'Where to connect, with the password: `postgres://user:password@host:5432/db?sslmode=require` or ' +
        '`mysql://user:password@host:3306/db`. Stored encrypted and never shown again.',
    ),
  query: z
    .string()
    .trim()
    .min(1, 'query is required')
    .max(100_000)
    .describe(`One SELECT statement, with ${placeholder} placeholders for parameters`),
  params: z
    .array(ParamName)
    .max(100)
    .optional()
    .describe(`Which load-time parameter fills each placeholder, in order (${placeholder}). Default: none`),
  timeout_ms: z
    .number()
    .int()
    .min(100)
    .max(LIMITS.maxQueryTimeoutMs)
    .optional()
    .describe(`Statement timeout in milliseconds (default ${LIMITS.defaultTimeoutMs})`),
  row_limit: z
    .number()
    .int()
    .min(1)
    .max(LIMITS.maxRowLimit)
    .optional()
    .describe(`Rows read at most; more sets truncated (default ${LIMITS.defaultRowLimit})`),
});

export interface SqlInput {
  connection_string?: string | undefined;
  query: string;
  params?: string[] | undefined;
  timeout_ms?: number | undefined;
  row_limit?: number | undefined;
}

/**
 * The settings to store from a checked body. On an update without a new connection string the sealed one is
 * kept; a new one is parsed (validation_failed names the field, never quoting it) and a literal address in it is
 * checked at once.
 */
export async function buildSql(
  kind: SqlKind,
  input: SqlInput,
  ctx: SourceContext,
  previous?: SqlSettings,
): Promise<SqlSettings> {
  if (kind === 'mysql') assertNoFileWrite(input.query);
  let connection: Pick<SqlSettings, 'sealedConnection' | 'host' | 'port' | 'database' | 'user' | 'ssl'>;
  if (input.connection_string !== undefined) {
    const parsed = parseConnectionString(kind, input.connection_string);
    await assertLiteralAllowed(parsed.host, parsed.port, ctx.policy, 'connection_string');
    const { host, port, database, user, ssl } = parsed;
    connection = { sealedConnection: ctx.box.seal(input.connection_string), host, port, database, user, ssl };
  } else if (previous) {
    const { sealedConnection, host, port, database, user, ssl } = previous;
    connection = { sealedConnection, host, port, database, user, ssl };
  } else {
    throw new Error('buildSql: a new query source needs a connection string (the body schema requires it)');
  }
  return {
    ...connection,
    query: input.query,
    params: input.params ?? [],
    timeoutMs: input.timeout_ms ?? LIMITS.defaultTimeoutMs,
    rowLimit: input.row_limit ?? LIMITS.defaultRowLimit,
  };
}

/** The API's fields; `connection` is the connection string without its password. */
export function sqlView(settings: SqlSettings) {
  return {
    connection: {
      host: settings.host,
      port: settings.port,
      database: settings.database,
      user: settings.user,
      ssl: settings.ssl,
    },
    ...sqlEditable(settings),
  };
}

/** What a PATCH starts from: every field but the secret. */
export function sqlEditable(settings: SqlSettings) {
  return {
    query: settings.query,
    params: settings.params,
    timeout_ms: settings.timeoutMs,
    row_limit: settings.rowLimit,
  };
}

/** Opens the sealed connection string, and the secrets an error message must never show. */
function connectionOf(kind: SqlKind, settings: SqlSettings, ctx: SourceContext) {
  const raw = openSealed(ctx, settings.sealedConnection);
  const connection = parseConnectionString(kind, raw);
  return { connection, secrets: [raw, connection.password] };
}

export async function loadSql(
  kind: SqlKind,
  driver: SqlDriver,
  settings: SqlSettings,
  params: Params,
  ctx: SourceContext,
): Promise<Loaded> {
  // Values go to the driver as bind parameters, never into the SQL text.
  const values = settings.params.map((name) => paramValue(params, name));
  const { connection, secrets } = connectionOf(kind, settings, ctx);
  try {
    const target = await allowedTarget(connection.host, connection.port, ctx.policy, 'connection_string');
    return await driver.query(connection, target.address, settings.query, values, {
      timeoutMs: settings.timeoutMs,
      rowLimit: settings.rowLimit,
    });
  } catch (error) {
    throw sourceFailure(error, secrets);
  }
}

export async function testSql(kind: SqlKind, driver: SqlDriver, settings: SqlSettings, ctx: SourceContext) {
  const { connection, secrets } = connectionOf(kind, settings, ctx);
  try {
    const target = await allowedTarget(connection.host, connection.port, ctx.policy, 'connection_string');
    await driver.ping(connection, target.address, settings.timeoutMs);
  } catch (error) {
    throw sourceFailure(error, secrets);
  }
}
