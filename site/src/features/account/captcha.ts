import { APIError } from '@quire/client';
import type { AltchaChallenge } from '../contact/AltchaWidget';

/**
 * The proof of work the service asks for after repeated failed attempts at an account (captcha_required, or
 * captcha_invalid with a fresh one): the challenge to solve before the form is sent again; else undefined.
 */
export function captchaChallengeOf(error: unknown): AltchaChallenge | undefined {
  if (!APIError.isInstance(error)) return undefined;
  if (error.code !== 'captcha_required' && error.code !== 'captcha_invalid') return undefined;
  const challenge = error.details.challenge;
  return challenge && typeof challenge === 'object' ? (challenge as AltchaChallenge) : undefined;
}
