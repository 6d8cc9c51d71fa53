import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { confirmedSession } from '../../__fixtures__/actors';
import type { AuthTestApp } from './auth-app';

export const PASSWORD = 'correct horse battery';

/** Signs up and confirms through the emailed link; returns the session of a password sign-in. */
export async function confirmedUser(app: AuthTestApp, email: string, password = PASSWORD) {
  return confirmedSession(app, { email, password, fullName: 'Ann Lee' });
}

/** What the ALTCHA widget does with a challenge from a captcha_required answer: solve it, send base64 JSON. */
export async function solveCaptcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
