import { appendFile, chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openFileBlobStore } from './blob-store';
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

describe('file modes', () => {
  const modeOf = async (path: string) => (await stat(path)).mode & 0o777;

  it('keeps the records readable by the service user only: datafiles 0600, their directory 0700', async () => {
    const store = await openEmbeddedStore(dataDir);
    await (await store.collection<Note>({ name: 'notes' })).insert({ id: 'n1', text: 'secret' });
    const file = join(dataDir, 'db', 'notes.db');
    expect(await modeOf(file)).toBe(0o600);
    await store.close();
    // Also after compaction, which writes the file anew.
    expect(await modeOf(file)).toBe(0o600);
    expect(await modeOf(join(dataDir, 'db'))).toBe(0o700);
  });

  it('tightens a directory and datafile an earlier version left readable by others', async () => {
    await mkdir(join(dataDir, 'db'), { recursive: true, mode: 0o755 });
    await chmod(join(dataDir, 'db'), 0o755);
    const file = join(dataDir, 'db', 'notes.db');
    await writeFile(file, `${JSON.stringify({ _id: 'n1', text: 'old' })}\n`, { mode: 0o644 });
    await chmod(file, 0o644);
    const store = await openEmbeddedStore(dataDir);
    expect((await (await store.collection<Note>({ name: 'notes' })).get('n1'))?.text).toBe('old');
    expect(await modeOf(join(dataDir, 'db'))).toBe(0o700);
    expect(await modeOf(file)).toBe(0o600);
    await store.close();
  });

  it('keeps blobs and their sidecars 0600, in directories 0700', async () => {
    const root = join(dataDir, 'blobs');
    const blobs = await openFileBlobStore(root);
    await blobs.put('reports/team_1/rep_1.pdf', new Uint8Array([37, 80, 68, 70]), 'application/pdf');
    await blobs.close();
    for (const dir of [root, join(root, 'reports'), join(root, 'reports', 'team_1')]) {
      expect(await modeOf(dir)).toBe(0o700);
    }
    expect(await modeOf(join(root, 'reports', 'team_1', 'rep_1.pdf'))).toBe(0o600);
    expect(await modeOf(join(root, 'reports', 'team_1', 'rep_1.pdf~meta.json'))).toBe(0o600);
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
