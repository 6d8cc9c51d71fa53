import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';

export type { Mailer, OutgoingMail } from './mailer';
export { createOutboxMailer } from './outbox';
export { createSmtpMailer } from './smtp';
export { type EmailKind, type EmailVars, escapeHtml, type RenderedEmail, renderEmail } from './templates';

export interface MailerOptions {
  /** smtp:// or smtps:// URL; without it, mail goes to the development outbox. */
  smtpUrl?: string | undefined;
  /** The service's data directory; the outbox is `<dataDir>/outbox`. */
  dataDir: string;
  /** The From address, e.g. `Quire <no-reply@quire.example>`. */
  from: string;
  logger: Logger;
  now?: () => Date;
}

/** SMTP when configured, else the development outbox. */
export function createMailer({ smtpUrl, dataDir, from, logger, now }: MailerOptions): Mailer {
  // An empty SMTP_URL (as `SMTP_URL=` in an env file) means "not set".
  if (smtpUrl?.trim()) return createSmtpMailer({ smtpUrl: smtpUrl.trim(), from });
  return createOutboxMailer({ dir: join(dataDir, 'outbox'), from, logger, ...(now ? { now } : {}) });
}
