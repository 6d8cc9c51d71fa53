import { DuplicateKeyError } from './port';
import type { ParsedChange, ParsedCondition } from './query';

/**
 * Translates parsed filters and changes to MongoDB, and MongoDB's duplicate-key errors to the port's. Pure: no
 * driver import, so it is unit-tested without a server. The port's semantics are MongoDB's, so filters map 1:1.
 */
export type MongoQuery = Record<string, unknown>;

export function toMongoFilter(conditions: ParsedCondition[]): MongoQuery {
  const filter: MongoQuery = {};
  for (const condition of conditions) {
    const { path } = condition;
    switch (condition.op) {
      case 'eq':
        filter[path] = condition.value;
        break;
      case 'in':
        filter[path] = { $in: condition.values };
        break;
      case 'ne':
        filter[path] = { $ne: condition.value };
        break;
      case 'range':
        filter[path] = { ...condition.bounds };
        break;
      case 'exists':
        filter[path] = { $exists: condition.value };
        break;
    }
  }
  return filter;
}

export function toMongoUpdate(change: ParsedChange): MongoQuery {
  const update: MongoQuery = {};
  if (Object.keys(change.set).length > 0) update.$set = change.set;
  if (Object.keys(change.inc).length > 0) update.$inc = change.inc;
  if (change.unset.length > 0) update.$unset = Object.fromEntries(change.unset.map((path) => [path, '']));
  return update;
}

/** 11000 is "duplicate key"; 11001 is its old spelling, still seen from some servers and proxies. */
export function isDuplicateKeyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 11000 || code === 11001;
}

/**
 * The field of a MongoDB duplicate-key error, as the caller names it (`_id` is `id`). Servers since 4.2 say it in
 * `keyPattern`; older ones only in the message (`… index: email_1 dup key: …`, `… index: _id_ dup key: …`).
 */
export function duplicateKeyField(error: unknown): string | undefined {
  if (!isDuplicateKeyError(error)) return undefined;
  const { keyPattern, keyValue, message } = error as { keyPattern?: unknown; keyValue?: unknown; message?: unknown };
  const field =
    firstKey(keyPattern) ??
    firstKey(keyValue) ??
    (typeof message === 'string' ? /index: (?:\S+\.\$)?(\S+?)(?:_-?1|_) dup key/.exec(message)?.[1] : undefined);
  if (field === undefined) return undefined;
  return field === '_id' ? 'id' : field;
}

/** The port's error for a MongoDB duplicate-key error, or undefined for any other error. */
export function toDuplicateKeyError(error: unknown, collection: string): DuplicateKeyError | undefined {
  if (!isDuplicateKeyError(error)) return undefined;
  return new DuplicateKeyError(collection, duplicateKeyField(error) ?? 'unknown');
}

function firstKey(value: unknown): string | undefined {
  return value !== null && typeof value === 'object' ? Object.keys(value)[0] : undefined;
}
