import { safeRedirect } from './redirect';

/**
 * Where a person who signs up on their way somewhere (an invitation's link) goes once they have confirmed their
 * address and signed in. The confirmation happens from the mail, maybe hours later, so it is kept in this browser
 * rather than in the address; only paths of this site are kept (safeRedirect).
 */
const KEY = 'quire-after-verify';

export function rememberAfterVerify(path: string | undefined): void {
  if (!path) return;
  const safe = safeRedirect(path);
  try {
    if (safe !== safeRedirect(undefined)) window.localStorage.setItem(KEY, safe);
  } catch {
    // Storage refused: they land on the dashboard instead.
  }
}

export function peekAfterVerify(): string | undefined {
  try {
    return window.localStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetAfterVerify(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
