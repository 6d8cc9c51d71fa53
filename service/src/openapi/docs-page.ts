import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RequestHandler, Router } from 'express';

/**
 * Scalar's standalone bundle, served from the installed package: the docs page loads nothing from a CDN, so it
 * works on a machine without internet and leaks no visits to a third party.
 */
const SCALAR_BUNDLE = join(
  dirname(fileURLToPath(import.meta.resolve('@scalar/api-reference'))),
  'browser',
  'standalone.js',
);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Quire API reference</title>
    <meta name="description" content="The Quire REST API: templates, reports, webhooks, data sources, teams and plans." />
  </head>
  <body>
    <noscript>The API reference needs JavaScript. The OpenAPI document itself is at <a href="/openapi.json">/openapi.json</a>.</noscript>
    <div id="app"></div>
    <script src="/docs/scalar.js"></script>
    <script src="/docs/init.js"></script>
  </body>
</html>
`;

// Kept out of the page so the docs' Content-Security-Policy needs no inline scripts.
const INIT = `Scalar.createApiReference('#app', {
  url: '/openapi.json',
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
  documentDownloadType: 'json',
  metaData: { title: 'Quire API reference' },
});
`;

/**
 * The human API docs: GET /docs renders /openapi.json with Scalar. Scalar sets styles at run time and its
 * "try it" client calls this same origin, so the page gets its own policy: scripts from this origin only,
 * inline styles allowed, connections to this origin only.
 */
export function docsRouter(): Router {
  const router = Router();
  let bundle: Promise<Buffer> | undefined;
  const policy: RequestHandler = (_req, res, next) => {
    res.set(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self' blob:",
        "frame-ancestors 'none'",
      ].join('; '),
    );
    next();
  };
  router.get('/docs', policy, (_req, res) => {
    res.type('html').send(PAGE);
  });
  router.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').set('Cache-Control', 'no-cache').send(INIT);
  });
  router.get('/docs/scalar.js', async (_req, res) => {
    bundle ??= readFile(SCALAR_BUNDLE);
    res
      .type('application/javascript')
      .set('Cache-Control', 'public, max-age=86400')
      .send(await bundle);
  });
  return router;
}
