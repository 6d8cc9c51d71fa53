import mongoose from 'mongoose';
import { RecordTooLargeError, type StoredRecord, UnstorableValueError } from './port';

/**
 * How records look inside both databases: the caller's `id` becomes the database's primary key `_id`, so the
 * id is unique and indexed for free, and callers never see `_id`.
 */
export interface StoredDoc {
  _id: string;
  [field: string]: unknown;
}

// Collection names become file names (embedded) and collection names (MongoDB): keep them boring and safe.
const COLLECTION_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export function assertCollectionName(name: string): void {
  if (!COLLECTION_NAME.test(name)) {
    throw new Error(`Invalid collection name ${JSON.stringify(name)}: use letters, digits, _ and -, 64 at most`);
  }
}

export function toStored(record: StoredRecord): StoredDoc {
  if (typeof record?.id !== 'string' || record.id.length === 0) {
    throw new Error('A record needs a non-empty string id');
  }
  const { id, ...rest } = storable(record) as Record<string, unknown>;
  if ('_id' in rest) throw new Error('Records must not carry an _id field: the store derives it from id');
  return { _id: id as string, ...rest };
}

export function fromStored<T extends StoredRecord>(doc: StoredDoc): T {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest } as unknown as T;
}

/**
 * A value as both databases store it, or UnstorableValueError. Records hold JSON, because that is what both keep
 * alike: NeDB writes JSON lines, while MongoDB's BSON has types of its own and would keep a Date, a Buffer, a Map,
 * NaN or a bigint otherwise than NeDB does (or refuse them). So:
 * - strings, finite numbers, booleans, null, arrays and plain objects are kept; anything else is refused;
 * - undefined fields are dropped and undefined array items become null, as JSON does (the MongoDB driver would
 *   store null for them);
 * - -0 becomes 0 (BSON keeps -0, JSON writes 0) and a lone UTF-16 surrogate becomes U+FFFD (BSON writes UTF-8,
 *   which cannot hold one; NeDB's JSON can), so the two stores read back the same value;
 * - field names with `.`, a leading `$`, a NUL or the name `_bsontype` are refused: NeDB refuses the first two and
 *   MongoDB cannot query them, BSON cannot hold a NUL in a name, and the driver takes `_bsontype` for a BSON type.
 * Free-form user JSON (sample data, say) belongs in a string field.
 */
export function storable(value: unknown, path = ''): unknown {
  switch (typeof value) {
    case 'string':
      return wellFormed(value);
    case 'number':
      if (!Number.isFinite(value)) throw unstorable(path, String(value));
      return Object.is(value, -0) ? 0 : value;
    case 'boolean':
      return value;
    case 'object':
      if (value === null) return null;
      if (Array.isArray(value)) {
        return value.map((item, i) => (item === undefined ? null : storable(item, `${path}[${i}]`)));
      }
      if (isPlainObject(value)) {
        const out: Record<string, unknown> = {};
        for (const [key, item] of Object.entries(value)) {
          const where = path ? `${path}.${key}` : key;
          checkFieldName(key, where);
          if (item !== undefined) out[key] = storable(item, where);
        }
        return out;
      }
      throw unstorable(path, `a ${value.constructor?.name ?? 'non-plain object'}`);
    default:
      throw unstorable(path, typeof value === 'bigint' ? 'a bigint' : `a ${typeof value}`);
  }
}

const LONE_SURROGATE = /\p{Surrogate}/u;
const LONE_SURROGATES = /\p{Surrogate}/gu;

/** The string with each lone surrogate replaced by U+FFFD, as MongoDB stores it (and compares filter values). */
export function wellFormed(value: string): string {
  return LONE_SURROGATE.test(value) ? value.replace(LONE_SURROGATES, '\uFFFD') : value;
}

function checkFieldName(key: string, where: string): void {
  if (key.startsWith('$') || key.includes('.') || key.includes('\u0000') || key === '_bsontype') {
    throw new UnstorableValueError(
      where,
      `Field name ${JSON.stringify(where)} cannot be stored: names may not contain "." or NUL, start with "$", or be "_bsontype"`,
    );
  }
}

function unstorable(path: string, what: string): UnstorableValueError {
  const where = path ? ` at ${JSON.stringify(path)}` : '';
  return new UnstorableValueError(
    path,
    `Cannot store ${what}${where}: records hold JSON (strings, finite numbers, booleans, null, arrays, plain objects)`,
  );
}

/** The most bytes a record may take as BSON: MongoDB's document limit, which both adapters keep. */
export const MAX_RECORD_BYTES = 16 * 1024 * 1024;

/** A record's size as MongoDB counts it (BSON), for both adapters alike. */
export function recordSize(doc: StoredDoc): number {
  return mongoose.mongo.BSON.calculateObjectSize(doc);
}

/** Throws RecordTooLargeError when the record would not fit in a MongoDB document. */
export function assertRecordSize(collection: string, doc: StoredDoc): void {
  const bytes = recordSize(doc);
  if (bytes > MAX_RECORD_BYTES) throw new RecordTooLargeError(collection, bytes, MAX_RECORD_BYTES);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
