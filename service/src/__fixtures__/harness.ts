import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { type AppDeps, createApp } from '../app';
import { loadConfig } from '../config';
import { createMailer } from '../mail/index';
import { openStores } from '../store/index';
import type { Store } from '../store/port';
import { type Actors, testActors } from './actors';
import { RAISED_FORM_LIMITS } from './limits';

export interface RunningApp {
  url: string;
  dataDir: string;
  /** The app's own store, for tests that set up state a request cannot (a month's usage, a plan). */
  store: Store;
  /** Moves the app's clock (expiry, retention, usage periods). */
  clock: { offsetMs: number };
  /** People, API keys, members, plans and usage of this app (the same helper as every feature's tests). */
  actors: Actors;
  /** Stops the server and the stores; keeps the data directory unless `removeData`. */
  close(options?: { removeData?: boolean }): Promise<void>;
}

/** The real app on the real embedded store, listening on a loopback port. */
export async function startApp(
  env: Record<string, string> = {},
  dataDir?: string,
  {
    realLimits = false,
    ...overrides
  }: Partial<Pick<AppDeps, 'billing' | 'aiProvider' | 'logger'>> & { realLimits?: boolean } = {},
): Promise<RunningApp> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'quire-service-')));
  const config = loadConfig({
    NODE_ENV: 'test',
    QUIRE_DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    // One thread for reports beside the one for previews: a test renders one document at a time, and each thread
    // starts with a render of its own (tests of the lanes' fairness ask for more).
    QUIRE_RENDER_WORKERS: '1',
    ...(realLimits ? {} : RAISED_FORM_LIMITS),
    ...env,
  });
  const { store, blobs } = await openStores({ dataDir: config.dataDir });
  const logger = overrides.logger ?? pino({ level: 'silent' });
  const mailer = createMailer({ dataDir: config.dataDir, from: 'Quire <no-reply@quire.test>', logger });
  const clock = { offsetMs: 0 };
  const now = () => new Date(Date.now() + clock.offsetMs);
  const app = await createApp({ config, store, blobs, logger, mailer, now, ...overrides });
  const server = app.listen(0, '127.0.0.1');
  app.start();
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    dataDir: dir,
    store,
    clock,
    actors: testActors({ url, store, now, dataDir: dir }),
    async close(options = {}) {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await app.shutdown();
      await store.close();
      await blobs.close();
      if (options.removeData) await rm(dir, { recursive: true, force: true });
    },
  };
}
