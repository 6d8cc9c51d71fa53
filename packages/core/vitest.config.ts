import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest runs cores - 1 workers by default: one on a 2-core machine, where its main process then sits idle while
// that one worker runs. Two workers keep both cores busy (bigger machines keep the default).
export default defineConfig({
  resolve: { conditions: ['@quire/source'] },
  test: {
    include: ['src/**/*.test.ts'],
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // As the other packages: the Chromium test (launch, bundle, sign) took 3.5 s of the default 5 s on a loaded
    // machine with one worker, and timed out beside a second one.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
