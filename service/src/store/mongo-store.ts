import mongoose, { type Connection, type mongo } from 'mongoose';
import { toDuplicateKeyError, toMongoFilter, toMongoUpdate } from './mongo-query';
import type { Collection, CollectionSpec, Store, StoredRecord } from './port';
import { DuplicateKeyError } from './port';
import {
  assertUpsertId,
  isEmptyChange,
  type ParsedChange,
  type ParsedCondition,
  type ParsedFindOptions,
  parseChange,
  parseFilter,
  parseFindOptions,
  parseSort,
  sortSpec,
} from './query';
import { assertCollectionName, fromStored, type StoredDoc, toStored } from './records';

/**
 * The MongoDB store: one mongoose connection, native driver collections (the port, not a mongoose schema, says
 * what a record is), `_id` = the record's id. Every write is a single atomic server operation, so any number of
 * service replicas can share the database.
 */

export interface MongoStoreOptions {
  /** The database, when not the one named in the URI (tests use a fresh one per run). */
  dbName?: string;
  /** How long to wait for a reachable server before an operation (and opening) fails. Default 10 s. */
  serverSelectionTimeoutMS?: number;
}

export interface MongoStore extends Store {
  /** The connection, for GridFS (openGridFsBlobStore) and administration; the store closes it. */
  readonly connection: Connection;
}

type MongoCollection = mongo.Collection<StoredDoc>;

/** A readiness probe must answer quickly even when the server is gone. */
const PING_TIMEOUT_MS = 2000;
/** upsert retries after losing a race to insert the same unique key (see below). */
const UPSERT_ATTEMPTS = 3;

