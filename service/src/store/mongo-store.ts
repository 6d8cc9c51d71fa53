import mongoose, { type Connection, type mongo } from 'mongoose';
import { withDeadline } from './deadline';
import { InFlight } from './in-flight';
import { toStoreError } from './mongo-errors';
import { ensureMongoIndexes } from './mongo-indexes';
import {
  connectionOptions,
  consistencyOptions,
  DEFAULT_OPERATION_TIMEOUT_MS,
  type MongoStoreOptions,
} from './mongo-options';
import { toMongoFilter, toMongoUpdate } from './mongo-query';
import type { Collection, CollectionSpec, Store, StoredRecord, StoreLogger } from './port';
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
import { assertCollectionName, assertRecordSize, fromStored, type StoredDoc, toStored } from './records';

export type { MongoStoreOptions } from './mongo-options';

/**
 * The MongoDB store: one mongoose connection, native driver collections (the port, not a mongoose schema, says
 * what a record is), `_id` = the record's id. Every write is a single atomic server operation (an upsert is an
 * insert or an update, each atomic), so any number of service replicas can share the database. MongoDB 5.0 or
 * later; see mongo-options.ts for the timeouts and consistency, mongo-indexes.ts for the indexes.
 */

export interface MongoStoreConfig extends MongoStoreOptions {
  /** Where index changes are reported. Default: a process warning. */
  logger?: StoreLogger;
}

export interface MongoStore extends Store {
  /** The connection, for GridFS (openGridFsBlobStore) and administration; the store closes it. */
  readonly connection: Connection;
  /** The database the store uses (the URI's, else `quire`). */
  readonly databaseName: string;
  /** The longest one operation may take; the GridFS blob store keeps to it too. */
  readonly operationTimeoutMS: number;
}

type MongoCollection = mongo.Collection<StoredDoc>;

/** A readiness probe must answer quickly even when the server is gone. */
const PING_TIMEOUT_MS = 2000;
/** upsert tries again after losing a race to insert the same unique key (see below). */
const UPSERT_ATTEMPTS = 3;

const warningLogger: StoreLogger = {
  warn(fields, message) {
    process.emitWarning(`${message} ${JSON.stringify(fields)}`, { code: 'QUIRE_STORE' });
  },
};

export async function openMongoStore(uri: string, config: MongoStoreConfig = {}): Promise<MongoStore> {
  const options = connectionOptions(uri, config);
  const operationTimeoutMS = config.operationTimeoutMS ?? DEFAULT_OPERATION_TIMEOUT_MS;
  const logger = config.logger ?? warningLogger;
  const connection = mongoose.createConnection(uri, options);
  try {
    await connection.asPromise();
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw error;
  }
  const db = connection.db;
  if (!db) throw new Error('The MongoDB connection has no database');
  const inFlight = new InFlight();
  let closed = false;
  let closing: Promise<void> | undefined;

  // The driver reconnects by itself after close; the port says a closed store is closed.
  const assertOpen = () => {
    if (closed) throw new Error('The store is closed');
  };

  /**
   * Runs one database call: refused once the store is closed, given up after the operation timeout (unless
   * `deadline` is false), with MongoDB's errors turned into the port's; a write is counted while in flight, so
   * that close() lets it finish.
   */
  const run: Run = async (collection, operation, { write = false, deadline = true } = {}) => {
    assertOpen();
    try {
      const started = (async () => operation())();
      // Tracked until the write itself settles, even when the deadline gives up on it first.
      if (write) inFlight.track(started);
      return await (deadline ? withDeadline(started, operationTimeoutMS) : started);
    } catch (error) {
      throw toStoreError(error, collection);
    }
  };

  return {
    connection,
    databaseName: db.databaseName,
    operationTimeoutMS,
    async collection<T extends StoredRecord>(spec: CollectionSpec): Promise<Collection<T>> {
      assertOpen();
      assertCollectionName(spec.name);
      const collection = db.collection<StoredDoc>(spec.name, consistencyOptions(operationTimeoutMS));
      // No deadline: building an index over a large collection takes as long as it takes (see the README).
      await run(spec.name, () => ensureMongoIndexes(collection, spec, logger), { write: true, deadline: false });
      return mongoCollection<T>(spec.name, collection, run, operationTimeoutMS);
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
      // Writes already sent finish before the connection goes, as in the embedded store. One the server does not
      // answer was given up on (503) after the operation timeout: it is not waited for longer than that.
      closing ??= Promise.race([inFlight.idle(), delay(operationTimeoutMS)]).then(() => connection.close());
      return closing;
    },
  };
}

type Run = <R>(
  collection: string,
  operation: () => Promise<R>,
  options?: { write?: boolean; deadline?: boolean },
) => Promise<R>;

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

