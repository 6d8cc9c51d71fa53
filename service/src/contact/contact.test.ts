import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContactApp, solvedPayload, startContactApp } from './__fixtures__/contact-app';
import type { ContactMessage } from './routes';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'I would like a demo.\nThanks!' };

function post(app: ContactApp, body: unknown, ip?: string) {
  return fetch(`${app.url}/v1/contact`, {
    method: 'POST',
    // The app trusts a proxy on loopback, as the service does: this is how a test speaks from another address.
    headers: { 'Content-Type': 'application/json', ...(ip ? { 'X-Forwarded-For': ip } : {}) },
    body: JSON.stringify(body),
  });
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { code: string; message: string; param?: string } };
  expect(body.error.code).toBe(code);
  return body.error;
}

describe('the contact form', () => {
  let app: ContactApp;
  beforeAll(async () => {
    app = await startContactApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('issues signed ALTCHA challenges that expire in 10 minutes', async () => {
    const response = await fetch(`${app.url}/v1/contact/challenge`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const challenge = (await response.json()) as { parameters: Record<string, unknown>; signature: string };
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1 });
    const expiresIn = Number(challenge.parameters.expiresAt) * 1000 - Date.now();
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000);
  });

  it('stores a message with a solved captcha, and mails the operator and the sender', async () => {
    const response = await post(app, { ...valid, altcha: await solvedPayload(app.url) });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; status: string; message: string };
    expect(body).toEqual({ id: expect.stringMatching(/^msg_/), status: 'received', message: 'Message sent!' });

    const messages = await app.store.collection<ContactMessage>({ name: 'contact_messages' });
    expect(await messages.get(body.id)).toMatchObject({ ...valid, status: 'received', operatorNotified: true });

    const mails = await app.outboxMails();
    const operator = mails.find((mail) => mail.kind === 'contact');
    expect(operator).toMatchObject({
      to: 'operator@quire.test',
      replyTo: 'ada@example.com',
      subject: 'Contact form: message from Ada Lovelace',
    });
    const copy = mails.find((mail) => mail.kind === 'contact_copy');
    expect(copy).toMatchObject({ to: 'ada@example.com', subject: 'We received your message' });
  });

  it('asks for the captcha when it is missing', async () => {
    const error = await expectError(await post(app, valid), 400, 'captcha_required');
    expect(error.message).toBe('CAPTCHA Required: Please complete the CAPTCHA verification.');
    await expectError(await post(app, { ...valid, altcha: '' }), 400, 'captcha_required');
  });

  it('refuses a solution used twice', async () => {
    const altcha = await solvedPayload(app.url);
    expect((await post(app, { ...valid, altcha })).status).toBe(201);
    await expectError(await post(app, { ...valid, altcha }), 400, 'captcha_invalid');
  });

  it('refuses forged, tampered and expired solutions', async () => {
    await expectError(await post(app, { ...valid, altcha: 'not base64 json' }), 400, 'captcha_invalid');

    const altcha = await solvedPayload(app.url);
    const payload = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8'));
    const key: string = payload.solution.derivedKey;
    const wrongKey = {
      ...payload,
      solution: { ...payload.solution, derivedKey: `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}` },
    };
    await expectError(await post(app, { ...valid, altcha: encode(wrongKey) }), 400, 'captcha_invalid');
    const moreTime = structuredClone(payload);
    moreTime.challenge.parameters.expiresAt += 3600;
    await expectError(await post(app, { ...valid, altcha: encode(moreTime) }), 400, 'captcha_invalid');

    // A challenge issued 11 minutes ago has expired.
    app.clock.offsetMs = -11 * 60_000;
    const old = await solvedPayload(app.url).finally(() => {
      app.clock.offsetMs = 0;
    });
    await expectError(await post(app, { ...valid, altcha: old }), 400, 'captcha_invalid');
    // The refused solutions were not spent: the untouched one still works.
    expect((await post(app, { ...valid, altcha })).status).toBe(201);
  });

  it('names the field that is not valid', async () => {
    const altcha = await solvedPayload(app.url);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: '' }, 'name'],
      [{ ...valid, name: 'x'.repeat(201) }, 'name'],
      [{ ...valid, email: 'not-an-email' }, 'email'],
      [{ ...valid, message: '   ' }, 'message'],
      [{ ...valid, message: 'x'.repeat(5001) }, 'message'],
      [{ email: valid.email, message: valid.message }, 'name'],
    ];
    for (const [body, param] of cases) {
      const error = await expectError(await post(app, { ...body, altcha }), 400, 'validation_failed');
      expect(error.param).toBe(param);
    }
    // Validation comes before the captcha, so the solution was not spent on a form the user must fix.
    expect((await post(app, { ...valid, altcha })).status).toBe(201);
  });
});

describe('the contact form rate limit', () => {
  let app: ContactApp;
  beforeAll(async () => {
    app = await startContactApp({ operatorEmail: 'team@quire.test', realLimits: true });
  });
  afterAll(async () => {
    await app.close();
  });

  it('allows 5 posts per IP in 10 minutes', async () => {
    expect((await post(app, { ...valid, altcha: await solvedPayload(app.url) })).status).toBe(201);
    expect((await app.outboxMails()).find((mail) => mail.kind === 'contact')?.to).toBe('team@quire.test');
    for (let i = 0; i < 4; i++) await expectError(await post(app, valid), 400, 'captcha_required');
    const limited = await post(app, { ...valid, altcha: await solvedPayload(app.url) });
    await expectError(limited, 429, 'rate_limited');
    expect(limited.headers.get('ratelimit-policy')).toContain('q=5; w=600');
    // Getting challenges is not limited by the form's limit.
    expect((await fetch(`${app.url}/v1/contact/challenge`)).status).toBe(200);

    app.clock.offsetMs = 10 * 60_000;
    try {
      expect((await post(app, { ...valid, altcha: await solvedPayload(app.url) })).status).toBe(201);
    } finally {
      app.clock.offsetMs = 0;
    }
  });

  it('mails one sender address at most 3 copies an hour, from any number of client addresses', async () => {
    app.clock.offsetMs = 2 * 60 * 60_000;
    try {
      const victim = { ...valid, email: 'victim@example.com' };
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await post(app, { ...victim, altcha: await solvedPayload(app.url) }, `192.0.2.${i + 1}`)).status,
        );
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      const copies = (await app.outboxMails()).filter(
        (mail) => mail.kind === 'contact_copy' && mail.to === victim.email,
      );
      expect(copies).toHaveLength(3);
    } finally {
      app.clock.offsetMs = 0;
    }
  });
});

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64');
}
