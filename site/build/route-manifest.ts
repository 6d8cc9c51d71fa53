import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { ROUTER_CONFIG } from './router-config.ts';

/** The file the build writes beside index.html: every route pattern of the app, for the service. */
export const ROUTE_MANIFEST_FILE = 'routes.json';

export interface RouteManifest {
  /** Full paths as TanStack Router writes them: `/home`, `/templates/$id`, `/files/$` (a splat). */
  routes: string[];
}

/**
 * The app's route patterns, read from the generated route tree's `FileRoutesByFullPath` (the generator's own list
 * of full paths, layouts and groups already resolved).
 */
export function routePatterns(routeTreeSource: string): string[] {
  const block = /export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(routeTreeSource)?.[1];
  if (block === undefined) throw new Error('The route tree has no FileRoutesByFullPath: has its format changed?');
  const paths = [...block.matchAll(/^\s*'([^']*)':/gm)].map((match) => match[1] as string);
  // `/about/` and `/about` are one page to a visitor.
  return [...new Set(paths.map((path) => (path.length > 1 ? path.replace(/\/$/, '') : path)))].sort();
}

/** Emits routes.json in the build, so that the service can answer unknown paths with 404. */
export function routeManifest(): Plugin {
  let root = process.cwd();
  return {
    name: 'quire-route-manifest',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle() {
      const source = await readFile(resolve(root, ROUTER_CONFIG.generatedRouteTree), 'utf8');
      const manifest: RouteManifest = { routes: routePatterns(source) };
      this.emitFile({ type: 'asset', fileName: ROUTE_MANIFEST_FILE, source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}
