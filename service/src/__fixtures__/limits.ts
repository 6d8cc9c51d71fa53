/**
 * Raised limits for the public forms (sign-up, recover, resend, contact): test files sign many users up from
 * 127.0.0.1 within seconds, which the real limits rightly refuse. The fixtures apply these unless a test asks for
 * the real limits (`realLimits`), as the tests of the limits themselves do.
 */
export const RAISED_FORM_LIMITS: Record<string, string> = Object.fromEntries(
  ['SIGNUP', 'RECOVER', 'RESEND', 'CONTACT'].flatMap((form) => [
    [`QUIRE_${form}_LIMIT_PER_ADDRESS`, '100000'],
    [`QUIRE_${form}_LIMIT_PER_EMAIL`, '100000'],
  ]),
);
