import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretBox } from '../crypto/secret-box';
import { confirmedUser, PASSWORD } from './__fixtures__/accounts';
import { type AuthTestApp, client, startAuthApp } from './__fixtures__/auth-app';
import { totpFactors } from './totp';

let app: AuthTestApp;
let call: ReturnType<typeof client>;
beforeAll(async () => {
  app = await startAuthApp();
  call = client(app);
});
afterAll(async () => {
  await app.close();
});

const codeFor = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: app.now().getTime() });

describe('TOTP two-factor', () => {
  it('enrols, verifies, then asks for a code at sign-in', async () => {
    const session = await confirmedUser(app, 'ivy@example.com');
    const token = session.access_token;
    expect((await call('POST', '/v1/auth/factors')).body.error.code).toBe('session_missing');

    const enrol = await call('POST', '/v1/auth/factors', { token, body: { friendly_name: 'Phone' } });
    expect(enrol.status).toBe(201);
    expect(enrol.body).toMatchObject({ type: 'totp', status: 'unverified' });
    expect(enrol.body.totp.uri).toMatch(/^otpauth:\/\/totp\/Quire:ivy%40example\.com\?/);
    expect(enrol.body.totp.qr_code).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<path[\s\S]*<\/svg>\s*$/,
    );
    const { id: factorId } = enrol.body;
    const secret = enrol.body.totp.secret as string;

    // An unverified factor does not change sign-in.
    const plain = await call('POST', '/v1/auth/token?grant_type=password', {
      body: { email: 'ivy@example.com', password: PASSWORD },
    });
    expect(plain.body.access_token).toEqual(expect.any(String));

    const challenge = await call('POST', `/v1/auth/factors/${factorId}/challenge`, { token });
    expect(challenge.body).toEqual({ id: expect.stringMatching(/^chl_/), expires_at: expect.any(Number) });
    const verifyPath = `/v1/auth/factors/${factorId}/verify`;
    const empty = await call('POST', verifyPath, { token, body: { challenge_id: challenge.body.id, code: '' } });
    expect(empty.body.error).toMatchObject({
      code: 'verification_code_required',
      message: 'Please enter the verification code',
    });
    const letters = await call('POST', verifyPath, {
      token,
      body: { challenge_id: challenge.body.id, code: '12a456' },
    });
    expect(letters.body.error).toMatchObject({ code: 'validation_failed', param: 'code' });
    const current = codeFor(secret);
    const wrong = String((Number(current) + 500_000) % 1_000_000).padStart(6, '0');
    const bad = await call('POST', verifyPath, { token, body: { challenge_id: challenge.body.id, code: wrong } });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatchObject({
      code: 'invalid_verification_code',
      message: 'Failed to verify the code. Please try again.',
    });
    const ok = await call('POST', verifyPath, { token, body: { challenge_id: challenge.body.id, code: current } });
    expect(ok.status).toBe(200);
    expect(ok.body.user.factors).toEqual([{ id: factorId, factor_type: 'totp', status: 'verified' }]);

    const listed = await call('GET', '/v1/auth/factors', { token });
    expect(listed.body.data).toMatchObject([{ id: factorId, status: 'verified', friendly_name: 'Phone' }]);
    expect(listed.body.data[0].secret).toBeUndefined();

    // Now the password gives a challenge, not a session.
    const login = await call('POST', '/v1/auth/token?grant_type=password', {
      body: { email: 'ivy@example.com', password: PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ mfa_required: true, code: 'mfa_required', factor_id: factorId });
    expect(login.body.access_token).toBeUndefined();

    // The code just used cannot be replayed within its 30 seconds.
    const replay = await call('POST', verifyPath, { body: { challenge_id: login.body.challenge_id, code: current } });
    expect(replay.body.error.code).toBe('invalid_verification_code');
    app.advance(30_000);
    const answered = await call('POST', verifyPath, {
      body: { challenge_id: login.body.challenge_id, code: codeFor(secret) },
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ token_type: 'bearer', user: { email: 'ivy@example.com' } });
    // A challenge is answered once.
    app.advance(30_000);
    const twice = await call('POST', verifyPath, {
      body: { challenge_id: login.body.challenge_id, code: codeFor(secret) },
    });
    expect(twice.body.error.code).toBe('invalid_verification_code');

    // A bearer challenge is not answerable without its user.
    const other = await call('POST', `/v1/auth/factors/${factorId}/challenge`, { token });
    const anonymous = await call('POST', verifyPath, { body: { challenge_id: other.body.id, code: codeFor(secret) } });
    expect(anonymous.body.error.code).toBe('session_missing');

    const removed = await call('DELETE', `/v1/auth/factors/${factorId}`, { token });
    expect(removed.status).toBe(204);
    expect((await call('GET', '/v1/auth/factors', { token })).body.data).toEqual([]);
    expect((await call('DELETE', `/v1/auth/factors/${factorId}`, { token })).status).toBe(404);
    const after = await call('POST', '/v1/auth/token?grant_type=password', {
      body: { email: 'ivy@example.com', password: PASSWORD },
    });
    expect(after.body.access_token).toEqual(expect.any(String));
  });

  it('spends a challenge after five wrong codes', async () => {
    const session = await confirmedUser(app, 'jay@example.com');
    const token = session.access_token;
    const enrol = await call('POST', '/v1/auth/factors', { token });
    const challenge = await call('POST', `/v1/auth/factors/${enrol.body.id}/challenge`, { token });
    const code = codeFor(enrol.body.totp.secret);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const path = `/v1/auth/factors/${enrol.body.id}/verify`;
    for (let i = 0; i < 5; i++)
      await call('POST', path, { token, body: { challenge_id: challenge.body.id, code: wrong } });
    const spent = await call('POST', path, { token, body: { challenge_id: challenge.body.id, code } });
    expect(spent.status).toBe(429);
    expect(spent.body.error.code).toBe('too_many_attempts');
  });
});

