/**
 * Every text the account screens show for an outcome or a mistake, word for word from the seed (sections 5 and 8)
 * where it gives one. The screens read them from here and the tests check this table against the seed, so a
 * message cannot drift in one place and not the other.
 */
export const ACCOUNT_MESSAGES = {
  // Section 5: validation.
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordsDiffer: 'Passwords do not match',
  codeRequired: 'Please enter the verification code',
  codeSixDigits: 'The verification code has 6 digits',

  // Section 8: login.
  loginFailed: 'Failed to log in',
  loginSucceeded: 'Logged in successfully',
  // Registration.
  registerFailed: 'Failed to register',
  registerSucceeded: 'Registration successful! Please check your email to verify your account.',
  // Logout.
  logoutFailed: 'Failed to log out',
  logoutSucceeded: 'Logged out successfully',
  // Two-factor.
  totpFailed: 'Failed to verify the code. Please try again.',
  totpSucceeded: 'Two-factor authentication verified successfully',
  // Forgot password.
  forgotFailed: 'An error occurred while sending the reset link',
  forgotSucceeded: 'Password reset link sent to your email',
  // Reset password.
  resetLinkExpired: 'Password reset link has expired. Please request a new one.',
  resetFailed: 'An error occurred while resetting your password',
  resetSucceeded: 'Password reset successfully!',
  // Email confirmation (the landing page of the emailed link; not in the seed).
  verifyFailed: 'This confirmation link is invalid, was already used or has expired.',
  verifySucceeded: 'Email address confirmed.',
} as const;

export type AccountMessage = keyof typeof ACCOUNT_MESSAGES;
