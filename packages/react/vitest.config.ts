import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources through the @quire/source export condition. Component
// tests run in jsdom: CodeMirror needs selection events sent as browsers send them (happy-dom sends selectionchange
// synchronously, inside CodeMirror's own update). The browser test (*.browser.test.ts) drives the system Chromium.
const conditions = ['@quire/source'];

// Vitest runs cores - 1 workers by default: one on a 2-core machine, where its main process then sits idle while
// that one worker runs. Two workers keep both cores busy (bigger machines keep the default).
export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Files share their worker's modules (each test's DOM is cleaned up after it): importing React, CodeMirror and
    // the builder afresh for every file was a fifth of the suite's time.
    isolate: false,
    setupFiles: ['./src/__fixtures__/setup.ts'],
    // One real service for the tests that talk to Quire, started outside jsdom.
    globalSetup: ['./src/__fixtures__/service.global.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
