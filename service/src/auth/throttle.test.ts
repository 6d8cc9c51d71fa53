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

  it('grows the lock up to and stopping at 15 minutes, though each lock is waited out', async () => {
    app.advance(25 * 60 * 60 * 1000);
    await confirmedUser(app, 'hal@example.com');
    const locks: number[] = [];
    for (let i = 0; i < 30; i++) {
      const response = await login('hal@example.com', 'wrong password');
      if (response.status === 429) {
        locks.push(response.body.error.retry_after);
        app.advance(response.body.error.retry_after * 1000 + 1000);
      }
    }
    // Waiting out a lock does not reset the escalation: the failures that escalated it count for 24 hours.
    expect(locks.slice(0, 7)).toEqual([30, 60, 120, 240, 480, 900, 900]);
    // And it stays at the 15-minute cap.
    expect(locks.length).toBe(13);
    expect(locks.slice(5)).toEqual(Array(8).fill(900));
    // The right password, once the last lock is over (already waited out above), resets the account counter.
    expect((await login('hal@example.com', PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('hal@example.com', 'wrong password')).status).toBe(400);
    expect((await login('hal@example.com', PASSWORD)).status).toBe(200);
  });

  it('gives 5 free failures per 15 minutes and forgets the escalation after 24 hours', async () => {
    app.advance(25 * 60 * 60 * 1000);
    await confirmedUser(app, 'ida@example.com');
    // Four failures every 16 minutes never use up the allowance of 5 per 15 minutes.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await login('ida@example.com', 'wrong password')).status).toBe(400);
      app.advance(16 * 60 * 1000);
    }
    expect((await login('ida@example.com', PASSWORD)).status).toBe(200);

    for (let i = 0; i < 5; i++) await login('ida@example.com', 'wrong password');
    app.advance(31_000);
    await login('ida@example.com', 'wrong password');
    expect((await login('ida@example.com', PASSWORD)).body.error.retry_after).toBe(60);
    // An hour later the allowance is back, but the escalation is not: the next failure locks for 120 s.
    app.advance(60 * 60 * 1000);
    expect((await login('ida@example.com', 'wrong password')).status).toBe(400);
    expect((await login('ida@example.com', PASSWORD)).body.error.retry_after).toBe(120);
    // After 24 hours without failures the account starts afresh.
    app.advance(24 * 60 * 60 * 1000 + 1000);
    for (let i = 0; i < 4; i++) expect((await login('ida@example.com', 'wrong password')).status).toBe(400);
    expect((await login('ida@example.com', 'wrong password')).status).toBe(400);
    expect((await login('ida@example.com', PASSWORD)).body.error.retry_after).toBe(30);
  });

  it('counts failures per IP across accounts, with 20 free failures per 15 minutes', async () => {
    app.advance(25 * 60 * 60 * 1000);
    // One user of an office behind one address locks their own account, not the office.
    await confirmedUser(app, 'office@example.com');
    for (let i = 0; i < 5; i++) await login('clumsy@example.com', 'wrong password', '198.51.100.7');
    expect((await login('clumsy@example.com', 'wrong password', '198.51.100.7')).status).toBe(429);
    expect((await login('office@example.com', PASSWORD, '198.51.100.7')).status).toBe(200);

    for (let i = 0; i < 15; i++) {
      expect((await login(`nobody${i}@example.com`, 'wrong password', '198.51.100.7')).status).toBe(400);
    }
    const response = await login('someone-else@example.com', 'wrong password', '198.51.100.7');
    expect(response.status).toBe(429);
    expect(response.body.error).toMatchObject({ code: 'too_many_attempts', retry_after: 30 });
    // Another address is not affected.
    expect((await login('someone-else@example.com', 'wrong password', '198.51.100.8')).status).toBe(400);
  });
});
