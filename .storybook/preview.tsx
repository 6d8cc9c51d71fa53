import '../packages/react/src/styles/index.css';
import type { Preview } from '@storybook/react-vite';
import {
  fakeQuireLoader,
  fakeService,
  type QuireParameters,
  routeGlobalFetch,
  withQuire,
} from '../packages/react/src/__fixtures__/stories/quire';

const preview: Preview = {
  loaders: [fakeQuireLoader],
  decorators: [withQuire],
  beforeEach: (context) => {
    const quire = (context.parameters.quire ?? {}) as QuireParameters;
    return quire.globalFetch ? routeGlobalFetch(fakeService(context)) : undefined;
  },
  globalTypes: {
    theme: {
      description: 'The theme of the Quire components',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i } },
    // Every story is checked with axe: a violation fails its test (and shows in the Accessibility panel).
    a11y: { test: 'error' },
  },
};

export default preview;
