import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { finished } from 'node:stream/promises';
import mongoose, { type Connection } from 'mongoose';
import { assertBlobKey } from './blob-key';
import { KeyedQueue } from './keyed-queue';
import type { BlobStore } from './port';

const DEFAULT_TYPE = 'application/octet-stream';

/**
 * Blobs as files under `dir` (the service passes `<dataDir>/blobs`): the key is the relative path, the content
 * type sits in a sidecar `<file>~meta.json` (`~` cannot occur in a key, so no key can collide with a sidecar).
 * Each file is written to a temporary name, fsync'ed and renamed, so a reader never sees half a file.
 */
export async function openFileBlobStore(dir: string): Promise<BlobStore> {
  const root = resolve(dir);
  await mkdir(root, { recursive: true });
  // Per key, so that a data file and its sidecar always come from the same put.
  const queue = new KeyedQueue();
  let closed = false;

  const pathOf = (key: string): string => {
    const path = resolve(root, ...assertBlobKey(key).split('/'));
    // assertBlobKey already rules out escapes; this is the belt to its braces.
    if (!path.startsWith(root + sep)) throw new Error(`Blob key ${key} leaves the blob directory`);
    return path;
  };
  const use = <R>(key: string, task: (path: string) => Promise<R>): Promise<R> => {
    if (closed) throw new Error('The blob store is closed');
    const path = pathOf(key);
    return queue.run(key, () => task(path));
  };

  return {
    async put(key, bytes, contentType) {
      return use(key, async (path) => {
        await mkdir(dirname(path), { recursive: true });
        // Sidecar first, data last: the data file appearing is what makes a new blob exist.
        await writeAtomically(metaPath(path), JSON.stringify({ contentType }));
        await writeAtomically(path, bytes);
      });
    },

    async get(key) {
      return use(key, async (path) => {
        const bytes = await readFile(path).catch(ifMissing(undefined));
        if (!bytes) return undefined;
        return {
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: await readType(path),
        };
      });
    },

    async stream(key) {
      return use(key, async (path) => {
        // An open handle keeps reading the file it opened even if a later put renames another over it.
        const handle = await open(path, 'r').catch(ifMissing(undefined));
        if (!handle) return undefined;
        try {
          const stats = await handle.stat();
          if (!stats.isFile()) {
            await handle.close();
            return undefined;
          }
          const { size } = stats;
          const contentType = await readType(path);
          return { stream: handle.createReadStream(), contentType, size };
        } catch (error) {
          await handle.close();
          throw error;
        }
      });
    },

    async delete(key) {
      return use(key, async (path) => {
        const existed = await rm(path).then(() => true, ifMissing(false));
        await rm(metaPath(path), { force: true });
        return existed;
      });
    },

    async close() {
      closed = true;
      await queue.idle();
    },
  };
}

/**
 * A plain Uint8Array that owns its memory. Small Buffers are slices of Node's shared pool, so handing out a view
 * of one would let `bytes.buffer` reach other data; those are copied.
 */
function ownBytes(buffer: Buffer): Uint8Array {
  const whole = buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength;
  return whole ? new Uint8Array(buffer.buffer, 0, buffer.byteLength) : new Uint8Array(buffer);
}

function metaPath(path: string): string {
  return `${path}~meta.json`;
}

async function readType(path: string): Promise<string> {
  const text = await readFile(metaPath(path), 'utf8').catch(ifMissing(undefined));
  if (text === undefined) return DEFAULT_TYPE;
  const { contentType } = JSON.parse(text) as { contentType?: unknown };
  return typeof contentType === 'string' ? contentType : DEFAULT_TYPE;
}

async function writeAtomically(path: string, data: Uint8Array | string): Promise<void> {
  const temporary = `${path}~tmp-${randomUUID()}`;
  try {
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

// "No such blob": nothing there, a directory there (key `a` while `a/b` exists), or a file on the way (`a/b` while
// `a` exists).
const MISSING = new Set(['ENOENT', 'EISDIR', 'ENOTDIR', 'ERR_FS_EISDIR']);

/** A catch handler that turns "no such blob" into `value` and rethrows anything else. */
function ifMissing<V>(value: V): (error: unknown) => V {
  return (error) => {
    if (MISSING.has((error as NodeJS.ErrnoException).code ?? '')) return value;
    throw error;
  };
}

/**
 * Blobs in GridFS on the MongoDB store's connection (which the store, not this, closes). The key is the file
 * name and the content type is in the file's metadata. A put uploads a new file and then removes older files of
 * that name; readers take the newest, so they see the old blob or the new one, never a mix.
 */
export async function openGridFsBlobStore(connection: Connection, bucketName = 'blobs'): Promise<BlobStore> {
  const db = connection.db;
  if (!db) throw new Error('GridFS needs a connected MongoDB connection');
  const bucket = new mongoose.mongo.GridFSBucket(db, { bucketName });
  let closed = false;

  const versions = (key: string) => bucket.find({ filename: key }, { sort: { uploadDate: -1, _id: -1 } }).toArray();
  const newest = async (key: string) => {
    if (closed) throw new Error('The blob store is closed');
    return (await versions(assertBlobKey(key)))[0];
  };

  return {
    async put(key, bytes, contentType) {
      if (closed) throw new Error('The blob store is closed');
      assertBlobKey(key);
      const upload = bucket.openUploadStream(key, { metadata: { contentType } });
      upload.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      await finished(upload);
      // Keep only the newest version. Should two puts race, both keep the same (newest) one.
      for (const file of (await versions(key)).slice(1)) await bucket.delete(file._id).catch(ignoreNotFound);
    },

    async get(key) {
      const file = await newest(key);
      if (!file) return undefined;
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
      } catch (error) {
        // Replaced or deleted while we read it.
        if (isNotFound(error)) return undefined;
        throw error;
      }
      return { bytes: ownBytes(Buffer.concat(chunks)), contentType: typeOf(file) };
    },

    async stream(key) {
      const file = await newest(key);
      if (!file) return undefined;
      return { stream: bucket.openDownloadStream(file._id), contentType: typeOf(file), size: file.length };
    },

    async delete(key) {
      if (closed) throw new Error('The blob store is closed');
      const files = await versions(assertBlobKey(key));
      for (const file of files) await bucket.delete(file._id).catch(ignoreNotFound);
      return files.length > 0;
    },

    async close() {
      closed = true;
    },
  };
}

function typeOf(file: { metadata?: { contentType?: unknown } }): string {
  const type = file.metadata?.contentType;
  return typeof type === 'string' ? type : DEFAULT_TYPE;
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && /FileNotFound|File not found|ChunkIsMissing/i.test(`${error.name} ${error.message}`);
}

function ignoreNotFound(error: unknown): void {
  if (!isNotFound(error)) throw error;
}
