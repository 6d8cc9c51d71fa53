import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

import { PDF_FONTS_PATH, PDF_WORKER_PATH } from './pdf-paths.ts';

// Resolved as @quire/react resolves them: the fonts through @quire/render, pdf.js's worker from pdfjs-dist.
const fromReact = createRequire(createRequire(import.meta.url).resolve('@quire/react/package.json'));
const fromRender = createRequire(fromReact.resolve('@quire/render/package.json'));

/** Every file served, by URL path: the 14 bundled font files (5.7 MB) and the worker (1 MB). */
async function pdfAssetFiles(): Promise<Map<string, string>> {
  const manifest = JSON.parse(
    await readFile(join(dirname(fromReact.resolve('@quire/react/package.json')), 'src/pdf/bundled-fonts.json'), 'utf8'),
  ) as Record<string, Record<string, string>>;
  const files = new Map<string, string>();
  for (const faces of Object.values(manifest)) {
    for (const path of Object.values(faces)) {
      const [scope, name, ...rest] = path.split('/');
      const file = join(dirname(fromRender.resolve(`${scope}/${name}/package.json`)), ...rest);
      files.set(`${PDF_FONTS_PATH}/${rest[rest.length - 1]}`, file);
    }
  }
  files.set(PDF_WORKER_PATH, fromReact.resolve('pdfjs-dist/build/pdf.worker.min.mjs'));
  return files;
}

/**
 * The exact PDF preview in the template builder draws with the service's own fonts, in the browser: serve them
 * (and pdf.js's worker) from the site's origin, never from a CDN.
 */
export function pdfAssets(): Plugin {
  let files: Promise<Map<string, string>> | undefined;
  const all = () => {
    files ??= pdfAssetFiles();
    return files;
  };
  return {
    name: 'quire-pdf-assets',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const path = req.url?.split('?')[0] ?? '';
        const file = (await all()).get(path);
        if (!file) {
          next();
          return;
        }
        res.setHeader('Content-Type', path.endsWith('.mjs') ? 'text/javascript' : 'font/ttf');
        res.end(await readFile(file));
      });
    },
    async generateBundle() {
      for (const [path, file] of await all()) {
        this.emitFile({ type: 'asset', fileName: path.slice(1), source: await readFile(file) });
      }
    },
  };
}
