import { expect } from 'vitest';
import { type AuthTestApp, client } from './auth-app';

export const PASSWORD = 'correct horse battery';

/** Signs up and confirms through the emailed link; returns the session of a password sign-in. */
export async function confirmedUser(app: AuthTestApp, email: string, password = PASSWORD) {
  const call = client(app);
  const signup = await call('POST', '/v1/auth/signup', { body: { email, password, data: { full_name: 'Ann Lee' } } });
  expect(signup.status).toBe(201);
  const mail = await app.mailer.latest('verify_email', email);
  const link = new URL(mail.links?.verify ?? '');
  const verified = await call('GET', `${link.pathname}${link.search}`);
  expect(verified.status).toBe(200);
  const login = await call('POST', '/v1/auth/token?grant_type=password', { body: { email, password } });
  expect(login.status).toBe(200);
  return login.body as { access_token: string; refresh_token: string; user: { id: string } };
}
