/**
 * The storage port. Every feature keeps its records through it; two adapters implement it and pass one
 * conformance suite (conformance.ts): the embedded, file-backed store (the default: nothing to install) and
 * MongoDB through mongoose (set MONGODB_URI), which lets stateless service replicas share one database.
 */

/** Every stored record has a string id (chosen by the caller, e.g. `usr_…`). */
export interface StoredRecord {
  id: string;
}

/** A comparison on one field; `field` may be a dot path into nested objects. */
export type Condition =
  | string
  | number
  | boolean
  | null
  | { $in: (string | number | boolean | null)[] }
  | { $ne: string | number | boolean | null }
  | { $gt?: string | number; $gte?: string | number; $lt?: string | number; $lte?: string | number }
  | { $exists: boolean };

/** All conditions must hold. */
export type Filter = Record<string, Condition>;

export interface FindOptions {
  /**
   * Sort by one field, ascending (1) or descending (-1); ties break by id in the same direction. Values order as
   * MongoDB orders them: a missing field and null alike (so they tie, and ids decide), then numbers, then strings
   * by Unicode code point (not by UTF-16 unit, nor by locale), then objects, arrays and booleans.
   */
  sort?: { field: string; direction: 1 | -1 };
  limit?: number;
  skip?: number;
}

/** An atomic change to the one record it applies to. */
export interface Change {
  /** Fields to set (dot paths allowed). */
  set?: Record<string, unknown>;
  /** Numeric fields to add to (created at 0 when missing). */
  inc?: Record<string, number>;
  /** Fields to remove. */
  unset?: string[];
}

/**
 * An index: one field, or several in order for a compound index (the equality fields of a query first, then the
 * field it sorts by, as `['teamId', 'createdAt']` for a team's list newest first). MongoDB appends `_id` to every
 * index, so the sort's tie-break by id is served by the index too (see mongo-indexes.ts).
 */
export type IndexSpec = string | readonly string[];

export interface CollectionSpec {
  name: string;
  /** Fields whose values must be unique across the collection (a violation throws DuplicateKeyError). */
  unique?: string[];
  /** What queries filter and sort by. */
  indexes?: IndexSpec[];
}

export interface Collection<T extends StoredRecord> {
  insert(record: T): Promise<T>;
  get(id: string): Promise<T | undefined>;
  findOne(filter: Filter): Promise<T | undefined>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  count(filter: Filter): Promise<number>;
  /**
   * Applies a change to the first record (in `sort` order, else any) that matches the filter, atomically: two
   * concurrent calls never both change the same record when the change makes it stop matching. Returns the
   * record after the change, or undefined when none matched. This is the primitive for claims and counters.
   */
  updateOne(filter: Filter, change: Change, options?: { sort?: FindOptions['sort'] }): Promise<T | undefined>;
  /** Inserts the record when nothing matches the filter, else applies the change; returns the result. */
  upsert(filter: Filter, insert: T, change: Change): Promise<T>;
  /** Replaces a whole record by id; returns false when it does not exist. */
  replace(record: T): Promise<boolean>;
  deleteOne(id: string): Promise<boolean>;
  deleteMany(filter: Filter): Promise<number>;
}

export interface Store {
  /** Opens (creating on first use) a collection with its unique fields and indexes. */
  collection<T extends StoredRecord>(spec: CollectionSpec): Promise<Collection<T>>;
  /** Whether the store can serve requests (for /readyz). */
  ping(): Promise<boolean>;
  /** Refuses new work, lets the writes already started finish, then flushes and closes; the process may exit after. */
  close(): Promise<void>;
}

/** Where a store reports what it changed by itself, such as an index rebuilt with another kind. Pino's logger fits. */
export interface StoreLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

/** A unique field's value is already taken. */
export class DuplicateKeyError extends Error {
  readonly code = 'duplicate_key';
  constructor(
    readonly collection: string,
    readonly field: string,
  ) {
    super(`A record in ${collection} already has this ${field}`);
    this.name = 'DuplicateKeyError';
  }
}

/**
 * A record is larger than a MongoDB document may be (16 MiB as BSON). Both adapters refuse it, so that what the
 * embedded store accepts a MongoDB deployment accepts too; the API answers 413 record_too_large.
 */
export class RecordTooLargeError extends Error {
  readonly code = 'record_too_large';
  constructor(
    readonly collection: string,
    readonly bytes: number | undefined,
    readonly limit: number,
  ) {
    super(
      `A record of ${collection} would be ${bytes === undefined ? 'larger than' : `${bytes} bytes, over`} the ${limit} bytes a record may take`,
    );
    this.name = 'RecordTooLargeError';
  }
}

/**
 * A value that the two stores would keep differently (a Date, a Buffer, NaN, a field name with a NUL...). Records
 * hold JSON: strings, finite numbers, booleans, null, arrays and plain objects.
 */
export class UnstorableValueError extends Error {
  readonly code = 'unstorable_value';
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'UnstorableValueError';
  }
}

/**
 * The database did not answer in time or cannot be reached (a stalled or lost primary, no server to select).
 * The API answers 503 store_unavailable; the operation may or may not have been applied.
 */
export class StoreUnavailableError extends Error {
  readonly code = 'store_unavailable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/** Where generated files (PDFs, HTML) are kept: the filesystem by default, GridFS with MongoDB. */
export interface BlobStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | undefined>;
  /** A stream, for large files. */
  stream(key: string): Promise<{ stream: NodeJS.ReadableStream; contentType: string; size: number } | undefined>;
  delete(key: string): Promise<boolean>;
  close(): Promise<void>;
}
