import { randomBytes } from 'node:crypto';
import { QuireError } from '@quire/core';
import { type Request, Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../config';
import type { Mailer } from '../mail/mailer';
import { renderEmail } from '../mail/templates';
import type { Store } from '../store/port';
import { createCaptcha } from './captcha';
import { StoreRateLimitStore } from './rate-limit-store';

export interface ContactDeps {
  store: Store;
  mailer: Mailer;
  config: Config;
  logger: Logger;
  now: () => Date;
  /** Who receives contact messages; defaults to operator@<host of the public URL>. */
  operatorEmail?: string;
  /** Posts allowed per IP and window; defaults to 5 per 10 minutes. */
  rateLimit?: { limit: number; windowMs: number };
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
  const { limit = 5, windowMs = 10 * 60_000 } = deps.rateLimit ?? {};

  const router = Router();

  router.get('/challenge', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await captcha.issue());
  });

  router.post(
    '/',
    // Counts every attempt, failed ones included: the limit is what stops someone guessing at the captcha.
    rateLimit({
      windowMs,
      limit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      store: new StoreRateLimitStore(store, 'contact_rate_limits', now),
      handler: (_req, _res, next) => next(new QuireError('rate_limited')),
    }),
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
