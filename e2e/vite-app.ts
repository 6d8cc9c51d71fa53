/**
 * A fresh Vite + React + TypeScript app that embeds the builder, as a user starts one (the files `npm create vite`
 * would give, written here so that nothing but packages is downloaded), and the checks of its build: the initial
 * chunk, CodeMirror only in lazy chunks, the stylesheet emitted and linked.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { check } from './lib/runner';

/** What a user installs: the builder, its peers, and Vite with React's plugin and TypeScript. */
export const VITE_APP_INSTALL = [
  '@quire/react',
  'react@19.3.1',
  'react-dom@19.3.1',
  'vite@8.3.8',
  '@vitejs/plugin-react@6.3.0',
  'typescript@5.9.3',
  '@types/react@19.3.0',
  '@types/react-dom@19.3.0',
];

const FILES: Record<string, string> = {
  'package.json': `${JSON.stringify(
    {
      name: 'quire-e2e-vite-app',
      version: '1.0.0',
      private: true,
      type: 'module',
      scripts: { build: 'tsc -p tsconfig.json && vite build' },
    },
    null,
    2,
  )}\n`,
  'tsconfig.json': `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        strict: true,
        isolatedModules: true,
        verbatimModuleSyntax: true,
        skipLibCheck: true,
        noEmit: true,
        types: ['vite/client'],
      },
      include: ['src', 'vite.config.ts'],
    },
    null,
    2,
  )}\n`,
  // The manifest says which chunks the page loads at once and which it imports later.
  'vite.config.ts': `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({ plugins: [react()], build: { manifest: true } });
`,
  'index.html': `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Report designer</title></head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`,
  'src/main.tsx': `import '@quire/react/styles.css';
import { type BuilderError, QuireProvider, TemplateBuilder } from '@quire/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

async function getToken(): Promise<string> {
  const response = await fetch('/api/quire-token', { method: 'POST' });
  const { token } = (await response.json()) as { token: string };
  return token;
}

function ReportDesigner({ templateId }: { templateId: string }) {
  return (
    <QuireProvider baseUrl="https://quire.example.com" getToken={getToken}>
      <TemplateBuilder
        templateId={templateId}
        defaultMode="easy"
        permissions={{ publish: false }}
        style={{ height: '100vh' }}
        onSave={({ version }) => console.log(\`saved version \${version}\`)}
        onError={(error: BuilderError) => console.error(error.code, error.message)}
      />
    </QuireProvider>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ReportDesigner templateId="tpl_H3kq9ZxT2mVb7NcW" />
  </StrictMode>,
);
`,
};

/** Writes the app into `dir`, taking the @quire scope from `registry`. */
export async function writeViteApp(dir: string, registry: string): Promise<void> {
  await mkdir(join(dir, 'src'), { recursive: true });
  for (const [file, text] of Object.entries(FILES)) await writeFile(join(dir, file), text);
  await writeFile(join(dir, '.npmrc'), `@quire:registry=${registry}\n`);
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** A marker of CodeMirror's view (its editor's class, in the base theme), which no other package writes. */
const CODEMIRROR = 'cm-editor';

/** Checks `vite build`'s output in `dir`/dist; answers lines that say what it found. */
export async function checkViteBuild(dir: string): Promise<string[]> {
  const dist = join(dir, 'dist');
  const manifest = JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  check(entries.length === 1, `the manifest has ${entries.length} entry chunks, not 1`);
  const [entryKey, entry] = entries[0] as [string, ManifestChunk];
  check(html.includes(`/${entry.file}"`), `index.html does not load the entry chunk ${entry.file}`);

  // The page loads the entry and what it imports statically; the rest comes with dynamic imports.
  const initial = closure([entryKey], manifest, (chunk) => chunk.imports ?? []);
  const reachable = closure([entryKey], manifest, (chunk) => [
    ...(chunk.imports ?? []),
    ...(chunk.dynamicImports ?? []),
  ]);
  const lazy = [...reachable].filter((key) => !initial.has(key));
  const code = async (key: string) => readFile(join(dist, (manifest[key] as ManifestChunk).file), 'utf8');
  const sizes = async (keys: Iterable<string>) => {
    let total = 0;
    for (const key of keys) total += gzipSync(await code(key)).length;
    return `${(total / 1024).toFixed(1)} KB gzipped`;
  };
  for (const key of initial) {
    const file = (manifest[key] as ManifestChunk).file;
    check((await stat(join(dist, file))).size > 0, `${file} is empty`);
    check(!(await code(key)).includes(CODEMIRROR), `CodeMirror is in ${file}, which the page loads at once`);
  }
  const editor: string[] = [];
  for (const key of lazy) {
    if ((await code(key)).includes(CODEMIRROR)) editor.push((manifest[key] as ManifestChunk).file);
  }
  check(editor.length > 0, `no lazy chunk holds CodeMirror (lazy: ${lazy.map((k) => manifest[k]?.file).join(', ')})`);

  const css = entry.css ?? [];
  check(css.length > 0, 'the entry chunk has no stylesheet: @quire/react/styles.css was not emitted');
  for (const file of css) {
    check(html.includes(`/${file}"`), `index.html does not link ${file}`);
    check((await readFile(join(dist, file), 'utf8')).includes('.quire-root'), `${file} has no .quire-root rules`);
  }
  return [
    `initial: ${[...initial].map((k) => manifest[k]?.file).join(', ')} (${await sizes(initial)})`,
    `lazy: ${lazy.length} chunks (${await sizes(lazy)}); CodeMirror in ${editor.join(', ')}`,
    `stylesheet: ${css.join(', ')}`,
  ];
}

function closure(
  start: string[],
  manifest: Record<string, ManifestChunk>,
  next: (chunk: ManifestChunk) => string[],
): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
    const chunk = manifest[key];
    // index.html appears as a chunk's import when a lazy chunk reuses the entry's code.
    if (seen.has(key) || !chunk) continue;
    seen.add(key);
    queue.push(...next(chunk));
  }
  return seen;
}
