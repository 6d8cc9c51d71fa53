import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { loadConfig } from './config';
import { createMailer } from './mail/index';
import { type FakeMongod, startFakeMongod } from './store/__fixtures__/fake-mongod';
import { openGridFsBlobStore } from './store/gridfs-blob-store';
import { type MongoStore, openMongoStore } from './store/mongo-store';

// The service's collections as MongoDB gets them: the app built on the MongoDB store (its server faked on the
// wire: none can be installed here), and the indexes it asks for. Each list and claim sorts by a field and then
// by _id, so the index that serves it must hold the equality fields, the sort field and _id, in that order.

let fake: FakeMongod;
let store: MongoStore;
let dir: string;
let indexes: Map<string, Record<string, unknown>[]>;

beforeAll(async () => {
  fake = await startFakeMongod();
  dir = await mkdtemp(join(tmpdir(), 'quire-app-mongodb-'));
  store = await openMongoStore(fake.uri, { serverSelectionTimeoutMS: 2_000, logger: { warn: () => undefined } });
  const blobs = await openGridFsBlobStore(store);
  const config = loadConfig({ NODE_ENV: 'test', QUIRE_DATA_DIR: dir, LOG_LEVEL: 'silent', MONGODB_URI: fake.uri });
  const logger = pino({ level: 'silent' });
  const mailer = createMailer({ dataDir: dir, from: 'Quire <no-reply@quire.test>', logger });
  const app = await createApp({ config, store, blobs, logger, mailer });
  await app.shutdown();
  await blobs.close();
  indexes = new Map();
  for (const command of fake.received('createIndexes')) {
    const collection = String(command.body.createIndexes);
    const keys = (command.body.indexes as { key: Record<string, unknown> }[]).map((index) => index.key);
    indexes.set(collection, [...(indexes.get(collection) ?? []), ...keys]);
  }
});
afterAll(async () => {
  await store.close();
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

const keysOf = (collection: string) => (indexes.get(collection) ?? []).map((key) => Object.keys(key).join(','));

describe('the indexes the service asks MongoDB for', () => {
  it.each([
    ['jobs', 'queue,state,runAt,_id'], // claiming the next queued job
    ['jobs', 'queue,state,leaseUntil,_id'], // taking over an expired lease
    ['reports', 'teamId,createdAt,_id'], // GET /v1/reports, newest first
    ['reports', 'status,completedAt,_id'], // the retention sweep
    ['templates', 'teamId,createdAt,_id'],
    ['template_versions', 'templateId,version,_id'],
    ['ai_messages', 'templateId,createdAt,_id'],
    ['team_memberships', 'teamId,joinedAt,_id'],
    ['team_memberships', 'userId,joinedAt,_id'],
    ['team_invitations', 'teamId,createdAt,_id'],
    ['api_keys', 'teamId,createdAt,_id'],
    ['api_keys', 'allowedOrigins,_id'], // the CORS of the origins keys name for their embed tokens
    ['embed_tokens', 'expiresAt,_id'], // sweeping expired embed tokens
    ['audit_log', 'teamId,createdAt,_id'],
    ['data_sources', 'teamId,createdAt,_id'],
    ['font_families', 'teamId,createdAt,_id'],
    ['webhook_endpoints', 'teamId,createdAt,_id'],
    ['webhook_deliveries', 'teamId,createdAt,_id'],
    ['login_attempts', 'started_at,_id'], // dropping the counters whose window has ended
    ['mfa_factors', 'user_id,created_at,_id'],
  ])('%s has an index on %s', (collection, key) => {
    expect(keysOf(collection)).toContain(key);
  });

  it('ends every plain index with _id, and keeps unique ones on their field alone', () => {
    const unique = new Set(
      fake
        .received('createIndexes')
        .flatMap((command) => command.body.indexes as { key: Record<string, unknown>; unique?: boolean }[])
        .filter((index) => index.unique)
        .map((index) => Object.keys(index.key).join(',')),
    );
    expect(unique).toContain('email');
    for (const [collection, keys] of indexes) {
      for (const key of keys) {
        const fields = Object.keys(key);
        if (!unique.has(fields.join(','))) expect(fields.at(-1), `${collection} ${fields}`).toBe('_id');
      }
    }
  });
});
