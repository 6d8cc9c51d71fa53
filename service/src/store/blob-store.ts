import { randomUUID } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { assertBlobKey } from './blob-key';
import { KeyedQueue } from './keyed-queue';
import type { BlobStore } from './port';

const DEFAULT_TYPE = 'application/octet-stream';
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

/**
 * Blobs as files under `dir` (the service passes `<dataDir>/blobs`): the key is the relative path, the content
 * type sits in a sidecar `<file>~meta.json` (`~` cannot occur in a key, so no key can collide with a sidecar).
 * Each file is written to a temporary name, fsync'ed and renamed, so a reader never sees half a file. Files are
 * made readable by the service's own user only (0600, directories 0700): they are the teams' reports.
 */
export async function openFileBlobStore(dir: string): Promise<BlobStore> {
  const root = resolve(dir);
  await mkdir(root, { recursive: true, mode: DIR_MODE });
  // A directory made by an earlier version keeps its mode otherwise (mkdir leaves existing ones alone).
  await chmod(root, DIR_MODE);
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
        await mkdir(dirname(path), { recursive: true, mode: DIR_MODE });
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
    const handle = await open(temporary, 'wx', FILE_MODE);
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
