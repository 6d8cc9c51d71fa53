import jwt from 'jsonwebtoken';
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

const login = (email: string, password: string) =>
  call('POST', '/v1/auth/token?grant_type=password', { body: { email, password } });
const refresh = (token: string) =>
  call('POST', '/v1/auth/token?grant_type=refresh_token', { body: { refresh_token: token } });

describe('signup, verify, login, refresh, logout', () => {
  it('runs the whole session life cycle', async () => {
    const signup = await call('POST', '/v1/auth/signup', {
      body: { email: 'Ann@Example.com', password: PASSWORD, data: { full_name: 'Ann Lee' } },
    });
    expect(signup.status).toBe(201);
    // The same answer as for a registered address (signup.test.ts): nothing about the account.
    expect(signup.body).toEqual({
      message: 'Registration successful! Please check your email to verify your account.',
    });

    // Not confirmed yet: the right password is not enough.
    expect((await login('ann@example.com', PASSWORD)).body.error.code).toBe('email_not_confirmed');

    const mail = await app.mailer.latest('verify_email', 'ann@example.com');
    expect(mail.links?.verify).toMatch(/^https:\/\/quire\.test\/v1\/auth\/verify\?token=[\w-]{43}$/);
    const link = new URL(mail.links?.verify ?? '');
    const verified = await call('GET', `${link.pathname}${link.search}`);
    expect(verified.status).toBe(200);
    expect(verified.body.email_confirmed_at).toEqual(expect.any(String));
    // Single use.
    const again = await call('GET', `${link.pathname}${link.search}`);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'validation_failed', param: 'token' });

    const before = Math.floor(app.now().getTime() / 1000);
    const session = await login('ANN@example.com', PASSWORD);
    const after = Math.floor(app.now().getTime() / 1000);
    expect(session.status).toBe(200);
    expect(Object.keys(session.body).sort()).toEqual(
      ['access_token', 'expires_at', 'expires_in', 'refresh_token', 'token_type', 'user'].sort(),
    );
    expect(session.body).toMatchObject({ expires_in: 3600, token_type: 'bearer' });
    // The clock runs: the login may cross a second boundary (it did on a loaded CI machine).
    expect(session.body.expires_at).toBeGreaterThanOrEqual(before + 3600);
    expect(session.body.expires_at).toBeLessThanOrEqual(after + 3600);
    expect(session.body.user).toMatchObject({ email: 'ann@example.com', user_metadata: { full_name: 'Ann Lee' } });
    const claims = jwt.decode(session.body.access_token) as jwt.JwtPayload;
    expect(claims).toMatchObject({ sub: session.body.user.id, email: 'ann@example.com', aud: 'quire' });
    expect(claims.iss).toBe(app.publicUrl);

    const user = await call('GET', '/v1/auth/user', { token: session.body.access_token });
    expect(user.body).toEqual(session.body.user);

    const first = session.body.refresh_token as string;
    const second = await refresh(first);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first);
    const third = await refresh(second.body.refresh_token);
    expect(third.status).toBe(200);

    // The first token again: someone copied it. The family is revoked, the newest token dies with it.
    const reused = await refresh(first);
    expect(reused.status).toBe(401);
    expect(reused.body.error).toMatchObject({
      code: 'refresh_token_reused',
      message: 'Invalid Refresh Token: Already Used',
    });
    const newest = await refresh(third.body.refresh_token);
    expect(newest.body.error.code).toBe('invalid_refresh_token');
    // And the access tokens of that session stop working too.
    const ended = await call('GET', '/v1/auth/user', { token: third.body.access_token });
    expect(ended.body.error.code).toBe('session_missing');

    const fresh = await login('ann@example.com', PASSWORD);
    const out = await call('POST', '/v1/auth/logout?scope=global', { token: fresh.body.access_token });
    expect(out.status).toBe(204);
    expect((await refresh(fresh.body.refresh_token)).body.error.code).toBe('invalid_refresh_token');
    expect((await call('GET', '/v1/auth/user', { token: fresh.body.access_token })).status).toBe(401);
  });

  it('logs out one session with scope=local and keeps the others', async () => {
    const a = await confirmedUser(app, 'local@example.com');
    const b = await login('local@example.com', PASSWORD);
    const out = await call('POST', '/v1/auth/logout?scope=local', {
      token: a.access_token,
      body: { refresh_token: a.refresh_token },
    });
    expect(out.status).toBe(204);
    expect((await refresh(a.refresh_token)).body.error.code).toBe('invalid_refresh_token');
    expect((await refresh(b.body.refresh_token)).status).toBe(200);
    const bad = await call('POST', '/v1/auth/logout?scope=everything', { token: b.body.access_token });
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', param: 'scope' });
  });

  it('refuses bad signups', async () => {
    const missing = await call('POST', '/v1/auth/signup', { body: { email: 'x@example.com' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      code: 'missing_credentials',
      message: 'You must provide either an email or phone number and a password',
    });
    const short = await call('POST', '/v1/auth/signup', { body: { email: 'x@example.com', password: 'abc' } });
    expect(short.status).toBe(422);
    expect(short.body.error).toMatchObject({
      code: 'password_too_short',
      message: 'Password must be at least 8 characters long',
    });
    const weak = await call('POST', '/v1/auth/signup', { body: { email: 'x@example.com', password: 'password123' } });
    expect(weak.status).toBe(422);
    expect(weak.body.error).toMatchObject({ code: 'weak_password', reasons: ['common_password'] });
    const email = await call('POST', '/v1/auth/signup', { body: { email: 'nope', password: PASSWORD } });
    expect(email.body.error.code).toBe('invalid_email');
  });

  it('refuses bad logins with the catalogue messages', async () => {
    await confirmedUser(app, 'bob@example.com');
    const missing = await call('POST', '/v1/auth/token?grant_type=password', { body: { email: 'bob@example.com' } });
    expect(missing.body.error.code).toBe('missing_credentials');
    for (const [email, password] of [
      ['bob@example.com', 'wrong password'],
      ['nobody@example.com', PASSWORD],
    ] as const) {
      const response = await login(email, password);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
    const grant = await call('POST', '/v1/auth/token?grant_type=magic', { body: {} });
    expect(grant.body.error).toMatchObject({ code: 'validation_failed', param: 'grant_type' });
    expect((await refresh('not-a-token')).body.error.code).toBe('invalid_refresh_token');
  });
});

