import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlobStore, Collection, Filter, Store, StoredRecord } from './port';
import { DuplicateKeyError, RecordTooLargeError, UnstorableValueError } from './port';

/**
 * The storage port's specification, as a vitest suite that every adapter runs (store.test.ts). Where the port's
 * comments leave a choice open, this suite makes it, following MongoDB:
 * - `{ f: null }` and `$in: [null]` also match records without `f`; `$ne` matches records without `f`, except
 *   `$ne: null`; `$exists: true` matches a stored null;
 * - comparisons do not convert types (`{ age: '25' }` does not match 25; `$gt: 5` does not match strings);
 * - dates are ISO strings, which sort and compare as text;
 * - unique fields are sparse: records without the field do not collide;
 * - `upsert` inserts the record exactly as given (the change is not applied to it, the filter's fields are not
 *   added to it);
 * - `limit: 0` returns no records; undefined fields are not stored; field names with `.` or a leading `$` are
 *   refused (store free-form JSON as a string);
 * - records hold JSON only: a Date, a Buffer, a Map, NaN or a bigint is refused (UnstorableValueError), -0 is
 *   kept as 0 and a lone UTF-16 surrogate as U+FFFD, as MongoDB keeps them;
 * - a record is at most 16 MiB as BSON (MongoDB's limit): a bigger one, or a change that would make one, is
 *   refused with RecordTooLargeError and changes nothing;
 * - sorting: a missing field and null tie (the id decides), numbers come before strings, strings compare by code
 *   point, and so do range filters on strings;
 * - an index whose kind changes (plain <-> unique) between two openings is rebuilt with the new kind;
 * - close() lets the writes already started finish;
 * - filters and changes outside the port (`$where`, `$regex`, undefined values, changing id) are rejected.
 */

export interface ConformanceSubject {
  store: Store;
  blobs: BlobStore;
  /** Opens the same data again, after the suite has closed `store` and `blobs`. */
  reopen?: () => Promise<{ store: Store; blobs: BlobStore }>;
  /** Closes whatever is still open (including reopened stores) and removes the data. */
  cleanup: () => Promise<void>;
}

interface Person extends StoredRecord {
  name: string;
  age: number;
  active: boolean;
  team?: string;
  nick?: string | null;
  joinedAt: string;
  profile: { city: string; score?: number };
}

interface User extends StoredRecord {
  email: string;
  teamId?: string;
  profile?: { handle: string };
}

interface Job extends StoredRecord {
  status: 'queued' | 'running' | 'done';
  createdAt: string;
  attempts?: number;
  worker?: string;
  note?: string;
  meta?: { owner?: string; tags?: string[] };
}

interface Counter extends StoredRecord {
  key: string;
  n: number;
}

// Inserted out of id order, so that tie-breaks by id cannot pass by accident through insertion order.
const PEOPLE: Person[] = [
  {
    id: 'p3',
    name: 'Cy',
    age: 41,
    active: true,
    team: 'ops',
    nick: 'cy',
    joinedAt: '2023-11-20T08:30:00.000Z',
    profile: { city: 'London' },
  },
  {
    id: 'p1',
    name: 'Ada',
    age: 36,
    active: true,
    team: 'core',
    nick: null,
    joinedAt: '2024-01-05T10:00:00.000Z',
    profile: { city: 'London', score: 9 },
  },
  {
    id: 'p4',
    name: 'Di',
    age: 25,
    active: true,
    joinedAt: '2024-06-30T23:59:59.000Z',
    profile: { city: 'Berlin', score: 7 },
  },
  {
    id: 'p2',
    name: 'Bob',
    age: 25,
    active: false,
    team: 'core',
    joinedAt: '2024-03-01T00:00:00.000Z',
    profile: { city: 'Paris', score: 5 },
  },
];

const FILTER_CASES: [Filter, string[]][] = [
  [{}, ['p1', 'p2', 'p3', 'p4']],
  [{ team: 'core' }, ['p1', 'p2']],
  [{ age: 25 }, ['p2', 'p4']],
  [{ active: false }, ['p2']],
  [{ 'profile.city': 'London' }, ['p1', 'p3']],
  [{ 'profile.score': 7 }, ['p4']],
  [{ nick: null }, ['p1', 'p2', 'p4']],
  [{ 'profile.score': null }, ['p3']],
  [{ age: '25' }, []],
  [{ team: 'nobody' }, []],
  [{ team: { $in: ['ops', 'elsewhere'] } }, ['p3']],
  [{ team: { $in: ['ops', null] } }, ['p3', 'p4']],
  [{ 'profile.city': { $in: ['Paris', 'Berlin'] } }, ['p2', 'p4']],
  [{ team: { $in: [] } }, []],
  [{ team: { $ne: 'core' } }, ['p3', 'p4']],
  [{ nick: { $ne: null } }, ['p3']],
  [{ 'profile.score': { $ne: 5 } }, ['p1', 'p3', 'p4']],
  [{ active: { $ne: true } }, ['p2']],
  [{ age: { $gt: 25 } }, ['p1', 'p3']],
  [{ age: { $gte: 36 } }, ['p1', 'p3']],
  [{ age: { $lt: 36 } }, ['p2', 'p4']],
  [{ age: { $lte: 25 } }, ['p2', 'p4']],
  [{ age: { $gt: 25, $lt: 40 } }, ['p1']],
  [{ age: { $gte: 25, $lte: 36 } }, ['p1', 'p2', 'p4']],
  [{ 'profile.score': { $gte: 7 } }, ['p1', 'p4']],
  [{ joinedAt: { $gte: '2024-01-01T00:00:00.000Z', $lt: '2024-06-01T00:00:00.000Z' } }, ['p1', 'p2']],
  [{ joinedAt: { $lt: '2024-01-01' } }, ['p3']],
  [{ name: { $gt: 5 } }, []],
  [{ age: { $gt: '1' } }, []],
  [{ team: { $exists: false } }, ['p4']],
  [{ team: { $exists: true } }, ['p1', 'p2', 'p3']],
  [{ nick: { $exists: true } }, ['p1', 'p3']],
  [{ 'profile.score': { $exists: false } }, ['p3']],
  [{ id: 'p2' }, ['p2']],
  [{ id: { $in: ['p1', 'p3', 'p9'] } }, ['p1', 'p3']],
  [{ id: { $ne: 'p1' } }, ['p2', 'p3', 'p4']],
  [{ id: { $gt: 'p2' } }, ['p3', 'p4']],
  [{ team: 'core', active: true }, ['p1']],
  [{ age: 25, 'profile.city': { $in: ['Berlin'] } }, ['p4']],
  [{ active: true, 'profile.score': { $exists: true }, nick: null }, ['p1', 'p4']],
];

