import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Where the stories' PDF preview finds the fonts (`fonts={{ baseUrl }}`), as a host serves them. */
export const FONTS_PATH = 'quire-fonts';

const reactPackage = fileURLToPath(new URL('../packages/react/package.json', import.meta.url));

/**
 * The bundled font files by the name the preview fetches them under, resolved as `quire-react-fonts`
 * (packages/react/scripts/copy-fonts.mjs) resolves them: from the @expo-google-fonts packages @quire/render
 * depends on, listed in src/pdf/bundled-fonts.json.
 */
export function bundledFontFiles(): Map<string, string> {
  const manifest = JSON.parse(
    readFileSync(join(dirname(reactPackage), 'src/pdf/bundled-fonts.json'), 'utf8'),
  ) as Record<string, Record<string, string>>;
  const fromReact = createRequire(reactPackage);
  const fromRender = createRequire(fromReact.resolve('@quire/render/package.json'));
  const files = new Map<string, string>();
  for (const faces of Object.values(manifest)) {
    for (const path of Object.values(faces)) {
      const [scope, name, ...file] = path.split('/');
      const dir = dirname(fromRender.resolve(`${scope}/${name}/package.json`));
      files.set(file[file.length - 1] as string, join(dir, ...file));
    }
  }
  return files;
}

/**
 * Serves the bundled fonts under /quire-fonts/ for the stories, as `npx quire-react-fonts` lays them out for a
 * host: each file by its name, and nothing else from those packages. The dev server and the story tests answer
 * them from node_modules; `storybook build` writes them beside iframe.html. Nothing comes from a CDN.
 */
export function quireFonts(): Plugin {
  const files = bundledFontFiles();
  return {
    name: 'quire:bundled-fonts',
    configureServer(server) {
      server.middlewares.use(`/${FONTS_PATH}`, (req, res, next) => {
        const name = decodeURIComponent((req.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '');
        const path = files.get(name);
        if (!path) return next();
        res.setHeader('content-type', 'font/ttf');
        res.setHeader('cache-control', 'max-age=3600');
        res.end(readFileSync(path));
      });
    },
    generateBundle() {
      for (const [name, path] of files) {
        this.emitFile({ type: 'asset', fileName: `${FONTS_PATH}/${name}`, source: readFileSync(path) });
      }
    },
  };
}
