import { useSyncExternalStore } from 'react';

export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

const QUERY = '(prefers-color-scheme: dark)';

function media(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(QUERY)
    : undefined;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const systemTheme = (): ResolvedTheme => (media()?.matches ? 'dark' : 'light');

/** The theme to draw with: the preference, or the system's, followed as it changes. */
export function useResolvedTheme(preference: ThemePreference): ResolvedTheme {
  const system = useSyncExternalStore(subscribe, systemTheme, () => 'light' as const);
  return preference === 'system' ? system : preference;
}

/** The one class every Quire element lives under; the stylesheet is scoped to it. */
export const ROOT_CLASS = 'quire-root';

export const themeClass = (theme: ResolvedTheme) => `quire-theme-${theme}`;
