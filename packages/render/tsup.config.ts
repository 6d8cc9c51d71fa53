import { defineConfig, type Options } from 'tsup';

// Node builds take fontkit from pdfkit's own (CommonJS) instance: one fontkit per process (src/fonts/fontkit-node.ts).
const nodeFontkit: Options['esbuildOptions'] = (options) => {
  options.alias = { ...options.alias, fontkit: './src/fonts/fontkit-node.ts' };
};

export default defineConfig([
  {
    // The library, for import and require.
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    platform: 'node',
    target: 'node20',
    // import.meta.url in the CommonJS build, for finding the worker and the font files.
    shims: true,
    noExternal: ['fontkit'],
    esbuildOptions: nodeFontkit,
  },
  {
    // The worker of the render pool and the command line: ES modules only, next to the library.
    entry: { 'render-worker': 'src/pool/worker.ts', cli: 'src/cli/bin.ts' },
    format: ['esm'],
    sourcemap: true,
    platform: 'node',
    target: 'node20',
    shims: true,
    noExternal: ['fontkit'],
    esbuildOptions: nodeFontkit,
  },
  {
    // @quire/render/browser, for the builder's live preview: Quire's engine (the default) and pdfmake's browser
    // build (`engine: 'pdfmake'`), each a lazy chunk. `build` prints the sizes after (scripts/browser-size.mjs).
    entry: { browser: 'src/browser.ts' },
    format: ['esm'],
    dts: true,
    sourcemap: true,
    platform: 'browser',
    target: 'es2022',
  },
]);
