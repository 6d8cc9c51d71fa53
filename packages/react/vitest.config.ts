import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources through the @quire/source export condition. Component
// tests run in happy-dom; the browser test (*.browser.test.ts) drives the system Chromium and runs in Node.
const conditions = ['@quire/source'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['./src/__fixtures__/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
