import type { EventEmitter } from 'node:events';
import net from 'node:net';
import { QuireError } from '@quire/core';
import mysql from 'mysql2';
import type { DbConnection } from './connection-string';
import { LIMITS } from './context';
import { withDeadline } from './failures';
import { jsonSafe } from './rows';
import type { QueryLimits, SqlDriver } from './sql-source';

/**
 * `SELECT … INTO OUTFILE/DUMPFILE` writes a file on the database server, and a read-only transaction does not stop
 * it. The keywords cannot be split, quoted or hidden in a comment (`/*! … *\/` comments run), so a query that
 * names them anywhere is refused, even in a string: a read query has no need of them.
 */
export function assertNoFileWrite(query: string): void {
  if (/\b(OUTFILE|DUMPFILE)\b/i.test(query)) {
    throw new QuireError('validation_failed', {
      param: 'query',
      message: 'query: INTO OUTFILE and INTO DUMPFILE write files on the database server; a data source only reads',
    });
  }
}

function connect(connection: DbConnection, address: string): mysql.Connection {
  const conn = mysql.createConnection({
    // mysql2 derives the TLS server name from `host`, so host keeps the name; the socket itself goes to the
    // address resolveAllowed checked, through mysql2's stream factory.
    host: connection.host.replace(/^\[|\]$/g, ''),
    port: connection.port,
    stream: () => {
      const socket = net.connect({ host: address, port: connection.port });
      socket.setNoDelay(true);
      return socket;
    },
    user: connection.user,
    password: connection.password,
    ...(connection.database ? { database: connection.database } : {}),
    ...(connection.ssl === 'disable'
      ? {}
      : {
          ssl: {
            rejectUnauthorized: connection.ssl === 'verify',
            verifyIdentity: connection.ssl === 'verify',
          },
        }),
    connectTimeout: LIMITS.connectTimeoutMs,
    // Dates as the database holds them (no shift by the service's time zone); big integers as strings only
    // when a number would lose digits.
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    multipleStatements: false,
    // A hostile server can ask the client for any local file (LOAD DATA LOCAL INFILE): never allowed.
    flags: ['-LOCAL_FILES'],
  });
  // A connection that dies fails the pending command; without a listener the 'error' event would crash the process.
  conn.on('error', () => {});
  return conn;
}

const run = (conn: mysql.Connection, sql: string) =>
  new Promise<unknown>((resolve, reject) => {
    conn.query(sql, (error, result) => (error ? reject(error) : resolve(result)));
  });

/**
 * MySQL and MariaDB bound a statement differently: MySQL's max_execution_time is in milliseconds (SELECT only),
 * MariaDB's max_statement_time in seconds. VERSION() tells them apart.
 */
async function begin(conn: mysql.Connection, timeoutMs: number): Promise<void> {
  const [row] = (await run(conn, 'SELECT VERSION() AS version')) as { version?: string }[];
  const mariadb = /mariadb/i.test(String(row?.version ?? ''));
  const ms = Math.trunc(timeoutMs);
  await run(
    conn,
    mariadb ? `SET SESSION max_statement_time = ${(ms / 1000).toFixed(3)}` : `SET SESSION max_execution_time = ${ms}`,
  );
  // Both: the session default, then this transaction. A statement cannot switch a running transaction to write.
  await run(conn, 'SET SESSION TRANSACTION READ ONLY');
  await run(conn, 'START TRANSACTION READ ONLY');
}

/** mysql2 binds strings, numbers, booleans and null; objects and lists go as JSON text. */
const bindable = (value: unknown) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : value);

/**
 * Streams the rows of a prepared statement and stops after rowLimit + 1: the connection is dropped then, so the
 * rest of a large result never crosses the network.
 */
function readRows(conn: mysql.Connection, sql: string, values: unknown[], rowLimit: number) {
  return new Promise<{ rows: unknown[]; truncated: boolean }>((resolve, reject) => {
    const rows: unknown[] = [];
    let settled = false;
    let inRows = false;
    const command = conn.execute(sql, values.map(bindable) as never) as unknown as EventEmitter;
    // A statement without a result set (SET, or a refused DELETE) reports fields as undefined and its status
    // packet as a 'result': only rows that follow real fields are data.
    command.on('fields', (fields: unknown) => {
      inRows = Array.isArray(fields);
    });
    command.on('result', (row: unknown) => {
      if (settled || !inRows) return;
      if (rows.length === rowLimit) {
        settled = true;
        conn.destroy();
        resolve({ rows, truncated: true });
        return;
      }
      rows.push(jsonSafe(row));
    });
    command.on('error', (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(error);
    });
    command.on('end', () => {
      if (settled) return;
      settled = true;
      resolve({ rows, truncated: false });
    });
  });
}

async function session<T>(
  connection: DbConnection,
  address: string,
  timeoutMs: number,
  work: (conn: mysql.Connection) => Promise<T>,
): Promise<T> {
  const conn = connect(connection, address);
  try {
    return await withDeadline(
      timeoutMs + LIMITS.connectTimeoutMs,
      () => conn.destroy(),
      async () => {
        await begin(conn, timeoutMs);
        return work(conn);
      },
    );
  } finally {
    // Nothing to commit: closing the connection ends the read-only transaction.
    conn.destroy();
  }
}

export const mysqlDriver: SqlDriver = {
  async query(connection, address, sql, values, limits: QueryLimits) {
    // Checked when saved too; again here for a record saved before this check existed.
    assertNoFileWrite(sql);
    return session(connection, address, limits.timeoutMs, (conn) => readRows(conn, sql, values, limits.rowLimit));
  },
  async ping(connection, address, timeoutMs) {
    await session(connection, address, timeoutMs, (conn) => run(conn, 'SELECT 1'));
  },
};
