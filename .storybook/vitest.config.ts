import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

// Every story runs as a test in the system Chromium: it renders, its play function runs, then axe checks it. The
// browser is Debian's (`apt-get install chromium`): nothing is downloaded.
const chromium = playwright({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
});

export default defineConfig({
  plugins: [storybookTest({ configDir: fileURLToPath(new URL('.', import.meta.url)) })],
  test: {
    name: 'storybook',
    root: fileURLToPath(new URL('..', import.meta.url)),
    browser: {
      enabled: true,
      headless: true,
      provider: chromium,
      instances: [{ browser: 'chromium' }],
    },
    // The first PDF story of a file loads the PDF engine and parses the 14 bundled fonts: on a busy 2-core
    // machine that alone has taken over 20 s.
    testTimeout: 60_000,
  },
});
