import { plannedIndexes } from './index-spec';
import type { CollectionSpec, StoreLogger } from './port';

/**
 * The MongoDB indexes of a collection spec, and how the adapter brings a collection to them at start.
 *
 * Every sort of the port breaks ties by `_id` (query.ts, sortSpec), and a single-field index cannot serve a sort
 * on `{ field, _id }`: MongoDB would sort all matches in memory, for every claim, page and sweep (and fail past
 * 100 MB before 6.0). So each plain index ends with `_id`: `{ field: 1, _id: 1 }`, or for a compound spec
 * `{ teamId: 1, createdAt: 1, _id: 1 }`, which serves `teamId = x` sorted by createdAt either way. Unique fields
 * stay single-field indexes (unique and sparse, as in the embedded store): `_id` would make any key unique.
 */

export interface MongoIndex {
  key: Record<string, 1>;
  name: string;
  unique: boolean;
}

/** What listIndexes returns, as far as this module reads it. */
export interface ExistingIndex {
  key: Record<string, unknown>;
  name: string;
  unique?: boolean;
  sparse?: boolean;
}

/** The part of a driver collection this module uses (a fake stands in for it in unit tests). */
export interface IndexedCollection {
  readonly collectionName: string;
  listIndexes(): { toArray(): Promise<ExistingIndex[]> };
  createIndex(key: Record<string, 1>, options: { name: string; unique?: boolean; sparse?: boolean }): Promise<string>;
  dropIndex(name: string): Promise<unknown>;
}

export function mongoIndexes(spec: CollectionSpec): MongoIndex[] {
  return plannedIndexes(spec).map(({ fields, unique }) => {
    const keyFields = unique || fields.at(-1) === '_id' ? fields : [...fields, '_id'];
    const key = Object.fromEntries(keyFields.map((field) => [field, 1 as const]));
    return { key, name: indexName(keyFields), unique };
  });
}

/** MongoDB's own default name, given explicitly so that a name always says which key it indexes. */
function indexName(fields: string[]): string {
  return fields.map((field) => `${field}_1`).join('_');
}

/** 85 IndexOptionsConflict (same key, other options or name), 86 IndexKeySpecsConflict (same name, other key). */
const CONFLICT_CODES = new Set([85, 86]);
/** 26 NamespaceNotFound: listIndexes on a collection that does not exist yet. */
const NAMESPACE_NOT_FOUND = 26;

/**
 * Creates the spec's indexes that are missing. An index whose kind changed (plain <-> unique) or whose name now
 * means another key is dropped and made again, with a log line: createIndex would refuse it (85/86) and the
 * service would not start. A plain single-field index `{ field: 1 }` made by earlier versions is dropped once the
 * `{ field: 1, ..., _id: 1 }` that replaces it exists: it serves nothing the new one does not, and costs writes.
 */
export async function ensureMongoIndexes(
  collection: IndexedCollection,
  spec: CollectionSpec,
  logger: StoreLogger,
): Promise<void> {
  const wanted = mongoIndexes(spec);
  const existing = await listIndexes(collection);
  const log = (index: ExistingIndex, why: string) =>
    logger.warn({ collection: collection.collectionName, index: index.name, key: index.key }, why);

  for (const index of wanted) {
    const sameKey = existing.find((found) => sameFields(found.key, index.key));
    if (sameKey && sameKind(sameKey, index)) continue;
    const stale = sameKey ?? existing.find((found) => found.name === index.name);
    if (stale) {
      log(stale, `Dropping index ${stale.name} of ${collection.collectionName} to make it again as ${describe(index)}`);
      await collection.dropIndex(stale.name);
    }
    await create(collection, index, log);
  }

  for (const found of existing) {
    const [field, ...others] = Object.keys(found.key);
    if (others.length > 0 || found.key[field as string] !== 1 || found.unique || found.sparse) continue;
    if (wanted.some((index) => sameFields(found.key, index.key))) continue;
    const replaced = wanted.some((index) => !index.unique && Object.keys(index.key)[0] === field);
    if (!replaced) continue;
    log(
      found,
      `Dropping index ${found.name} of ${collection.collectionName}: an index on ${field} and _id replaces it`,
    );
    await collection.dropIndex(found.name).catch(ignoreMissingIndex);
  }
}

/** Another replica may have made the same index with other options meanwhile: drop it and try once more. */
async function create(
  collection: IndexedCollection,
  index: MongoIndex,
  log: (index: ExistingIndex, why: string) => void,
): Promise<void> {
  const options = index.unique ? { name: index.name, unique: true, sparse: true } : { name: index.name };
  try {
    await collection.createIndex(index.key, options);
  } catch (error) {
    if (!CONFLICT_CODES.has(codeOf(error) ?? 0)) throw error;
    const conflicting = (await listIndexes(collection)).find(
      (found) => found.name === index.name || sameFields(found.key, index.key),
    );
    if (!conflicting) throw error;
    log(
      conflicting,
      `Dropping index ${conflicting.name} of ${collection.collectionName}: it conflicts with ${describe(index)}`,
    );
    await collection.dropIndex(conflicting.name).catch(ignoreMissingIndex);
    await collection.createIndex(index.key, options);
  }
}

async function listIndexes(collection: IndexedCollection): Promise<ExistingIndex[]> {
  try {
    return await collection.listIndexes().toArray();
  } catch (error) {
    if (codeOf(error) === NAMESPACE_NOT_FOUND) return [];
    throw error;
  }
}

function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const ak = Object.entries(a);
  const bk = Object.entries(b);
  return ak.length === bk.length && ak.every(([field, order], i) => bk[i]?.[0] === field && bk[i]?.[1] === order);
}

function sameKind(found: ExistingIndex, index: MongoIndex): boolean {
  return index.unique ? found.unique === true && found.sparse === true : !found.unique && !found.sparse;
}

function describe(index: MongoIndex): string {
  return `${index.unique ? 'a unique' : 'a plain'} index on ${Object.keys(index.key).join(', ')}`;
}

function codeOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/** 27 IndexNotFound: someone else dropped it first. */
function ignoreMissingIndex(error: unknown): void {
  if (codeOf(error) !== 27) throw error;
}
