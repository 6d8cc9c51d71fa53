import { Quire } from '@quire/client';
import { describe, expect, it } from 'vitest';
import { confirmedAccount } from '../../__fixtures__/accounts';
import { latestMail } from '../../__fixtures__/outbox';
import { service, testQuire } from '../../__fixtures__/render';
import { createAccountApi } from './account-api';
import { resetFailureMessage } from './ResetPasswordPage';

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('it did not fail');
    },
    (error: unknown) => error,
  );

describe('the message of a failed password reset (seed section 8)', () => {
  const api = createAccountApi(testQuire());

  it('is "Password reset link has expired. Please request a new one." for a link the service does not know', async () => {
    const error = await failureOf(api.resetPassword('not-a-token', 'Quire-Reports-2026!'));
    expect(resetFailureMessage(error)).toBe('Password reset link has expired. Please request a new one.');
  });

  it('is the service’s own message otherwise (a weak password), and the link still works after it', async () => {
    const account = await confirmedAccount(service(), 'reset');
    await api.recover(account.email);
    const token = new URL(
      (await latestMail(service().dataDir, 'reset_password', account.email)).links.reset ?? '',
    ).searchParams.get('token');
    const weak = await failureOf(api.resetPassword(token ?? '', 'password'));
    expect(resetFailureMessage(weak)).toBe('Password is too weak');
    await expect(api.resetPassword(token ?? '', 'A-much-better-one-9')).resolves.toEqual({
      message: 'Password reset successfully!',
    });
  });

  it('is "An error occurred while resetting your password" without an answer', async () => {
    const offline = createAccountApi(new Quire({ apiKey: null, baseUrl: 'http://127.0.0.1:9', maxRetries: 0 }));
    const error = await failureOf(offline.resetPassword('t', 'Quire-Reports-2026!'));
    expect(resetFailureMessage(error)).toBe('An error occurred while resetting your password');
  });
});
