/**
 * Fails when a package's Node build holds a character beyond Latin-1 (U+00FF) outside what esbuild escapes. V8 keeps
 * a module's source in memory for as long as the module lives, one byte a character only when every character fits
 * in one: a single `→` in a comment esbuild keeps (JSDoc on a class field) or a `’` in a regular expression (which it
 * does not escape) makes the whole file two bytes a character, in every isolate that loads it (the renderer's
 * 780 KB bundle, once more in each render worker). Write such characters as `\u2019` escapes, or in words.
 *
 *   node scripts/one-byte-dist.mjs packages/render packages/core
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Bundles for browsers are loaded by browsers, which hold sources their own way.
const BROWSER_ONLY = /^(browser|render-browser-)/;

let failed = false;
for (const dir of process.argv.slice(2)) {
  const dist = join(dir, 'dist');
  for (const name of readdirSync(dist)) {
    if (!/\.(c|m)?js$/.test(name) || BROWSER_ONLY.test(name)) continue;
    const lines = readFileSync(join(dist, name), 'utf8').split('\n');
    lines.forEach((line, index) => {
      const at = [...line].findIndex((c) => (c.codePointAt(0) ?? 0) > 0xff);
      if (at === -1) return;
      failed = true;
      console.error(`${join(dist, name)}:${index + 1}: a character beyond Latin-1: ${line.trim().slice(0, 120)}`);
    });
  }
}
if (failed) {
  console.error('These files would be held in memory as two-byte strings: write those characters as \\u escapes.');
  process.exit(1);
}
