import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '../e2e/public-routes';
import { SITE_DIST, SITE_ROOT } from './ensure-build';
import { ROUTE_MANIFEST_FILE, routePatterns } from './route-manifest';

describe('the route manifest', () => {
  it('lists every route of the app in the build, as the service reads it', async () => {
    // The run's global setup built the site.
    const manifest = JSON.parse(await readFile(join(SITE_DIST, ROUTE_MANIFEST_FILE), 'utf8')) as { routes: string[] };
    for (const route of PUBLIC_ROUTES) expect(manifest.routes).toContain(route.path);
    expect(manifest.routes).toContain('/');
    const tree = await readFile(join(SITE_ROOT, 'src/routeTree.gen.ts'), 'utf8');
    expect(manifest.routes).toEqual(routePatterns(tree));
  });

  it('reads full paths from the generated tree, layouts resolved and trailing slashes dropped', () => {
    const tree = `export interface FileRoutesByFullPath {
  '/': typeof IndexRoute;
  '/home': typeof PublicHomeRoute;
  '/templates/': typeof TemplatesIndexRoute;
  '/templates/$id': typeof TemplatesIdRoute;
}
export interface FileRoutesByTo {
  '/other': typeof OtherRoute;
}`;
    expect(routePatterns(tree)).toEqual(['/', '/home', '/templates', '/templates/$id']);
    expect(() => routePatterns('export const routeTree = {}')).toThrow(/FileRoutesByFullPath/);
  });
});
