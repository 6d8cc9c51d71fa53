import mongoose, { type ConnectOptions } from 'mongoose';

/**
 * How the MongoDB adapter connects, as pure functions so that unit tests check them without a server.
 *
 * Timeouts. The driver's own `timeoutMS` (one budget per operation) has no effect in this driver (7.x deprecates
 * it), and by default nothing but server selection is bounded: a primary that accepts a request and never answers
 * would hold the request, or a job worker, forever. So every operation gets three limits from one figure,
 * `operationTimeoutMS`: the server stops working on it after that long (`maxTimeMS`, and `wtimeoutMS` for the
 * majority acknowledgement), the adapter stops waiting for it after that long (StoreUnavailableError, which the
 * API answers 503 store_unavailable), and a connection that stays silent 5 s longer is closed (`socketTimeoutMS`),
 * so a stalled one does not stay in the pool.
 *
 * Consistency. Reads go to the primary and writes wait for a majority of the replica set, whatever the URI says:
 * the service reads its own writes right away (a claimed job, a rotated token) and an acknowledged claim must
 * survive a failover.
 */

export const DEFAULT_DATABASE = 'quire';
export const DEFAULT_OPERATION_TIMEOUT_MS = 15_000;
export const DEFAULT_SERVER_SELECTION_TIMEOUT_MS = 10_000;
/** How much longer than an operation's budget a silent socket is kept. */
const SOCKET_GRACE_MS = 5_000;

export interface MongoStoreOptions {
  /** The database, when not the one named in the URI (tests use a fresh one per run). Default: the URI's, else `quire`. */
  dbName?: string;
  /** How long to wait for a reachable server before an operation (and opening) fails. Default 10 s. */
  serverSelectionTimeoutMS?: number;
  /** The most one operation may take before it fails with StoreUnavailableError. Default 15 s. */
  operationTimeoutMS?: number;
}

/** The read preference and write concern every collection and the GridFS bucket are opened with. */
export function consistencyOptions(operationTimeoutMS: number) {
  return {
    readPreference: mongoose.mongo.ReadPreference.primary,
    writeConcern: { w: 'majority' as const, wtimeoutMS: operationTimeoutMS },
  };
}

/** The options the connection is opened with. */
export function connectionOptions(uri: string, options: MongoStoreOptions = {}): ConnectOptions {
  const operationTimeoutMS = options.operationTimeoutMS ?? DEFAULT_OPERATION_TIMEOUT_MS;
  const serverSelectionTimeoutMS = options.serverSelectionTimeoutMS ?? DEFAULT_SERVER_SELECTION_TIMEOUT_MS;
  return {
    dbName: options.dbName ?? databaseOf(uri) ?? DEFAULT_DATABASE,
    serverSelectionTimeoutMS,
    connectTimeoutMS: serverSelectionTimeoutMS,
    socketTimeoutMS: operationTimeoutMS + SOCKET_GRACE_MS,
    waitQueueTimeoutMS: operationTimeoutMS,
    retryWrites: true,
    retryReads: true,
    ...consistencyOptions(operationTimeoutMS),
    // Nothing goes through mongoose models: without this, a call before the connection is up would wait silently.
    bufferCommands: false,
    autoIndex: false,
    autoCreate: false,
  };
}

/**
 * The database a connection string names, or undefined when it names none (`mongodb://host:27017`,
 * `mongodb+srv://cluster.example.net/?retryWrites=true`), where the driver would quietly use `test`. The path is
 * what follows the host list up to `?`; user names and passwords cannot hide a `/`, the format has them escaped.
 */
export function databaseOf(uri: string): string | undefined {
  const scheme = /^mongodb(?:\+srv)?:\/\//i.exec(uri);
  if (!scheme) return undefined;
  const rest = uri.slice(scheme[0].length).split('?')[0] ?? '';
  const slash = rest.indexOf('/');
  if (slash < 0) return undefined;
  const name = decodeURIComponent(rest.slice(slash + 1));
  return name === '' ? undefined : name;
}
