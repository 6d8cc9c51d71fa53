import express from 'express';
import mongoose from 'mongoose';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorHandler } from '../http/errors';
import {
  commandError,
  cursorReply,
  type FakeMongod,
  type ReceivedCommand,
  startFakeMongod,
} from './__fixtures__/fake-mongod';
import { type MongoStore, type MongoStoreConfig, openMongoStore } from './mongo-store';
import { DuplicateKeyError, RecordTooLargeError, type StoredRecord, StoreUnavailableError } from './port';

// The MongoDB adapter with the real driver, against a server faked on the wire (none can be installed here): what
// it sends, and what it makes of the answers. The conformance suite checks the answers' meaning on a real server.

interface Counter extends StoredRecord {
  key: string;
  n: number;
}

let fake: FakeMongod;
const opened: MongoStore[] = [];
const quiet = { warn: () => undefined };

async function open(uri = fake.uri, config: MongoStoreConfig = {}): Promise<MongoStore> {
  const store = await openMongoStore(uri, { serverSelectionTimeoutMS: 2_000, logger: quiet, ...config });
  opened.push(store);
  return store;
}

beforeEach(async () => {
  fake = await startFakeMongod();
});
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  await fake.close();
});

/** Every command but the index housekeeping of opening a collection. */
const work = () => fake.commands.filter((c) => c.name !== 'listIndexes' && c.name !== 'createIndexes');
const ns = (command: ReceivedCommand) => `${command.db}.${String(command.body[command.name])}`;

describe('the database', () => {
  it('is quire when the URI names none (not the driver default test), else the one it names', async () => {
    const unnamed = await open();
    expect(unnamed.databaseName).toBe('quire');
    await (await unnamed.collection({ name: 'things' })).get('x');
    expect(fake.received('find').at(-1)?.db).toBe('quire');

    const named = await open(`${fake.uri}/reports?directConnection=true`);
    expect(named.databaseName).toBe('reports');
    await (await named.collection({ name: 'things' })).get('x');
    expect(fake.received('find').at(-1)?.db).toBe('reports');
  });
});

describe('indexes', () => {
  it('creates each plain index ending with _id, and unique fields as unique sparse indexes', async () => {
    const store = await open();
    await store.collection({ name: 'reports', unique: ['code'], indexes: [['teamId', 'createdAt'], 'status'] });
    const created = fake.received('createIndexes').flatMap((command) => command.body.indexes as unknown[]);
    expect(created).toEqual([
      { key: { code: 1 }, name: 'code_1', unique: true, sparse: true },
      { key: { teamId: 1, createdAt: 1, _id: 1 }, name: 'teamId_1_createdAt_1__id_1' },
      { key: { status: 1, _id: 1 }, name: 'status_1__id_1' },
    ]);
  });

  it('drops and makes again an index whose kind changed, with a log line, rather than failing to start', async () => {
    let plainEmail = true;
    fake.handle((command) => {
      if (command.name === 'listIndexes') {
        const email = plainEmail ? [{ v: 2, key: { email: 1 }, name: 'email_1' }] : [];
        return cursorReply(ns(command), [{ v: 2, key: { _id: 1 }, name: '_id_' }, ...email]);
      }
      if (command.name === 'dropIndexes') plainEmail = false;
      // As MongoDB: the same name with other options is refused.
      if (command.name === 'createIndexes' && plainEmail) {
        return commandError(86, 'IndexKeySpecsConflict', 'An existing index has the same name as the requested index');
      }
      return undefined;
    });
    const lines: string[] = [];
    const store = await open(fake.uri, { logger: { warn: (_fields, message) => lines.push(message) } });
    await store.collection({ name: 'users', unique: ['email'] });
    expect(fake.received('dropIndexes').map((command) => command.body.index)).toEqual(['email_1']);
    expect(fake.commands.at(-1)?.body).toMatchObject({
      createIndexes: 'users',
      indexes: [{ key: { email: 1 }, name: 'email_1', unique: true, sparse: true }],
    });
    expect(lines).toEqual([expect.stringMatching(/Dropping index email_1 of users/)]);
  });

  it('recovers from IndexOptionsConflict (85) when another replica made the index meanwhile', async () => {
    let listed = 0;
    let refused = false;
    fake.handle((command) => {
      if (command.name === 'listIndexes') {
        listed += 1;
        const found = listed === 1 ? [] : [{ v: 2, key: { code: 1 }, name: 'code_1' }];
        return cursorReply(ns(command), [{ v: 2, key: { _id: 1 }, name: '_id_' }, ...found]);
      }
      if (command.name === 'createIndexes' && !refused) {
        refused = true;
        return commandError(85, 'IndexOptionsConflict', 'An existing index has the same name as the requested index');
      }
      return undefined;
    });
    const store = await open();
    await store.collection({ name: 'things', unique: ['code'] });
    expect(fake.commands.map((command) => command.name)).toEqual([
      'listIndexes',
      'createIndexes',
      'listIndexes',
      'dropIndexes',
      'createIndexes',
    ]);
  });
});

