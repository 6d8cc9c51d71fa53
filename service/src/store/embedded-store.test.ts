import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from './embedded-store';
import type { StoredRecord } from './port';

// What is particular to the embedded adapter: its files, compaction and recovery from a torn write.

interface Note extends StoredRecord {
  text: string;
  n?: number;
}

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'quire-embedded-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const lines = async (file: string) => (await readFile(file, 'utf8')).split('\n').filter(Boolean);

describe('embedded store files', () => {
  it('keeps one datafile per collection under <dataDir>/db, with _id = id', async () => {
    const store = await openEmbeddedStore(dataDir);
    const notes = await store.collection<Note>({ name: 'notes' });
    await notes.insert({ id: 'n1', text: 'hello' });
    await store.close();
    const [line] = await lines(join(dataDir, 'db', 'notes.db'));
    expect(JSON.parse(line ?? '')).toEqual({ _id: 'n1', text: 'hello' });
  });

  it('appends every write and compacts the file on close', async () => {
    const store = await openEmbeddedStore(dataDir);
    const notes = await store.collection<Note>({ name: 'notes', unique: ['text'] });
    await notes.insert({ id: 'n1', text: 'a', n: 0 });
    for (let i = 0; i < 20; i++) await notes.updateOne({ id: 'n1' }, { inc: { n: 1 } });
    const file = join(dataDir, 'db', 'notes.db');
    expect((await lines(file)).length).toBeGreaterThan(20);
    await store.close();
    const compacted = await lines(file);
    // The record and the index definition.
    expect(compacted).toHaveLength(2);
    expect(compacted.map((l) => JSON.parse(l))).toContainEqual({ _id: 'n1', text: 'a', n: 20 });
  });

  it('opens one collection once when first used concurrently', async () => {
    const store = await openEmbeddedStore(dataDir);
    const [a, b] = await Promise.all([
      store.collection<Note>({ name: 'notes' }),
      store.collection<Note>({ name: 'notes' }),
    ]);
    await a.insert({ id: 'n1', text: 'x' });
    await expect(b.insert({ id: 'n1', text: 'y' })).rejects.toMatchObject({ field: 'id' });
    await store.close();
  });
});

describe('embedded store recovery', () => {
  it('drops a partly written last line instead of refusing to start', async () => {
    const file = join(dataDir, 'db', 'notes.db');
    await mkdir(join(dataDir, 'db'), { recursive: true });
    await writeFile(file, `${JSON.stringify({ _id: 'n1', text: 'kept' })}\n{"_id":"n2","te`);
    const store = await openEmbeddedStore(dataDir);
    const notes = await store.collection<Note>({ name: 'notes' });
    expect(await notes.find({})).toEqual([{ id: 'n1', text: 'kept' }]);
    await notes.insert({ id: 'n2', text: 'written again' });
    await store.close();
    const reopened = await openEmbeddedStore(dataDir);
    expect(await (await reopened.collection<Note>({ name: 'notes' })).count({})).toBe(2);
    await reopened.close();
  });

  it('keeps a complete last line that only lacks its newline', async () => {
    const file = join(dataDir, 'db', 'notes.db');
    await mkdir(join(dataDir, 'db'), { recursive: true });
    await writeFile(file, `${JSON.stringify({ _id: 'n1', text: 'one' })}\n`);
    await appendFile(file, JSON.stringify({ _id: 'n2', text: 'two' }));
    const store = await openEmbeddedStore(dataDir);
    const notes = await store.collection<Note>({ name: 'notes' });
    await notes.insert({ id: 'n3', text: 'three' });
    expect(await notes.count({})).toBe(3);
    await store.close();
  });
});
