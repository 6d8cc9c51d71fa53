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
