import { QuireError } from '@quire/core';

export type SqlKind = 'postgres' | 'mysql';

/** `disable`: plain TCP; `verify`: TLS with the certificate checked against the host name; `no-verify`: TLS unchecked. */
export type SslMode = 'disable' | 'verify' | 'no-verify';

/** A database connection string, parsed. `password` is the secret; the rest is shown in the API. */
export interface DbConnection {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  ssl: SslMode;
}

const SCHEMES: Record<SqlKind, string[]> = {
  postgres: ['postgres:', 'postgresql:'],
  mysql: ['mysql:', 'mariadb:'],
};
const DEFAULT_PORT: Record<SqlKind, number> = { postgres: 5432, mysql: 3306 };

/**
 * libpq's sslmode values, also taken for MySQL. `prefer`, `require` and `verify-ca` verify as `verify-full` does:
 * Quire never silently falls back to plain TCP or accepts any certificate; `no-verify` says so explicitly.
 */
const SSL_MODES: Record<string, SslMode> = {
  disable: 'disable',
  false: 'disable',
  prefer: 'verify',
  require: 'verify',
  'verify-ca': 'verify',
  'verify-full': 'verify',
  true: 'verify',
  'no-verify': 'no-verify',
};

const PARAM = 'connection_string';
const invalid = (message: string) =>
  new QuireError('validation_failed', { param: PARAM, message: `${PARAM}: ${message}` });

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw invalid('has a malformed percent-encoding');
  }
}

/**
 * Parses `postgres://user:password@host:5432/database?sslmode=require` (or `mysql://…`). Error messages never
 * quote the string: it holds the password. Parsed as an http URL, so that host names and IPv4 forms are
 * normalised exactly as for HTTP sources (`127.1` is `127.0.0.1`) before the address checks.
 */
export function parseConnectionString(kind: SqlKind, value: string): DbConnection {
  const scheme = /^([a-z][a-z0-9+.-]*:)\/\//i.exec(value)?.[1]?.toLowerCase();
  if (!scheme || !SCHEMES[kind].includes(scheme)) {
    throw invalid(`must start with ${SCHEMES[kind].map((s) => `${s}//`).join(' or ')}`);
  }
  let url: URL;
  try {
    url = new URL(`http://${value.slice(scheme.length + 2)}`);
  } catch {
    throw invalid('is not a valid connection URL');
  }
  if (!url.hostname) throw invalid('needs a host (Unix sockets are not supported)');
  const user = decode(url.username);
  if (!user) throw invalid('needs a user name');
  const database = decode(url.pathname.replace(/^\//, ''));
  if (database.includes('/')) throw invalid('the database name cannot contain /');
  let ssl: SslMode = 'disable';
  for (const [name, raw] of url.searchParams) {
    const mode = SSL_MODES[raw.toLowerCase()];
    if ((name === 'sslmode' || name === 'ssl') && mode) ssl = mode;
    else throw invalid(`unsupported parameter ${name}; only sslmode (disable, require, verify-full, no-verify) is`);
  }
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : DEFAULT_PORT[kind],
    user,
    password: decode(url.password),
    // As libpq: no database means the user's own; MySQL then connects to none, and queries name their tables.
    database: database || (kind === 'postgres' ? user : ''),
    ssl,
  };
}
