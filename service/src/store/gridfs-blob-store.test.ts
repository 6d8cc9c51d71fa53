import mongoose from 'mongoose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandError, cursorReply, type Doc, type FakeMongod, startFakeMongod } from './__fixtures__/fake-mongod';
import { openGridFsBlobStore } from './gridfs-blob-store';
import { type MongoStore, openMongoStore } from './mongo-store';
import type { BlobStore } from './port';

// The GridFS blob store with the real driver, against GridFS faked on the wire (no MongoDB server can be installed
// here): the races the driver leaves to its users, played out command by command.

const { ObjectId, Binary } = mongoose.mongo;

interface FileDoc extends Doc {
  _id: InstanceType<typeof ObjectId>;
  filename: string;
  length: number;
  chunkSize: number;
  uploadDate: Date;
  metadata: { contentType: string };
}

interface ChunkDoc extends Doc {
  _id: InstanceType<typeof ObjectId>;
  files_id: InstanceType<typeof ObjectId>;
  n: number;
  data: InstanceType<typeof Binary>;
}

/**
 * The `blobs` bucket's two collections in memory, answering the driver's finds, inserts and deletes. `on` lets a
 * test act just before a command is answered: where a concurrent delete or put would land in real life.
 */
function fakeBucket(fake: FakeMongod) {
  const files: FileDoc[] = [];
  const chunks: ChunkDoc[] = [];
  const hooks: { beforeFind?: (collection: string, filter: Doc) => void; failChunkInsert?: number } = {};
  let chunkInserts = 0;
  const same = (a: unknown, b: unknown) => String(a) === String(b);
  const idOf = (condition: unknown) => (condition as { $eq?: unknown })?.$eq ?? condition;

  fake.handle((command) => {
    const collection = String(command.body[command.name]);
    if (!collection.startsWith('blobs.')) return undefined;
    if (command.name === 'find') {
      const filter = (command.body.filter ?? {}) as Doc;
      hooks.beforeFind?.(collection, filter);
      if (collection === 'blobs.files') {
        let found = files.filter(
          (file) =>
            (filter.filename === undefined || file.filename === filter.filename) &&
            (filter._id === undefined || same(file._id, idOf(filter._id))),
        );
        found = found.sort((a, b) => b.uploadDate.getTime() - a.uploadDate.getTime());
        if (typeof command.body.limit === 'number' && command.body.limit > 0)
          found = found.slice(0, command.body.limit);
        return cursorReply(`${command.db}.${collection}`, found);
      }
      const wanted = chunks.filter((chunk) => same(chunk.files_id, idOf(filter.files_id))).sort((a, b) => a.n - b.n);
      return cursorReply(`${command.db}.${collection}`, wanted);
    }
    if (command.name === 'insert') {
      const documents = command.body.documents as Doc[];
      if (collection === 'blobs.chunks') {
        chunkInserts += 1;
        if (chunkInserts === hooks.failChunkInsert) {
          return commandError(50, 'MaxTimeMSExpired', 'operation exceeded time limit');
        }
        chunks.push(...(documents as ChunkDoc[]));
      } else {
        files.push(...(documents as FileDoc[]));
      }
      return { n: documents.length };
    }
    if (command.name === 'delete') {
      let n = 0;
      for (const { q } of command.body.deletes as { q: Doc }[]) {
        const list: Doc[] = collection === 'blobs.files' ? files : chunks;
        const field = collection === 'blobs.files' ? '_id' : 'files_id';
        for (let i = list.length - 1; i >= 0; i--) {
          if (same(list[i]?.[field], idOf(q[field]))) {
            list.splice(i, 1);
            n += 1;
          }
        }
      }
      return { n };
    }
    return undefined;
  });

  /** Stores a file as a finished upload would: its chunks, then its document. */
  function addFile(filename: string, text: string, chunkSize: number, uploadDate = new Date()): FileDoc {
    const bytes = Buffer.from(text);
    const file: FileDoc = {
      _id: new ObjectId(),
      filename,
      length: bytes.length,
      chunkSize,
      uploadDate,
      metadata: { contentType: 'text/plain' },
    };
    for (let n = 0; n * chunkSize < bytes.length; n++) {
      const data = new Binary(bytes.subarray(n * chunkSize, (n + 1) * chunkSize));
      chunks.push({ _id: new ObjectId(), files_id: file._id, n, data });
    }
    files.push(file);
    return file;
  }

  const removeFile = (file: FileDoc, keepChunks = 0) => {
    files.splice(files.indexOf(file), 1);
    const mine = chunks.filter((chunk) => same(chunk.files_id, file._id)).sort((a, b) => a.n - b.n);
    for (const chunk of mine.slice(keepChunks)) chunks.splice(chunks.indexOf(chunk), 1);
  };

  return { files, chunks, hooks, addFile, removeFile };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts).toString();
}

let fake: FakeMongod;
let store: MongoStore;
let blobs: BlobStore;
let bucket: ReturnType<typeof fakeBucket>;

