import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (the @quire/source export condition); Vite's server
// side, where Node tests run, takes its conditions from ssr.resolve.
const conditions = ['@quire/source'];

// Files whose tests measure time on this machine (render time limits, a worker killed mid-render, fair shares of
// the render threads, the event loop's delay, a compile budget): they run last, one at a time, with no other test
// file competing for the cores, as when the whole suite ran on one worker.
const TIMED = [
  'src/reports/limits.test.ts',
  'src/reports/worker-killed.test.ts',
  'src/rendering/fair-rendering.test.ts',
  'src/data-sources/event-loop.test.ts',
  'src/mail/templates.test.ts',
];

// Vitest runs cores - 1 workers by default: one on a 2-core machine, where its main process then sits idle while
// that one worker runs. Two workers keep both cores busy (bigger machines keep the default).
export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'service',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...TIMED],
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        extends: true,
        test: { name: 'timed', include: TIMED, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
