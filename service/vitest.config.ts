import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Workspace packages resolve to their built bundles (src/__fixtures__/built-packages.global.ts builds them when
// stale), loaded by Node itself rather than through Vite's module runner: once per worker, not once per test file,
// and as one module instance, so that the service and the renderer share @quire/core's error classes.
const BUILT_PACKAGES = /\/packages\/[^/]+\/dist\//;

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
  test: {
    globalSetup: ['./src/__fixtures__/built-packages.global.ts'],
    server: { deps: { external: [BUILT_PACKAGES] } },
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
          // Files share their worker's modules: importing the app, the renderer and their dependencies afresh for each
          // of some 120 files took more than half of the suite's time. Each file starts its own app and store.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'timed', include: TIMED, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
