import type { OutgoingMail } from '../mail/mailer';

// Plain, fixed wording: no user-supplied text (names) goes into a mail, so a signup cannot send arbitrary content.
function linkMail(kind: string, to: string, subject: string, intro: string, action: string, url: string) {
  const safeUrl = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return {
    to,
    subject,
    kind,
    text: `${intro}\n\n${action}: ${url}\n\nIf you did not ask for this, you can ignore this email.`,
    html: `<p>${intro}</p><p><a href="${safeUrl}">${action}</a></p><p>If you did not ask for this, you can ignore this email.</p>`,
  };
}

export function verifyEmailMail(to: string, url: string): OutgoingMail {
  return {
    ...linkMail(
      'verify_email',
      to,
      'Confirm your email address',
      'Please confirm your email address for Quire. The link works once, for 24 hours.',
      'Confirm email address',
      url,
    ),
    links: { verify: url },
  };
}

export function resetPasswordMail(to: string, url: string): OutgoingMail {
  return {
    ...linkMail(
      'reset_password',
      to,
      'Reset your password',
      'Someone asked to reset the password of your Quire account. The link works once, for 1 hour.',
      'Choose a new password',
      url,
    ),
    links: { reset: url },
  };
}

/**
 * To the owner of an address someone signed up with again: sign-up answers the same whether or not the address is
 * registered, so the owner learns of it here (and how to get in if it was them), not the person signing up.
 */
export function accountExistsMail(to: string, signInUrl: string, resetUrl: string): OutgoingMail {
  const safe = (url: string) => url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const intro =
    'Someone tried to create a Quire account with this email address, which already has one. No new account was made.';
  const help = 'If it was you, sign in; if you forgot your password, ask for a reset link.';
  return {
    to,
    subject: 'You already have a Quire account',
    kind: 'account_exists',
    text: `${intro}\n\n${help}\n\nSign in: ${signInUrl}\nForgot your password: ${resetUrl}\n\nIf it was not you, you can ignore this email: nothing changed.`,
    html: `<p>${intro}</p><p>${help}</p><p><a href="${safe(signInUrl)}">Sign in</a> · <a href="${safe(resetUrl)}">Forgot your password</a></p><p>If it was not you, you can ignore this email: nothing changed.</p>`,
    links: { sign_in: signInUrl, forgot_password: resetUrl },
  };
}

/**
 * To the current address when someone asks to move the account to another one: the change applies only once the
 * new address confirms, so the owner has time to act if it was not them.
 */
export function emailChangeNoticeMail(to: string, newEmail: string): OutgoingMail {
  // The new address is the only user-supplied text in a mail: escaped, and a validated email address anyway.
  const safeEmail = newEmail.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const intro = `Someone signed in to your Quire account asked to change its email address to ${newEmail}. The change applies when that address confirms it.`;
  const help =
    'If it was not you, change your password now: that cancels the change and signs out every other session.';
  return {
    to,
    subject: 'Your Quire email address is being changed',
    kind: 'email_change_notice',
    text: `${intro}\n\n${help}\n`,
    html: `<p>${intro.replace(newEmail, safeEmail)}</p><p>${help}</p>`,
  };
}