describe('consistency and time limits', () => {
  it('reads from the primary and writes to a majority whatever the URI says', async () => {
    const uri = `${fake.uri}/?readPreference=secondary&w=1`;
    // What the driver sends when left to the URI: the assertions below would see these.
    const plain = mongoose.createConnection(uri, { serverSelectionTimeoutMS: 2_000, dbName: 'plain' });
    await plain.asPromise();
    await plain.db?.collection('things').findOne({ _id: 'x' as never });
    await plain.db?.collection('things').insertOne({ _id: 'y' as never });
    await plain.close();
    expect(fake.received('find').at(-1)?.body.$readPreference).toEqual({ mode: 'secondary' });
    expect(fake.received('insert').at(-1)?.body.writeConcern).toEqual({ w: 1 });

    const store = await open(uri);
    const things = await store.collection<Counter>({ name: 'things' });
    await things.get('x');
    await things.insert({ id: 'y', key: 'y', n: 1 });
    expect(fake.received('find').at(-1)?.body).not.toHaveProperty('$readPreference');
    expect(fake.received('insert').at(-1)?.body.writeConcern).toEqual({ w: 'majority', wtimeout: 15_000 });
  });

  it('gives every operation a server-side time limit', async () => {
    fake.handle((command) => (command.name === 'find' ? cursorReply(ns(command), []) : undefined));
    const store = await open(fake.uri, { operationTimeoutMS: 4_321 });
    const things = await store.collection<Counter>({ name: 'things' });
    await things.insert({ id: 'a', key: 'a', n: 1 });
    await things.get('a');
    await things.findOne({ key: 'a' });
    await things.find({ key: 'a' }, { sort: { field: 'n', direction: 1 }, limit: 5 });
    await things.count({ key: 'a' });
    await things.updateOne({ key: 'a' }, { inc: { n: 1 } });
    await things.replace({ id: 'a', key: 'a', n: 5 });
    await things.deleteOne('a');
    await things.deleteMany({ key: 'a' });
    await things.upsert({ key: 'b' }, { id: 'b', key: 'b', n: 1 }, { inc: { n: 1 } });
    const sent = work();
    expect(new Set(sent.map((command) => command.name))).toEqual(
      new Set(['insert', 'find', 'aggregate', 'findAndModify', 'update', 'delete']),
    );
    for (const command of sent) expect(command.body, command.name).toMatchObject({ maxTimeMS: 4_321 });
  });

  it('gives up on a server that stops answering with StoreUnavailableError, which the API answers 503', async () => {
    fake.handle((command) => (command.name === 'find' ? 'stall' : undefined));
    const store = await open(fake.uri, { operationTimeoutMS: 300 });
    const things = await store.collection<Counter>({ name: 'things' });
    await expect(things.get('x')).rejects.toBeInstanceOf(StoreUnavailableError);

    const app = express();
    app.get('/things/:id', async (req, res) => {
      res.json(await things.get(req.params.id));
    });
    app.use(errorHandler(pino({ level: 'silent' })));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as { port: number };
      const answer = await fetch(`http://127.0.0.1:${port}/things/x`);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(((await answer.json()) as { error: unknown }).error).toMatchObject({
        type: 'api_error',
        code: 'store_unavailable',
      });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("turns the server's errors into the port's: out of time, record too large, duplicate key", async () => {
    fake.handle((command) => {
      if (command.name === 'find') return commandError(50, 'MaxTimeMSExpired', 'operation exceeded time limit');
      if (command.name === 'findAndModify') {
        return commandError(17419, 'Location17419', 'Resulting document after update is larger than 16777216');
      }
      if (command.name === 'insert') {
        return {
          n: 0,
          writeErrors: [
            {
              index: 0,
              code: 11000,
              errmsg: 'E11000 duplicate key error collection: quire.things index: key_1 dup key: { key: "a" }',
              keyPattern: { key: 1 },
              keyValue: { key: 'a' },
            },
          ],
        };
      }
      return undefined;
    });
    const store = await open();
    const things = await store.collection<Counter>({ name: 'things', unique: ['key'] });
    await expect(things.get('x')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(things.updateOne({ id: 'x' }, { set: { n: 2 } })).rejects.toBeInstanceOf(RecordTooLargeError);
    await expect(things.insert({ id: 'b', key: 'a', n: 1 })).rejects.toMatchObject({
      name: 'DuplicateKeyError',
      field: 'key',
    });
  });
});

describe('upsert', () => {
  it("updates, else inserts the record as given: never the filter's fields, never an empty $setOnInsert", async () => {
    fake.handle((command) => {
      if (command.name === 'findAndModify') return { value: null, lastErrorObject: { n: 0, updatedExisting: false } };
      if (command.name === 'find') return cursorReply(ns(command), []);
      return undefined;
    });
    const store = await open();
    const counters = await store.collection<Counter>({ name: 'counters', unique: ['key'] });
    const made = await counters.upsert({ key: 'k', n: 5 }, { id: 'c1', key: 'k', n: 1 }, { inc: { n: 10 } });
    expect(made).toEqual({ id: 'c1', key: 'k', n: 1 });
    const marks = await store.collection<StoredRecord>({ name: 'marks' });
    expect(await marks.upsert({ id: 'm1' }, { id: 'm1' }, {})).toEqual({ id: 'm1' });

    const [update, insert, find, insertMark] = work();
    expect(update?.name).toBe('findAndModify');
    expect(update?.body).toMatchObject({ query: { key: 'k', n: 5 }, update: { $inc: { n: 10 } }, new: true });
    expect(update?.body.upsert).toBeFalsy();
    expect(insert?.body.documents).toEqual([{ _id: 'c1', key: 'k', n: 1 }]);
    expect(find?.name).toBe('find');
    expect(insertMark?.body.documents).toEqual([{ _id: 'm1' }]);
    expect(JSON.stringify(fake.commands.map((command) => command.body))).not.toContain('$setOnInsert');
  });

  it('applies the change to the record another writer inserted first', async () => {
    let updates = 0;
    fake.handle((command) => {
      if (command.name === 'findAndModify') {
        updates += 1;
        // Nothing the first time; the other writer's record, changed, the second.
        return { value: updates === 1 ? null : { _id: 'other', key: 'k', n: 2 } };
      }
      if (command.name === 'insert') {
        return {
          n: 0,
          writeErrors: [
            { index: 0, code: 11000, errmsg: 'E11000 dup key', keyPattern: { key: 1 }, keyValue: { key: 'k' } },
          ],
        };
      }
      return undefined;
    });
    const store = await open();
    const counters = await store.collection<Counter>({ name: 'counters', unique: ['key'] });
    expect(await counters.upsert({ key: 'k' }, { id: 'mine', key: 'k', n: 1 }, { inc: { n: 1 } })).toEqual({
      id: 'other',
      key: 'k',
      n: 2,
    });
    expect(work().map((command) => command.name)).toEqual(['findAndModify', 'insert', 'findAndModify']);
  });

  it('stops at once on a duplicate of a field the filter does not name: a real conflict', async () => {
    fake.handle((command) => {
      if (command.name === 'findAndModify') return { value: null };
      if (command.name === 'insert') {
        return {
          n: 0,
          writeErrors: [
            { index: 0, code: 11000, errmsg: 'E11000', keyPattern: { email: 1 }, keyValue: { email: 'x' } },
          ],
        };
      }
      return undefined;
    });
    const store = await open();
    const users = await store.collection<StoredRecord & { email: string }>({ name: 'users', unique: ['email'] });
    await expect(users.upsert({ id: 'u3' }, { id: 'u3', email: 'x' }, { set: { email: 'x' } })).rejects.toBeInstanceOf(
      DuplicateKeyError,
    );
    expect(work().map((command) => command.name)).toEqual(['findAndModify', 'insert']);
  });
});

describe('closing', () => {
  it('lets a write already sent finish before it closes the connection', async () => {
    let release: (() => void) | undefined;
    fake.handle((command) => {
      if (command.name !== 'insert') return undefined;
      return new Promise((resolve) => {
        release = () => resolve({ n: 1 });
      });
    });
    const store = await open();
    const things = await store.collection<Counter>({ name: 'things' });
    const write = things.insert({ id: 'a', key: 'a', n: 1 });
    while (!release) await new Promise((resolve) => setTimeout(resolve, 5));
    let closed = false;
    const closing = store.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    release();
    await expect(write).resolves.toEqual({ id: 'a', key: 'a', n: 1 });
    await closing;
    await expect(things.get('a')).rejects.toThrow(/closed/);
  });
});
