import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedUser, PASSWORD } from './__fixtures__/accounts';
import { type AuthTestApp, client, startAuthApp } from './__fixtures__/auth-app';
import { RESEND_MESSAGE, SIGNUP_MESSAGE } from './routes';

let nextIp = 1;
const freshIp = () => `198.18.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

describe('sign-up and resend', () => {
  let app: AuthTestApp;
  let call: ReturnType<typeof client>;
  beforeAll(async () => {
    app = await startAuthApp();
    call = client(app);
  });
  afterAll(async () => {
    await app.close();
  });
  const mailsTo = (to: string) => app.mailer.sent.filter((mail) => mail.to === to);
  const login = (email: string, password: string) =>
    call('POST', '/v1/auth/token?grant_type=password', { body: { email, password } });

  it('answers a registered address exactly as a new one, and mails its owner instead', async () => {
    await confirmedUser(app, 'owner@example.com');
    const before = mailsTo('owner@example.com').length;
    const fresh = await call('POST', '/v1/auth/signup', { body: { email: 'new@example.com', password: PASSWORD } });
    const taken = await call('POST', '/v1/auth/signup', {
      body: { email: 'OWNER@example.com', password: 'someone elses secret' },
    });
    // Before the fix: 201 with the user for the new address, 409 email_taken for the registered one.
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual(fresh.body);
    expect(fresh).toMatchObject({ status: 201, body: { message: SIGNUP_MESSAGE } });
    // The owner learns of it, with where to sign in or reset the password: no link that does anything by itself.
    const notice = await app.mailer.latest('account_exists', 'owner@example.com');
    expect(notice.subject).toBe('You already have a Quire account');
    expect(notice.links).toEqual({
      sign_in: 'https://quire.test/login',
      forgot_password: 'https://quire.test/forgot-password',
    });
    expect(mailsTo('owner@example.com')).toHaveLength(before + 1);
    // Nothing changed: the owner's password still works, the other one does not.
    expect((await login('owner@example.com', PASSWORD)).status).toBe(200);
    expect((await login('owner@example.com', 'someone elses secret')).body.error.code).toBe('invalid_credentials');
  });

  it('mails an unconfirmed owner a fresh confirmation link when they sign up again', async () => {
    await call('POST', '/v1/auth/signup', { body: { email: 'forgetful@example.com', password: PASSWORD } });
    const first = await app.mailer.latest('verify_email', 'forgetful@example.com');
    const again = await call('POST', '/v1/auth/signup', {
      body: { email: 'forgetful@example.com', password: PASSWORD },
    });
    expect(again.body).toEqual({ message: SIGNUP_MESSAGE });
    const second = await app.mailer.latest('verify_email', 'forgetful@example.com');
    expect(second.links?.verify).not.toBe(first.links?.verify);
    const link = new URL(second.links?.verify ?? '');
    expect((await call('GET', `${link.pathname}${link.search}`)).status).toBe(200);
    expect((await login('forgetful@example.com', PASSWORD)).status).toBe(200);
  });

  it('resends the confirmation link to an unconfirmed account, and says the same for any address', async () => {
    await call('POST', '/v1/auth/signup', { body: { email: 'lost@example.com', password: PASSWORD } });
    const first = await app.mailer.latest('verify_email', 'lost@example.com');
    await confirmedUser(app, 'done@example.com');
    const count = app.mailer.sent.length;

    const answers = await Promise.all(
      ['lost@example.com', 'done@example.com', 'nobody@example.com'].map((email) =>
        call('POST', '/v1/auth/resend', { body: { email } }),
      ),
    );
    for (const answer of answers) expect(answer).toMatchObject({ status: 200, body: { message: RESEND_MESSAGE } });
    // Only the unconfirmed account gets a mail: a new link that works.
    await expect.poll(() => app.mailer.sent.length).toBe(count + 1);
    const resent = await app.mailer.latest('verify_email', 'lost@example.com');
    expect(resent.links?.verify).not.toBe(first.links?.verify);
    const link = new URL(resent.links?.verify ?? '');
    expect((await call('GET', `${link.pathname}${link.search}`)).status).toBe(200);

    expect((await call('POST', '/v1/auth/resend', { body: {} })).body.error.code).toBe('email_required');
    expect((await call('POST', '/v1/auth/resend', { body: { email: 'nope' } })).body.error.code).toBe('invalid_email');
  });
});

describe('the limits of the forms that send mail', () => {
  let app: AuthTestApp;
  let call: ReturnType<typeof client>;
  beforeAll(async () => {
    // The real defaults: 10 per client address and 3 per email address, an hour.
    app = await startAuthApp({ realLimits: true });
    call = client(app);
  });
  afterAll(async () => {
    await app.close();
  });
  const countMails = (kind: string, to: string) =>
    app.mailer.sent.filter((mail) => mail.kind === kind && mail.to === to).length;

  it('limits sign-up to 10 attempts per address and 3 mails per email address an hour', async () => {
    const ip = '192.0.2.10';
    const signup = (email: string, from = ip) =>
      call('POST', '/v1/auth/signup', { body: { email, password: PASSWORD }, ip: from });
    // One victim's address, from many addresses: 3 mails, then 429.
    const forVictim = [];
    for (let i = 0; i < 5; i++) forVictim.push((await signup('victim@example.com', freshIp())).status);
    expect(forVictim).toEqual([201, 201, 201, 429, 429]);
    expect(countMails('verify_email', 'victim@example.com') + countMails('account_exists', 'victim@example.com')).toBe(
      3,
    );
    // Refused forms send nothing and do not count against the address they name.
    expect(
      (await call('POST', '/v1/auth/signup', { body: { email: 'weak@example.com', password: 'abc' } })).status,
    ).toBe(422);
    // From one address: 10 attempts an hour, whatever they are.
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await signup(`mass${i}@example.com`)).status);
    expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
    const limited = await signup('one-more@example.com');
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // An hour later the address may sign up again.
    app.advance(60 * 60 * 1000);
    expect((await signup('later@example.com')).status).toBe(201);
  });

  it('sends one victim at most 3 reset mails an hour, however many ask from wherever', async () => {
    await confirmedUser(app, 'target@example.com');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        call('POST', '/v1/auth/recover', { body: { email: 'target@example.com' }, ip: freshIp() }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(37);
    // Before the fix all 40 were mailed.
    await expect.poll(() => countMails('reset_password', 'target@example.com')).toBe(3);
    // And one address asks for at most 10 an hour, over any number of victims.
    const ip = '192.0.2.20';
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await call('POST', '/v1/auth/recover', { body: { email: `r${i}@example.com` }, ip })).status);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it('resends at most 3 confirmation mails to one address an hour', async () => {
    await call('POST', '/v1/auth/signup', {
      body: { email: 'pending@example.com', password: PASSWORD },
      ip: freshIp(),
    });
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await call('POST', '/v1/auth/resend', { body: { email: 'pending@example.com' }, ip: freshIp() })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // The sign-up's own mail and 3 resent.
    await expect.poll(() => countMails('verify_email', 'pending@example.com')).toBe(4);
  });
});
