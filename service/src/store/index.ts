import { join } from 'node:path';
import { openFileBlobStore, openGridFsBlobStore } from './blob-store';
import { openEmbeddedStore } from './embedded-store';
import { openMongoStore } from './mongo-store';
import type { BlobStore, Store } from './port';

export { InvalidBlobKeyError } from './blob-key';
export * from './port';

export interface StoresConfig {
  /** Where the embedded store keeps `db/` and `blobs/`. */
  dataDir: string;
  /** Set to use MongoDB (records and GridFS blobs) instead of the embedded store. */
  mongodbUri?: string;
}

export interface Stores {
  store: Store;
  blobs: BlobStore;
  kind: 'embedded' | 'mongodb';
}

/** Opens the records store and the blob store: MongoDB when a URI is given, else the embedded ones. */
export async function openStores({ dataDir, mongodbUri }: StoresConfig): Promise<Stores> {
  // An empty MONGODB_URI (as `MONGODB_URI=` in an env file) means "not set".
  if (mongodbUri?.trim()) {
    const store = await openMongoStore(mongodbUri.trim());
    const blobs = await openGridFsBlobStore(store.connection).catch(closing(store));
    return { store, blobs, kind: 'mongodb' };
  }
  const store = await openEmbeddedStore(dataDir);
  const blobs = await openFileBlobStore(join(dataDir, 'blobs')).catch(closing(store));
  return { store, blobs, kind: 'embedded' };
}

/** Closes the store opened first when the blob store cannot open, then rethrows. */
function closing(store: Store): (error: unknown) => Promise<never> {
  return async (error) => {
    await store.close().catch(() => undefined);
    throw error;
  };
}
