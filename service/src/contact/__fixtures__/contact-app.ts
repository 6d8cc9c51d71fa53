import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import express from 'express';
import { pino } from 'pino';
import { loadConfig } from '../../config';
import { errorHandler, notFound } from '../../http/errors';
import { createMailer } from '../../mail/index';
import { openStores } from '../../store/index';
import type { Store } from '../../store/port';
import { type ContactDeps, createContactRoutes } from '../routes';

export interface ContactApp {
  url: string;
  store: Store;
  outbox: string;
  /** The app's clock: move it to test expiry and rate-limit windows. */
  clock: { offsetMs: number };
  /** The .json summaries in the outbox. */
  outboxMails(): Promise<{ to: string; subject: string; kind: string; replyTo?: string; eml: string }[]>;
  close(): Promise<void>;
}

/** The contact routes alone, on the real embedded store and the real outbox mailer, listening on loopback. */
export async function startContactApp(options: Pick<ContactDeps, 'rateLimit' | 'operatorEmail'> = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'quire-contact-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    QUIRE_DATA_DIR: dir,
    QUIRE_SECRET: 'contact-test-secret-0123456789abcdef',
    PUBLIC_URL: 'https://quire.test',
    LOG_LEVEL: 'silent',
  });
  const logger = pino({ level: 'silent' });
  const { store, blobs } = await openStores({ dataDir: dir });
  const clock = { offsetMs: 0 };
  const now = () => new Date(Date.now() + clock.offsetMs);
  const mailer = createMailer({ dataDir: dir, from: 'Quire <no-reply@quire.test>', logger, now });
  const app = express();
  app.use(express.json());
  app.use('/v1/contact', await createContactRoutes({ store, mailer, config, logger, now, ...options }));
  app.use(notFound);
  app.use(errorHandler(logger));
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const outbox = join(dir, 'outbox');
  const contactApp: ContactApp = {
    url: `http://127.0.0.1:${port}`,
    store,
    outbox,
    clock,
    async outboxMails() {
      const files = await readdir(outbox).catch(() => [] as string[]);
      return Promise.all(
        files
          .filter((file) => file.endsWith('.json'))
          .sort()
          .map(async (file) => JSON.parse(await readFile(join(outbox, file), 'utf8'))),
      );
    },
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
  return contactApp;
}

/** What the ALTCHA widget does in the browser: fetch a challenge, solve it, send the payload as base64 JSON. */
export async function solvedPayload(url: string): Promise<string> {
  const response = await fetch(`${url}/v1/contact/challenge`);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
