import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (the @quire/source export condition), so the tests
// need no build first; Vite's server side (where Node tests run) takes its conditions from ssr.resolve.
const conditions = ['@quire/source'];

// Files whose tests race the clock: the render pool's time limits (a 300 ms task under a 400 ms limit) and the
// browser bundle rendering three documents in Chromium within 30 s each, and the Chromium engine's. They run last,
// one at a time, with no other test file competing for the cores, as when the whole suite ran on one worker.
const TIMED = ['src/browser.test.ts', 'src/pool/render-pool.test.ts', 'src/chromium/chromium-engine.test.ts'];

// Test files share their worker's modules (isolate: false): each file importing the engine, pdfkit, fontkit and the
// fonts afresh took 40% of the suite's time, and the service renders document after document in one process too,
// which is what the shared modules test (a glyph's code points leaking from one document to the next showed up
// this way). These files look at a fresh process's state (what was parsed or loaded since it started) and get
// modules of their own.
const FRESH = ['src/fonts/parse-cache.test.ts', 'src/engine/layout/flex/not-ready.test.ts'];

// Vitest runs cores - 1 workers by default: one on a 2-core machine, where its main process then sits idle while
// that one worker runs. Two workers keep both cores busy (bigger machines keep the default).
// fontkit as the Node builds take it (tsup.config.ts): pdfkit's own instance, through the parse cache.
const alias = [
  { find: /^fontkit$/, replacement: fileURLToPath(new URL('./src/fonts/fontkit-node.ts', import.meta.url)) },
];

export default defineConfig({
  resolve: { conditions, alias },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'render',
          include: ['src/**/*.test.ts', 'fidelity/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...TIMED, ...FRESH],
          maxWorkers: Math.max(2, availableParallelism() - 1),
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'fresh', include: FRESH, maxWorkers: Math.max(2, availableParallelism() - 1) },
      },
      {
        extends: true,
        test: { name: 'timed', include: TIMED, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
