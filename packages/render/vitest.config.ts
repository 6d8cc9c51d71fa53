import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (the @quire/source export condition), so the tests
// need no build first; Vite's server side (where Node tests run) takes its conditions from ssr.resolve.
const conditions = ['@quire/source'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: { include: ['src/**/*.test.ts', 'fidelity/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
});
