import { type ResolvedTheme, type ThemePreference, useResolvedTheme } from '@quire/react';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { getThemePreference, setThemePreference, subscribeThemePreference } from './theme-store';

export interface SiteTheme {
  preference: ThemePreference;
  /** What is drawn: the preference, or the OS's when it is `system` (followed as it changes). */
  resolved: ResolvedTheme;
  setPreference(next: ThemePreference): void;
  /** The header's toggle: from what is drawn to the other one. */
  toggle(): void;
}

export function useSiteTheme(): SiteTheme {
  const preference = useSyncExternalStore(subscribeThemePreference, getThemePreference, () => 'system' as const);
  const resolved = useResolvedTheme(preference);
  // The page behind the app (overscroll, the scrollbar) takes the theme too; public/theme-init.js set it before the
  // first paint.
  useEffect(() => {
    document.documentElement.dataset.theme = resolved;
    document.documentElement.style.colorScheme = resolved;
  }, [resolved]);
  const toggle = useCallback(() => setThemePreference(resolved === 'dark' ? 'light' : 'dark'), [resolved]);
  return { preference, resolved, setPreference: setThemePreference, toggle };
}
