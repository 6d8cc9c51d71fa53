import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects. `browser`: the site's build served by the real service, driven in the system Chromium (e2e/), with
// one service and one browser for the run (e2e/harness/global-setup.ts), two files at a time: each signs up its own
// people and teams, and a file spends much of its time waiting on the browser and the service (on an idle 2-core
// machine the files took 455 s one after another, 361 s two at a time). `unit`: tests beside the code (src/), components in jsdom, with a
// real service of their own for the files that talk to Quire (src/__fixtures__/service.global.ts).
const conditions = ['@quire/source'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'browser',
          include: ['e2e/**/*.test.ts', 'build/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./e2e/harness/global-setup.ts'],
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // What a page shows after it fetches from the service, or after a lazy route loads, can take more than
          // expect.poll's default second on a loaded 2-core machine (CI once saw the pricing cards come late).
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        resolve: { conditions },
        ssr: { resolve: { conditions, externalConditions: conditions } },
        test: {
          name: 'unit',
          // Two workers on a 2-core machine, where Vitest's default (cores - 1) is one and leaves a core idle.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/__fixtures__/setup.ts'],
          globalSetup: ['./src/__fixtures__/service.global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
