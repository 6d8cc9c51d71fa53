import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, newAccount } from '../__fixtures__/api-client';
import { type RunningApp, startApp } from '../__fixtures__/harness';
import { confirmedUser, PASSWORD } from './__fixtures__/accounts';
import { type AuthTestApp, client, startAuthApp } from './__fixtures__/auth-app';

const ELEVEN_MINUTES = 11 * 60 * 1000;

describe('a stolen access token', () => {
  let app: AuthTestApp;
  let call: ReturnType<typeof client>;
  beforeAll(async () => {
    app = await startAuthApp();
    call = client(app);
  });
  afterAll(async () => {
    await app.close();
  });
  const codeFor = (secret: string, at = app.now().getTime()) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

  /** A user with a verified TOTP factor, signed in; the session's sign-in is `ELEVEN_MINUTES` old. */
  async function staleSession(email: string) {
    const session = await confirmedUser(app, email);
    const token = session.access_token;
    const enrol = await call('POST', '/v1/auth/factors', { token, body: {} });
    const factorId = enrol.body.id as string;
    const secret = enrol.body.totp.secret as string;
    const challenge = await call('POST', `/v1/auth/factors/${factorId}/challenge`, { token });
    const verified = await call('POST', `/v1/auth/factors/${factorId}/verify`, {
      token,
      body: { challenge_id: challenge.body.id, code: codeFor(secret) },
    });
    expect(verified.status).toBe(200);
    // The thief's copy: still a valid access token (an hour), but its sign-in is more than 10 minutes old.
    app.advance(ELEVEN_MINUTES);
    return {
      token: verified.body.access_token as string,
      refreshToken: verified.body.refresh_token as string,
      factorId,
      secret,
    };
  }

  it('can neither change the email nor remove the two-factor method', async () => {
    const { token, refreshToken, factorId } = await staleSession('mia@example.com');
    // Before the fix both went through with nothing asked.
    const moving = await call('PUT', '/v1/auth/user', { token, body: { email: 'thief@example.com' } });
    expect(moving.status).toBe(403);
    expect(moving.body.error).toMatchObject({
      code: 'reauthentication_required',
      type: 'authentication_error',
      message: 'Please confirm your password or a two-factor code to continue: this action needs a recent sign-in.',
    });
    expect(app.mailer.sent.some((mail) => mail.to === 'thief@example.com')).toBe(false);
    const removing = await call('DELETE', `/v1/auth/factors/${factorId}`, { token });
    expect(removing.body.error.code).toBe('reauthentication_required');
    expect((await call('GET', '/v1/auth/factors', { token })).body.data).toHaveLength(1);
    // A refresh token does not renew the proof: it is as stale as the session.
    const refreshed = await call('POST', '/v1/auth/token?grant_type=refresh_token', {
      body: { refresh_token: refreshToken },
    });
    const again = await call('DELETE', `/v1/auth/factors/${factorId}`, { token: refreshed.body.access_token });
    expect(again.body.error.code).toBe('reauthentication_required');
    // Nor does naming the user: the name still changes without it.
    const named = await call('PUT', '/v1/auth/user', { token, body: { data: { full_name: 'Mia' } } });
    expect(named.status).toBe(200);
  });

  it('re-authenticates with the password for 10 minutes, and tells the old address of an email change', async () => {
    const { token, factorId } = await staleSession('ned@example.com');
    const wrong = await call('POST', '/v1/auth/reauthenticate', { token, body: { password: 'not the password' } });
    expect(wrong.body.error).toMatchObject({ code: 'invalid_credentials', param: 'password' });
    const missing = await call('POST', '/v1/auth/reauthenticate', { token, body: {} });
    expect(missing.body.error.code).toBe('missing_credentials');

    const before = app.now().getTime();
    const confirmed = await call('POST', '/v1/auth/reauthenticate', { token, body: { password: PASSWORD } });
    expect(confirmed.status).toBe(200);
    const until = Date.parse(confirmed.body.reauthenticated_until);
    expect(until).toBeGreaterThanOrEqual(before + 10 * 60 * 1000);
    expect(until).toBeLessThanOrEqual(app.now().getTime() + 10 * 60 * 1000);

    const moving = await call('PUT', '/v1/auth/user', { token, body: { email: 'ned@new.example' } });
    expect(moving.status).toBe(200);
    await app.mailer.latest('verify_email', 'ned@new.example');
    const notice = await app.mailer.latest('email_change_notice', 'ned@example.com');
    expect(notice.text).toContain('ned@new.example');
    expect(notice.links).toBeUndefined();

    app.advance(ELEVEN_MINUTES);
    expect((await call('DELETE', `/v1/auth/factors/${factorId}`, { token })).body.error.code).toBe(
      'reauthentication_required',
    );
  });

  it('re-authenticates with a two-factor code, once per code', async () => {
    const { token, factorId, secret } = await staleSession('ola@example.com');
    // The code of the step after the one the enrolment used.
    const code = codeFor(secret, app.now().getTime() + 30_000);
    app.advance(30_000);
    const letters = await call('POST', '/v1/auth/reauthenticate', { token, body: { code: '12ab56' } });
    expect(letters.body.error).toMatchObject({ code: 'validation_failed', param: 'code' });
    expect((await call('POST', '/v1/auth/reauthenticate', { token, body: { code } })).status).toBe(200);
    // A code is good once.
    const replayed = await call('POST', '/v1/auth/reauthenticate', { token, body: { code } });
    expect(replayed.body.error.code).toBe('invalid_verification_code');
    expect((await call('DELETE', `/v1/auth/factors/${factorId}`, { token })).status).toBe(204);
    // No factor left: a code cannot confirm anything now.
    const noFactor = await call('POST', '/v1/auth/reauthenticate', { token, body: { code: '123456' } });
    expect(noFactor.body.error).toMatchObject({ code: 'validation_failed', param: 'code' });
  });

  it('takes the current password of the same request as a re-authentication', async () => {
    const { token } = await staleSession('pat@example.com');
    const moving = await call('PUT', '/v1/auth/user', {
      token,
      body: { email: 'pat@new.example', current_password: PASSWORD },
    });
    expect(moving.status).toBe(200);
    await app.mailer.latest('verify_email', 'pat@new.example');
  });

  it('limits guesses at the password here as at sign-in', async () => {
    const { token } = await staleSession('quinn@example.com');
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/v1/auth/reauthenticate', { token, body: { password: 'a guess' }, ip: '192.0.2.99' }),
      ),
    );
    expect(guesses.filter((guess) => guess.body.error?.code === 'invalid_credentials')).toHaveLength(5);
    expect(guesses.filter((guess) => guess.status === 429)).toHaveLength(15);
  });
});

describe('creating an API key', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app.close({ removeData: true });
  });

  it('needs a recent sign-in, which a fresh one is', async () => {
    const call = apiClient(app);
    const { token } = await newAccount(app, 'keymaker');
    expect((await call('POST', '/v1/api-keys', { token, body: { name: 'CI', role: 'admin' } })).status).toBe(201);
    app.clock.offsetMs += ELEVEN_MINUTES;
    // Before the fix a stolen access token minted keys at will.
    const stale = await call('POST', '/v1/api-keys', { token, body: { name: 'Thief', role: 'admin' } });
    expect(stale.status).toBe(403);
    expect(stale.body.error.code).toBe('reauthentication_required');
    expect((await call('GET', '/v1/api-keys', { token })).body.data).toHaveLength(1);
    const confirmed = await call('POST', '/v1/auth/reauthenticate', {
      token,
      body: { password: 'Quire-Reports-2026!' },
    });
    expect(confirmed.status).toBe(200);
    expect((await call('POST', '/v1/api-keys', { token, body: { name: 'Deploy', role: 'editor' } })).status).toBe(201);
  });
});
