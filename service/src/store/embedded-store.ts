/// <reference path="./nedb-lib.d.ts" />
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import Datastore from '@seald-io/nedb';
import Cursor from '@seald-io/nedb/lib/cursor.js';
import { modify } from '@seald-io/nedb/lib/model.js';
import { plannedIndexes } from './index-spec';
import { KeyedQueue } from './keyed-queue';
import { toNedbQuery, toNedbUpdate } from './nedb-query';
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
} from './query';
import { assertCollectionName, assertRecordSize, fromStored, type StoredDoc, toStored } from './records';
import { recordComparator } from './sort-order';
import { repairTornTail } from './torn-tail';

/**
 * The embedded store: one NeDB datafile per collection under `<dataDir>/db/<name>.db`, the whole collection in
 * memory, every write appended to the file as one JSON line. One process owns a data directory: NeDB has no
 * locking between processes, so run one service replica on it (or use MongoDB).
 */

export interface EmbeddedStoreOptions {
  /** How often each datafile is rewritten without its superseded lines. Default 10 minutes; at least 5 s. */
  compactionIntervalMs?: number;
  /** Where to say that an index was rebuilt with another kind. Default: a process warning. */
  logger?: StoreLogger;
}

type Db = Datastore<StoredDoc>;

const TEN_MINUTES = 10 * 60 * 1000;
/** The records are the service's data (password hashes, sealed secrets): only its own user may read them. */
export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

export async function openEmbeddedStore(dataDir: string, options: EmbeddedStoreOptions = {}): Promise<Store> {
  const dir = join(dataDir, 'db');
  await mkdir(dir, { recursive: true, mode: DIR_MODE });
  // mkdir leaves a directory made by an earlier version as it was. Its datafiles get the file mode when NeDB
  // rewrites them, which it does on every load.
  await chmod(dir, DIR_MODE);
  const logger = options.logger ?? warningLogger;
  const queue = new KeyedQueue();
  const opening = new Map<string, Promise<Db>>();
  const loaded = new Set<Db>();
  let closed = false;
  let closing: Promise<void> | undefined;

  // Our own timer rather than NeDB's setAutocompactionInterval: that one keeps the process alive and leaves a
  // failed compaction as an unhandled rejection (which ends the process); this one is unref'd and reports it.
  const timer = setInterval(
    () => {
      for (const db of loaded) void compact(db);
    },
    Math.max(options.compactionIntervalMs ?? TEN_MINUTES, 5000),
  );
  timer.unref();

  const assertOpen = () => {
    if (closed) throw new Error('The store is closed');
  };

  // Concurrent first uses of one collection share one Datastore: two would append to the same file.
  const load = (name: string): Promise<Db> => {
    let pending = opening.get(name);
    if (!pending) {
      pending = openDatastore(join(dir, `${name}.db`)).then((db) => {
        loaded.add(db);
        return db;
      });
      pending.catch(() => opening.delete(name));
      opening.set(name, pending);
    }
    return pending;
  };

  return {
    async collection<T extends StoredRecord>(spec: CollectionSpec): Promise<Collection<T>> {
      assertOpen();
      assertCollectionName(spec.name);
      const db = await load(spec.name);
      await ensureIndexes(db, spec, logger);
      return embeddedCollection<T>(spec, db, queue, assertOpen);
    },
    async ping() {
      return !closed;
    },
    close() {
      closing ??= (async () => {
        closed = true;
        clearInterval(timer);
        // Writes accepted before close still run; then each file is rewritten compactly (and fsync'ed).
        await queue.idle();
        await Promise.allSettled(opening.values());
        for (const db of loaded) await db.compactDatafileAsync();
      })();
      return closing;
    },
  };
}

async function openDatastore(filename: string): Promise<Db> {
  await repairTornTail(filename);
  const db: Db = new Datastore<StoredDoc>({
    filename,
    autoload: true,
    modes: { fileMode: FILE_MODE, dirMode: DIR_MODE },
  } as ConstructorParameters<typeof Datastore>[0]);
  await db.autoloadPromise;
  return db;
}

async function compact(db: Db): Promise<void> {
  try {
    await db.compactDatafileAsync();
  } catch (error) {
    process.emitWarning(`Compacting the embedded store failed: ${(error as Error).message}`, {
      code: 'QUIRE_STORE_COMPACTION',
    });
  }
}

