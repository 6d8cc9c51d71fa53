import type { StoredRecord } from './port';

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
 * A value as both databases store it: undefined fields dropped (see withoutUndefined), and field names checked.
 * NeDB refuses names containing `.` or starting with `$` while MongoDB takes some of them (and then cannot query
 * them), so both adapters refuse them alike. Free-form user JSON (sample data, say) belongs in a string field.
 */
export function storable(value: unknown, path = ''): unknown {
  checkFieldNames(value, path);
  return withoutUndefined(value);
}

function checkFieldNames(value: unknown, path: string): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) checkFieldNames(item, `${path}[${i}]`);
    return;
  }
  if (!isPlainObject(value)) return;
  for (const [key, item] of Object.entries(value)) {
    const where = path ? `${path}.${key}` : key;
    if (key.startsWith('$') || key.includes('.')) {
      throw new Error(
        `Field name ${JSON.stringify(where)} cannot be stored: names may not contain "." or start with "$"`,
      );
    }
    checkFieldNames(item, where);
  }
}

/**
 * Drops undefined fields, as JSON does. NeDB writes JSON while the MongoDB driver would store `null` for them,
 * so without this the same record would read back differently from the two adapters.
 */
export function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : withoutUndefined(item)));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined) out[key] = withoutUndefined(item);
  }
  return out;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
