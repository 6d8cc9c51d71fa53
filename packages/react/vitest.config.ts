import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources through the @quire/source export condition. Component
// tests run in jsdom: CodeMirror needs selection events sent as browsers send them (happy-dom sends selectionchange
// synchronously, inside CodeMirror's own update). The browser test (*.browser.test.ts) drives the system Chromium.
const conditions = ['@quire/source'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/__fixtures__/setup.ts'],
    // One real service for the tests that talk to Quire, started outside jsdom.
    globalSetup: ['./src/__fixtures__/service.global.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
