import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from './messages';

// The seed's words (sections 5 and 8), copied here by hand: the table must say exactly these.
const SEED: Partial<Record<keyof typeof ACCOUNT_MESSAGES, string>> = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 8 characters long',
  codeRequired: 'Please enter the verification code',
  loginFailed: 'Failed to log in',
  loginSucceeded: 'Logged in successfully',
  registerFailed: 'Failed to register',
  registerSucceeded: 'Registration successful! Please check your email to verify your account.',
  logoutFailed: 'Failed to log out',
  logoutSucceeded: 'Logged out successfully',
  totpFailed: 'Failed to verify the code. Please try again.',
  totpSucceeded: 'Two-factor authentication verified successfully',
  forgotFailed: 'An error occurred while sending the reset link',
  forgotSucceeded: 'Password reset link sent to your email',
  resetLinkExpired: 'Password reset link has expired. Please request a new one.',
  resetFailed: 'An error occurred while resetting your password',
  resetSucceeded: 'Password reset successfully!',
};

describe('the account messages', () => {
  it.each(Object.entries(SEED))('says %s in the seed’s words', (key, text) => {
    expect(ACCOUNT_MESSAGES[key as keyof typeof ACCOUNT_MESSAGES]).toBe(text);
  });

  it('has no two keys with one text, and no empty text', () => {
    const texts = Object.values(ACCOUNT_MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
    for (const text of texts) expect(text.trim()).not.toBe('');
  });
});
