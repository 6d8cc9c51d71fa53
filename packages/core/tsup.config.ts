import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  // Isomorphic: the same bundle runs in Node and in browsers, so nothing may assume either.
  platform: 'neutral',
  target: 'es2022',
});