const warningLogger: StoreLogger = {
  warn(fields, message) {
    process.emitWarning(`${message} ${JSON.stringify(fields)}`, { code: 'QUIRE_STORE' });
  },
};

/**
 * NeDB answers equality and range conditions from single-field indexes and sorts in memory, so a compound index
 * of the spec becomes an index on its first field. An index whose kind changed (plain <-> unique) is rebuilt:
 * NeDB would otherwise keep the kind it was first created with, and so disagree with MongoDB (see mongo-indexes).
 */
async function ensureIndexes(db: Db, spec: CollectionSpec, logger: StoreLogger): Promise<void> {
  const planned = plannedIndexes(spec);
  const unique = new Set(planned.filter((index) => index.unique).map((index) => index.fields[0] as string));
  const wanted = new Map<string, boolean>();
  for (const { fields, unique: isUnique } of planned) {
    const field = fields[0] as string;
    if (field !== '_id' && (isUnique || !unique.has(field))) wanted.set(field, isUnique);
  }
  const existing = (db as unknown as { indexes: Record<string, { unique: boolean; sparse: boolean }> }).indexes;
  for (const [fieldName, isUnique] of wanted) {
    const current = existing[fieldName];
    // Sparse with unique: records without the field do not collide with each other (as in MongoDB).
    if (current && (current.unique !== isUnique || current.sparse !== isUnique)) {
      logger.warn(
        { collection: spec.name, field: fieldName, unique: isUnique },
        `Rebuilding the index on ${spec.name}.${fieldName} as ${isUnique ? 'unique' : 'plain'}`,
      );
      await db.removeIndexAsync(fieldName);
    }
    await db.ensureIndexAsync(isUnique ? { fieldName, unique: true, sparse: true } : { fieldName });
  }
}

