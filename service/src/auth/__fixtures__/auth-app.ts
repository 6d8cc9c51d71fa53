import { startAccessApp } from '../../__fixtures__/access-app';
import { call } from '../../__fixtures__/actors';
import { RecordingMailer } from '../../__fixtures__/recording-mailer';
import type { Store } from '../../store/port';

export { RecordingMailer } from '../../__fixtures__/recording-mailer';

export interface AuthTestApp {
  url: string;
  mailer: RecordingMailer;
  secret: string;
  publicUrl: string;
  /** The app's store, for tests that look at records at rest or write ones of an earlier version. */
  store: Store;
  /** Moves the app's clock forward. */
  advance(ms: number): void;
  now(): Date;
  close(): Promise<void>;
}

/**
 * The app's access layer (the auth routers among it) on the real embedded store, on loopback. The public forms'
 * limits are raised unless `realLimits` (see __fixtures__/limits.ts).
 */
export async function startAuthApp(
  options: { realLimits?: boolean; env?: Record<string, string> } = {},
): Promise<AuthTestApp> {
  const mailer = new RecordingMailer();
  const feature = await startAccessApp({ name: 'auth', mailer, ...options, async mount() {} });
  const { config, clock, now, store } = feature.deps;
  return {
    url: feature.url,
    mailer,
    store,
    secret: config.secret,
    publicUrl: config.publicUrl,
    advance(ms) {
      clock.offsetMs += ms;
    },
    now,
    close: feature.close,
  };
}

/** A small JSON client for the tests: `ip` is the address the request comes from. */
export function client(app: AuthTestApp) {
  return (method: string, path: string, options: { body?: unknown; token?: string; ip?: string } = {}) =>
    call(app.url, options.token ?? '', path, {
      method,
      ...(options.body === undefined ? {} : { body: options.body }),
      // The app trusts a proxy on loopback, as the service does: this is how a test speaks from another address.
      ...(options.ip ? { headers: { 'X-Forwarded-For': options.ip } } : {}),
    });
}