/** Filters outside the port: each must be refused, never treated as "match everything". */
const BAD_FILTERS: unknown[] = [
  { name: { $regex: 'A' } },
  { $where: 'true' },
  { $or: [{ name: 'Ada' }] },
  { name: undefined },
  { name: {} },
  { name: { $gt: 1, other: 2 } },
  { name: { $in: 'Ada' } },
  { joinedAt: new Date('2024-01-01') },
  { _id: 'p1' },
  { profile: { city: 'London' } },
];

const ids = (records: (StoredRecord | undefined)[]) => records.map((r) => r?.id);
const sortedIds = (records: StoredRecord[]) => ids(records).sort();
const bytesOf = (text: string) => new TextEncoder().encode(text);
const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

export function describeStoreConformance(name: string, open: () => Promise<ConformanceSubject>): void {
  describe(`${name}: storage port conformance`, () => {
    let subject: ConformanceSubject;
    const store = () => subject.store;
    const blobs = () => subject.blobs;

    beforeEach(async () => {
      subject = await open();
    });
    afterEach(async () => {
      await subject?.cleanup();
    });

    const people = () => store().collection<Person>({ name: 'people', indexes: ['team', 'profile.city'] });
    const users = () =>
      store().collection<User>({ name: 'users', unique: ['email', 'profile.handle'], indexes: ['teamId'] });
    const jobs = () => store().collection<Job>({ name: 'jobs', indexes: ['status', 'createdAt'] });
    const counters = () => store().collection<Counter>({ name: 'counters', unique: ['key'] });

    describe('records', () => {
      it('inserts, gets and finds records, without _id', async () => {
        const coll = await people();
        const [ada] = PEOPLE.filter((p) => p.id === 'p1') as [Person];
        const inserted = await coll.insert(ada);
        expect(inserted).toEqual(ada);
        expect(inserted).not.toHaveProperty('_id');
        const got = await coll.get('p1');
        expect(got).toEqual(ada);
        expect(got).not.toHaveProperty('_id');
        expect(await coll.findOne({ name: 'Ada' })).toEqual(ada);
        const found = await coll.find({});
        expect(found).toEqual([ada]);
        expect(found[0]).not.toHaveProperty('_id');
        expect(await coll.get('nobody')).toBeUndefined();
        expect(await coll.findOne({ name: 'Nobody' })).toBeUndefined();
      });

      it('returns copies: changing a returned or inserted object changes nothing stored', async () => {
        const coll = await people();
        const record = structuredClone(PEOPLE[0] as Person);
        const inserted = await coll.insert(record);
        record.profile.city = 'Changed by the caller';
        inserted.profile.city = 'Changed by the caller';
        const got = await coll.get(record.id);
        if (!got) throw new Error('missing record');
        got.profile.city = 'Changed again';
        expect((await coll.get(record.id))?.profile.city).toBe('London');
      });

      it('does not store undefined fields', async () => {
        const coll = await jobs();
        await coll.insert({ id: 'j1', status: 'queued', createdAt: '2024-01-01T00:00:00.000Z', note: undefined });
        const got = await coll.get('j1');
        expect(got).toBeDefined();
        expect(Object.keys(got ?? {})).not.toContain('note');
        expect(await coll.count({ note: { $exists: true } })).toBe(0);
      });

      it('refuses field names that cannot be stored (dots, leading $)', async () => {
        const coll = await jobs();
        const bad = [{ 'a.b': 1 }, { $set: 1 }, { nested: { 'x.y': 1 } }, { list: [{ $x: 1 }] }];
        for (const [i, extra] of bad.entries()) {
          await expect(coll.insert({ id: `j${i}`, status: 'queued', createdAt: '1', ...extra })).rejects.toThrow(
            /Field name/,
          );
        }
        await coll.insert({ id: 'ok', status: 'queued', createdAt: '1' });
        await expect(coll.updateOne({ id: 'ok' }, { set: { meta: { 'x.y': 1 } } })).rejects.toThrow(/Field name/);
        await expect(coll.replace({ id: 'ok', status: 'done', createdAt: '1', $x: 1 } as Job)).rejects.toThrow(
          /Field name/,
        );
        expect(await coll.count({})).toBe(1);
        expect(await coll.get('ok')).toEqual({ id: 'ok', status: 'queued', createdAt: '1' });
      });

      it('keeps collections apart and shares one collection between handles', async () => {
        const a = await people();
        const again = await people();
        const other = await store().collection<Person>({ name: 'people_archive' });
        await a.insert(PEOPLE[0] as Person);
        expect(await again.count({})).toBe(1);
        expect(await other.count({})).toBe(0);
      });

      it('rejects invalid collection names', async () => {
        for (const bad of ['', '../people', 'a/b', 'a.b', '$cmd', 'x'.repeat(65)]) {
          await expect(store().collection({ name: bad })).rejects.toThrow();
        }
      });
    });

    describe('filters', () => {
      let coll: Collection<Person>;
      beforeEach(async () => {
        coll = await people();
        for (const person of PEOPLE) await coll.insert(person);
      });

      it.each(FILTER_CASES.map(([filter, expected]) => ({ label: JSON.stringify(filter), filter, expected })))(
        'find/count/findOne $label',
        async ({ filter, expected }) => {
          expect(sortedIds(await coll.find(filter))).toEqual(expected);
          expect(await coll.count(filter)).toBe(expected.length);
          const one = await coll.findOne(filter);
          if (expected.length === 0) expect(one).toBeUndefined();
          else expect(expected).toContain(one?.id);
        },
      );

      it.each(BAD_FILTERS.map((filter) => ({ label: String(JSON.stringify(filter)), filter: filter as Filter })))(
        'rejects $label',
        async ({ filter }) => {
          await expect(coll.find(filter)).rejects.toThrow();
          await expect(coll.count(filter)).rejects.toThrow();
          await expect(coll.deleteMany(filter)).rejects.toThrow();
          await expect(coll.updateOne(filter, { set: { name: 'X' } })).rejects.toThrow();
          expect(await coll.count({})).toBe(4);
          expect(await coll.count({ name: 'X' })).toBe(0);
        },
      );

      it('matches array fields by element', async () => {
        const j = await jobs();
        await j.insert({ id: 'j1', status: 'queued', createdAt: '1', meta: { tags: ['pdf', 'urgent'] } });
        await j.insert({ id: 'j2', status: 'queued', createdAt: '2', meta: { tags: ['html'] } });
        await j.insert({ id: 'j3', status: 'queued', createdAt: '3' });
        expect(sortedIds(await j.find({ 'meta.tags': 'urgent' }))).toEqual(['j1']);
        expect(sortedIds(await j.find({ 'meta.tags': { $in: ['html', 'pdf'] } }))).toEqual(['j1', 'j2']);
        expect(sortedIds(await j.find({ 'meta.tags': { $ne: 'pdf' } }))).toEqual(['j2', 'j3']);
      });
    });

    describe('sorting and paging', () => {
      let coll: Collection<Person>;
      beforeEach(async () => {
        coll = await people();
        for (const person of PEOPLE) await coll.insert(person);
      });

      it.each([
        ['age', 1, ['p2', 'p4', 'p1', 'p3']],
        ['age', -1, ['p3', 'p1', 'p4', 'p2']],
        ['profile.city', 1, ['p4', 'p1', 'p3', 'p2']],
        ['profile.city', -1, ['p2', 'p3', 'p1', 'p4']],
        ['active', 1, ['p2', 'p1', 'p3', 'p4']],
        ['active', -1, ['p4', 'p3', 'p1', 'p2']],
        ['joinedAt', 1, ['p3', 'p1', 'p2', 'p4']],
        ['joinedAt', -1, ['p4', 'p2', 'p1', 'p3']],
        ['id', 1, ['p1', 'p2', 'p3', 'p4']],
        ['id', -1, ['p4', 'p3', 'p2', 'p1']],
      ] as const)('sorts by %s %s, ties by id in the same direction', async (field, direction, expected) => {
        expect(ids(await coll.find({}, { sort: { field, direction } }))).toEqual(expected);
      });

      it('sorts a filtered selection', async () => {
        const found = await coll.find({ active: true }, { sort: { field: 'age', direction: -1 } });
        expect(ids(found)).toEqual(['p3', 'p1', 'p4']);
      });

      it('skips and limits after sorting', async () => {
        const sort = { field: 'age', direction: 1 } as const;
        expect(ids(await coll.find({}, { sort, limit: 2 }))).toEqual(['p2', 'p4']);
        expect(ids(await coll.find({}, { sort, skip: 1, limit: 2 }))).toEqual(['p4', 'p1']);
        expect(ids(await coll.find({}, { sort, skip: 3 }))).toEqual(['p3']);
        expect(await coll.find({}, { sort, skip: 10 })).toEqual([]);
        expect(await coll.find({}, { sort, limit: 0 })).toEqual([]);
        expect(await coll.find({}, { limit: 3 })).toHaveLength(3);
        expect(await coll.find({ team: 'core' }, { skip: 1 })).toHaveLength(1);
      });

      it('rejects bad paging options', async () => {
        await expect(coll.find({}, { limit: -1 })).rejects.toThrow();
        await expect(coll.find({}, { skip: 1.5 })).rejects.toThrow();
        await expect(coll.find({}, { sort: { field: 'age', direction: 0 as 1 } })).rejects.toThrow();
        await expect(coll.find({}, { sort: { field: '$where', direction: 1 } })).rejects.toThrow();
      });

      it('counts', async () => {
        expect(await coll.count({})).toBe(4);
        expect(await coll.count({ active: true })).toBe(3);
        expect(await coll.count({ team: { $exists: false } })).toBe(1);
      });
    });

    describe('unique fields', () => {
      const ada: User = { id: 'u1', email: 'ada@example.com', profile: { handle: 'ada' }, teamId: 't1' };

      it('refuses a duplicate value, naming the field, and stores nothing', async () => {
        const coll = await users();
        await coll.insert(ada);
        const duplicateEmail = coll.insert({ id: 'u2', email: 'ada@example.com', profile: { handle: 'bob' } });
        await expect(duplicateEmail).rejects.toBeInstanceOf(DuplicateKeyError);
        await expect(
          coll.insert({ id: 'u2', email: 'ada@example.com', profile: { handle: 'bob' } }),
        ).rejects.toMatchObject({
          name: 'DuplicateKeyError',
          code: 'duplicate_key',
          collection: 'users',
          field: 'email',
        });
        await expect(
          coll.insert({ id: 'u3', email: 'bob@example.com', profile: { handle: 'ada' } }),
        ).rejects.toMatchObject({ field: 'profile.handle' });
        expect(await coll.get('u2')).toBeUndefined();
        expect(await coll.get('u3')).toBeUndefined();
        expect(await coll.count({})).toBe(1);
        // The failed inserts did not leave their other unique values behind.
        await coll.insert({ id: 'u2', email: 'bob@example.com', profile: { handle: 'bob' } });
        expect(await coll.count({})).toBe(2);
      });

      it('refuses a duplicate id', async () => {
        const coll = await users();
        await coll.insert(ada);
        await expect(coll.insert({ ...ada, email: 'other@example.com' })).rejects.toMatchObject({
          name: 'DuplicateKeyError',
          field: 'id',
        });
        expect(await coll.get('u1')).toEqual(ada);
        expect(await coll.count({ email: 'other@example.com' })).toBe(0);
      });

      it('lets records without the field coexist', async () => {
        const coll = await users();
        await coll.insert({ id: 'u1', email: 'a@example.com' });
        await coll.insert({ id: 'u2', email: 'b@example.com' });
        expect(await coll.count({ 'profile.handle': { $exists: false } })).toBe(2);
      });

      it('refuses updates, replacements and upserts that would duplicate, changing nothing', async () => {
        const coll = await users();
        await coll.insert(ada);
        const bob = { id: 'u2', email: 'bob@example.com', profile: { handle: 'bob' } };
        await coll.insert(bob);
        await expect(coll.updateOne({ id: 'u2' }, { set: { email: ada.email } })).rejects.toMatchObject({
          field: 'email',
        });
        await expect(coll.updateOne({ id: 'u2' }, { set: { 'profile.handle': 'ada' } })).rejects.toMatchObject({
          field: 'profile.handle',
        });
        await expect(coll.replace({ ...bob, email: ada.email })).rejects.toBeInstanceOf(DuplicateKeyError);
        await expect(
          coll.upsert({ id: 'u3' }, { id: 'u3', email: ada.email }, { set: { teamId: 't9' } }),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await coll.get('u2')).toEqual(bob);
        expect(await coll.get('u3')).toBeUndefined();
      });

      it('frees a value when its record is deleted or changed', async () => {
        const coll = await users();
        await coll.insert(ada);
        await coll.updateOne({ id: 'u1' }, { set: { email: 'ada@new.example.com' } });
        await coll.insert({ id: 'u2', email: 'ada@example.com' });
        expect(await coll.deleteOne('u2')).toBe(true);
        await coll.insert({ id: 'u3', email: 'ada@example.com' });
        expect(await coll.count({})).toBe(2);
      });
    });

    describe('updateOne', () => {
      const base: Job = {
        id: 'j1',
        status: 'queued',
        createdAt: '2024-01-01T00:00:00.000Z',
        note: 'first',
        meta: { owner: 'nobody', tags: ['a'] },
      };

      it('sets (dot paths too), increments (from 0 when missing) and unsets, returning the record after', async () => {
        const coll = await jobs();
        await coll.insert(base);
        const after = await coll.updateOne(
          { id: 'j1' },
          { set: { status: 'running', 'meta.owner': 'w1' }, inc: { attempts: 1 }, unset: ['note'] },
        );
        const expected = { ...base, status: 'running', attempts: 1, meta: { owner: 'w1', tags: ['a'] } };
        delete (expected as Partial<Job>).note;
        expect(after).toEqual(expected);
        expect(after).not.toHaveProperty('_id');
        expect(after).not.toHaveProperty('note');
        expect(await coll.get('j1')).toEqual(expected);
        expect((await coll.updateOne({ id: 'j1' }, { inc: { attempts: 2 } }))?.attempts).toBe(3);
        expect((await coll.updateOne({ id: 'j1' }, { inc: { attempts: -3 } }))?.attempts).toBe(0);
        const nested = await coll.updateOne({ id: 'j1' }, { set: { 'meta.tags': ['b', 'c'], worker: 'w2' } });
        expect(nested?.meta).toEqual({ owner: 'w1', tags: ['b', 'c'] });
        expect(nested?.worker).toBe('w2');
        const replacedObject = await coll.updateOne({ id: 'j1' }, { set: { meta: { owner: 'w3' } } });
        expect(replacedObject?.meta).toEqual({ owner: 'w3' });
      });

      it('returns undefined when nothing matches, and the record unchanged for an empty change', async () => {
        const coll = await jobs();
        await coll.insert(base);
        expect(await coll.updateOne({ status: 'done' }, { set: { note: 'x' } })).toBeUndefined();
        expect(await coll.updateOne({ id: 'j1' }, {})).toEqual(base);
        expect(await coll.get('j1')).toEqual(base);
      });

      it('changes the first record in sort order', async () => {
        const coll = await jobs();
        await coll.insert({ id: 'j3', status: 'queued', createdAt: '2024-01-02T00:00:00.000Z' });
        await coll.insert({ id: 'j2', status: 'queued', createdAt: '2024-01-01T00:00:00.000Z' });
        await coll.insert({ id: 'j1', status: 'queued', createdAt: '2024-01-01T00:00:00.000Z' });
        await coll.insert({ id: 'j0', status: 'done', createdAt: '2023-01-01T00:00:00.000Z' });
        const claim = (direction: 1 | -1) =>
          coll.updateOne(
            { status: 'queued' },
            { set: { status: 'running' } },
            { sort: { field: 'createdAt', direction } },
          );
        expect((await claim(1))?.id).toBe('j1');
        expect((await claim(1))?.id).toBe('j2');
        await coll.updateOne({ id: 'j1' }, { set: { status: 'queued' } });
        expect((await claim(-1))?.id).toBe('j3');
        expect((await claim(-1))?.id).toBe('j1');
        expect(await claim(1)).toBeUndefined();
      });

      it('refuses to change id or to touch a path twice', async () => {
        const coll = await jobs();
        await coll.insert(base);
        await expect(coll.updateOne({ id: 'j1' }, { set: { id: 'j2' } })).rejects.toThrow();
        await expect(coll.updateOne({ id: 'j1' }, { set: { meta: {} }, unset: ['meta.owner'] })).rejects.toThrow();
        await expect(coll.updateOne({ id: 'j1' }, { set: { attempts: 1 }, inc: { attempts: 1 } })).rejects.toThrow();
        expect(await coll.get('j1')).toEqual(base);
        expect(await coll.get('j2')).toBeUndefined();
      });

      it('is atomic: 25 concurrent claims of 20 queued jobs take each job exactly once', async () => {
        const coll = await jobs();
        for (let i = 0; i < 20; i++) {
          const second = String(i % 7).padStart(2, '0'); // several jobs share a createdAt
          await coll.insert({
            id: `job_${String(i).padStart(2, '0')}`,
            status: 'queued',
            createdAt: `2024-01-01T00:00:${second}Z`,
          });
        }
        const claims = await Promise.all(
          Array.from({ length: 25 }, (_, worker) =>
            coll.updateOne(
              { status: 'queued' },
              { set: { status: 'running', worker: `w${worker}` }, inc: { attempts: 1 } },
              { sort: { field: 'createdAt', direction: 1 } },
            ),
          ),
        );
        const claimed = claims.filter((job): job is Job => job !== undefined);
        expect(claimed).toHaveLength(20);
        expect(new Set(ids(claimed)).size).toBe(20);
        expect(new Set(claimed.map((job) => job.worker)).size).toBe(20);
        const all = await coll.find({});
        expect(all.every((job) => job.status === 'running' && job.attempts === 1)).toBe(true);
      });

      it('is atomic: 40 concurrent increments all count', async () => {
        const coll = await counters();
        await coll.insert({ id: 'c1', key: 'k', n: 0 });
        await Promise.all(Array.from({ length: 40 }, () => coll.updateOne({ key: 'k' }, { inc: { n: 1 } })));
        expect((await coll.get('c1'))?.n).toBe(40);
      });
    });

    describe('upsert', () => {
      it('inserts the record as given when nothing matches, else applies the change', async () => {
        const coll = await counters();
        const first = await coll.upsert({ key: 'k' }, { id: 'c1', key: 'k', n: 1 }, { inc: { n: 1 } });
        expect(first).toEqual({ id: 'c1', key: 'k', n: 1 });
        expect(first).not.toHaveProperty('_id');
        const second = await coll.upsert({ key: 'k' }, { id: 'c2', key: 'k', n: 1 }, { inc: { n: 1 } });
        expect(second).toEqual({ id: 'c1', key: 'k', n: 2 });
        expect(await coll.count({})).toBe(1);
        expect(await coll.get('c1')).toEqual({ id: 'c1', key: 'k', n: 2 });
        const byId = await coll.upsert({ id: 'c3' }, { id: 'c3', key: 'other', n: 5 }, { set: { n: 0 } });
        expect(byId).toEqual({ id: 'c3', key: 'other', n: 5 });
        expect(await coll.upsert({ id: 'c3' }, { id: 'c3', key: 'other', n: 5 }, { set: { n: 0 } })).toEqual({
          id: 'c3',
          key: 'other',
          n: 0,
        });
        expect(await coll.upsert({ id: 'c3' }, { id: 'c3', key: 'x', n: 9 }, {})).toEqual({
          id: 'c3',
          key: 'other',
          n: 0,
        });
        await expect(coll.upsert({ id: 'c4' }, { id: 'c5', key: 'y', n: 1 }, {})).rejects.toThrow();
        expect(await coll.count({ id: { $in: ['c4', 'c5'] } })).toBe(0);
      });

      it("inserts the record as given: not the filter's other fields, nor the change", async () => {
        const coll = await counters();
        const made = await coll.upsert({ key: 'k', n: 5 }, { id: 'c1', key: 'k', n: 1 }, { inc: { n: 10 } });
        expect(made).toEqual({ id: 'c1', key: 'k', n: 1 });
        const other = await coll.upsert(
          { key: 'k2', 'meta.owner': 'w' } as Filter,
          { id: 'c2', key: 'k2', n: 0 },
          { set: { n: 3 } },
        );
        expect(other).toEqual({ id: 'c2', key: 'k2', n: 0 });
        expect(await coll.get('c2')).toEqual({ id: 'c2', key: 'k2', n: 0 });
      });

      it('upserts a record that is only an id, with and without a change', async () => {
        const coll = await store().collection<StoredRecord & { seen?: number }>({ name: 'marks' });
        expect(await coll.upsert({ id: 'm1' }, { id: 'm1' }, {})).toEqual({ id: 'm1' });
        expect(await coll.upsert({ id: 'm1' }, { id: 'm1' }, {})).toEqual({ id: 'm1' });
        expect(await coll.upsert({ id: 'm2' }, { id: 'm2' }, { inc: { seen: 1 } })).toEqual({ id: 'm2' });
        expect(await coll.upsert({ id: 'm2' }, { id: 'm2' }, { inc: { seen: 1 } })).toEqual({ id: 'm2', seen: 1 });
        expect(sortedIds(await coll.find({}))).toEqual(['m1', 'm2']);
      });

      it('is atomic: 15 concurrent upserts of one unique key make one record counting all', async () => {
        const coll = await counters();
        await Promise.all(
          Array.from({ length: 15 }, (_, i) =>
            coll.upsert({ key: 'z' }, { id: `c${i}`, key: 'z', n: 1 }, { inc: { n: 1 } }),
          ),
        );
        const all = await coll.find({ key: 'z' });
        expect(all).toHaveLength(1);
        expect(all[0]?.n).toBe(15);
      });
    });

    describe('replace and delete', () => {
      it('replaces a whole record by id', async () => {
        const coll = await jobs();
        await coll.insert({ id: 'j1', status: 'queued', createdAt: '1', note: 'old', meta: { owner: 'a' } });
        expect(await coll.replace({ id: 'j1', status: 'done', createdAt: '2' })).toBe(true);
        const got = await coll.get('j1');
        expect(got).toEqual({ id: 'j1', status: 'done', createdAt: '2' });
        expect(got).not.toHaveProperty('note');
        expect(got).not.toHaveProperty('meta');
        expect(await coll.replace({ id: 'j9', status: 'done', createdAt: '2' })).toBe(false);
        expect(await coll.get('j9')).toBeUndefined();
      });

      it('deletes one by id and many by filter', async () => {
        const coll = await people();
        for (const person of PEOPLE) await coll.insert(person);
        expect(await coll.deleteOne('p3')).toBe(true);
        expect(await coll.deleteOne('p3')).toBe(false);
        expect(await coll.get('p3')).toBeUndefined();
        expect(await coll.deleteMany({ team: 'core' })).toBe(2);
        expect(await coll.deleteMany({ team: 'core' })).toBe(0);
        expect(sortedIds(await coll.find({}))).toEqual(['p4']);
        expect(await coll.deleteMany({})).toBe(1);
        expect(await coll.count({})).toBe(0);
      });
    });

    describe('values records hold', () => {
      class Point {
        constructor(readonly x: number) {}
      }
      const unstorable: [string, unknown][] = [
        ['a Date', new Date('2024-01-01T00:00:00.000Z')],
        ['a Buffer', Buffer.from('bytes')],
        ['a Uint8Array', new Uint8Array([1, 2])],
        ['a Map', new Map([['a', 1]])],
        ['a Set', new Set([1])],
        ['NaN', Number.NaN],
        ['Infinity', Number.POSITIVE_INFINITY],
        ['a bigint', 10n],
        ['a function', () => 1],
        ['a class instance', new Point(1)],
        ['a nested Date', { at: [new Date(0)] }],
        ['a key with NUL', { 'a\u0000b': 1 }],
        ['a _bsontype key', { _bsontype: 'ObjectId', id: 'x' }],
        ['a nested _bsontype key', { list: [{ _bsontype: 'Long' }] }],
      ];

      it.each(unstorable)(
        'refuses %s in inserts, changes, replacements and upserts, storing nothing',
        async (_, value) => {
          const coll = await jobs();
          await coll.insert({ id: 'ok', status: 'queued', createdAt: '1' });
          const bad = { id: 'bad', status: 'queued', createdAt: '1', meta: value } as unknown as Job;
          const refused = (promise: Promise<unknown>) =>
            expect(promise).rejects.toMatchObject({ name: 'UnstorableValueError', code: 'unstorable_value' });
          await refused(coll.insert(bad));
          await refused(coll.updateOne({ id: 'ok' }, { set: { meta: value } }));
          await refused(coll.replace({ ...bad, id: 'ok' }));
          await refused(coll.upsert({ id: 'bad' }, bad, {}));
          await refused(
            coll.upsert({ id: 'ok' }, { id: 'ok', status: 'queued', createdAt: '1' }, { set: { meta: value } }),
          );
          await expect(coll.insert(bad)).rejects.toBeInstanceOf(UnstorableValueError);
          expect(await coll.find({})).toEqual([{ id: 'ok', status: 'queued', createdAt: '1' }]);
        },
      );

      it('keeps -0 as 0, a lone surrogate as U+FFFD and undefined array items as null, as MongoDB does', async () => {
        const coll = await jobs();
        const stored = await coll.insert({
          id: 'j1',
          status: 'queued',
          createdAt: 'a\ud800b',
          attempts: -0,
          meta: { tags: ['x', undefined as unknown as string, 'y'] },
        });
        const expected = {
          id: 'j1',
          status: 'queued',
          createdAt: 'a\ufffdb',
          attempts: 0,
          meta: { tags: ['x', null, 'y'] },
        };
        expect(stored).toEqual(expected);
        expect(Object.is(stored.attempts, 0)).toBe(true);
        expect(await coll.get('j1')).toEqual(expected);
        // A filter value with a lone surrogate finds what was stored from it.
        expect(ids(await coll.find({ createdAt: 'a\ud800b' }))).toEqual(['j1']);
        expect(ids(await coll.find({ createdAt: { $in: ['a\udfffb'] } }))).toEqual(['j1']);
      });
    });

    describe('record size', () => {
      const MiB = 1024 * 1024;
      const text = (bytes: number) => 'x'.repeat(bytes);

      it('keeps a record just under 16 MiB and refuses one over it, storing nothing', async () => {
        const coll = await jobs();
        const near = { id: 'near', status: 'queued' as const, createdAt: '1', note: text(16 * MiB - 200) };
        expect((await coll.insert(near)).note).toHaveLength(16 * MiB - 200);
        expect((await coll.get('near'))?.note).toHaveLength(16 * MiB - 200);
        const over = { id: 'over', status: 'queued' as const, createdAt: '1', note: text(16 * MiB + 10) };
        await expect(coll.insert(over)).rejects.toMatchObject({
          name: 'RecordTooLargeError',
          code: 'record_too_large',
        });
        await expect(coll.replace({ ...over, id: 'near' })).rejects.toBeInstanceOf(RecordTooLargeError);
        await expect(coll.upsert({ id: 'over' }, over, {})).rejects.toBeInstanceOf(RecordTooLargeError);
        expect(await coll.get('over')).toBeUndefined();
        expect((await coll.get('near'))?.note).toHaveLength(16 * MiB - 200);
      });

      it('refuses a change that would grow a record past 16 MiB, leaving it as it was', async () => {
        const coll = await jobs();
        const base: Job = { id: 'j1', status: 'queued', createdAt: '1', note: text(9 * MiB) };
        await coll.insert(base);
        // Each change is under the limit; the record it would make is not.
        await expect(coll.updateOne({ id: 'j1' }, { set: { worker: text(8 * MiB) } })).rejects.toBeInstanceOf(
          RecordTooLargeError,
        );
        await expect(
          coll.upsert({ id: 'j1' }, { id: 'j1', status: 'queued', createdAt: '1' }, { set: { worker: text(8 * MiB) } }),
        ).rejects.toBeInstanceOf(RecordTooLargeError);
        const after = await coll.get('j1');
        expect(after?.worker).toBeUndefined();
        expect(after?.note).toHaveLength(9 * MiB);
        // A change that keeps it under the limit is applied.
        expect((await coll.updateOne({ id: 'j1' }, { set: { worker: text(6 * MiB) } }))?.worker).toHaveLength(6 * MiB);
      });
    });

    describe('sort order across types and scripts', () => {
      interface Item extends StoredRecord {
        v?: unknown;
      }
      const items = () => store().collection<Item>({ name: 'items', indexes: ['v'] });

      it('ties a missing field with null (ids decide), then numbers, strings, objects and booleans', async () => {
        const coll = await items();
        // Inserted out of order, with ids that would sort otherwise than the values.
        for (const item of [
          { id: 'e', v: true },
          { id: 'b' },
          { id: 'd', v: 'text' },
          { id: 'a', v: null },
          { id: 'f', v: { k: 1 } },
          { id: 'c', v: 42 },
          { id: 'g', v: -1 },
        ]) {
          await coll.insert(item);
        }
        const sorted = async (direction: 1 | -1) => ids(await coll.find({}, { sort: { field: 'v', direction } }));
        expect(await sorted(1)).toEqual(['a', 'b', 'g', 'c', 'd', 'f', 'e']);
        expect(await sorted(-1)).toEqual(['e', 'f', 'd', 'c', 'g', 'b', 'a']);
        // The first in order is what updateOne changes: the null/missing tie goes by id.
        const first = await coll.updateOne({}, { set: { seen: true } }, { sort: { field: 'v', direction: 1 } });
        expect(first?.id).toBe('a');
        const page = await coll.find({}, { sort: { field: 'v', direction: 1 }, skip: 1, limit: 2 });
        expect(ids(page)).toEqual(['b', 'g']);
      });

      // Code point order: Z (U+5A) < a < é (U+E9) < Ā (U+100) < ｚ (U+FF5A) < 😀 (U+1F600). UTF-16 order (and
      // NeDB's own) would put the emoji, a surrogate pair starting at U+D83D, before the fullwidth ｚ.
      const WORDS: [string, string][] = [
        ['w6', '😀'],
        ['w1', 'Z'],
        ['w5', 'ｚ'],
        ['w3', 'é'],
        ['w2', 'a'],
        ['w4', 'Ā'],
      ];

      it('orders strings by Unicode code point, not by UTF-16 unit or locale', async () => {
        const coll = await items();
        for (const [id, v] of WORDS) await coll.insert({ id, v });
        expect(ids(await coll.find({}, { sort: { field: 'v', direction: 1 } }))).toEqual([
          'w1',
          'w2',
          'w3',
          'w4',
          'w5',
          'w6',
        ]);
        expect(ids(await coll.find({}, { sort: { field: 'v', direction: -1 }, limit: 2 }))).toEqual(['w6', 'w5']);
      });

      it('compares strings in range filters by code point too', async () => {
        const coll = await items();
        for (const [id, v] of WORDS) await coll.insert({ id, v });
        await coll.insert({ id: 'n1', v: 70000 });
        expect(sortedIds(await coll.find({ v: { $gt: 'ｚ' } }))).toEqual(['w6']);
        expect(sortedIds(await coll.find({ v: { $lt: '😀' } }))).toEqual(['w1', 'w2', 'w3', 'w4', 'w5']);
        expect(sortedIds(await coll.find({ v: { $gte: 'Ā', $lte: 'ｚ' } }))).toEqual(['w4', 'w5']);
        expect(await coll.count({ v: { $gt: '\uffff' } })).toBe(1);
      });
    });

    describe('indexes', () => {
      interface Coded extends StoredRecord {
        code?: string;
        team?: string;
        at?: string;
      }

      it('rebuilds an index whose kind changed between two openings (plain <-> unique)', async () => {
        const unique = () => store().collection<Coded>({ name: 'coded', unique: ['code'] });
        const plain = () => store().collection<Coded>({ name: 'coded', indexes: ['code'] });
        await (await unique()).insert({ id: 'c1', code: 'x' });
        await expect((await unique()).insert({ id: 'c2', code: 'x' })).rejects.toBeInstanceOf(DuplicateKeyError);
        const loose = await plain();
        await loose.insert({ id: 'c2', code: 'x' });
        expect(await loose.count({ code: 'x' })).toBe(2);
        await loose.deleteOne('c2');
        const strict = await unique();
        await expect(strict.insert({ id: 'c3', code: 'x' })).rejects.toMatchObject({ field: 'code' });
        expect(await strict.count({})).toBe(1);
      });

      it('accepts compound indexes (equality fields, then the sort field) and answers through them', async () => {
        const coll = await store().collection<Coded>({ name: 'coded', indexes: [['team', 'at'], 'code'] });
        for (const [id, team, at] of [
          ['r3', 't1', '2024-03'],
          ['r1', 't1', '2024-01'],
          ['r2', 't2', '2024-02'],
          ['r4', 't1', '2024-03'],
        ]) {
          await coll.insert({ id, team, at } as Coded);
        }
        const page = await coll.find({ team: 't1' }, { sort: { field: 'at', direction: -1 }, limit: 2 });
        expect(ids(page)).toEqual(['r4', 'r3']);
        await expect(store().collection({ name: 'coded', indexes: [[]] })).rejects.toThrow();
        await expect(store().collection({ name: 'coded', indexes: [['team', 'team']] })).rejects.toThrow();
        await expect(store().collection({ name: 'coded', indexes: [['team', '$where']] })).rejects.toThrow();
      });
    });

    describe('lifecycle', () => {
      it('answers ping while open, and refuses work once closed', async () => {
        expect(await store().ping()).toBe(true);
        const coll = await people();
        await store().close();
        await store().close(); // closing twice is harmless
        expect(await store().ping()).toBe(false);
        await expect(coll.get('p1')).rejects.toThrow();
        await expect(coll.insert(PEOPLE[0] as Person)).rejects.toThrow();
        await expect(store().collection({ name: 'people' })).rejects.toThrow();
      });

      it('lets the writes already started finish when it closes', async ({ skip }) => {
        const { reopen } = subject;
        if (!reopen) return skip('this subject cannot reopen its data');
        const coll = await counters();
        await coll.insert({ id: 'c0', key: 'k0', n: 0 });
        // Started, not awaited: close() comes while they are in flight.
        const writes = [
          ...Array.from({ length: 20 }, (_, i) => coll.insert({ id: `c${i + 1}`, key: `k${i + 1}`, n: i + 1 })),
          ...Array.from({ length: 10 }, () => coll.updateOne({ id: 'c0' }, { inc: { n: 1 } })),
          coll.upsert({ key: 'up' }, { id: 'up', key: 'up', n: 1 }, {}),
          coll.deleteOne('c20'),
        ];
        await store().close();
        const settled = await Promise.allSettled(writes);
        expect(settled.filter((result) => result.status === 'rejected')).toEqual([]);
        await blobs().close();
        const again = await reopen();
        const reopened = await again.store.collection<Counter>({ name: 'counters', unique: ['key'] });
        expect(await reopened.count({})).toBe(21);
        expect((await reopened.get('c0'))?.n).toBe(10);
        expect(await reopened.get('up')).toEqual({ id: 'up', key: 'up', n: 1 });
      });

      it('keeps records, indexes and blobs across a close and reopen', async ({ skip }) => {
        const { reopen } = subject;
        if (!reopen) return skip('this subject cannot reopen its data');
        const coll = await users();
        await coll.insert({ id: 'u1', email: 'ada@example.com' });
        await coll.insert({ id: 'u2', email: 'bob@example.com' });
        await coll.insert({ id: 'u3', email: 'cy@example.com' });
        await coll.updateOne({ id: 'u1' }, { set: { teamId: 't1' } });
        await coll.replace({ id: 'u3', email: 'cy@example.com', teamId: 't3' });
        await coll.deleteOne('u2');
        await blobs().put('reports/r1.pdf', bytesOf('%PDF-1.7'), 'application/pdf');
        await store().close();
        await blobs().close();

        const again = await reopen();
        const reopened = await again.store.collection<User>({ name: 'users', unique: ['email', 'profile.handle'] });
        expect(await again.store.ping()).toBe(true);
        expect(await reopened.get('u1')).toEqual({ id: 'u1', email: 'ada@example.com', teamId: 't1' });
        expect(await reopened.get('u2')).toBeUndefined();
        expect(await reopened.get('u3')).toEqual({ id: 'u3', email: 'cy@example.com', teamId: 't3' });
        await expect(reopened.insert({ id: 'u4', email: 'ada@example.com' })).rejects.toBeInstanceOf(DuplicateKeyError);
        const blob = await again.blobs.get('reports/r1.pdf');
        expect(blob?.contentType).toBe('application/pdf');
        expect(sameBytes(blob?.bytes ?? new Uint8Array(), bytesOf('%PDF-1.7'))).toBe(true);
      });
    });

    describe('blobs', () => {
      it('puts, gets, overwrites and deletes', async () => {
        const b = blobs();
        await b.put('hello.txt', bytesOf('hello'), 'text/plain; charset=utf-8');
        const got = await b.get('hello.txt');
        expect(got?.contentType).toBe('text/plain; charset=utf-8');
        expect(got?.bytes).toBeInstanceOf(Uint8Array);
        expect(sameBytes(got?.bytes ?? new Uint8Array(), bytesOf('hello'))).toBe(true);
        await b.put('hello.txt', bytesOf('<p>hello again</p>'), 'text/html');
        const again = await b.get('hello.txt');
        expect(again?.contentType).toBe('text/html');
        expect(Buffer.from(again?.bytes ?? []).toString()).toBe('<p>hello again</p>');
        expect(await b.delete('hello.txt')).toBe(true);
        expect(await b.get('hello.txt')).toBeUndefined();
        expect(await b.stream('hello.txt')).toBeUndefined();
        expect(await b.delete('hello.txt')).toBe(false);
      });

      it('keeps nested keys, empty blobs and look-alike keys apart', async () => {
        const b = blobs();
        await b.put('reports/team_1/rep_1.pdf', bytesOf('one'), 'application/pdf');
        await b.put('reports/team_1/rep_1.pdf.json', bytesOf('{"two":2}'), 'application/json');
        await b.put('reports/team_1/empty', new Uint8Array(), 'application/octet-stream');
        expect(Buffer.from((await b.get('reports/team_1/rep_1.pdf'))?.bytes ?? []).toString()).toBe('one');
        expect((await b.get('reports/team_1/rep_1.pdf'))?.contentType).toBe('application/pdf');
        expect((await b.get('reports/team_1/rep_1.pdf.json'))?.contentType).toBe('application/json');
        expect((await b.get('reports/team_1/empty'))?.bytes.byteLength).toBe(0);
        expect(await b.get('reports/team_1')).toBeUndefined();
        expect(await b.get('reports/team_2/rep_1.pdf')).toBeUndefined();
      });

      it('streams, with size and content type', async () => {
        const b = blobs();
        await b.put('a/b.html', bytesOf('<h1>Report</h1>'), 'text/html');
        const streamed = await b.stream('a/b.html');
        expect(streamed?.contentType).toBe('text/html');
        expect(streamed?.size).toBe(15);
        expect((await readAll(streamed?.stream as NodeJS.ReadableStream)).toString()).toBe('<h1>Report</h1>');
      });

      it.each([
        '',
        '..',
        '../x',
        'a/../../x',
        'a/..',
        '/etc/passwd',
        'a\\b',
        '..\\x',
        'a//b',
        './a',
        'a/',
        'with space',
        'a\u0000b',
        'x~tmp',
        'C:x',
      ])('rejects the key %j', async (key) => {
        const b = blobs();
        await expect(b.put(key, bytesOf('x'), 'text/plain')).rejects.toThrow(/blob key/);
        await expect(b.get(key)).rejects.toThrow(/blob key/);
        await expect(b.stream(key)).rejects.toThrow(/blob key/);
        await expect(b.delete(key)).rejects.toThrow(/blob key/);
      });

      it('round-trips a 5 MB blob through get and stream', async () => {
        const b = blobs();
        const big = randomBytes(5 * 1024 * 1024);
        const digest = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
        await b.put('big/file.bin', big, 'application/octet-stream');
        const got = await b.get('big/file.bin');
        expect(got?.bytes.byteLength).toBe(big.byteLength);
        expect(digest(got?.bytes ?? new Uint8Array())).toBe(digest(big));
        const streamed = await b.stream('big/file.bin');
        expect(streamed?.size).toBe(big.byteLength);
        expect(digest(await readAll(streamed?.stream as NodeJS.ReadableStream))).toBe(digest(big));
      });
    });
  });
}