function mongoCollection<T extends StoredRecord>(
  name: string,
  collection: MongoCollection,
  runIn: Run,
  maxTimeMS: number,
): Collection<T> {
  const read = <R>(operation: () => Promise<R>) => runIn(name, operation);
  const write = <R>(operation: () => Promise<R>) => runIn(name, operation, { write: true });
  const filterOf = (conditions: ParsedCondition[]) => toMongoFilter(conditions) as mongo.Filter<StoredDoc>;
  const sortOf = (sort: ParsedFindOptions['sort']) => (sort ? sortSpec(sort) : undefined);
  const toRecord = (doc: StoredDoc | null): T | undefined => (doc ? fromStored<T>(doc) : undefined);

  const findOneDoc = (conditions: ParsedCondition[], sort?: ParsedFindOptions['sort']) =>
    read(() => collection.findOne(filterOf(conditions), { sort: sortOf(sort), maxTimeMS }));

  /** Values larger than a record may be cannot make one that fits; the server checks the result's size. */
  const assertUpdateSize = (change: ParsedChange) => assertRecordSize(name, { _id: '', ...change.set });

  /** The change applied atomically to the first match (in `sort` order), returning the record after it. */
  const updateDoc = (conditions: ParsedCondition[], change: ParsedChange, sort?: ParsedFindOptions['sort']) =>
    write(() =>
      collection.findOneAndUpdate(filterOf(conditions), toMongoUpdate(change), {
        sort: sortOf(sort),
        returnDocument: 'after',
        maxTimeMS,
      }),
    );

  return {
    async insert(record) {
      const doc = toStored(record);
      assertRecordSize(name, doc);
      // The driver adds nothing to a document that has an _id; a copy keeps the caller's object out of it anyway.
      await write(() => collection.insertOne({ ...doc }, { maxTimeMS }));
      return fromStored<T>(doc);
    },

    async get(id) {
      if (typeof id !== 'string') throw new Error('An id must be a string');
      return toRecord(await read(() => collection.findOne({ _id: id }, { maxTimeMS })));
    },

    async findOne(filter) {
      return toRecord(await findOneDoc(parseFilter(filter)));
    },

    async find(filter, options) {
      const conditions = parseFilter(filter);
      const { sort, skip, limit } = parseFindOptions(options);
      if (limit === 0) return [];
      const docs = await read(() =>
        collection.find(filterOf(conditions), { sort: sortOf(sort), skip, limit: limit ?? 0, maxTimeMS }).toArray(),
      );
      return docs.map((doc) => fromStored<T>(doc));
    },

    async count(filter) {
      const conditions = parseFilter(filter);
      return read(() => collection.countDocuments(filterOf(conditions), { maxTimeMS }));
    },

    async updateOne(filter, change, options) {
      const conditions = parseFilter(filter);
      const parsed = parseChange(change);
      const sort = parseSort(options?.sort);
      if (isEmptyChange(parsed)) return toRecord(await findOneDoc(conditions, sort));
      assertUpdateSize(parsed);
      // One server-side operation: the match, the sort and the change are atomic together.
      return toRecord(await updateDoc(conditions, parsed, sort));
    },

    /**
     * Update, else insert, else (another writer inserted the same unique key meanwhile) update again. Not one
     * server upsert: MongoDB's would also copy the filter's equality fields into the new record and apply the
     * change to it, which the port does not want ("inserts the record as given"); keeping the insert separate
     * also avoids an empty `$setOnInsert`, which MongoDB 4.4 refuses.
     */
    async upsert(filter, record, change) {
      const conditions = parseFilter(filter);
      const doc = toStored(record);
      assertUpsertId(conditions, doc._id);
      assertRecordSize(name, doc);
      const parsed = parseChange(change);
      if (!isEmptyChange(parsed)) assertUpdateSize(parsed);
      // The fields whose duplicate means "someone inserted this record first" rather than a real conflict.
      const contested = new Set(conditions.filter((c) => c.op === 'eq').map((c) => (c.path === '_id' ? 'id' : c.path)));
      for (let attempt = 1; ; attempt++) {
        const found = isEmptyChange(parsed) ? await findOneDoc(conditions) : await updateDoc(conditions, parsed);
        if (found) return fromStored<T>(found);
        try {
          await write(() => collection.insertOne({ ...doc }, { maxTimeMS }));
          return fromStored<T>(doc);
        } catch (error) {
          // Two upserts may both find nothing and both insert: with a unique index on what the filter names, one
          // fails and finds the other's record on the next turn. A duplicate that persists is a real conflict.
          if (!(error instanceof DuplicateKeyError) || attempt >= UPSERT_ATTEMPTS) throw error;
          if (error.field !== 'unknown' && !contested.has(error.field)) throw error;
        }
      }
    },

    async replace(record) {
      const doc = toStored(record);
      assertRecordSize(name, doc);
      const result = await write(() => collection.replaceOne({ _id: doc._id }, doc, { maxTimeMS }));
      return result.matchedCount > 0;
    },

    async deleteOne(id) {
      if (typeof id !== 'string') throw new Error('An id must be a string');
      const result = await write(() => collection.deleteOne({ _id: id }, { maxTimeMS }));
      return result.deletedCount > 0;
    },

    async deleteMany(filter) {
      const conditions = parseFilter(filter);
      const result = await write(() => collection.deleteMany(filterOf(conditions), { maxTimeMS }));
      return result.deletedCount;
    },
  };
}
