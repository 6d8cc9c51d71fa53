import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Workspace packages (and the service the integration test starts in-process) resolve to their TypeScript sources
// through the @quire/source export condition; Vite's server side, where Node tests run, takes its conditions from
// ssr.resolve.
const conditions = ['@quire/source'];

// Vitest runs cores - 1 workers by default: one on a 2-core machine, where its main process then sits idle while
// that one worker runs. Two workers keep both cores busy (bigger machines keep the default).
export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The *.test-d.ts files are type tests: tsc checks them (expectTypeOf, @ts-expect-error), nothing runs.
    typecheck: { enabled: true, only: false, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.test.json' },
  },
});
