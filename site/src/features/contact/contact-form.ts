import { APIError, type Quire } from '@quire/client';
import { CONTACT_MESSAGES as M } from './messages';

export interface ContactValues {
  name: string;
  email: string;
  message: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Name, email and message required; the email must look like one (seed section 5). */
export function validateContact(values: ContactValues): Partial<Record<keyof ContactValues, string>> {
  const errors: Partial<Record<keyof ContactValues, string>> = {};
  if (values.name.trim() === '') errors.name = M.nameRequired;
  const email = values.email.trim();
  if (email === '') errors.email = M.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = M.emailInvalid;
  if (values.message.trim() === '') errors.message = M.messageRequired;
  return errors;
}

/** POST /v1/contact with the solved captcha. */
export function sendContactMessage(quire: Quire, values: ContactValues, altcha: string): Promise<{ message: string }> {
  return quire.request({
    method: 'POST',
    path: '/v1/contact',
    body: { name: values.name.trim(), email: values.email.trim(), message: values.message.trim(), altcha },
  });
}

/**
 * What the failure toast says under "Submission failed" (seed section 8): the service's error when it sent one;
 * "Received invalid response from server" when it answered something that is not JSON; "Failed to submit contact
 * form" when there was no answer at all.
 */
export function contactFailureMessage(error: unknown): string {
  if (APIError.isInstance(error) && error.status !== undefined) {
    return error.type !== undefined ? error.message : M.invalidResponse;
  }
  return M.submitFailed;
}
