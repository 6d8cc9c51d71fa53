import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The library: runtime-agnostic (fetch, Web Streams, Web Crypto), for import and require.
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    platform: 'neutral',
    target: 'es2022',
    // Whitespace and syntax only: comments go (the .d.ts keeps the docs), names stay readable in stack traces.
    esbuildOptions(options) {
      options.minifyWhitespace = true;
      options.minifySyntax = true;
    },
  },
  {
    // The `quire-client` command (Node only): ES module, with its shebang and run bit kept.
    entry: { bin: 'src/bin/quire-client.ts' },
    format: ['esm'],
    sourcemap: true,
    platform: 'node',
    target: 'node18',
  },
]);
