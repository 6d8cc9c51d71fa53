import { Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import mongoose from 'mongoose';
import { assertBlobKey } from './blob-key';
import { withDeadline } from './deadline';
import { InFlight } from './in-flight';
import { isUnavailable } from './mongo-errors';
import { consistencyOptions } from './mongo-options';
import type { MongoStore } from './mongo-store';
import { type BlobStore, StoreUnavailableError } from './port';

const DEFAULT_TYPE = 'application/octet-stream';

/**
 * Blobs in GridFS. The key is the file name and the content type is in the file's metadata. A put uploads a new
 * file and then removes older files of that name; readers take the newest, so they see the old blob or the new
 * one, never a mix. What GridFS leaves to its users, handled here:
 * - a file is chunks in one collection and a document in another, so a read racing a delete (or the put that
 *   replaces it) can find the document and then miss chunks. The driver then ends the stream early without an
 *   error, so every read compares the bytes it got with the file's length, and looks the key up and reads once
 *   more when they differ (or the file is gone), where it finds the newer version, or nothing;
 * - a stream is only handed out once its first chunk has arrived, so a file deleted in between is "no such blob"
 *   (404) before any header is sent, not a failure after a 200; one that loses chunks later ends in an error
 *   (the response is cut short, which its Content-Length lets the client see), never as a short success;
 * - an upload that fails leaves the chunks it wrote: they are removed (the file document is written last).
 */

/** A file document, as far as this module reads it. */
export interface GridFsFile {
  _id: unknown;
  length: number;
  metadata?: { contentType?: unknown } | null;
}

/** The part of the driver's GridFSBucket this module uses (tests put a fake in its place). */
export interface GridFsBucket {
  find(filter: { filename: string }, options: { sort: Record<string, 1 | -1> }): { toArray(): Promise<GridFsFile[]> };
  openDownloadStream(id: never): Readable;
  openUploadStream(
    filename: string,
    options: { metadata: { contentType: string } },
  ): Writable & {
    readonly id: unknown;
    abort(): Promise<void>;
  };
  delete(id: never): Promise<void>;
}

export interface GridFsBlobStoreOptions {
  /** The longest a lookup or a delete may take (reads and uploads are bounded per chunk by the socket timeout). */
  operationTimeoutMS: number;
}

/** Opens the bucket on the MongoDB store's connection (which the store, not this, closes). */
export async function openGridFsBlobStore(store: MongoStore, bucketName = 'blobs'): Promise<BlobStore> {
  const db = store.connection.db;
  if (!db) throw new Error('GridFS needs a connected MongoDB connection');
  const bucket = new mongoose.mongo.GridFSBucket(db, {
    bucketName,
    ...consistencyOptions(store.operationTimeoutMS),
  });
  return gridFsBlobStore(bucket as unknown as GridFsBucket, { operationTimeoutMS: store.operationTimeoutMS });
}

/** Reading a file takes at most this many tries: the first, and one after a race with a delete or a put. */
const READ_ATTEMPTS = 2;

export function gridFsBlobStore(bucket: GridFsBucket, options: GridFsBlobStoreOptions): BlobStore {
  const inFlight = new InFlight();
  let closed = false;

  /** Refused once closed; counted until settled (close waits for it); MongoDB's outages become the port's. */
  const run = async <R>(operation: () => Promise<R>, deadline = true): Promise<R> => {
    if (closed) throw new Error('The blob store is closed');
    try {
      const started = inFlight.track((async () => operation())());
      return await (deadline ? withDeadline(started, options.operationTimeoutMS) : started);
    } catch (error) {
      if (isUnavailable(error)) {
        throw new StoreUnavailableError('The database did not answer in time or cannot be reached', { cause: error });
      }
      throw error;
    }
  };

  const versions = (key: string) =>
    run(() => bucket.find({ filename: key }, { sort: { uploadDate: -1, _id: -1 } }).toArray());
  const newest = async (key: string) => (await versions(assertBlobKey(key)))[0];
  const remove = (file: GridFsFile) => run(() => bucket.delete(file._id as never).catch(ignoreNotFound));

  /** The whole file, or undefined when it was deleted (wholly or some chunks) while it was read. */
  const readWhole = async (file: GridFsFile): Promise<Buffer | undefined> => {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of bucket.openDownloadStream(file._id as never)) chunks.push(chunk as Buffer);
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
    const bytes = Buffer.concat(chunks);
    return bytes.byteLength === file.length ? bytes : undefined;
  };

  return {
    async put(key, bytes, contentType) {
      assertBlobKey(key);
      await run(async () => {
        const upload = bucket.openUploadStream(key, { metadata: { contentType } });
        try {
          upload.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
          await finished(upload);
        } catch (error) {
          // abort() removes the chunks written so far; once the last chunk is sent the driver refuses it, and
          // deleting by id (whose file document was never written) removes them instead.
          await upload.abort().catch(() => bucket.delete(upload.id as never).catch(() => undefined));
          throw error;
        }
      }, false);
      // Keep only the newest version. Should two puts race, both keep the same (newest) one.
      for (const file of (await versions(key)).slice(1)) await remove(file);
    },

    async get(key) {
      for (let attempt = 1; attempt <= READ_ATTEMPTS; attempt++) {
        const file = await newest(key);
        if (!file) return undefined;
        const bytes = await run(() => readWhole(file), false);
        if (bytes) return { bytes: ownBytes(bytes), contentType: typeOf(file) };
      }
      throw changedWhileRead(key);
    },

    async stream(key) {
      for (let attempt = 1; attempt <= READ_ATTEMPTS; attempt++) {
        const file = await newest(key);
        if (!file) return undefined;
        const download = bucket.openDownloadStream(file._id as never);
        const chunks = download[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
        let first: IteratorResult<Buffer>;
        try {
          first = await run(() => chunks.next());
        } catch (error) {
          download.destroy();
          if (isNotFound(error)) continue;
          throw error;
        }
        // No chunk at all from a file that has bytes: its chunks were deleted before this read began.
        if (first.done && file.length > 0) continue;
        const stream = Readable.from(checkedRest(first, chunks, file, key), { objectMode: false });
        return { stream, contentType: typeOf(file), size: file.length };
      }
      throw changedWhileRead(key);
    },

    async delete(key) {
      const files = await versions(assertBlobKey(key));
      for (const file of files) await remove(file);
      return files.length > 0;
    },

    async close() {
      closed = true;
      await inFlight.idle();
    },
  };
}

/** The first chunk, then the others, then an error instead of the end when fewer bytes came than the file has. */
async function* checkedRest(
  first: IteratorResult<Buffer>,
  chunks: AsyncIterator<Buffer>,
  file: GridFsFile,
  key: string,
): AsyncGenerator<Buffer> {
  let received = 0;
  try {
    let next = first;
    while (!next.done) {
      received += next.value.byteLength;
      yield next.value;
      next = await chunks.next();
    }
  } finally {
    // Also when the consumer stops early (a client that went away): the driver's cursor is closed.
    await chunks.return?.();
  }
  if (received !== file.length) {
    throw new Error(`The blob ${key} was deleted while it was streamed (${received} of ${file.length} bytes)`);
  }
}

function changedWhileRead(key: string): StoreUnavailableError {
  return new StoreUnavailableError(`The blob ${key} changed while it was read, twice: try again`);
}

/**
 * A plain Uint8Array that owns its memory. Small Buffers are slices of Node's shared pool, so handing out a view
 * of one would let `bytes.buffer` reach other data; those are copied.
 */
function ownBytes(buffer: Buffer): Uint8Array {
  const whole = buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength;
  return whole ? new Uint8Array(buffer.buffer, 0, buffer.byteLength) : new Uint8Array(buffer);
}

function typeOf(file: GridFsFile): string {
  const type = file.metadata?.contentType;
  return typeof type === 'string' ? type : DEFAULT_TYPE;
}

/** The driver's ways of saying that a file or some of its chunks are gone. */
export function isNotFound(error: unknown): boolean {
  return error instanceof Error && /FileNotFound|File not found|ChunkIsMissing/i.test(`${error.name} ${error.message}`);
}

function ignoreNotFound(error: unknown): void {
  if (!isNotFound(error)) throw error;
}
