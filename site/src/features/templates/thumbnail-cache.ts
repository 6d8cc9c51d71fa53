/**
 * The grid's thumbnails, kept in this browser (IndexedDB) per template and version: a template is drawn once per
 * version it reaches, and a newer version replaces the older picture. IndexedDB rather than Cache Storage because
 * it also works on a self-hosted service reached over plain http (Cache Storage needs a secure context).
 * Where storage is refused (private windows of some browsers), every visit draws again; nothing breaks.
 */

const DB_NAME = 'quire-template-thumbnails';
const STORE = 'thumbnails';

export interface ThumbnailKey {
  teamId: string;
  templateId: string;
  version: number;
}

interface Stored {
  key: string;
  version: number;
  image: Blob;
  saved_at: string;
}

const keyOf = ({ teamId, templateId }: ThumbnailKey) => `${teamId}/${templateId}`;

let opening: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, body: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | null> {
  return open().then(
    (db) =>
      new Promise<T | null>((resolve) => {
        if (!db) return resolve(null);
        try {
          const request = body(db.transaction(STORE, mode).objectStore(STORE));
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => resolve(null);
        } catch {
          resolve(null);
        }
      }),
  );
}

/** The picture of exactly this version, or null (none yet, an older version's, or no storage). */
export async function cachedThumbnail(key: ThumbnailKey): Promise<Blob | null> {
  const stored = (await run<Stored | undefined>('readonly', (store) => store.get(keyOf(key)))) ?? null;
  return stored && stored.version === key.version ? stored.image : null;
}

/** Keeps the picture of this version, in place of any earlier version's. */
export async function keepThumbnail(key: ThumbnailKey, image: Blob): Promise<void> {
  const record: Stored = { key: keyOf(key), version: key.version, image, saved_at: new Date().toISOString() };
  await run('readwrite', (store) => store.put(record));
}

/** Forgets a deleted template's picture. */
export async function forgetThumbnail(key: Omit<ThumbnailKey, 'version'>): Promise<void> {
  await run('readwrite', (store) => store.delete(`${key.teamId}/${key.templateId}`));
}
