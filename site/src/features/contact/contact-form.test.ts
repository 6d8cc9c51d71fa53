import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Quire } from '@quire/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testQuire } from '../../__fixtures__/render';
import { contactFailureMessage, sendContactMessage, validateContact } from './contact-form';
import { CONTACT_MESSAGES } from './messages';

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('it did not fail');
    },
    (error: unknown) => error,
  );

describe('the contact form’s rules', () => {
  it('needs a name, an email that looks like one, and a message', () => {
    expect(validateContact({ name: '', email: '', message: ' ' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
    expect(validateContact({ name: 'Grace', email: 'grace@', message: 'Hello' })).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(validateContact({ name: 'Grace', email: 'grace@example.com', message: 'Hello' })).toEqual({});
  });

  it('keeps the seed’s words', () => {
    expect(CONTACT_MESSAGES).toMatchObject({
      sent: 'Message sent!',
      captchaRequired: 'CAPTCHA Required: Please complete the CAPTCHA verification.',
      invalidResponse: 'Received invalid response from server',
      submitFailed: 'Failed to submit contact form',
      failureTitle: 'Submission failed',
      failureFallback: 'Please try again later.',
    });
  });
});

describe('what a failed message says (seed section 8)', () => {
  const values = { name: 'Grace', email: 'grace@example.com', message: 'Hello' };

  it('is the service’s error when it sent one: a proof of work it cannot check', async () => {
    const error = await failureOf(sendContactMessage(testQuire(), values, 'bm90IGEgc29sdXRpb24='));
    expect(contactFailureMessage(error)).toBe('The CAPTCHA verification failed. Please try again.');
  });

  describe('behind a proxy that answers with a page', () => {
    let proxy: Server;
    let url: string;
    beforeAll(async () => {
      proxy = createServer((_req, res) =>
        res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>'),
      );
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

    it('is "Received invalid response from server"', async () => {
      const quire = new Quire({ apiKey: null, baseUrl: url, maxRetries: 0 });
      expect(contactFailureMessage(await failureOf(sendContactMessage(quire, values, 'x')))).toBe(
        'Received invalid response from server',
      );
    });
  });

  it('is "Failed to submit contact form" without an answer', async () => {
    const quire = new Quire({ apiKey: null, baseUrl: 'http://127.0.0.1:9', maxRetries: 0 });
    expect(contactFailureMessage(await failureOf(sendContactMessage(quire, values, 'x')))).toBe(
      'Failed to submit contact form',
    );
  });
});
