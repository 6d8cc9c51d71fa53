import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** How to start a worker: the script piscina loads and the Node options its thread needs. */
export interface WorkerLaunch {
  filename: string;
  execArgv: string[] | undefined;
}

/**
 * Where the built worker lives, relative to the module this code is bundled into: `dist/render-worker.js` next to
 * tsup's `dist/index.js` (entry `render-worker: src/pool/worker.ts`), or `worker.js` beside this file when the
 * sources are compiled one to one.
 */
const BUILT_WORKER_NAMES = ['./render-worker.js', './worker.js'];

/**
 * In development this module runs as TypeScript (vitest, tsx), and so must the worker: Node cannot load `.ts`
 * itself. In the built package it is JavaScript, and so is the worker file beside it.
 */
export function resolveWorkerLaunch(fromUrl: string = import.meta.url): WorkerLaunch {
  if (/\.[cm]?ts$/.test(new URL(fromUrl).pathname)) {
    return { filename: fileURLToPath(new URL('./worker.ts', fromUrl)), execArgv: typeScriptExecArgv(fromUrl) };
  }
  for (const name of BUILT_WORKER_NAMES) {
    const filename = fileURLToPath(new URL(name, fromUrl));
    if (existsSync(filename)) return { filename, execArgv: undefined };
  }
  throw new Error(
    `The render worker was not found next to ${fileURLToPath(fromUrl)} (looked for ${BUILT_WORKER_NAMES.join(', ')}). ` +
      'Build the package with its worker entry, or pass workerFile to RenderPool.',
  );
}

/** Node options for a worker thread that runs the TypeScript sources (and handler modules written in TypeScript). */
export function typeScriptExecArgv(fromUrl: string = import.meta.url): string[] {
  return ['--import', tsxPreloadUrl(fromUrl), '--conditions=@quire/source'];
}

/**
 * tsx's own `--import tsx` registers its hooks on the main thread only, and on Node 20 a worker does not inherit
 * them: the worker registers them itself through tsx's API. A data: URL spares a preload file; it imports tsx by
 * absolute URL because a data: module cannot resolve package names. `--conditions=@quire/source` makes workspace
 * packages resolve to their sources, as they do in vitest.
 */
function tsxPreloadUrl(fromUrl: string): string {
  const source = `import { register } from ${JSON.stringify(tsxEsmApiUrl(fromUrl))}; register();`;
  return `data:text/javascript,${encodeURIComponent(source)}`;
}

/**
 * The ES module build of `tsx/esm/api`, looked up in tsx's own exports map: `require.resolve` would give the
 * CommonJS build, which cannot register the hooks from an ES module.
 */
function tsxEsmApiUrl(fromUrl: string): string {
  try {
    const packageJsonPath = createRequire(fromUrl).resolve('tsx/package.json');
    const manifest = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as {
      exports?: Record<string, { import?: { default?: string } }>;
    };
    const entry = manifest.exports?.['./esm/api']?.import?.default;
    if (entry === undefined) throw new Error('tsx does not export ./esm/api');
    return new URL(entry, pathToFileURL(packageJsonPath)).href;
  } catch (cause) {
    throw new Error('Running the render worker from TypeScript sources needs the tsx package (a devDependency).', {
      cause,
    });
  }
}
