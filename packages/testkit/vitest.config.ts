import { defineConfig } from 'vitest/config';

// The service and the workspace packages it uses resolve to their TypeScript sources through the @quire/source
// export condition; Vite's server side, where Node tests run, takes its conditions from ssr.resolve.
const conditions = ['@quire/source'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: { include: ['src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 },
});
