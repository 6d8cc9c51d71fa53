import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { type RouteMatcher, routeMatcher } from './route-patterns';

/** What the site's build holds that the service needs: its page, and which paths are pages of the app. */
export interface SiteBuild {
  dir: string;
  indexHtml: Buffer;
  isAppRoute: RouteMatcher;
  routes: string[];
}

const RouteManifest = z.object({ routes: z.array(z.string().startsWith('/')) });

/**
 * Reads a site build (index.html and routes.json). Undefined when there is no build there: the service then
 * answers the API alone (and says so in its log).
 */
export async function loadSiteBuild(dir: string): Promise<SiteBuild | undefined> {
  let indexHtml: Buffer;
  try {
    indexHtml = await readFile(join(dir, 'index.html'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const manifest = RouteManifest.parse(JSON.parse(await readFile(join(dir, 'routes.json'), 'utf8')));
  return { dir, indexHtml, routes: manifest.routes, isAppRoute: routeMatcher(manifest.routes) };
}
