import type { SessionHint, TabChannel } from './session-manager';

const HINT_KEY = 'quire-signed-in';
const CHANNEL_NAME = 'quire-session';

/**
 * The hint in localStorage. A browser that refuses storage (some private modes) tries a restore on every load,
 * which is right for a person signed in and costs a visitor one refused request.
 */
export function localStorageHint(): SessionHint {
  return {
    get() {
      try {
        return window.localStorage.getItem(HINT_KEY) === 'true';
      } catch {
        return true;
      }
    },
    set(signedIn) {
      try {
        window.localStorage.setItem(HINT_KEY, String(signedIn));
      } catch {
        // Nothing kept: the next load asks the service, which knows.
      }
    },
  };
}

export function tabChannel(): TabChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : (new BroadcastChannel(CHANNEL_NAME) as TabChannel);
}
