import { defineConfig } from 'tsup';

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
  },
  {
    // The one stylesheet, `@quire/react/styles.css`: every part's CSS, scoped under `.quire-root`.
    entry: { styles: 'src/styles/index.css' },
    minify: true,
  },
]);
