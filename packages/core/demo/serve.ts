/**
 * The core demo behind `pnpm start` until the service exists: every starter rendered with its sample data by the
 * real template engine, with the data schema that inference reads from it. Documents are shown as HTML (the
 * PDF engine is @quire/render's job); emails as their rendered MJML source.
 */
import { createServer, type ServerResponse } from 'node:http';
import { createTemplateEngine, getStarter, inferTemplateVariables, type Starter, starters } from '../src/index';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const engine = createTemplateEngine();

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
  res.end(body);
}

function renderStarter(starter: Starter): string {
  const data = starter.sample_data;
  const body = engine.render(starter.html, data);
  if (starter.kind === 'email') {
    return `<!doctype html><title>${escapeHtml(starter.name)}</title><body style="font-family:sans-serif;margin:2rem">
<p><a href="/">All starters</a> · This is an email template (MJML). Compiling MJML to HTML belongs to @quire/render; here is
its source after Liquid:</p><pre style="white-space:pre-wrap;background:#f5f5f5;padding:1rem">${escapeHtml(body)}</pre></body>`;
  }
  const page = { number: 1, count: 1 };
  const part = (source: string) =>
    source ? engine.render(source, { ...data, page_number: page.number, page_count: page.count }) : '';
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(starter.name)}</title>
<style>${starter.css}</style><style>.quire-demo-bar{font:13px sans-serif;background:#111;color:#eee;padding:6px 12px}
.quire-demo-bar a{color:#9cf}</style></head><body>
<div class="quire-demo-bar"><a href="/">All starters</a> · ${escapeHtml(starter.name)} · ${starter.page.size} ${starter.page.orientation}
· <a href="/starters/${starter.id}/schema.json">schema</a> · <a href="/starters/${starter.id}/sample.json">sample data</a></div>
${part(starter.header_html)}${body}${part(starter.footer_html)}</body></html>`;
}

function index(): string {
  const rows = starters
    .map(
      (s) => `<tr><td><a href="/starters/${s.id}">${escapeHtml(s.name)}</a></td><td>${s.kind}</td>
<td>${escapeHtml(s.description)}</td><td>${s.tags.map(escapeHtml).join(', ')}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Quire starters</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:980px}td,th{padding:6px 10px;border-bottom:1px solid #ddd;text-align:left}</style>
</head><body><h1>Quire: starter templates</h1>
<p>Each starter is rendered by <code>@quire/core</code>'s sandboxed Liquid engine with its own sample data.</p>
<table><thead><tr><th>Starter</th><th>Kind</th><th>Description</th><th>Tags</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  try {
    if (url.pathname === '/') return send(res, 200, 'text/html', index());
    const match = /^\/starters\/([a-z0-9-]+)(?:\/(schema|sample)\.json)?$/.exec(url.pathname);
    const starter = match ? getStarter(match[1] as string) : undefined;
    if (!match || !starter) return send(res, 404, 'text/plain', 'Oops! Page not found');
    if (match[2] === 'schema') {
      return send(
        res,
        200,
        'application/json',
        JSON.stringify(inferTemplateVariables(engine, starter).schema, null, 2),
      );
    }
    if (match[2] === 'sample') return send(res, 200, 'application/json', JSON.stringify(starter.sample_data, null, 2));
    return send(res, 200, 'text/html', renderStarter(starter));
  } catch (error) {
    send(res, 500, 'text/plain', error instanceof Error ? error.message : String(error));
  }
});

server.listen(port, host, () => {
  process.stderr.write(`Quire core demo: http://${host}:${port}/ (${starters.length} starters)\n`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
