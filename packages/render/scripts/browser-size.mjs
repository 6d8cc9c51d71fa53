// Prints what a page downloads for @quire/render/browser: dist/browser.js bundled as a host's bundler would (every
// dependency included, minified, ES module chunks), raw and gzipped. The entry (the pdfmake path, loaded with the
// page) and what it imports; Quire's engine (`engine: 'quire'`), a lazy chunk loaded with its first render; and the
// hyphenation patterns, a lazy chunk per language loaded when a document hyphenates in it. Each part is followed
// by the packages that make up most of it. Run by `build`, after tsup.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'browser-size');
const { outputFiles, metafile } = await build({
  entryPoints: [join(root, 'dist/browser.js')],
  bundle: true,
  platform: 'browser',
  format: 'esm',
  splitting: true,
  minify: true,
  outdir,
  write: false,
  metafile: true,
  logLevel: 'error',
  absWorkingDir: root,
  // The workspace's @quire/core from its sources: the same code as its dist.
  conditions: ['@quire/source'],
  define: { 'process.env.NODE_ENV': '"production"' },
});

const code = new Map(outputFiles.map((file) => [file.path, file.contents]));
const outputs = Object.entries(metafile.outputs).filter(([name]) => name.endsWith('.js'));
const byName = new Map(outputs.map(([name, output]) => [name, output]));
const absolute = (name) => join(root, name);

/** A chunk and every chunk it imports statically, transitively. */
function closure(name, seen = new Set()) {
  if (seen.has(name) || !byName.has(name)) return seen;
  seen.add(name);
  for (const item of byName.get(name).imports) if (item.kind === 'import-statement') closure(item.path, seen);
  return seen;
}

const entry = outputs.find(([, output]) => output.entryPoint === 'dist/browser.js')?.[0];
const initial = closure(entry);
const dynamicTargets = new Set(
  outputs.flatMap(([, output]) => output.imports.filter((item) => item.kind === 'dynamic-import').map((i) => i.path)),
);
const isPatterns = (name) => /\/hyphen\//.test(byName.get(name).entryPoint ?? '');
const lazyChunk = (pattern, unless = /^$/) => {
  const target = [...dynamicTargets].find((name) => {
    const entryPoint = byName.get(name).entryPoint ?? '';
    return pattern.test(entryPoint) && !unless.test(entryPoint);
  });
  return target ? new Set([...closure(target)].filter((name) => !initial.has(name))) : null;
};
const engine = lazyChunk(/render-browser/, /render-browser-pdfmake/);
const pdfmakeEngine = lazyChunk(/render-browser-pdfmake/);
// Each language's chunk with the chunks it shares with others (the patterns' common code).
const patterns = new Set(
  [...dynamicTargets].filter(isPatterns).flatMap((name) => [...closure(name)].filter((n) => !initial.has(n))),
);
const languages = [...dynamicTargets].filter(isPatterns);

const sizes = (names) => {
  let raw = 0;
  let gzipped = 0;
  for (const name of names) {
    const bytes = code.get(absolute(name));
    raw += bytes.length;
    gzipped += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzipped };
};
const kb = (bytes) =>
  `${(bytes / 1024).toLocaleString('en', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} KB`;
const both = ({ raw, gzipped }) => `${kb(raw)} raw, ${kb(gzipped)} gzipped`;

/** The packages with the most bytes in these chunks (minified, before gzip), as shares of the whole. */
function dominant(names, count = 4) {
  const perPackage = new Map();
  let total = 0;
  for (const name of names) {
    for (const [input, { bytesInOutput }] of Object.entries(byName.get(name).inputs)) {
      const modules = input.lastIndexOf('node_modules/');
      const rest = modules >= 0 ? input.slice(modules + 'node_modules/'.length).split('/') : null;
      const owner = rest ? (rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]) : '@quire/* (own code)';
      perPackage.set(owner, (perPackage.get(owner) ?? 0) + bytesInOutput);
      total += bytesInOutput;
    }
  }
  return [...perPackage]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([owner, bytes]) => `${owner} ${Math.round((bytes / total) * 100)}%`)
    .join(', ');
}

const lines = ['@quire/render/browser as a page gets it (every dependency bundled, minified):'];
lines.push(`  initial (the entry): ${both(sizes(initial))}`);
lines.push(`    mostly ${dominant(initial)}`);
if (engine) {
  lines.push(`  engine: 'quire' (the default; lazy chunk, on its first render): ${both(sizes(engine))}`);
  lines.push(`    mostly ${dominant(engine)}`);
}
if (pdfmakeEngine) {
  lines.push(`  engine: 'pdfmake' (lazy chunk, on its first render): ${both(sizes(pdfmakeEngine))}`);
  lines.push(`    mostly ${dominant(pdfmakeEngine)}`);
}
if (languages.length > 0) {
  const english = languages.find((name) => /\/hyphen\/en-us\//.test(byName.get(name).entryPoint));
  const largest = languages.reduce((a, b) => (byName.get(a).bytes >= byName.get(b).bytes ? a : b));
  const language = (name) => /\/hyphen\/([^/]+)\//.exec(byName.get(name).entryPoint)?.[1];
  lines.push(
    `  hyphenation patterns (${languages.length} lazy chunks, loaded per language): ${both(sizes(patterns))} in all;` +
      `${english ? ` en-us ${both(sizes([...closure(english)].filter((n) => !initial.has(n))))},` : ''} the largest ${language(largest)} ${both(sizes([largest]))}`,
  );
}
console.log(lines.join('\n'));
