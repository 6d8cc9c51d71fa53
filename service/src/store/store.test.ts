import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { openFileBlobStore } from './blob-store';
import { type ConformanceSubject, describeStoreConformance } from './conformance';
import { openGridFsBlobStore } from './gridfs-blob-store';
import { openStores } from './index';
import { openMongoStore } from './mongo-store';
import type { BlobStore, Store } from './port';

/** Opens a pair, remembering every pair so that cleanup closes reopened ones too (closing twice is harmless). */
function tracker() {
  const opened: { store: Store; blobs: BlobStore }[] = [];
  return {
    add<P extends { store: Store; blobs: BlobStore }>(pair: P): P {
      opened.push(pair);
      return pair;
    },
    async closeAll() {
      for (const { store, blobs } of opened) {
        await blobs.close();
        await store.close();
      }
    },
  };
}

describeStoreConformance('embedded', async (): Promise<ConformanceSubject> => {
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-store-'));
  const open = tracker();
  const { store, blobs } = open.add(await openStores({ dataDir }));
  return {
    store,
    blobs,
    reopen: async () => open.add(await openStores({ dataDir })),
    cleanup: async () => {
      await open.closeAll();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});

// The embedded records store with the file blob store is covered above; GridFS needs a server.
const mongodbUri = process.env.MONGODB_URI?.trim();
if (mongodbUri) {
  describeStoreConformance('MongoDB', async (): Promise<ConformanceSubject> => {
    // A fresh database per test, dropped afterwards, so runs never see each other's records.
    const dbName = `quire_conformance_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const open = tracker();
    const openPair = async () => {
      const store = await openMongoStore(mongodbUri, { dbName });
      return open.add({ store, blobs: await openGridFsBlobStore(store) });
    };
    const { store, blobs } = await openPair();
    return {
      store,
      blobs,
      reopen: openPair,
      cleanup: async () => {
        const admin = await openMongoStore(mongodbUri, { dbName });
        await admin.connection.dropDatabase();
        await admin.close();
        await open.closeAll();
      },
    };
  });
} else {
  console.warn('MongoDB adapter: skipped (set MONGODB_URI to run the conformance suite against MongoDB)');
  describe('MongoDB', () => {
    it.skip('MongoDB adapter: skipped (set MONGODB_URI to run the conformance suite against MongoDB)', () => {});
  });
}

// The file blob store on its own (openStores wires it under <dataDir>/blobs; this checks it stands alone).
describe('file blob store', () => {
  it('opens a directory that does not exist yet', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quire-blobs-'));
    try {
      const blobs = await openFileBlobStore(join(dir, 'nested', 'blobs'));
      await blobs.put('x', new Uint8Array([1, 2, 3]), 'application/octet-stream');
      await blobs.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
