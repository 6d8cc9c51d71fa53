import { isIP } from 'node:net';
import pg from 'pg';
import type { DbConnection } from './connection-string';
import { LIMITS } from './context';
import { withDeadline } from './failures';
import { jsonSafe } from './rows';
import type { QueryLimits, SqlDriver } from './sql-source';

const OID = { int8: 20, date: 1082, timestamp: 1114, dateArray: 1182, timestampArray: 1115 } as const;
const raw = (value: string) => value;

/**
 * Values as a report wants them. `date` and `timestamp` (without time zone) stay the text the database holds:
 * turned into a JS Date they would shift by the service's time zone. `int8` (count(*) is one) becomes a number
 * when it is exact. numeric stays a string (pg's default), so that money keeps its digits.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === OID.date || oid === OID.timestamp || oid === OID.dateArray || oid === OID.timestampArray) return raw;
    if (oid === OID.int8) {
      return (value: string) => (Number.isSafeInteger(Number(value)) ? Number(value) : value);
    }
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

function clientFor(connection: DbConnection, address: string): pg.Client {
  const servername = isIP(connection.host.replace(/^\[|\]$/g, '')) ? undefined : connection.host;
  const client = new pg.Client({
    // The address resolveAllowed checked; TLS still verifies the certificate against the host's name.
    host: address,
    port: connection.port,
    user: connection.user,
    database: connection.database,
    // A function, on purpose: with an empty string pg would fall back to the service's PGPASSWORD and ~/.pgpass,
    // handing the operator's password to whatever server the user named.
    password: async () => connection.password,
    ssl:
      connection.ssl === 'disable'
        ? false
        : { rejectUnauthorized: connection.ssl === 'verify', ...(servername ? { servername } : {}) },
    connectionTimeoutMillis: LIMITS.connectTimeoutMs,
    application_name: 'quire',
    types,
  });
  // A connection that dies fails the pending query; without a listener the 'error' event would crash the process.
  client.on('error', () => {});
  return client;
}

/** Extended protocol: one statement per query, so `SELECT 1; COMMIT; DELETE …` cannot leave the transaction. */
const extended = (text: string, values: unknown[] = []) => ({ text, values, queryMode: 'extended' }) as pg.QueryConfig;

async function session<T>(
  connection: DbConnection,
  address: string,
  timeoutMs: number,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = clientFor(connection, address);
  try {
    return await withDeadline(
      timeoutMs + LIMITS.connectTimeoutMs,
      () => {
        // Private API, the one way to drop a socket that hangs mid-query; end() would wait for the query.
        (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      },
      async () => {
        await client.connect();
        // READ ONLY refuses INSERT, UPDATE, DELETE and DDL; the timeout is set inside the transaction only.
        await client.query('BEGIN READ ONLY');
        await client.query(`SET LOCAL statement_timeout = ${Math.trunc(timeoutMs)}`);
        const result = await work(client);
        await client.query('ROLLBACK');
        return result;
      },
    );
  } finally {
    // Not awaited: after the watchdog destroyed the socket, end() may wait for an 'end' that never comes.
    void client.end().catch(() => {});
  }
}

export const postgresDriver: SqlDriver = {
  query(connection, address, sql, values, limits: QueryLimits) {
    return session(connection, address, limits.timeoutMs, async (client) => {
      // A cursor reads rowLimit + 1 rows and no more, however many the query would return; DECLARE also takes
      // only a SELECT (or VALUES, TABLE, WITH … SELECT), which refuses data-changing statements a second time.
      await client.query(extended(`DECLARE quire_rows NO SCROLL CURSOR FOR ${sql}`, values));
      const result = await client.query(extended(`FETCH FORWARD ${limits.rowLimit + 1} FROM quire_rows`));
      const rows = result.rows.slice(0, limits.rowLimit).map(jsonSafe);
      return { rows, truncated: result.rows.length > limits.rowLimit };
    });
  },
  async ping(connection, address, timeoutMs) {
    await session(connection, address, timeoutMs, (client) => client.query('SELECT 1'));
  },
};
