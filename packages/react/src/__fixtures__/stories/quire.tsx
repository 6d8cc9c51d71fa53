import type { Decorator, Loader } from '@storybook/react-vite';
import { QuireProvider } from '../../provider/QuireProvider';
import type { ResolvedTheme } from '../../theme/theme';
import { createFakeQuire, FAKE_BASE_URL, type FakeQuireOptions, type FakeQuireService } from '../fake-quire/index';

/**
 * What a story says about the Quire it runs against (`parameters.quire`): the fake service's templates and
 * behaviour, and whether the story gets a `<QuireProvider>` at all.
 */
export interface QuireParameters extends FakeQuireOptions {
  /** False: no provider around the story (a builder without a client). Default true. */
  provider?: boolean;
  /**
   * True: `window.fetch` answers the fake's URL too, for a provider that builds its own client from `baseUrl`
   * and `getToken`. Restored when the story ends.
   */
  globalFetch?: boolean;
}

export type FakeQuire = ReturnType<typeof createFakeQuire>;

/** A fresh fake service for every story render, so that what one story saves never shows in another. */
export const fakeQuireLoader: Loader = async ({ parameters }) => ({
  quire: createFakeQuire((parameters.quire ?? {}) as QuireParameters),
});

/** The fake service of a story, for a play function that checks what the components asked of it. */
export function fakeService(context: { loaded: Record<string, unknown> }): FakeQuireService {
  return (context.loaded.quire as FakeQuire).service;
}

/** The theme the toolbar (or a story's `globals`) chose. */
export const themeOf = (globals: Record<string, unknown>): ResolvedTheme =>
  globals.theme === 'dark' ? 'dark' : 'light';

/**
 * Every story runs under a `<QuireProvider>` whose client is a real `@quire/client` answered by the fake service,
 * in the theme of the toolbar; the page around it takes the theme's background.
 */
export const withQuire: Decorator = (Story, context) => {
  const parameters = (context.parameters.quire ?? {}) as QuireParameters;
  const theme = themeOf(context.globals);
  document.documentElement.style.colorScheme = theme;
  document.body.style.background = theme === 'dark' ? '#0d1117' : '#ffffff';
  if (parameters.provider === false) return <Story />;
  const { client } = context.loaded.quire as FakeQuire;
  return (
    <QuireProvider client={client} theme={theme}>
      <Story />
    </QuireProvider>
  );
};

/** Lets `window.fetch` reach the fake service (for `parameters.quire.globalFetch`); answers the undo. */
export function routeGlobalFetch(service: FakeQuireService): () => void {
  const original = window.fetch;
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return url.startsWith(FAKE_BASE_URL) ? service.fetch(url, init ?? {}) : original(input, init);
  };
  return () => {
    window.fetch = original;
  };
}
