import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../__fixtures__/harness';
import { DEFAULT_SITE_DIR, loadConfig } from '../config';
import { compilePattern, routeMatcher } from './route-patterns';

const PAGE =
  '<!doctype html><html><head><script src="/theme-init.js"></script></head><body><div id="app"></div></body></html>';

/** A site build as `vite build` leaves it: the page, its route manifest, a hashed asset and a public file. */
async function writeSiteBuild(dir: string): Promise<void> {
  await mkdir(join(dir, 'assets'), { recursive: true });
  await writeFile(join(dir, 'index.html'), PAGE);
  await writeFile(
    join(dir, 'routes.json'),
    JSON.stringify({ routes: ['/', '/home', '/about', '/templates/new', '/templates/$id', '/files/$'] }),
  );
  await writeFile(join(dir, 'assets', 'index-Cnxf3w0y.js'), 'console.log("app")');
  await writeFile(join(dir, 'theme-init.js'), '/* theme */');
}

describe('the service serving the web app', () => {
  let app: RunningApp;
  let siteDir: string;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    siteDir = await mkdtemp(join(tmpdir(), 'quire-site-'));
    await writeSiteBuild(siteDir);
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    app = await startApp({ QUIRE_SITE_DIR: siteDir }, undefined, { logger: pino({ level: 'info' }, sink) });
  });

  afterAll(async () => {
    await app.close({ removeData: true });
    await rm(siteDir, { recursive: true, force: true });
  });

  it('answers the app’s routes with its page, under a policy that allows no inline script', async () => {
    for (const path of ['/', '/home', '/about/', '/templates/new', '/templates/tpl_1', '/files/a/b', '/HOME']) {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(await response.text()).toBe(PAGE);
    }
  });

  it('still answers / with the entry points to a program that asks for JSON', async () => {
    const response = await fetch(`${app.url}/`, { headers: { accept: 'application/json' } });
    expect((await response.json()).endpoints.openapi).toBe('/openapi.json');
  });

  it('serves hashed assets for good and the other files revalidated', async () => {
    const asset = await fetch(`${app.url}/assets/index-Cnxf3w0y.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("app")');
    const script = await fetch(`${app.url}/theme-init.js`);
    expect(script.headers.get('cache-control')).toBe('no-cache');
    expect(script.headers.get('content-type')).toMatch(/javascript/);
  });

  it('answers a path the app has no route for with its page and 404, and logs the path once', async () => {
    const before = logLines.length;
    const response = await fetch(`${app.url}/no-such-page/here?token=secret`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe(PAGE);
    const notFound = logLines.slice(before).filter((line) => line.msg === 'page not found');
    expect(notFound).toEqual([
      expect.objectContaining({
        level: 40,
        path: '/no-such-page/here',
        request_id: response.headers.get('x-request-id'),
      }),
    ]);
    // The query string (a reset token, say) never reaches the log.
    expect(JSON.stringify(notFound)).not.toContain('secret');
  });

  it('leaves the API, its docs, the OpenAPI document and MCP to the service', async () => {
    const unknownApi = await fetch(`${app.url}/v1/nothing-here`);
    expect(unknownApi.status).toBe(404);
    expect((await unknownApi.json()).error.code).toBe('route_not_found');
    expect((await (await fetch(`${app.url}/v1/plans`)).json()).data).toHaveLength(4);
    const docs = await fetch(`${app.url}/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('Quire API reference');
    expect((await (await fetch(`${app.url}/openapi.json`)).json()).openapi).toMatch(/^3\.1/);
    expect((await fetch(`${app.url}/mcp`, { method: 'GET' })).headers.get('content-type')).toMatch(/json/);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    // An MCP client posting to /mcp reaches the endpoint (which wants an API key).
    const mcp = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(mcp.status).toBe(401);
    // Not a page: another method on an unknown path is the API's JSON 404.
    const post = await fetch(`${app.url}/no-such-page`, { method: 'POST' });
    expect(post.status).toBe(404);
    expect((await post.json()).error.code).toBe('route_not_found');
  });

  it('gives a browser opening /mcp the app’s page about MCP, and MCP clients the endpoint', async () => {
    const browser = await fetch(`${app.url}/mcp`, {
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(browser.status).toBe(200);
    expect(await browser.text()).toBe(PAGE);
    const stream = await fetch(`${app.url}/mcp`, { headers: { accept: 'text/event-stream' } });
    expect(stream.headers.get('content-type')).not.toMatch(/html/);
  });
});

describe('the service without a web app build', () => {
  it('answers / with where to go, as JSON', async () => {
    const app = await startApp({ QUIRE_SITE_DIR: join(tmpdir(), 'quire-no-site-here') });
    try {
      const response = await fetch(`${app.url}/`);
      expect((await response.json()).endpoints.docs).toBe('/docs');
      expect((await fetch(`${app.url}/home`)).status).toBe(404);
    } finally {
      await app.close({ removeData: true });
    }
  });
});

describe('where the web app comes from', () => {
  it('is the repository’s site build by default, none under test, and none when set blank', () => {
    expect(loadConfig({ NODE_ENV: 'development', QUIRE_SECRET: 'x'.repeat(32) }).siteDir).toBe(DEFAULT_SITE_DIR);
    expect(DEFAULT_SITE_DIR).toMatch(/site[\\/]dist$/);
    expect(loadConfig({ NODE_ENV: 'test', QUIRE_SECRET: 'x'.repeat(32) }).siteDir).toBeUndefined();
    expect(loadConfig({ QUIRE_SECRET: 'x'.repeat(32), QUIRE_SITE_DIR: '' }).siteDir).toBeUndefined();
    expect(loadConfig({ QUIRE_SECRET: 'x'.repeat(32), QUIRE_SITE_DIR: 'web' }, '/srv/quire').siteDir).toBe(
      '/srv/quire/web',
    );
  });
});

describe('route patterns', () => {
  it('match as TanStack Router does: parameters, splats, optional segments, no case, a trailing slash', () => {
    const matches = routeMatcher(['/', '/home', '/templates/$id', '/files/$', '/{-$lang}/blog', '/posts/{$id}.json']);
    const cases: [string, boolean][] = [
      ['/', true],
      ['', true],
      ['/home', true],
      ['/home/', true],
      ['/Home', true],
      ['/homes', false],
      ['/home/more', false],
      ['/templates/tpl_1', true],
      ['/templates', false],
      ['/templates/a/b', false],
      ['/files', true],
      ['/files/a/b/c', true],
      ['/blog', true],
      ['/fr/blog', true],
      ['/posts/12.json', true],
      ['/posts/12.xml', false],
    ];
    for (const [path, expected] of cases) expect(matches(path), path).toBe(expected);
    expect(compilePattern('/a.b').test('/aXb')).toBe(false);
  });
});