function embeddedCollection<T extends StoredRecord>(
  spec: CollectionSpec,
  db: Db,
  queue: KeyedQueue,
  assertOpen: () => void,
): Collection<T> {
  const { name } = spec;

  /**
   * Every write goes through the collection's queue, so a read-then-write (updateOne's "first match by sort,
   * then change it", upsert's "find, else insert") cannot interleave with another write of this process.
   */
  const write = <R>(task: () => Promise<R>): Promise<R> => {
    assertOpen();
    return queue.run(name, task);
  };

  const findDocs = async (conditions: ParsedCondition[], options: ParsedFindOptions): Promise<StoredDoc[]> => {
    const { sort, skip, limit } = options;
    if (limit === 0) return [];
    const query = toNedbQuery(conditions);
    if (!sort) {
      let cursor = db.findAsync<StoredDoc>(query);
      if (skip > 0) cursor = cursor.skip(skip);
      if (limit !== undefined) cursor = cursor.limit(limit);
      return (await cursor.execAsync()) as unknown as StoredDoc[];
    }
    // NeDB's own sort orders values otherwise than MongoDB (see sort-order.ts): its cursor hands the matching
    // documents to a map function, which sorts them in MongoDB's order and copies only the page it keeps.
    const page = (docs: Record<string, unknown>[]) =>
      (docs as StoredDoc[])
        .sort(recordComparator(sort.path, sort.direction))
        .slice(skip, limit === undefined ? undefined : skip + limit)
        .map((doc) => structuredClone(doc));
    return new Cursor(db, query, page).execAsync();
  };

  const first = async (conditions: ParsedCondition[], sort?: ParsedFindOptions['sort']) =>
    (await findDocs(conditions, { sort, skip: 0, limit: 1 }))[0];

  /** NeDB's unique errors carry the value, not the field: work out which unique field holds that value. */
  const duplicateKeyError = async (error: unknown, attempt: { doc?: StoredDoc; id: string; inserting: boolean }) => {
    if ((error as { errorType?: unknown } | null)?.errorType !== 'uniqueViolated') return error;
    const value = (error as { key?: unknown }).key;
    const fields = [...(attempt.inserting ? ['_id'] : []), ...(spec.unique ?? []).filter((f) => f !== 'id')];
    let candidates = attempt.doc ? fields.filter((f) => holds(getPath(attempt.doc, f), value)) : fields;
    if (candidates.length > 1) {
      // The failed write was rolled back, so the record it collided with is the one holding the value now.
      const taken: string[] = [];
      for (const field of candidates) {
        const query = field === '_id' ? { _id: value } : { [field]: value, _id: { $ne: attempt.id } };
        if ((await db.countAsync(query)) > 0) taken.push(field);
      }
      if (taken.length > 0) candidates = taken;
    }
    const field = candidates[0] ?? 'unknown';
    return new DuplicateKeyError(name, field === '_id' ? 'id' : field);
  };

  /** Changes one record, which `current` holds as stored, after checking that the result fits a MongoDB document. */
  const updateById = async (current: StoredDoc, change: ParsedChange): Promise<StoredDoc | undefined> => {
    const update = toNedbUpdate(change);
    assertRecordSize(name, modify(current, update));
    const id = current._id;
    try {
      const { affectedDocuments } = await db.updateAsync<StoredDoc, { returnUpdatedDocs: true }>({ _id: id }, update, {
        returnUpdatedDocs: true,
      });
      return affectedDocuments ?? undefined;
    } catch (error) {
      throw await duplicateKeyError(error, { id, inserting: false });
    }
  };

  const insertDoc = async (doc: StoredDoc): Promise<T> => {
    assertRecordSize(name, doc);
    try {
      return fromStored<T>((await db.insertAsync(doc)) as StoredDoc);
    } catch (error) {
      throw await duplicateKeyError(error, { doc, id: doc._id, inserting: true });
    }
  };

  return {
    async insert(record) {
      const doc = toStored(record);
      return write(() => insertDoc(doc));
    },

    async get(id) {
      assertOpen();
      const doc = (await db.findOneAsync<StoredDoc>({ _id: assertId(id) })) as StoredDoc | null;
      return doc ? fromStored<T>(doc) : undefined;
    },

    async findOne(filter) {
      assertOpen();
      const doc = await first(parseFilter(filter));
      return doc ? fromStored<T>(doc) : undefined;
    },

    async find(filter, options) {
      assertOpen();
      const docs = await findDocs(parseFilter(filter), parseFindOptions(options));
      return docs.map((doc) => fromStored<T>(doc));
    },

    async count(filter) {
      assertOpen();
      return (await db.countAsync(toNedbQuery(parseFilter(filter)))) as number;
    },

    async updateOne(filter, change, options) {
      const conditions = parseFilter(filter);
      const parsed = parseChange(change);
      const sort = parseSort(options?.sort);
      return write(async () => {
        const doc = await first(conditions, sort);
        if (!doc) return undefined;
        if (isEmptyChange(parsed)) return fromStored<T>(doc);
        const updated = await updateById(doc, parsed);
        return updated ? fromStored<T>(updated) : undefined;
      });
    },

    async upsert(filter, record, change) {
      const conditions = parseFilter(filter);
      const doc = toStored(record);
      assertUpsertId(conditions, doc._id);
      const parsed = parseChange(change);
      return write(async () => {
        const existing = await first(conditions);
        if (!existing) return insertDoc(doc);
        if (isEmptyChange(parsed)) return fromStored<T>(existing);
        const updated = await updateById(existing, parsed);
        // Cannot happen: the queue keeps other writes of this process out between the find and the update.
        if (!updated) throw new Error(`A record of ${name} vanished during an upsert`);
        return fromStored<T>(updated);
      });
    },

    async replace(record) {
      const doc = toStored(record);
      assertRecordSize(name, doc);
      return write(async () => {
        try {
          const { numAffected } = await db.updateAsync({ _id: doc._id }, doc, {});
          return numAffected > 0;
        } catch (error) {
          throw await duplicateKeyError(error, { doc, id: doc._id, inserting: false });
        }
      });
    },

    async deleteOne(id) {
      const _id = assertId(id);
      return write(async () => (await db.removeAsync({ _id }, { multi: false })) > 0);
    },

    async deleteMany(filter) {
      const query = toNedbQuery(parseFilter(filter));
      return write(() => db.removeAsync(query, { multi: true }));
    },
  };
}

function assertId(id: string): string {
  if (typeof id !== 'string') throw new Error('An id must be a string');
  return id;
}

function getPath(doc: StoredDoc | undefined, path: string): unknown {
  let value: unknown = doc;
  for (const segment of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/** Whether a field's value is the duplicate key: the value itself, or one element of an array (multikey). */
function holds(fieldValue: unknown, key: unknown): boolean {
  if (Array.isArray(fieldValue)) return fieldValue.some((item) => same(item, key));
  return same(fieldValue, key);
}

function same(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'object' && a !== null && JSON.stringify(a) === JSON.stringify(b));
}