describe('access tokens', () => {
  it('refuses a missing token, alg none, another key, another issuer and an expired token', async () => {
    const session = await confirmedUser(app, 'jwt@example.com');
    const claims = jwt.decode(session.access_token) as jwt.JwtPayload;
    const missing = await call('GET', '/v1/auth/user');
    expect(missing.status).toBe(401);
    expect(missing.body.error).toMatchObject({ code: 'session_missing', message: 'Auth session missing!' });

    const unsigned = jwt.sign(claims, '', { algorithm: 'none' });
    const otherKey = jwt.sign(claims, 'another-secret-that-is-long-enough-000000', { algorithm: 'HS256' });
    const otherIssuer = jwt.sign({ ...claims, iss: 'https://evil.test' }, app.secret, { algorithm: 'HS256' });
    const expired = jwt.sign({ ...claims, exp: Math.floor(app.now().getTime() / 1000) - 10 }, app.secret, {
      algorithm: 'HS256',
    });
    for (const token of [unsigned, otherKey, otherIssuer, expired, 'garbage']) {
      const response = await call('GET', '/v1/auth/user', { token });
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('invalid_jwt');
    }
    expect((await call('GET', '/v1/auth/user', { token: session.access_token })).status).toBe(200);
    // An hour later the same token has expired.
    app.advance(3601 * 1000);
    expect((await call('GET', '/v1/auth/user', { token: session.access_token })).body.error.code).toBe('invalid_jwt');
  });
});

