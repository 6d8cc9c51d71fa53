/**
 * /settings: the person's profile, password, two-factor method, preferences and sessions. The seed's own words are
 * in SETTINGS_SEED_MESSAGES (sections 5 and 8, checked word for word by the tests); the rest is Quire's.
 */
export const SETTINGS_SEED_MESSAGES = {
  codeRequired: 'Please enter the verification code',
  totpSucceeded: 'Two-factor authentication verified successfully',
  totpFailed: 'Failed to verify the code. Please try again.',
  passwordTooShort: 'Password must be at least 8 characters long',
  logoutSucceeded: 'Logged out successfully',
  logoutFailed: 'Failed to log out',
  switchedToEasy: 'Switched to Easy Mode',
  switchedToBoss: 'Switched to Boss Mode',
} as const;

export const SETTINGS_TEXT = {
  title: 'Settings',
  lead: 'Your profile, how you sign in, and how Quire looks for you.',

  profile: {
    heading: 'Profile',
    nameLabel: 'Full name',
    emailLabel: 'Email',
    emailHint: 'The address you sign in with.',
    save: 'Save profile',
    saved: 'Profile updated',
    failed: 'Failed to update the profile',
  },

  password: {
    heading: 'Password',
    currentLabel: 'Current password',
    currentRequired: 'Please enter your current password',
    newLabel: 'New password',
    confirmLabel: 'Confirm new password',
    mismatch: 'Passwords do not match',
    save: 'Change password',
    saved: 'Password changed. Your other sessions were signed out.',
    failed: 'Failed to change the password',
    captcha: 'Too many attempts: please prove you are not a robot, then try again.',
  },

  twoFactor: {
    heading: 'Two-factor authentication',
    lead: 'Ask for a code from an authenticator app when you sign in, besides your password.',
    off: 'Two-factor authentication is off.',
    on: 'Two-factor authentication is on: signing in asks for a code from your authenticator app.',
    enrol: 'Set up two-factor authentication',
    scan: 'Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy…).',
    qrAlt: 'QR code to add Quire to an authenticator app',
    manual: 'Or enter this key by hand:',
    copySecret: 'Copy key',
    codeLabel: 'Verification code',
    codeHint: 'The 6-digit code the app shows now.',
    verify: 'Verify and turn on',
    cancel: 'Cancel',
    factor: 'Authenticator app',
    verified: 'Verified',
    unverified: 'Not confirmed',
    added: 'Added',
    remove: 'Remove',
    removeTitle: 'Remove two-factor authentication?',
    removeBody: 'Signing in will ask only for your password.',
    removeConfirm: 'Remove',
    removed: 'Two-factor authentication removed',
    failed: 'Failed to set up two-factor authentication',
  },

  preferences: {
    heading: 'Preferences',
    modeLegend: 'Mode',
    easy: 'Easy Mode',
    easyHint: 'Forms and plain words; no code.',
    boss: 'Boss Mode',
    bossHint: 'Code editors, JSON, API snippets, request ids and logs.',
    themeLegend: 'Theme',
    light: 'Light',
    dark: 'Dark',
    system: 'System',
    systemHint: 'Follows your device.',
  },

  sessions: {
    heading: 'Sessions',
    lead: 'Signed in somewhere you should not be? Sign out of Quire on every device and browser.',
    signOutEverywhere: 'Sign out everywhere',
  },

  reauth: {
    title: 'Confirm it’s you',
    passwordLabel: 'Password',
    codeLabel: 'Or a code from your authenticator app',
    confirm: 'Confirm',
    required: 'Enter your password or a code from your authenticator app',
    failed: 'Could not confirm it’s you',
  },
} as const;
