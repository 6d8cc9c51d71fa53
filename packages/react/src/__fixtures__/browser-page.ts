/**
 * Builds a browser test's page (esbuild: the page, React, the package from its sources, lazy chunks split as a
 * host's bundler would) and serves it on loopback, with `/v1/…` passed to the service so that the builder talks to
 * it on the same origin, as it does in Quire's own site, and `POST /api/quire-token` answering a token as a host's
 * backend would. The bundled fonts are served under `/fonts/` and pdf.js's worker at `/pdf.worker.min.mjs`, as a
 * host serves them for the PDF preview.
 */
import { readFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { build } from 'esbuild';
import { FONT_FILES } from './pdf-browser';

const require = createRequire(import.meta.url);
const PDF_WORKER = require.resolve('pdfjs-dist/build/pdf.worker.min.mjs');

const here = new URL('.', import.meta.url).pathname;
const root = join(here, '../..');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export interface TestPage {
  url: string;
  close(): Promise<void>;
}

export interface TestPageOptions {
  outdir: string;
  serviceUrl: string;
  /** The page's script (TSX); default browser-page.tsx. It imports the stylesheet, which becomes page.css. */
  entry?: string;
  /** What `POST /api/quire-token` answers, as a host's backend would: `{ token }`. */
  token?: string;
}

export async function startTestPage(options: TestPageOptions): Promise<TestPage> {
  const { outdir, serviceUrl } = options;
  await build({
    entryPoints: { page: options.entry ?? join(here, 'browser-page.tsx') },
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir,
    jsx: 'automatic',
    conditions: ['@quire/source'],
    nodePaths: [join(root, 'node_modules')],
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
    logLevel: 'error',
  });
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Quire builder</title>
<link rel="stylesheet" href="/page.css"></head><body style="margin:0"><div id="root"></div>
<script type="module" src="/page.js"></script></body></html>`;
  const service = new URL(serviceUrl);
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    if (path.startsWith('/v1/')) {
      const upstream = request(
        { host: service.hostname, port: service.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    if (path === '/api/quire-token' && req.method === 'POST') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token: options.token ?? '' }));
      return;
    }
    if (path === '/') {
      res.writeHead(200, { 'content-type': TYPES['.html'] }).end(page);
      return;
    }
    const font = path.startsWith('/fonts/') ? FONT_FILES.get(path.slice('/fonts/'.length)) : undefined;
    const file = font ?? (path === '/pdf.worker.min.mjs' ? PDF_WORKER : join(outdir, path.replace(/^\/+/, '')));
    const type = font ? 'font/ttf' : (TYPES[extname(path)] ?? 'application/octet-stream');
    readFile(file)
      .then((body) => res.writeHead(200, { 'content-type': type }).end(body))
      .catch(() => res.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