describe('TOTP secrets at rest', () => {
  type StoredFactor = { id: string; user_id: string; secret?: string; secret_sealed?: string };
  const factorsOf = () => app.store.collection<StoredFactor>({ name: 'mfa_factors' });
  /** A verified factor as the previous version stored it: the secret in clear. */
  async function clearFactor(userId: string, id: string) {
    const secret = new Secret({ size: 20 }).base32;
    const at = app.now().toISOString();
    await (await factorsOf()).insert({
      id,
      user_id: userId,
      factor_type: 'totp',
      status: 'verified',
      friendly_name: null,
      secret,
      last_step: -1,
      created_at: at,
      updated_at: at,
    } as StoredFactor);
    return secret;
  }
  /** Signs in with password and code; the answer of the code. */
  async function signIn(email: string, secret: string) {
    const login = await call('POST', '/v1/auth/token?grant_type=password', { body: { email, password: PASSWORD } });
    expect(login.body.mfa_required).toBe(true);
    app.advance(30_000);
    return call('POST', `/v1/auth/factors/${login.body.factor_id}/verify`, {
      body: { challenge_id: login.body.challenge_id, code: codeFor(secret) },
    });
  }

  it('keeps a new secret sealed with the server secret, never in clear', async () => {
    const session = await confirmedUser(app, 'kit@example.com');
    const enrol = await call('POST', '/v1/auth/factors', { token: session.access_token });
    const secret = enrol.body.totp.secret as string;
    const stored = await (await factorsOf()).get(enrol.body.id);
    // Before the fix the base32 secret was stored as is.
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored?.secret).toBeUndefined();
    expect(stored?.secret_sealed).toMatch(/^v1\./);
    expect(secretBox(app.secret, 'totp').open(stored?.secret_sealed ?? '')).toBe(secret);
  });

  it('seals the clear secrets of earlier versions at start-up and on first use, and they keep working', async () => {
    const lou = await confirmedUser(app, 'lou@example.com');
    const max = await confirmedUser(app, 'max@example.com');
    const louSecret = await clearFactor(lou.user.id, 'fct_legacy_lou');
    const maxSecret = await clearFactor(max.user.id, 'fct_legacy_max');

    // Read through the running app: the clear secret works, and is sealed as it is read.
    expect((await signIn('max@example.com', maxSecret)).status).toBe(200);
    const readSealed = await (await factorsOf()).get('fct_legacy_max');
    expect(readSealed?.secret).toBeUndefined();
    expect(secretBox(app.secret, 'totp').open(readSealed?.secret_sealed ?? '')).toBe(maxSecret);

    // A start (the module opening on this store) seals every clear one left.
    await totpFactors(app.store, app.now, secretBox(app.secret, 'totp'));
    const startSealed = await (await factorsOf()).get('fct_legacy_lou');
    expect(startSealed?.secret).toBeUndefined();
    expect(JSON.stringify(startSealed)).not.toContain(louSecret);
    expect((await signIn('lou@example.com', louSecret)).status).toBe(200);
  });
});
