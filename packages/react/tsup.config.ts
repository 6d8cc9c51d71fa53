import { copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { defineConfig } from 'tsup';

const require = createRequire(import.meta.url);

export default defineConfig([
  {
    // The library: ES modules only. Dynamic imports (Boss Mode and CodeMirror, the diff view, the PDF engine)
    // stay separate chunks, so that a host's bundler loads them only when they are used. Dependencies and React
    // are not bundled: the host's package manager installs them once for everything that uses them.
    entry: { index: 'src/index.ts' },
    format: ['esm'],
    splitting: true,
    dts: true,
    clean: true,
    sourcemap: true,
    platform: 'browser',
    target: 'es2022',
    esbuildOptions(options) {
      options.jsx = 'automatic';
      options.minifyWhitespace = true;
      options.minifySyntax = true;
    },
    // pdf.js's worker ships beside the chunks, which find it as `new URL('./pdf.worker.min.mjs', import.meta.url)`
    // (a pattern hosts' bundlers follow): the PDF viewers never load code from a CDN.
    async onSuccess() {
      await copyFile(require.resolve('pdfjs-dist/build/pdf.worker.min.mjs'), 'dist/pdf.worker.min.mjs');
    },
  },
  {
    // The one stylesheet, `@quire/react/styles.css`: every part's CSS, scoped under `.quire-root`.
    entry: { styles: 'src/styles/index.css' },
    minify: true,
  },
]);
