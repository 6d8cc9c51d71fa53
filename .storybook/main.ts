import type { StorybookConfig } from '@storybook/react-vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, mergeConfig } from 'vite';
import { quireFonts } from './quire-fonts.ts';

// Storybook for the workspace's React components, each story beside its component. Workspace packages resolve to
// their TypeScript sources (the @quire/source condition), as in the tests, so nothing needs building first.
const config: StorybookConfig = {
  stories: ['../packages/react/src/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  addons: ['@storybook/addon-vitest', '@storybook/addon-a11y'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // The props are zod-inferred types, which react-docgen cannot read: it would only slow the build down.
  typescript: { reactDocgen: false },
  viteFinal: (vite) =>
    mergeConfig(vite, {
      // The PDF stories' fonts, served under /quire-fonts/ as `quire-react-fonts` lays them out for a host.
      plugins: [react(), quireFonts()],
      resolve: { conditions: ['@quire/source', ...defaultClientConditions], dedupe: ['react', 'react-dom'] },
      // Storybook's own runtime, axe and the PDF engine (Quire's layout engine, a lazy chunk of 2.9 MB) make
      // chunks past Vite's 500 kB warning; a catalogue is not a host's page.
      build: { chunkSizeWarningLimit: 3_000 },
    }),
};

export default config;
