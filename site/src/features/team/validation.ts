import { TEAM_MESSAGES as M } from '../../content/team';

// The seed's "simple email pattern" (section 5), the same the service checks.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The invite form's email, with the seed's two messages; undefined when it may be sent. */
export function inviteEmailError(email: string): string | undefined {
  const value = email.trim();
  if (value === '') return M.emailRequired;
  if (!EMAIL_PATTERN.test(value)) return M.invalidEmail;
  return undefined;
}
