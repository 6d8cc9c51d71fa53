import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedUser, PASSWORD, solveCaptcha } from './__fixtures__/accounts';
import { type AuthTestApp, client, startAuthApp } from './__fixtures__/auth-app';
import { difficultyFor } from './throttle';

let app: AuthTestApp;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  app = await startAuthApp();
  call = client(app);
});
afterAll(async () => {
  await app.close();
});

let nextIp = 1;
/** A fresh address: each attempt from its own unless one is given, so that only the account's count is at play. */
const freshIp = () => `203.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;
const login = (email: string, password: string, ip = freshIp(), altcha?: string) =>
  call('POST', '/v1/auth/token?grant_type=password', {
    body: { email, password, ...(altcha ? { altcha } : {}) },
    ip,
  });
/** Tally of `status code` (or `200 token`) over answers. */
function tally(answers: { status: number; body: { error?: { code: string }; access_token?: string } }[]) {
  const counts: Record<string, number> = {};
  for (const { status, body } of answers) {
    const key = `${status} ${body.error?.code ?? (body.access_token ? 'token' : 'answer')}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describe('sign-in throttling', () => {
  it('asks for a proof of work after five failures at an account, never locking its owner out', async () => {
    await confirmedUser(app, 'gus@example.com');
    // Five wrong guesses from five addresses: each is checked.
    for (let i = 0; i < 5; i++) expect((await login('gus@example.com', 'wrong password')).status).toBe(400);
    // The owner, from their own address, is not locked out: they are asked to solve a challenge.
    const challenged = await login('gus@example.com', PASSWORD);
    expect(challenged.status).toBe(400);
    expect(challenged.body.error).toMatchObject({
      code: 'captcha_required',
      param: 'altcha',
      message: 'CAPTCHA Required: Please complete the CAPTCHA verification.',
      challenge: { parameters: { algorithm: 'SHA-256', data: { scope: expect.stringMatching(/^sign_in:/) } } },
    });
    expect(challenged.body.access_token).toBeUndefined();
    // Solved, the same request signs in.
    const altcha = await solveCaptcha(challenged.body.error.challenge);
    const session = await login('gus@example.com', PASSWORD, freshIp(), altcha);
    expect(session.status).toBe(200);
    expect(session.body.access_token).toEqual(expect.any(String));
    // A solution works once.
    const again = await login('gus@example.com', PASSWORD, freshIp(), altcha);
    expect(again.body.error).toMatchObject({ code: 'captcha_invalid', challenge: expect.any(Object) });
    // A wrong password with a solved challenge is checked, and counts.
    const wrong = await login(
      'gus@example.com',
      'wrong password',
      freshIp(),
      await solveCaptcha(again.body.error.challenge),
    );
    expect(wrong.body.error.code).toBe('invalid_credentials');
    // Fifteen minutes after the first failure, the account is free again.
    app.advance(15 * 60 * 1000 + 1000);
    expect((await login('gus@example.com', PASSWORD)).status).toBe(200);
  });

  it('binds a challenge to its account, and raises the work as failures go on', async () => {
    app.advance(60 * 60 * 1000);
    await confirmedUser(app, 'hal@example.com');
    await confirmedUser(app, 'ida@example.com');
    for (let i = 0; i < 5; i++) {
      await login('hal@example.com', 'wrong password');
      await login('ida@example.com', 'wrong password');
    }
    const forHal = (await login('hal@example.com', PASSWORD)).body.error.challenge;
    // A challenge earned on one account is no good on another (whose own challenge may be harder).
    const misused = await login('ida@example.com', PASSWORD, freshIp(), await solveCaptcha(forHal));
    expect(misused.body.error).toMatchObject({ code: 'captcha_invalid', reason: 'wrong_scope' });

    expect([5, 9, 10, 14, 15, 40, 1000].map(difficultyFor)).toEqual([
      50_000, 50_000, 100_000, 100_000, 200_000, 3_200_000, 3_200_000,
    ]);
  });

  it('gives one address five attempts at one account, then 429 until its window ends', async () => {
    app.advance(60 * 60 * 1000);
    await confirmedUser(app, 'jo@example.com');
    const ip = '198.51.100.20';
    for (let i = 0; i < 5; i++) expect((await login('jo@example.com', 'wrong password', ip)).status).toBe(400);
    const locked = await login('jo@example.com', PASSWORD, ip);
    expect(locked.status).toBe(429);
    // Until the window that opened with the first of the five ends: 15 minutes (less the seconds spent above).
    expect(locked.body.error.code).toBe('too_many_attempts');
    expect(locked.body.error.retry_after).toBeGreaterThan(880);
    expect(locked.body.error.retry_after).toBeLessThanOrEqual(900);
    expect(locked.headers.get('retry-after')).toBe(String(locked.body.error.retry_after));
    // The owner elsewhere is challenged, not locked.
    const elsewhere = await login('jo@example.com', PASSWORD);
    expect(elsewhere.body.error.code).toBe('captcha_required');
    expect(
      (await login('jo@example.com', PASSWORD, freshIp(), await solveCaptcha(elsewhere.body.error.challenge))).status,
    ).toBe(200);
    app.advance(10 * 60 * 1000);
    expect((await login('jo@example.com', PASSWORD, ip)).body.error.retry_after).toBeLessThanOrEqual(300);
    app.advance(5 * 60 * 1000 + 1000);
    expect((await login('jo@example.com', PASSWORD, ip)).status).toBe(200);
  });

  it('counts attempts per address across accounts, 20 per 15 minutes', async () => {
    app.advance(60 * 60 * 1000);
    await confirmedUser(app, 'office@example.com');
    const ip = '198.51.100.7';
    // One user of an office behind one address does not lock the office out of other accounts.
    for (let i = 0; i < 5; i++) await login('clumsy@example.com', 'wrong password', ip);
    expect((await login('clumsy@example.com', 'wrong password', ip)).status).toBe(429);
    expect((await login('office@example.com', PASSWORD, ip)).status).toBe(200);
    // Spraying one password over many accounts from one address stops at 20 attempts.
    for (let i = 0; i < 15; i++) {
      expect((await login(`nobody${i}@example.com`, 'wrong password', ip)).status).toBe(400);
    }
    const response = await login('someone-else@example.com', 'wrong password', ip);
    expect(response.status).toBe(429);
    expect(response.body.error.code).toBe('too_many_attempts');
    // Another address is not affected.
    expect((await login('someone-else@example.com', 'wrong password', '198.51.100.8')).status).toBe(400);
  });

  it('checks at most five of 100 concurrent guesses from one address, and issues no token while locked', async () => {
    app.advance(60 * 60 * 1000);
    await confirmedUser(app, 'kim@example.com');
    const ip = '192.0.2.44';
    const guesses = await Promise.all(Array.from({ length: 100 }, () => login('kim@example.com', 'wrong guess', ip)));
    // Each attempt is claimed before the password is looked at: only the allowance is ever checked.
    expect(tally(guesses)).toEqual({ '400 invalid_credentials': 5, '429 too_many_attempts': 95 });
    const right = await login('kim@example.com', PASSWORD, ip);
    expect(right.status).toBe(429);
    expect(right.body.access_token).toBeUndefined();
  });

  it('checks at most five of 100 concurrent guesses from 100 addresses, and issues no token unsolved', async () => {
    app.advance(60 * 60 * 1000);
    await confirmedUser(app, 'lee@example.com');
    const guesses = await Promise.all(Array.from({ length: 100 }, () => login('lee@example.com', 'wrong guess')));
    expect(tally(guesses)).toEqual({ '400 invalid_credentials': 5, '400 captcha_required': 95 });
    const right = await login('lee@example.com', PASSWORD);
    expect(right.body.error.code).toBe('captcha_required');
    expect(right.body.access_token).toBeUndefined();
  });
});
