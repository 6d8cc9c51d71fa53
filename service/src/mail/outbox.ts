import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Mailer, OutgoingMail } from './mailer';

export interface OutboxOptions {
  /** The folder the mails are written to (`<dataDir>/outbox`). */
  dir: string;
  from: string;
  logger: Logger;
  now?: () => Date;
}

/**
 * The development mailer: without SMTP, each mail becomes an .eml file (open it in any mail client) and a .json
 * summary with its links, and the log names the file, so a newcomer can follow verification and reset links
 * without a mail server. Production refuses to start without SMTP (config.ts).
 */
export function createOutboxMailer({ dir, from, logger, now = () => new Date() }: OutboxOptions): Mailer {
  // streamTransport with buffer: true builds the real RFC 822 message without sending it anywhere.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(mail: OutgoingMail) {
      const info = await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      });
      const createdAt = now();
      // Sortable by time, readable at a glance, and never colliding.
      const base = `${createdAt.toISOString().replace(/[:.]/g, '-')}-${safe(mail.kind)}-${randomBytes(4).toString('hex')}`;
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${base}.eml`), info.message as Buffer);
      const links = mail.links ?? {};
      const summary = {
        to: mail.to,
        subject: mail.subject,
        kind: mail.kind,
        links,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        createdAt: createdAt.toISOString(),
        eml: `${base}.eml`,
      };
      await writeFile(join(dir, `${base}.json`), `${JSON.stringify(summary, null, 2)}\n`);
      // Never the links: they are credentials (confirm, reset, join) and logs travel further than this folder.
      logger.info({ to: mail.to, kind: mail.kind, file: join(dir, `${base}.json`) }, 'mail in the outbox');
    },
    describe: () => `outbox at ${dir}`,
    async close() {
      transport.close();
    },
  };
}

/** A kind as a file-name part: only letters, digits, '_' and '-'. */
function safe(kind: string): string {
  return kind.replace(/[^\w-]/g, '_').slice(0, 40) || 'mail';
}
