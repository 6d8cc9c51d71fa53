import { createContext, useContext } from 'react';
import type { MessageOverrides } from '../i18n/messages';
import { createTranslate, type Translate } from '../i18n/translate';
import type { ResolvedTheme, ThemePreference } from '../theme/theme';

/** What every part of the UI reads: strings, locale, theme and where menus and dialogs go. */
export interface UiContextValue {
  t: Translate;
  /** The host's overrides in force here (the provider's and every enclosing component's). */
  messages: MessageOverrides;
  locale: string;
  theme: ThemePreference;
  resolvedTheme: ResolvedTheme;
  /** The root's classes (`quire-root quire-theme-dark`), for content portalled out of the root. */
  rootClassName: string;
  /** Where menus, dialogs and tooltips are portalled: inside the component unless the host gives a container. */
  portalContainer: HTMLElement | null;
}

export const UiContext = createContext<UiContextValue | null>(null);

const fallback: UiContextValue = {
  t: createTranslate(),
  messages: {},
  locale: 'en',
  theme: 'system',
  resolvedTheme: 'light',
  rootClassName: 'quire-root quire-theme-light',
  portalContainer: null,
};

/** The UI settings of the nearest Quire root (English, light, when used outside one, as in isolated tests). */
export function useUi(): UiContextValue {
  return useContext(UiContext) ?? fallback;
}

/** The settings a host can give on the provider and again on any component (the component's win). */
export interface UiSettings {
  theme?: ThemePreference | undefined;
  locale?: string | undefined;
  messages?: MessageOverrides | undefined;
  portalContainer?: HTMLElement | null | undefined;
}