export async function openMongoStore(uri: string, options: MongoStoreOptions = {}): Promise<MongoStore> {
  const connection = mongoose.createConnection(uri, {
    ...(options.dbName ? { dbName: options.dbName } : {}),
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 10_000,
  });
  try {
    await connection.asPromise();
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw error;
  }
  const db = connection.db;
  if (!db) throw new Error('The MongoDB connection has no database');
  let closed = false;
  let closing: Promise<void> | undefined;

  // The driver reconnects by itself after close; the port says a closed store is closed.
  const assertOpen = () => {
    if (closed) throw new Error('The store is closed');
  };

  return {
    connection,
    async collection<T extends StoredRecord>(spec: CollectionSpec): Promise<Collection<T>> {
      assertOpen();
      assertCollectionName(spec.name);
      const collection = db.collection<StoredDoc>(spec.name);
      await ensureIndexes(collection, spec);
      return mongoCollection<T>(spec.name, collection, assertOpen);
    },
    async ping() {
      if (closed) return false;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
      });
      const ping = db.command({ ping: 1 }).then(
        () => true,
        () => false,
      );
      try {
        return await Promise.race([ping, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      closed = true;
      closing ??= connection.close();
      return closing;
    },
  };
}

async function ensureIndexes(collection: MongoCollection, spec: CollectionSpec): Promise<void> {
  const unique = new Set((spec.unique ?? []).filter((field) => field !== 'id'));
  const plain = (spec.indexes ?? []).filter((field) => field !== 'id' && !unique.has(field));
  // Sparse: records without the field do not collide with each other (the embedded adapter does the same).
  await Promise.all([
    ...[...unique].map((field) => collection.createIndex({ [field]: 1 }, { unique: true, sparse: true })),
    ...plain.map((field) => collection.createIndex({ [field]: 1 })),
  ]);
}

function mongoCollection<T extends StoredRecord>(
  name: string,
  collection: MongoCollection,
  assertOpen: () => void,
): Collection<T> {
  const filterOf = (conditions: ParsedCondition[]) => toMongoFilter(conditions) as mongo.Filter<StoredDoc>;
  const sortOf = (sort: ParsedFindOptions['sort']) => (sort ? sortSpec(sort) : undefined);

  /** Runs a database call, turning duplicate-key errors into the port's DuplicateKeyError. */
  const run = async <R>(operation: () => Promise<R>): Promise<R> => {
    assertOpen();
    try {
      return await operation();
    } catch (error) {
      throw toDuplicateKeyError(error, name) ?? error;
    }
  };

  const findOneDoc = (conditions: ParsedCondition[], sort?: ParsedFindOptions['sort']) =>
    run(() => collection.findOne(filterOf(conditions), { sort: sortOf(sort) }));

  const toRecord = (doc: StoredDoc | null): T | undefined => (doc ? fromStored<T>(doc) : undefined);

  const upsertOnce = async (conditions: ParsedCondition[], doc: StoredDoc, change: ParsedChange): Promise<T> => {
    // Step 1 inserts the record as given when nothing matches ($setOnInsert alone changes nothing on a match).
    // One update with $set/$inc as well would also apply the change to a new record, which the port does not
    // want: "inserts the record when nothing matches the filter, else applies the change".
    const { _id, ...fields } = doc;
    const filterPinsId = conditions.some((c) => c.path === '_id' && c.op === 'eq' && c.value === _id);
    const result = await run(() =>
      collection.findOneAndUpdate(
        filterOf(conditions),
        // MongoDB takes _id from an equality on it in the filter; naming it again could count as changing it.
        { $setOnInsert: filterPinsId ? fields : doc },
        { upsert: true, returnDocument: 'after', includeResultMetadata: true },
      ),
    );
    const found = result.value;
    if (!found) throw new Error(`MongoDB returned no record from an upsert on ${name}`);
    if (!result.lastErrorObject?.updatedExisting || isEmptyChange(change)) return fromStored<T>(found);
    // Step 2 changes that record by id, atomically. Deleted in between: it no longer exists, so insert it.
    const updated = await run(() =>
      collection.findOneAndUpdate({ _id: found._id }, toMongoUpdate(change), { returnDocument: 'after' }),
    );
    return updated ? fromStored<T>(updated) : upsertOnce(conditions, doc, change);
  };

  return {
    async insert(record) {
      const doc = toStored(record);
      // The driver adds nothing to a document that has an _id; a copy keeps the caller's object out of it anyway.
      await run(() => collection.insertOne({ ...doc }));
      return fromStored<T>(doc);
    },

    async get(id) {
      if (typeof id !== 'string') throw new Error('An id must be a string');
      return toRecord(await run(() => collection.findOne({ _id: id })));
    },

    async findOne(filter) {
      return toRecord(await findOneDoc(parseFilter(filter)));
    },

    async find(filter, options) {
      const conditions = parseFilter(filter);
      const { sort, skip, limit } = parseFindOptions(options);
      if (limit === 0) return [];
      const docs = await run(() =>
        collection.find(filterOf(conditions), { sort: sortOf(sort), skip, limit: limit ?? 0 }).toArray(),
      );
      return docs.map((doc) => fromStored<T>(doc));
    },

    async count(filter) {
      const conditions = parseFilter(filter);
      return run(() => collection.countDocuments(filterOf(conditions)));
    },

    async updateOne(filter, change, options) {
      const conditions = parseFilter(filter);
      const parsed = parseChange(change);
      const sort = parseSort(options?.sort);
      if (isEmptyChange(parsed)) return toRecord(await findOneDoc(conditions, sort));
      // One server-side operation: the match, the sort and the change are atomic together.
      const doc = await run(() =>
        collection.findOneAndUpdate(filterOf(conditions), toMongoUpdate(parsed), {
          sort: sortOf(sort),
          returnDocument: 'after',
        }),
      );
      return toRecord(doc);
    },

    async upsert(filter, record, change) {
      const conditions = parseFilter(filter);
      const doc = toStored(record);
      assertUpsertId(conditions, doc._id);
      const parsed = parseChange(change);
      for (let attempt = 1; ; attempt++) {
        try {
          return await upsertOnce(conditions, doc, parsed);
        } catch (error) {
          // Two upserts may both see no match and both insert: with a unique index on the filtered field one of
          // them fails, and on retry finds the other's record. A duplicate that persists is a real conflict.
          if (!(error instanceof DuplicateKeyError) || attempt >= UPSERT_ATTEMPTS) throw error;
        }
      }
    },

    async replace(record) {
      const doc = toStored(record);
      const result = await run(() => collection.replaceOne({ _id: doc._id }, doc));
      return result.matchedCount > 0;
    },

    async deleteOne(id) {
      if (typeof id !== 'string') throw new Error('An id must be a string');
      const result = await run(() => collection.deleteOne({ _id: id }));
      return result.deletedCount > 0;
    },

    async deleteMany(filter) {
      const conditions = parseFilter(filter);
      const result = await run(() => collection.deleteMany(filterOf(conditions)));
      return result.deletedCount;
    },
  };
}
