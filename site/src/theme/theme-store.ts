import type { ThemePreference } from '@quire/react';

/** The browser storage key of the theme choice: the seed's `{product}-theme`. */
export const THEME_STORAGE_KEY = 'quire-theme';

const PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];
const listeners = new Set<() => void>();

function read(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return PREFERENCES.includes(stored as ThemePreference) ? (stored as ThemePreference) : 'system';
  } catch {
    // Storage can be off (private mode, a policy): the default then.
    return 'system';
  }
}

let current: ThemePreference = typeof window === 'undefined' ? 'system' : read();

/** The person's theme choice: light, dark or system (the default, following the OS). */
export function getThemePreference(): ThemePreference {
  return current;
}

export function setThemePreference(next: ThemePreference): void {
  current = next;
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Not kept across reloads, but still applied now.
  }
  for (const listener of listeners) listener();
}

export function subscribeThemePreference(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed it: follow.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    current = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
