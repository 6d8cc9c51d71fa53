import { confirmedSession } from '../../__fixtures__/actors';
import type { AuthTestApp } from './auth-app';

export const PASSWORD = 'correct horse battery';

/** Signs up and confirms through the emailed link; returns the session of a password sign-in. */
export async function confirmedUser(app: AuthTestApp, email: string, password = PASSWORD) {
  return confirmedSession(app, { email, password, fullName: 'Ann Lee' });
}
