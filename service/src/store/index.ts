import { join } from 'node:path';
import { openFileBlobStore } from './blob-store';
import { openEmbeddedStore } from './embedded-store';
import { openGridFsBlobStore } from './gridfs-blob-store';
import { openMongoStore } from './mongo-store';
import type { BlobStore, Store, StoreLogger } from './port';

export { InvalidBlobKeyError } from './blob-key';
export * from './port';
export { MAX_RECORD_BYTES } from './records';

export interface StoresConfig {
  /** Where the embedded store keeps `db/` and `blobs/`. */
  dataDir: string;
  /** Set to use MongoDB (records and GridFS blobs) instead of the embedded store. */
  mongodbUri?: string;
  /** Where the stores say what they changed by themselves (an index rebuilt). Default: process warnings. */
  logger?: StoreLogger;
}

export interface Stores {
  store: Store;
  blobs: BlobStore;
  kind: 'embedded' | 'mongodb';
  /** Where the records are: the embedded store's directory, or the MongoDB database's name. */
  location: string;
}

/** Opens the records store and the blob store: MongoDB when a URI is given, else the embedded ones. */
export async function openStores({ dataDir, mongodbUri, logger }: StoresConfig): Promise<Stores> {
  // An empty MONGODB_URI (as `MONGODB_URI=` in an env file) means "not set".
  if (mongodbUri?.trim()) {
    const store = await openMongoStore(mongodbUri.trim(), logger ? { logger } : {});
    const blobs = await openGridFsBlobStore(store).catch(closing(store));
    return { store, blobs, kind: 'mongodb', location: `MongoDB database ${store.databaseName}` };
  }
  const store = await openEmbeddedStore(dataDir, logger ? { logger } : {});
  const blobs = await openFileBlobStore(join(dataDir, 'blobs')).catch(closing(store));
  return { store, blobs, kind: 'embedded', location: join(dataDir, 'db') };
}

/** Closes the store opened first when the blob store cannot open, then rethrows. */
function closing(store: Store): (error: unknown) => Promise<never> {
  return async (error) => {
    await store.close().catch(() => undefined);
    throw error;
  };
}
