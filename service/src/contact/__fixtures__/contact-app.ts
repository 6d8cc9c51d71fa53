import { join } from 'node:path';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { startFeatureApp } from '../../__fixtures__/feature-app';
import { type OutboxMail, outboxMails } from '../../__fixtures__/outbox';
import type { Store } from '../../store/port';
import { type ContactDeps, createContactRoutes } from '../routes';

export interface ContactApp {
  url: string;
  store: Store;
  outbox: string;
  /** The app's clock: move it to test expiry and rate-limit windows. */
  clock: { offsetMs: number };
  /** The .json summaries in the outbox. */
  outboxMails(): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

/** The contact routes alone, on the real embedded store and the real outbox mailer, listening on loopback. */
export async function startContactApp({
  env = {},
  realLimits = false,
  ...options
}: Pick<ContactDeps, 'operatorEmail'> & { env?: Record<string, string>; realLimits?: boolean } = {}) {
  const feature = await startFeatureApp({
    name: 'contact',
    realLimits,
    env: { QUIRE_SECRET: 'contact-test-secret-0123456789abcdef', ...env },
    async mount(app, { store, mailer, config, logger, now }) {
      app.use('/v1/contact', await createContactRoutes({ store, mailer, config, logger, now, ...options }));
    },
  });
  const { store, clock, dir } = feature.deps;
  const outbox = join(dir, 'outbox');
  const contactApp: ContactApp = {
    url: feature.url,
    store,
    outbox,
    clock,
    outboxMails: () => outboxMails(dir),
    close: feature.close,
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
