import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express, { type Express } from 'express';
import { type Logger, pino } from 'pino';
import { type Config, loadConfig } from '../config';
import { errorHandler, notFound } from '../http/errors';
import { createMailer } from '../mail/index';
import type { Mailer } from '../mail/mailer';
import { openStores } from '../store/index';
import type { BlobStore, Store } from '../store/port';
import { RAISED_FORM_LIMITS } from './limits';

/** What a feature is built from in a test: the real store and mailer on a temporary directory, and a movable clock. */
export interface FeatureDeps {
  dir: string;
  config: Config;
  logger: Logger;
  store: Store;
  blobs: BlobStore;
  mailer: Mailer;
  /** Move `offsetMs` to test expiry and rate-limit windows. */
  clock: { offsetMs: number };
  now: () => Date;
}

export interface FeatureApp {
  url: string;
  app: Express;
  deps: FeatureDeps;
  close(): Promise<void>;
}

export interface FeatureAppOptions {
  /** Names the temporary directory. */
  name: string;
  env?: Record<string, string>;
  /** The real limits of the public forms rather than raised ones (see limits.ts). */
  realLimits?: boolean;
  /** A mailer of the test's own (a recording one); the real outbox mailer otherwise. */
  mailer?: Mailer;
  /** The JSON parser's body limit (express's default, 100kb, unless given). */
  bodyLimit?: string;
  /** Mounts the feature's routers; the JSON parser comes before and the service's error handling after. */
  mount(app: Express, deps: FeatureDeps): Promise<void>;
}

/**
 * One feature's routers on the real embedded store, behind the service's JSON parser and error handler, on a
 * loopback port: the shared scaffolding of the features' test apps.
 */
export async function startFeatureApp(options: FeatureAppOptions): Promise<FeatureApp> {
  const dir = await mkdtemp(join(tmpdir(), `quire-${options.name}-`));
  const config = loadConfig({
    NODE_ENV: 'test',
    QUIRE_DATA_DIR: dir,
    QUIRE_SECRET: `${options.name}-test-secret-0123456789abcdef0123456789`,
    PUBLIC_URL: 'https://quire.test',
    LOG_LEVEL: 'silent',
    ...(options.realLimits ? {} : RAISED_FORM_LIMITS),
    ...options.env,
  });
  const logger = pino({ level: 'silent' });
  const { store, blobs } = await openStores({ dataDir: dir });
  const clock = { offsetMs: 0 };
  const now = () => new Date(Date.now() + clock.offsetMs);
  const mailer = options.mailer ?? createMailer({ dataDir: dir, from: 'Quire <no-reply@quire.test>', logger, now });
  const deps: FeatureDeps = { dir, config, logger, store, blobs, mailer, clock, now };
  const app = express();
  // As the service: a proxy on loopback is trusted, which is how a test speaks from another address.
  app.set('trust proxy', 'loopback');
  app.use(express.json(options.bodyLimit ? { limit: options.bodyLimit } : {}));
  await options.mount(app, deps);
  app.use(notFound);
  app.use(errorHandler(logger));
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    deps,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await mailer.close();
      await store.close();
      await blobs.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
