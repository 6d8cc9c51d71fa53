import { randomBytes } from 'node:crypto';
import { QuireError } from '@quire/core';
import { type Request, Router } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../config';
import { createCaptcha } from '../http/captcha';
import { formLimiter } from '../http/rate-limits';
import type { Mailer } from '../mail/mailer';
import { renderEmail } from '../mail/templates';
import type { Store } from '../store/port';

export interface ContactDeps {
  store: Store;
  mailer: Mailer;
  config: Config;
  logger: Logger;
  now: () => Date;
  /** Who receives contact messages; defaults to operator@<host of the public URL>. */
  operatorEmail?: string;
  /** Captcha difficulty (counters searched); defaults to 50,000. */
  captchaMaxNumber?: number;
}

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  message: string;
  status: 'received';
  createdAt: string;
  /** Whether the operator's email went out; false means read it from the store. */
  operatorNotified: boolean;
}

/** POST /v1/contact body. */
export const ContactBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.email('Please enter a valid email address').max(320),
  message: z.string().trim().min(1, 'Message is required').max(5000),
  altcha: z.string().max(20_000).optional(),
});

/** The public contact form: GET /challenge for the captcha, POST / to send a message. Mounted at /v1/contact. */
export async function createContactRoutes(deps: ContactDeps): Promise<Router> {
  const { store, mailer, config, logger, now } = deps;
  const operatorEmail = deps.operatorEmail ?? `operator@${new URL(config.publicUrl).hostname}`;
  const captcha = await createCaptcha({
    secret: config.secret,
    store,
    now,
    ...(deps.captchaMaxNumber ? { maxNumber: deps.captchaMaxNumber } : {}),
  });
  const messages = await store.collection<ContactMessage>({ name: 'contact_messages', indexes: ['createdAt'] });
  // Per client address (QUIRE_CONTACT_LIMIT_PER_ADDRESS, 5 per 10 minutes) and per sender address
  // (QUIRE_CONTACT_LIMIT_PER_EMAIL, 3 an hour): the form mails a copy to the address typed in, which may be anyone's.
  const limits = formLimiter({ store, now }, 'contact', config.formLimits.contact, {
    addressWindowMs: 10 * 60_000,
    emailWindowMs: 60 * 60_000,
  });

  const router = Router();

  router.get('/challenge', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await captcha.issue());
  });

  router.post(
    '/',
    // Counts every attempt, failed ones included: the limit is what stops someone guessing at the captcha.
    limits.byAddress,
    limits.byEmail,
    async (req: Request, res) => {
      const body = ContactBody.parse(req.body ?? {});
      if (!body.altcha) throw new QuireError('captcha_required', { param: 'altcha' });
      await captcha.redeem(body.altcha);

      const record: ContactMessage = {
        id: `msg_${randomBytes(12).toString('base64url')}`,
        name: body.name,
        email: body.email,
        message: body.message,
        status: 'received',
        createdAt: now().toISOString(),
        operatorNotified: false,
      };
      await messages.insert(record);

      // The message is kept whatever happens to the mail: a mail server being down must not lose it.
      try {
        const toOperator = await renderEmail('contact', body);
        await mailer.send({ to: operatorEmail, ...toOperator, kind: 'contact', replyTo: body.email });
        await messages.updateOne({ id: record.id }, { set: { operatorNotified: true } });
      } catch (error) {
        logger.error({ err: error, message_id: record.id }, 'could not email the operator a contact message');
      }
      try {
        const copy = await renderEmail('contact_copy', body);
        await mailer.send({ to: body.email, ...copy, kind: 'contact_copy' });
      } catch (error) {
        logger.warn({ err: error, message_id: record.id }, 'could not send the sender a copy of their message');
      }

      res.status(201).json({ id: record.id, status: 'received', message: 'Message sent!' });
    },
  );

  return router;
}
