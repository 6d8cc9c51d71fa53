// Larkspur's backend, as far as Quire is concerned: it holds the company's Quire API key (never sent to a browser),
// mints a short-lived embed token for the page's builder, and serves the built page (`vite build` → dist/), or the
// page through Vite's dev server with `--dev`.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Quire } from '@quire/client';

/** @typedef {import('node:http').IncomingMessage} Request @typedef {import('node:http').ServerResponse} Response */

const SETUP = 'Set QUIRE_API_KEY and QUIRE_TEMPLATE_ID (README.md says how to get them).';
const API_KEY = process.env.QUIRE_API_KEY || fail(SETUP);
const TEMPLATE_ID = process.env.QUIRE_TEMPLATE_ID || fail(SETUP);
const QUIRE_URL = process.env.QUIRE_BASE_URL || 'http://localhost:3000';
const PORT = Number(process.env.PORT || 5174);
const HOST = process.env.HOST || 'localhost';
const quire = new Quire({ apiKey: API_KEY, baseUrl: QUIRE_URL });
const DIST = fileURLToPath(new URL('dist/', import.meta.url));
/** @type {Record<string, string>} */
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css' };

/** Larkspur's own API: where Quire is and which template is the company's, and embed tokens. */
async function api(/** @type {Request} */ req, /** @type {Response} */ res) {
  if (req.method === 'GET' && req.url === '/api/quire-config') {
    return send(res, 200, { quireUrl: QUIRE_URL, templateId: TEMPLATE_ID });
  }
  if (req.method === 'POST' && req.url === '/api/quire-token') {
    // In a real app this route sits behind the app's own sign-in and picks the signed-in customer's templates.
    // This token may open, edit, preview, ask the AI about and publish that one template, for 15 minutes; the
    // builder asks for a new one when Quire answers 401.
    const { token, expires_at } = await quire.embedTokens.create({
      template_ids: [TEMPLATE_ID],
      permissions: ['edit', 'preview', 'ai', 'publish'],
      expires_in: 900,
    });
    return send(res, 200, { token, expires_at });
  }
  return send(res, 404, { error: 'not found' });
}

/** A file of the built page; any other path is the page itself (one page, no routes of its own). */
async function file(/** @type {Request} */ req, /** @type {Response} */ res) {
  const path = join(DIST, decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname));
  const isFile = path.startsWith(DIST) && (await stat(path).catch(() => null))?.isFile();
  const found = isFile ? path : join(DIST, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[extname(found)] ?? 'application/octet-stream' });
  createReadStream(found).pipe(res);
}

function send(/** @type {Response} */ res, /** @type {number} */ status, /** @type {object} */ body) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

/** @returns {never} */
function fail(/** @type {string} */ message) {
  console.error(message);
  process.exit(1);
}

const server = createServer((req, res) => {
  const handle = req.url?.startsWith('/api/') ? api : (vite?.middlewares ?? file);
  Promise.resolve(handle(req, res)).catch((error) => {
    console.error(error);
    if (!res.headersSent) send(res, 502, { error: error instanceof Error ? error.message : String(error) });
  });
});
const vite = process.argv.includes('--dev')
  ? await (await import('vite')).createServer({ server: { middlewareMode: true, hmr: { server } }, appType: 'spa' })
  : null;
if (!vite) await stat(join(DIST, 'index.html')).catch(() => fail('No dist/: run `pnpm build` first (or `pnpm dev`).'));
server.listen(PORT, HOST, () => {
  console.log(`Larkspur on http://${HOST}:${PORT} (Quire at ${QUIRE_URL})`);
  console.log(`The API key's allowed_origins must name http://${HOST}:${PORT}`);
});
