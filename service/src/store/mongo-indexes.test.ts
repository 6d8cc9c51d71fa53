import { describe, expect, it } from 'vitest';
import { type ExistingIndex, ensureMongoIndexes, type IndexedCollection, mongoIndexes } from './mongo-indexes';
import type { StoreLogger } from './port';

describe('MongoDB index specs', () => {
  it('ends every plain index with _id, so that sorts with their id tie-break are served by it', () => {
    expect(mongoIndexes({ name: 'jobs', indexes: ['teamId', ['queue', 'state', 'runAt']] })).toEqual([
      { key: { teamId: 1, _id: 1 }, name: 'teamId_1__id_1', unique: false },
      { key: { queue: 1, state: 1, runAt: 1, _id: 1 }, name: 'queue_1_state_1_runAt_1__id_1', unique: false },
    ]);
  });

  it('keeps unique fields as single-field unique indexes (a plain one on them is left out), none for id', () => {
    expect(
      mongoIndexes({ name: 'users', unique: ['email', 'id'], indexes: ['id', 'email', ['profile.city']] }),
    ).toEqual([
      { key: { email: 1 }, name: 'email_1', unique: true },
      { key: { 'profile.city': 1, _id: 1 }, name: 'profile.city_1__id_1', unique: false },
    ]);
  });

  it('serves a sort on id itself without a second _id', () => {
    expect(mongoIndexes({ name: 'x', indexes: [['teamId', 'id']] })).toEqual([
      { key: { teamId: 1, _id: 1 }, name: 'teamId_1__id_1', unique: false },
    ]);
  });

  it('refuses empty, repeating or operator index fields', () => {
    expect(() => mongoIndexes({ name: 'x', indexes: [[]] })).toThrow(/Invalid index/);
    expect(() => mongoIndexes({ name: 'x', indexes: [['a', 'a']] })).toThrow(/Invalid index/);
    expect(() => mongoIndexes({ name: 'x', indexes: ['$where'] })).toThrow();
    expect(() => mongoIndexes({ name: 'x', unique: ['a..b'] })).toThrow();
  });
});

/** A collection's indexes in memory, refusing what MongoDB refuses: a name or a key again with other options. */
function fakeCollection(existing: ExistingIndex[]) {
  const indexes = [...existing];
  const calls: string[] = [];
  const collection: IndexedCollection = {
    collectionName: 'things',
    listIndexes: () => ({ toArray: async () => structuredClone(indexes) }),
    async createIndex(key, options) {
      calls.push(`create ${options.name}${options.unique ? ' unique' : ''}`);
      const same = (found: ExistingIndex) => JSON.stringify(found.key) === JSON.stringify(key);
      const clash = indexes.find((found) => found.name === options.name || same(found));
      if (clash) {
        const identical = clash.name === options.name && same(clash) && !!clash.unique === !!options.unique;
        if (identical) return options.name;
        const code = clash.name === options.name ? 86 : 85;
        throw Object.assign(new Error(`Index conflict with ${clash.name}`), { code });
      }
      indexes.push({ key, name: options.name, ...(options.unique ? { unique: true, sparse: true } : {}) });
      return options.name;
    },
    async dropIndex(name) {
      calls.push(`drop ${name}`);
      const at = indexes.findIndex((found) => found.name === name);
      if (at < 0) throw Object.assign(new Error('index not found'), { code: 27 });
      indexes.splice(at, 1);
    },
  };
  return { collection, indexes, calls };
}

function recordingLogger() {
  const lines: string[] = [];
  const logger: StoreLogger = { warn: (_fields, message) => lines.push(message) };
  return { logger, lines };
}

const ID_INDEX: ExistingIndex = { key: { _id: 1 }, name: '_id_' };

