import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedUser, PASSWORD } from './__fixtures__/accounts';
import { type AuthTestApp, client, startAuthApp } from './__fixtures__/auth-app';

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
/** Each attempt from its own address unless one is given, so that only the account counter is at play. */
const login = (email: string, password: string, ip = `203.0.113.${nextIp++}`) =>
  call('POST', '/v1/auth/token?grant_type=password', { body: { email, password }, ip });

describe('login throttling', () => {
  it('locks after five failures in 15 minutes, for progressively longer, and a success resets it', async () => {
    await confirmedUser(app, 'gus@example.com');
    for (let i = 0; i < 5; i++) expect((await login('gus@example.com', 'wrong password')).status).toBe(400);
    // Even the right password waits now.
    const locked = await login('gus@example.com', PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatchObject({ code: 'too_many_attempts', retry_after: 30 });
    expect(locked.headers.get('retry-after')).toBe('30');

    app.advance(31_000);
    expect((await login('gus@example.com', 'wrong password')).status).toBe(400);
    expect((await login('gus@example.com', PASSWORD)).body.error.retry_after).toBe(60);
    app.advance(61_000);
    expect((await login('gus@example.com', 'wrong password')).status).toBe(400);
    expect((await login('gus@example.com', PASSWORD)).body.error.retry_after).toBe(120);

    app.advance(121_000);
    expect((await login('gus@example.com', PASSWORD)).status).toBe(200);
    // The success reset the account: a new failure does not lock it.
    expect((await login('gus@example.com', 'wrong password')).status).toBe(400);
    expect((await login('gus@example.com', PASSWORD)).status).toBe(200);
  });

  it('grows the lock while failures stay in the window, and forgets failures older than the window', async () => {
    app.advance(16 * 60 * 1000);
    await confirmedUser(app, 'hal@example.com');
    const locks: number[] = [];
    for (let i = 0; i < 24; i++) {
      const response = await login('hal@example.com', 'wrong password');
      if (response.status === 429) {
        locks.push(response.body.error.retry_after);
        app.advance(response.body.error.retry_after * 1000 + 1000);
      }
    }
    expect(locks.slice(0, 5)).toEqual([30, 60, 120, 240, 480]);
    // Waiting out the locks moves the oldest failures out of the 15-minute window, so the lock peaks at 480 s.
    expect(Math.max(...locks)).toBe(480);
    app.advance(16 * 60 * 1000);
    expect((await login('hal@example.com', PASSWORD)).status).toBe(200);
  });

  it('counts failures per IP across accounts', async () => {
    app.advance(16 * 60 * 1000);
    for (let i = 0; i < 5; i++) await login(`nobody${i}@example.com`, 'wrong password', '198.51.100.7');
    const response = await login('someone-else@example.com', 'wrong password', '198.51.100.7');
    expect(response.status).toBe(429);
    expect(response.body.error.code).toBe('too_many_attempts');
    // Another address is not affected.
    expect((await login('someone-else@example.com', 'wrong password', '198.51.100.8')).status).toBe(400);
  });
});
