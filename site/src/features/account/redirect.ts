/** Where a sign-in goes when no page asked for it (seed section 4). */
export const AFTER_SIGN_IN = '/dashboard';

const BASE = 'https://quire.invalid';

/**
 * The page to go to after signing in, from the `redirect` query parameter: a path of this site only. Anything else
 * (`https://evil.example`, `//evil.example`, `/\evil.example`, `javascript:…`) gives /dashboard, so that a link
 * to our sign-in page cannot send a person elsewhere once they have signed in. A redirect back to the account
 * screens would be a loop, so those give /dashboard too.
 */
export function safeRedirect(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) {
    return AFTER_SIGN_IN;
  }
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return AFTER_SIGN_IN;
  }
  // Whatever the browser would make of the path, it must stay on this origin.
  if (url.origin !== BASE) return AFTER_SIGN_IN;
  if (/^\/(login|register|forgot-password|reset-password|verify-email)\/?$/.test(url.pathname)) return AFTER_SIGN_IN;
  return `${url.pathname}${url.search}${url.hash}`;
}