describe('PUT user', () => {
  it('updates the name, changes the password with the current one, and changes the email after verification', async () => {
    const session = await confirmedUser(app, 'carol@example.com');
    const other = await login('carol@example.com', PASSWORD);
    const token = session.access_token;

    const named = await call('PUT', '/v1/auth/user', { token, body: { data: { full_name: 'Carol King' } } });
    expect(named.body.user_metadata).toEqual({ full_name: 'Carol King' });

    const noCurrent = await call('PUT', '/v1/auth/user', { token, body: { password: 'a brand new secret' } });
    expect(noCurrent.body.error).toMatchObject({ code: 'missing_credentials', param: 'current_password' });
    const wrong = await call('PUT', '/v1/auth/user', {
      token,
      body: { password: 'a brand new secret', current_password: 'not it at all' },
    });
    expect(wrong.body.error.code).toBe('invalid_credentials');
    const changed = await call('PUT', '/v1/auth/user', {
      token,
      body: { password: 'a brand new secret', current_password: PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect((await login('carol@example.com', PASSWORD)).body.error.code).toBe('invalid_credentials');
    expect((await login('carol@example.com', 'a brand new secret')).status).toBe(200);
    // The session that changed it stays; the other one ends.
    expect((await call('GET', '/v1/auth/user', { token })).status).toBe(200);
    expect((await refresh(other.body.refresh_token)).body.error.code).toBe('invalid_refresh_token');

    await call('POST', '/v1/auth/signup', { body: { email: 'dave@example.com', password: PASSWORD } });
    const taken = await call('PUT', '/v1/auth/user', { token, body: { email: 'dave@example.com' } });
    expect(taken.body.error.code).toBe('email_taken');
    const moving = await call('PUT', '/v1/auth/user', { token, body: { email: 'carol@new.example' } });
    expect(moving.body.email).toBe('carol@example.com');
    const mail = await app.mailer.latest('verify_email', 'carol@new.example');
    const link = new URL(mail.links?.verify ?? '');
    const verified = await call('GET', `${link.pathname}${link.search}`);
    expect(verified.body.email).toBe('carol@new.example');
    expect((await call('GET', '/v1/auth/user', { token })).body.email).toBe('carol@new.example');
  });
});

describe('recover and reset', () => {
  it('answers the same for known and unknown emails and mails a single-use link', async () => {
    await confirmedUser(app, 'erin@example.com');
    const known = await call('POST', '/v1/auth/recover', { body: { email: 'erin@example.com' } });
    const unknown = await call('POST', '/v1/auth/recover', { body: { email: 'ghost@example.com' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const mail = await app.mailer.latest('reset_password', 'erin@example.com');
    expect(app.mailer.sent.some((m) => m.to === 'ghost@example.com')).toBe(false);
    const token = new URL(mail.links?.reset ?? '').searchParams.get('token');
    expect(mail.links?.reset).toMatch(/^https:\/\/quire\.test\/reset-password\?token=/);

    const weak = await call('POST', '/v1/auth/reset', { body: { token, password: '12345678' } });
    expect(weak.body.error.code).toBe('weak_password');
    const done = await call('POST', '/v1/auth/reset', { body: { token, password: 'another long secret' } });
    expect(done.status).toBe(200);
    expect((await login('erin@example.com', 'another long secret')).status).toBe(200);
    const reused = await call('POST', '/v1/auth/reset', { body: { token, password: 'yet another secret' } });
    expect(reused.status).toBe(401);
    expect(reused.body.error).toMatchObject({
      code: 'reset_link_expired',
      message: 'Password reset link has expired. Please request a new one.',
    });
  });

  it('says the link has expired after an hour, and revokes sessions on reset', async () => {
    const session = await confirmedUser(app, 'fay@example.com');
    await call('POST', '/v1/auth/recover', { body: { email: 'fay@example.com' } });
    const first = await app.mailer.latest('reset_password', 'fay@example.com');
    app.advance(61 * 60 * 1000);
    const expired = await call('POST', '/v1/auth/reset', {
      body: { token: new URL(first.links?.reset ?? '').searchParams.get('token'), password: 'another long secret' },
    });
    expect(expired.body.error).toMatchObject({
      code: 'reset_link_expired',
      message: 'Password reset link has expired. Please request a new one.',
    });
    const unknown = await call('POST', '/v1/auth/reset', {
      body: { token: 'made-up', password: 'another long secret' },
    });
    expect(unknown.body.error.code).toBe('reset_link_expired');

    const count = app.mailer.sent.length;
    await call('POST', '/v1/auth/recover', { body: { email: 'fay@example.com' } });
    await expect.poll(() => app.mailer.sent.length).toBe(count + 1);
    const second = await app.mailer.latest('reset_password', 'fay@example.com');
    const reset = await call('POST', '/v1/auth/reset', {
      body: { token: new URL(second.links?.reset ?? '').searchParams.get('token'), password: 'another long secret' },
    });
    expect(reset.status).toBe(200);
    expect((await refresh(session.refresh_token)).body.error.code).toBe('invalid_refresh_token');
  });

  it('opens a 15-minute recovery session with a reset link, to set a password without the current one', async () => {
    const old = await confirmedUser(app, 'gil@example.com');
    const tokenOf = async () => {
      const count = app.mailer.sent.length;
      await call('POST', '/v1/auth/recover', { body: { email: 'gil@example.com' } });
      await expect.poll(() => app.mailer.sent.length).toBe(count + 1);
      const mail = await app.mailer.latest('reset_password', 'gil@example.com');
      return new URL(mail.links?.reset ?? '').searchParams.get('token') ?? '';
    };
    const verify = (token: string) => call('POST', '/v1/auth/verify', { body: { type: 'recovery', token } });

    const token = await tokenOf();
    const recovery = await verify(token);
    expect(recovery.status).toBe(200);
    expect(recovery.body).toMatchObject({ expires_in: 900, token_type: 'bearer', user: { email: 'gil@example.com' } });
    expect(recovery.body.refresh_token).toBeUndefined();
    const claims = jwt.decode(recovery.body.access_token) as jwt.JwtPayload;
    expect(claims).toMatchObject({ sub: old.user.id, amr: ['recovery'] });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
    // Single use, through either route.
    expect((await verify(token)).body.error).toMatchObject({
      code: 'reset_link_expired',
      message: 'Password reset link has expired. Please request a new one.',
    });
    expect((await call('POST', '/v1/auth/reset', { body: { token, password: 'another long secret' } })).status).toBe(
      401,
    );
    expect((await verify('made-up')).body.error.code).toBe('reset_link_expired');
    expect((await call('POST', '/v1/auth/verify', { body: { type: 'signup', token } })).body.error.code).toBe(
      'validation_failed',
    );

    const bearer = recovery.body.access_token as string;
    // The recovery session reads the user and sets a password, nothing else.
    expect((await call('GET', '/v1/auth/user', { token: bearer })).status).toBe(200);
    expect((await call('GET', '/v1/auth/factors', { token: bearer })).body.error.code).toBe('session_missing');
    expect((await call('GET', '/v1/profile', { token: bearer })).status).toBe(401);
    const email = await call('PUT', '/v1/auth/user', { token: bearer, body: { email: 'thief@example.com' } });
    expect(email.body.error).toMatchObject({ code: 'validation_failed', param: 'email' });
    const weak = await call('PUT', '/v1/auth/user', { token: bearer, body: { password: '12345678' } });
    expect(weak.body.error.code).toBe('weak_password');

    const changed = await call('PUT', '/v1/auth/user', { token: bearer, body: { password: 'recovered secret' } });
    expect(changed.status).toBe(200);
    expect((await login('gil@example.com', PASSWORD)).body.error.code).toBe('invalid_credentials');
    const fresh = await login('gil@example.com', 'recovered secret');
    expect(fresh.status).toBe(200);
    // Every earlier session ended, the recovery one too.
    expect((await refresh(old.refresh_token)).body.error.code).toBe('invalid_refresh_token');
    expect((await call('GET', '/v1/auth/user', { token: bearer })).body.error.code).toBe('session_missing');

    // A normal session still needs the current password.
    const normal = await call('PUT', '/v1/auth/user', {
      token: fresh.body.access_token,
      body: { password: 'yet another secret' },
    });
    expect(normal.body.error).toMatchObject({ code: 'missing_credentials', param: 'current_password' });

    // A recovery session lasts 15 minutes; an expired link opens none.
    const late = await verify(await tokenOf());
    app.advance(16 * 60 * 1000);
    const expiredSession = await call('PUT', '/v1/auth/user', {
      token: late.body.access_token,
      body: { password: 'too late secret' },
    });
    expect(expiredSession.body.error.code).toBe('invalid_jwt');
    const stale = await tokenOf();
    app.advance(61 * 60 * 1000);
    expect((await verify(stale)).body.error.code).toBe('reset_link_expired');
  });
});

describe('reset links after a reset or a password change', () => {
  /** Asks for a reset link and returns its token. */
  async function resetToken(email: string): Promise<string> {
    const count = app.mailer.sent.length;
    await call('POST', '/v1/auth/recover', { body: { email } });
    await expect.poll(() => app.mailer.sent.length).toBe(count + 1);
    const mail = await app.mailer.latest('reset_password', email);
    return new URL(mail.links?.reset ?? '').searchParams.get('token') ?? '';
  }
  const reset = (token: string, password: string) => call('POST', '/v1/auth/reset', { body: { token, password } });

  it('ends every other reset link once one is used, by either route', async () => {
    await confirmedUser(app, 'hope@example.com');
    const older = await resetToken('hope@example.com');
    const newer = await resetToken('hope@example.com');
    expect((await reset(newer, 'the newest secret')).status).toBe(200);
    // Before the fix the older link still set a password: whoever held it could take the account back.
    const stale = await reset(older, 'an attackers secret');
    expect(stale.status).toBe(401);
    expect(stale.body.error.code).toBe('reset_link_expired');
    expect((await login('hope@example.com', 'the newest secret')).status).toBe(200);

    const first = await resetToken('hope@example.com');
    const second = await resetToken('hope@example.com');
    const recovery = await call('POST', '/v1/auth/verify', { body: { type: 'recovery', token: second } });
    expect(recovery.status).toBe(200);
    expect((await reset(first, 'an attackers secret')).body.error.code).toBe('reset_link_expired');
  });

  it('ends the other sessions, the unused reset links and a pending email change on a password change', async () => {
    const session = await confirmedUser(app, 'iris@example.com');
    const other = await login('iris@example.com', PASSWORD);
    const pending = await resetToken('iris@example.com');
    const token = session.access_token;
    expect((await call('PUT', '/v1/auth/user', { token, body: { email: 'iris@elsewhere.example' } })).status).toBe(200);
    const change = await app.mailer.latest('verify_email', 'iris@elsewhere.example');

    const changed = await call('PUT', '/v1/auth/user', {
      token,
      body: { password: 'a changed secret', current_password: PASSWORD },
    });
    expect(changed.status).toBe(200);
    // This session stays; the other one ends.
    expect((await call('GET', '/v1/auth/user', { token })).status).toBe(200);
    expect((await refresh(other.body.refresh_token)).body.error.code).toBe('invalid_refresh_token');
    // The reset link mailed before the change no longer works, nor does the email change asked for before it.
    expect((await reset(pending, 'an attackers secret')).body.error.code).toBe('reset_link_expired');
    const link = new URL(change.links?.verify ?? '');
    expect((await call('GET', `${link.pathname}${link.search}`)).body.error).toMatchObject({ param: 'token' });
    expect((await call('GET', '/v1/auth/user', { token })).body.email).toBe('iris@example.com');
  });
});
