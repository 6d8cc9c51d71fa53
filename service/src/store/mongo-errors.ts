import { toDuplicateKeyError } from './mongo-query';
import { RecordTooLargeError, StoreUnavailableError } from './port';
import { MAX_RECORD_BYTES } from './records';

/**
 * MongoDB's errors as the port's: duplicate keys, records too large, and "the database is not answering" (which
 * the API turns into 503 store_unavailable rather than 500). Anything else is passed on as it is.
 */
export function toStoreError(error: unknown, collection: string): unknown {
  const duplicate = toDuplicateKeyError(error, collection);
  if (duplicate) return duplicate;
  if (isTooLarge(error)) return new RecordTooLargeError(collection, undefined, MAX_RECORD_BYTES);
  if (isUnavailable(error)) {
    return new StoreUnavailableError('The database did not answer in time or cannot be reached', { cause: error });
  }
  return error;
}

/** 10334 BSONObjectTooLarge (an insert or a command over 16 MiB); 17419 and 17420: a document grown past it. */
const TOO_LARGE_CODES = new Set([10334, 17419, 17420]);

function isTooLarge(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && TOO_LARGE_CODES.has(code);
}

/**
 * Server errors that say "not now" rather than "not this": the operation's time ran out (50 MaxTimeMSExpired,
 * 262 ExceededTimeLimit, 64 WriteConcernFailed: the majority did not acknowledge in time), or the server is
 * stepping down, shutting down, or not the primary any more. The driver has already retried retryable ones once.
 */
const UNAVAILABLE_CODES = new Set([
  6, // HostUnreachable
  7, // HostNotFound
  50, // MaxTimeMSExpired
  64, // WriteConcernFailed (wtimeout)
  89, // NetworkTimeout
  91, // ShutdownInProgress
  189, // PrimarySteppedDown
  262, // ExceededTimeLimit
  9001, // SocketException
  10107, // NotWritablePrimary
  11600, // InterruptedAtShutdown
  11602, // InterruptedDueToReplStateChange
  13435, // NotPrimaryNoSecondaryOk
  13436, // NotPrimaryOrSecondary
]);

/** Driver errors for no server, a lost or silent connection, a full pool, or a write concern not met in time. */
const UNAVAILABLE_NAMES = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoOperationTimeoutError',
  'MongoServerClosedError',
  'MongoTopologyClosedError',
  'MongoStalePrimaryError',
  'MongoWaitQueueTimeoutError',
  'MongoPoolClearedError',
  'PoolClearedOnNetworkError',
]);

export function isUnavailable(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  if (UNAVAILABLE_NAMES.has(error.name)) return true;
  const { code, writeConcernError } = error as { code?: unknown; writeConcernError?: { code?: unknown } };
  if (typeof code === 'number' && UNAVAILABLE_CODES.has(code)) return true;
  return typeof writeConcernError?.code === 'number' && UNAVAILABLE_CODES.has(writeConcernError.code);
}
