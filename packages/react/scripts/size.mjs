// Prints what a host application downloads for the builder: the initial chunk (what loads with the page) and each
// lazy chunk (Boss Mode and CodeMirror, the diff view, the PDF engine…), minified and gzipped. It bundles
// dist/index.js as an application's bundler would (rolldown, Vite's bundler), with every dependency but React (the
// host's own), and follows the imports: chunks reached by static imports from the entry are initial, the rest load
// on demand. `--max-initial-kb <n>` fails above n KB gzipped for the initial chunk.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { rolldown } from 'rolldown';

const { values } = parseArgs({ options: { 'max-initial-kb': { type: 'string' } }, strict: true });
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'quire-react-size-'));
const entry = join(work, 'app.js');
writeFileSync(entry, `export * from ${JSON.stringify(join(root, 'dist/index.js'))};\n`);

try {
  const bundle = await rolldown({
    input: entry,
    external: [/^react($|\/)/, /^react-dom($|\/)/],
    // The workspace's own packages (@quire/core, @quire/client) from their sources: the same code as their dist.
    resolve: { conditionNames: ['@quire/source', 'browser', 'import', 'default'] },
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    logLevel: 'silent',
  });
  const { output } = await bundle.generate({ format: 'esm', minify: true });
  const chunks = new Map(output.filter((item) => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const gz = (chunk) => gzipSync(chunk.code, { level: 9 }).length;
  const closure = (name, seen = new Set()) => {
    if (seen.has(name) || !chunks.has(name)) return seen;
    seen.add(name);
    for (const imported of chunks.get(name).imports) closure(imported, seen);
    return seen;
  };
  const entryChunk = [...chunks.values()].find((chunk) => chunk.isEntry);
  const initial = closure(entryChunk.fileName);
  const size = (names) => [...names].reduce((sum, name) => sum + gz(chunks.get(name)), 0);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const initialSize = size(initial);
  const lines = [`@quire/react as a host's bundle gets it (React excluded; minified, gzipped):`];
  lines.push(`  initial chunk: ${kb(initialSize)}`);
  // Each chunk loaded by a dynamic import, with what it brings that the page has not loaded yet.
  const lazy = new Set();
  for (const chunk of chunks.values()) for (const target of chunk.dynamicImports) lazy.add(target);
  // Hyphenation patterns (@quire/render's, one chunk per language, loaded only for a document in that language).
  const patterns = { count: 0, names: new Set() };
  for (const target of lazy) {
    const own = [...closure(target)].filter((name) => !initial.has(name));
    if (own.length === 0) continue;
    if (Object.keys(chunks.get(target).modules).some((id) => /[/\\]hyphen[/\\]/.test(id))) {
      patterns.count++;
      for (const name of own) patterns.names.add(name);
      continue;
    }
    // Named after the module the builder imports lazily (BossMode, CodeEditor, DiffView…).
    const modules = Object.keys(chunks.get(target).modules)
      .filter((id) => id.startsWith(join(root, 'dist')))
      .map((id) => id.slice(join(root, 'dist').length + 1).replace(/-[A-Z0-9]{8}\.js$/, ''));
    // Chunks of a dependency's own splitting (@quire/render/browser's two PDF engines) by their file's name.
    const name = modules.join(', ') || target.replace(/-[A-Za-z0-9_-]{8}\.js$/, '');
    lines.push(`  lazy chunk ${name}: ${kb(size(own))}`);
  }
  if (patterns.count > 0)
    lines.push(
      `  hyphenation patterns: ${patterns.count} lazy chunks, ${kb(size(patterns.names))} in all (one per language)`,
    );
  console.log(lines.join('\n'));
  const max = values['max-initial-kb'] === undefined ? undefined : Number(values['max-initial-kb']);
  if (max !== undefined && initialSize > max * 1024) {
    console.error(`the initial chunk (${kb(initialSize)}) is over the budget of ${max} KB`);
    process.exitCode = 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
