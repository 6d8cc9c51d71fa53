import { build } from 'esbuild';
import { expect, it } from 'vitest';

// package.json's `sideEffects` lets bundlers drop the modules it does not list when nothing of them is used. The
// font parse cache is imported for its effect alone (engine/paint/platform-node.ts, pdf/pdfmake-node.ts): a bundle of
// the library, as tsup makes dist/ and as a user's bundler makes theirs, must keep it and run it when it loads. The
// pdfmake engine's module is imported lazily, so esbuild wraps the cache's module in an initialiser, called at the
// top level for the module that imports it statically.
it('keeps the modules imported for their effect when the library is bundled', async () => {
  const result = await build({
    entryPoints: [new URL('./index.ts', import.meta.url).pathname],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const bundle = result.outputFiles[0]?.text ?? '';
  expect(bundle).toMatch(/\n(installFontParseCache|init_parse_cache)\(\);/);
});