beforeEach(async () => {
  fake = await startFakeMongod();
  bucket = fakeBucket(fake);
  store = await openMongoStore(fake.uri, { serverSelectionTimeoutMS: 2_000, logger: { warn: () => undefined } });
  blobs = await openGridFsBlobStore(store);
});
afterEach(async () => {
  await blobs.close();
  await store.close();
  await fake.close();
});

describe('GridFS blobs through the driver', () => {
  it('puts, gets and streams a blob of several chunks', async () => {
    const text = 'q'.repeat(600 * 1024);
    await blobs.put('reports/r1.html', new TextEncoder().encode(text), 'text/html');
    expect(bucket.chunks).toHaveLength(3);
    expect(bucket.files).toHaveLength(1);
    const got = await blobs.get('reports/r1.html');
    expect(got?.contentType).toBe('text/html');
    expect(Buffer.from(got?.bytes ?? []).toString()).toBe(text);
    const streamed = await blobs.stream('reports/r1.html');
    expect(streamed?.size).toBe(text.length);
    expect(await readAll(streamed?.stream as NodeJS.ReadableStream)).toBe(text);
  });
});

describe('a read racing a delete', () => {
  it('is "no blob" when chunks vanish mid-read: the driver ends short without an error, the length check sees it', async () => {
    const file = bucket.addFile('k', 'abcdefghij', 4);
    bucket.hooks.beforeFind = (collection) => {
      // The delete lands between the read of the file's document and the read of its chunks.
      if (collection === 'blobs.chunks' && bucket.files.includes(file)) bucket.removeFile(file, 1);
    };
    expect(await blobs.get('k')).toBeUndefined();
  });

  it('reads the blob again when the first read came up short but the file is still there', async () => {
    const file = bucket.addFile('k', 'abcdefghij', 4);
    let shortened = false;
    const lost = bucket.chunks.filter((chunk) => String(chunk.files_id) === String(file._id) && chunk.n > 0);
    bucket.hooks.beforeFind = (collection) => {
      if (collection !== 'blobs.chunks') return;
      // A replica lagging behind, say: the first read sees one chunk, the next sees them all.
      if (!shortened) {
        shortened = true;
        for (const chunk of lost) bucket.chunks.splice(bucket.chunks.indexOf(chunk), 1);
      } else if (!bucket.chunks.includes(lost[0] as ChunkDoc)) {
        bucket.chunks.push(...lost);
      }
    };
    expect(Buffer.from((await blobs.get('k'))?.bytes ?? []).toString()).toBe('abcdefghij');
  });
});

describe('a read racing a put of the same key', () => {
  it('returns the new blob, not nothing, when the old file goes while it is read', async () => {
    const old = bucket.addFile('k', 'old bytes', 4, new Date(Date.now() - 1000));
    bucket.hooks.beforeFind = (collection, filter) => {
      // The download looks the old file up by id just after the put replaced it.
      if (collection === 'blobs.files' && filter._id !== undefined && bucket.files.includes(old)) {
        bucket.addFile('k', 'new bytes!', 4);
        bucket.removeFile(old);
      }
    };
    expect(Buffer.from((await blobs.get('k'))?.bytes ?? []).toString()).toBe('new bytes!');
  });
});

describe('streams', () => {
  it('is "no blob" when the file goes before its first chunk arrives, so no 200 is sent for it', async () => {
    const file = bucket.addFile('k', 'abcdefghij', 4);
    bucket.hooks.beforeFind = (collection) => {
      if (collection === 'blobs.chunks' && bucket.files.includes(file)) bucket.removeFile(file);
    };
    expect(await blobs.stream('k')).toBeUndefined();
  });

  it('ends in an error, never a short success, when chunks vanish after the first', async () => {
    const file = bucket.addFile('k', 'abcdefghij', 4);
    bucket.hooks.beforeFind = (collection) => {
      if (collection === 'blobs.chunks' && bucket.files.includes(file)) bucket.removeFile(file, 1);
    };
    const streamed = await blobs.stream('k');
    expect(streamed?.size).toBe(10);
    await expect(readAll(streamed?.stream as NodeJS.ReadableStream)).rejects.toThrow(
      /deleted while it was streamed \(4 of 10 bytes\)/,
    );
  });
});

describe('a failed upload', () => {
  it('removes the chunks it wrote, and leaves the blob as it was', async () => {
    bucket.addFile('k', 'kept', 4);
    bucket.hooks.failChunkInsert = 2;
    const text = 'z'.repeat(600 * 1024);
    await expect(blobs.put('k', new TextEncoder().encode(text), 'text/plain')).rejects.toThrow();
    const orphans = bucket.chunks.filter(
      (chunk) => !bucket.files.some((file) => String(file._id) === String(chunk.files_id)),
    );
    expect(orphans).toEqual([]);
    expect(Buffer.from((await blobs.get('k'))?.bytes ?? []).toString()).toBe('kept');
  });
});
