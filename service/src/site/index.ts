import express, { type RequestHandler, type Response, Router } from 'express';
import type { Logger } from 'pino';
import type { SiteBuild } from './site-build';

export { loadSiteBuild, type SiteBuild } from './site-build';

/** Paths the API answers: never the app's page, so that an unknown API path stays a JSON 404. */
const SERVICE_PREFIXES = ['/v1', '/mcp', '/docs', '/openapi.json', '/healthz', '/readyz'];

const isServicePath = (path: string) =>
  SERVICE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * The page's policy: the app's own scripts only (no inline script: the theme is set by /theme-init.js; no eval;
 * WebAssembly may compile, for the PDF preview's flexbox layout, Yoga, which the engine ships as wasm in a data: URL
 * that its loader fetches, hence data: in connect-src), inline
 * styles (React style attributes, the builder's preview), data: and blob: images (logos, previews), workers from
 * this origin (pdf.js), the API on this origin, and no framing by other sites.
 */
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' data:",
  "worker-src 'self' blob:",
  "media-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Serves the web app: its files (hashed assets cached for good, the rest revalidated), and for any other GET its
 * page, the router in the browser then drawing the screen. A path that is no route of the app gets the page with
 * status 404 (it shows "Oops! Page not found") and one log line naming the path.
 */
export function siteRouter({ site, logger }: { site: SiteBuild; logger: Logger }): Router {
  const router = Router();
  router.use(
    express.static(site.dir, {
      index: false,
      redirect: false,
      fallthrough: true,
      setHeaders(res, path) {
        const hashed = /[\\/]assets[\\/]/.test(path);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  router.use((req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isServicePath(req.path)) {
      next();
      return;
    }
    const known = site.isAppRoute(req.path);
    if (!known) logger.warn({ request_id: res.locals.requestId, path: req.path }, 'page not found');
    sendPage(site, res, known ? 200 : 404);
  });
  return router;
}

function sendPage(site: SiteBuild, res: Response, status: number): void {
  res
    .status(status)
    .type('html')
    .set('Cache-Control', 'no-cache')
    .set('Content-Security-Policy', PAGE_POLICY)
    .send(site.indexHtml);
}

/**
 * `/mcp` is both the MCP endpoint (POST, Streamable HTTP) and the app's page about MCP: a browser opening it
 * (a GET that accepts HTML) gets the page; MCP clients, which POST or ask for an event stream, get the endpoint.
 */
export function sitePageForBrowsers(site: SiteBuild): RequestHandler {
  return (req, res, next) => {
    const browser =
      (req.method === 'GET' || req.method === 'HEAD') && req.accepts(['text/event-stream', 'html']) === 'html';
    if (browser) sendPage(site, res, 200);
    else next();
  };
}
