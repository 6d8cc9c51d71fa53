import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer';

/** Sends through an SMTP server given as smtp://user:pass@host:port or smtps://… (nodemailer reads the URL). */
export function createSmtpMailer({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  const url = new URL(smtpUrl);
  // nodemailer's defaults when the URL has no port: 465 for implicit TLS, else 587.
  const port = url.port || (url.protocol === 'smtps:' ? '465' : '587');
  // Only host and port: the URL may carry credentials, which must not reach the logs.
  const where = `SMTP ${url.hostname}:${port}`;
  return {
    async send(mail: OutgoingMail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      });
    },
    describe: () => where,
    async close() {
      transport.close();
    },
  };
}
