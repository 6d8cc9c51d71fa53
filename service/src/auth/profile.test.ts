import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedUser } from './__fixtures__/accounts';
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

describe('profile', () => {
  it('defaults to easy mode, switches to boss and back, and keeps the name', async () => {
    const { access_token: token, user } = await confirmedUser(app, 'kim@example.com');
    expect((await call('GET', '/v1/profile')).body.error.code).toBe('session_missing');
    expect((await call('GET', '/v1/profile', { token })).body).toEqual({
      id: user.id,
      mode_preference: 'easy',
      full_name: 'Ann Lee',
    });
    const boss = await call('PATCH', '/v1/profile', {
      token,
      body: { mode_preference: 'boss', full_name: 'Kim Park' },
    });
    expect(boss.body).toMatchObject({ mode_preference: 'boss', full_name: 'Kim Park' });
    expect((await call('GET', '/v1/profile', { token })).body.mode_preference).toBe('boss');
    expect((await call('GET', '/v1/auth/user', { token })).body.user_metadata.full_name).toBe('Kim Park');
    const easy = await call('PATCH', '/v1/profile', { token, body: { mode_preference: 'easy' } });
    expect(easy.body.mode_preference).toBe('easy');
    const bad = await call('PATCH', '/v1/profile', { token, body: { mode_preference: 'expert' } });
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', param: 'mode_preference' });
  });
});
