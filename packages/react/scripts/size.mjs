// Prints what a host application downloads for the builder: the initial chunk (what loads with the page) and each
// lazy chunk (Boss Mode with CodeMirror, the diff view, the PDF engine…), gzipped. It bundles dist/index.js the way
// an application's bundler would, with every dependency but React (the host's own), and follows the imports:
// chunks reached by static imports from the entry are initial, the rest load on demand.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'quire-react-size-'));
const entry = join(work, 'app.js');
writeFileSync(entry, `export * from ${JSON.stringify(join(root, 'dist/index.js'))};\n`);

try {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    platform: 'browser',
    target: 'es2022',
    outdir: join(work, 'out'),
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'],
    nodePaths: [join(root, 'node_modules')],
    metafile: true,
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const outputs = result.metafile.outputs;
  const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
  const closure = (start, seen = new Set()) => {
    if (seen.has(start)) return seen;
    seen.add(start);
    for (const imported of outputs[start]?.imports ?? []) {
      if (imported.kind === 'import-statement' && outputs[imported.path]) closure(imported.path, seen);
    }
    return seen;
  };
  const cwd = process.cwd();
  const entryOut = Object.keys(outputs).find((file) => outputs[file].entryPoint && file.endsWith('.js'));
  const initial = closure(entryOut);
  const size = (files) => [...files].reduce((sum, file) => sum + gz(join(cwd, file)), 0);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const lines = [`@quire/react, as a host's bundle gets it (React excluded; gzipped):`];
  lines.push(`  initial chunk: ${kb(size(initial))}`);
  // Each dynamic import target, with what it pulls in that the page has not loaded yet.
  const lazyTargets = new Set();
  for (const file of Object.keys(outputs)) {
    for (const imported of outputs[file].imports)
      if (imported.kind === 'dynamic-import') lazyTargets.add(imported.path);
  }
  for (const target of lazyTargets) {
    const own = [...closure(target)].filter((file) => !initial.has(file));
    if (own.length === 0) continue;
    const inputs = Object.keys(outputs[target].inputs)
      .map((input) => relative(root, input))
      .filter((input) => input.startsWith('dist/') || input.includes('/src/'));
    const names = Object.keys(outputs[target].inputs).filter((input) => !input.includes('node_modules'));
    const label = names.map((n) => relative(join(root, 'dist'), join(cwd, n))).join(', ') || inputs.join(', ');
    lines.push(`  lazy chunk ${label || relative(work, target)}: ${kb(size(own))}`);
  }
  console.log(lines.join('\n'));
} finally {
  rmSync(work, { recursive: true, force: true });
}