describe('bringing a collection to its indexes', () => {
  it('creates the missing indexes and leaves the ones already there', async () => {
    const { collection, calls, indexes } = fakeCollection([
      ID_INDEX,
      { key: { email: 1 }, name: 'email_1', unique: true, sparse: true },
    ]);
    const { logger, lines } = recordingLogger();
    await ensureMongoIndexes(
      collection,
      { name: 'things', unique: ['email'], indexes: [['teamId', 'createdAt']] },
      logger,
    );
    expect(calls).toEqual(['create teamId_1_createdAt_1__id_1']);
    expect(indexes.map((index) => index.name)).toEqual(['_id_', 'email_1', 'teamId_1_createdAt_1__id_1']);
    expect(lines).toEqual([]);
  });

  it('drops and makes again, with a log line, an index that became unique (which createIndex would refuse)', async () => {
    const { collection, calls, indexes } = fakeCollection([ID_INDEX, { key: { code: 1 }, name: 'code_1' }]);
    const { logger, lines } = recordingLogger();
    await ensureMongoIndexes(collection, { name: 'things', unique: ['code'] }, logger);
    expect(calls).toEqual(['drop code_1', 'create code_1 unique']);
    expect(indexes.find((index) => index.name === 'code_1')).toMatchObject({ unique: true, sparse: true });
    expect(lines).toEqual([
      expect.stringMatching(/Dropping index code_1 of things to make it again as a unique index/),
    ]);
  });

  it('drops and makes again an index that stopped being unique', async () => {
    const { collection, calls } = fakeCollection([
      ID_INDEX,
      { key: { code: 1, _id: 1 }, name: 'code_1__id_1', unique: true, sparse: true },
    ]);
    const { logger, lines } = recordingLogger();
    await ensureMongoIndexes(collection, { name: 'things', indexes: ['code'] }, logger);
    expect(calls).toEqual(['drop code_1__id_1', 'create code_1__id_1']);
    expect(lines).toHaveLength(1);
  });

  it('replaces the single-field indexes of earlier versions by the ones ending with _id', async () => {
    const { collection, calls, indexes } = fakeCollection([
      ID_INDEX,
      { key: { teamId: 1 }, name: 'teamId_1' },
      { key: { status: 1 }, name: 'status_1' },
      { key: { email: 1 }, name: 'email_1', unique: true, sparse: true },
      { key: { other: 1 }, name: 'other_1' },
    ]);
    const { logger, lines } = recordingLogger();
    await ensureMongoIndexes(
      collection,
      { name: 'things', unique: ['email'], indexes: [['teamId', 'createdAt'], 'status'] },
      logger,
    );
    expect(calls).toEqual([
      'create teamId_1_createdAt_1__id_1',
      'create status_1__id_1',
      'drop teamId_1',
      'drop status_1',
    ]);
    // The unique index stays, and so does an index the spec does not speak of.
    expect(indexes.map((index) => index.name).sort()).toEqual([
      '_id_',
      'email_1',
      'other_1',
      'status_1__id_1',
      'teamId_1_createdAt_1__id_1',
    ]);
    expect(lines).toHaveLength(2);
  });

  it('recovers when another replica made the index with other options meanwhile (85/86): drop, make, log', async () => {
    const { collection, calls, indexes } = fakeCollection([ID_INDEX]);
    const list = collection.listIndexes.bind(collection);
    let first = true;
    // The first look finds nothing; by the time of createIndex another replica has made it plain.
    collection.listIndexes = () => {
      if (!first) return list();
      first = false;
      const before = list();
      indexes.push({ key: { code: 1 }, name: 'code_1' });
      return { toArray: async () => (await before.toArray()).filter((index) => index.name !== 'code_1') };
    };
    const { logger, lines } = recordingLogger();
    await ensureMongoIndexes(collection, { name: 'things', unique: ['code'] }, logger);
    expect(calls).toEqual(['create code_1 unique', 'drop code_1', 'create code_1 unique']);
    expect(indexes.find((index) => index.name === 'code_1')).toMatchObject({ unique: true });
    expect(lines).toEqual([expect.stringMatching(/conflicts with a unique index on code/)]);
  });

  it('treats a collection that does not exist yet as one without indexes', async () => {
    const { collection, calls } = fakeCollection([]);
    collection.listIndexes = () => ({
      toArray: async () => {
        throw Object.assign(new Error('ns does not exist'), { code: 26 });
      },
    });
    await ensureMongoIndexes(collection, { name: 'things', indexes: ['a'] }, recordingLogger().logger);
    expect(calls).toEqual(['create a_1__id_1']);
  });

  it('lets other errors through: a unique index over duplicate values stops the start', async () => {
    const { collection } = fakeCollection([ID_INDEX]);
    collection.createIndex = async () => {
      throw Object.assign(new Error('E11000 duplicate key error'), { code: 11000 });
    };
    await expect(
      ensureMongoIndexes(collection, { name: 'things', unique: ['code'] }, recordingLogger().logger),
    ).rejects.toMatchObject({ code: 11000 });
  });
});
