import { startFeatureApp } from '../../__fixtures__/feature-app';
import type { Mailer, OutgoingMail } from '../../mail/mailer';
import { createAuth } from '../index';

/** A Mailer that keeps what it is given: the test double of our own mail port. */
export class RecordingMailer implements Mailer {
  readonly sent: OutgoingMail[] = [];
  async send(mail: OutgoingMail): Promise<void> {
    this.sent.push(mail);
  }
  describe(): string {
    return 'memory';
  }
  async close(): Promise<void> {}
  /** The latest mail of a kind to an address, waiting briefly for mail sent after the response. */
  async latest(kind: string, to: string): Promise<OutgoingMail> {
    for (let i = 0; i < 100; i++) {
      const mail = this.sent.findLast((m) => m.kind === kind && m.to === to);
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`No ${kind} mail to ${to}`);
  }
}

export interface AuthTestApp {
  url: string;
  mailer: RecordingMailer;
  secret: string;
  publicUrl: string;
  /** Moves the app's clock forward. */
  advance(ms: number): void;
  now(): Date;
  close(): Promise<void>;
}

/** The auth routers on the real embedded store, behind the service's JSON parser and error handler, on loopback. */
export async function startAuthApp(): Promise<AuthTestApp> {
  const mailer = new RecordingMailer();
  const feature = await startFeatureApp({
    name: 'auth',
    mailer,
    async mount(app, deps) {
      const auth = await createAuth(deps);
      app.use('/v1/auth', auth.router);
      app.use('/v1/profile', auth.profileRouter);
    },
  });
  const { config, clock, now } = feature.deps;
  return {
    url: feature.url,
    mailer,
    secret: config.secret,
    publicUrl: config.publicUrl,
    advance(ms) {
      clock.offsetMs += ms;
    },
    now,
    close: feature.close,
  };
}

/** A small JSON client for the tests. */
export function client(app: AuthTestApp) {
  return async (method: string, path: string, options: { body?: unknown; token?: string; ip?: string } = {}) => {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    // The app trusts a proxy on loopback, as the service does: this is how a test speaks from another address.
    if (options.ip) headers['X-Forwarded-For'] = options.ip;
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: test responses are checked field by field
    const body: any = text ? JSON.parse(text) : undefined;
    return { status: response.status, headers: response.headers, body };
  };
}
