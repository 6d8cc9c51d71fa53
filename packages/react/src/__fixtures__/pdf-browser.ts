/**
 * A page of this package's components in the system Chromium, for the browser test and the benchmark: a page
 * module bundled with esbuild from the sources (React included, as an app would bundle it), served on loopback
 * with the bundled fonts at /fonts/ and pdf.js's worker at /pdf.worker.min.mjs, as a host serves them.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { findChromium } from '@quire/render';
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import { BUNDLED_FONT_FILES, fontFileName } from '../pdf/fonts';

const require = createRequire(import.meta.url);

/** The file of a bundled font, as @quire/render's own dependencies hold it. */
export function bundledFontFile(path: string): string {
  const renderRequire = createRequire(require.resolve('@quire/render/package.json'));
  const [scope, name, ...rest] = path.split('/');
  return join(dirname(renderRequire.resolve(`${scope}/${name}/package.json`)), ...rest);
}

/** Each bundled font's file name (as a host serves it under its font URL) and its file on disk. */
export const FONT_FILES = new Map(
  Object.values(BUNDLED_FONT_FILES).flatMap((faces) =>
    Object.values(faces).map((path) => [fontFileName(path as string), bundledFontFile(path as string)] as const),
  ),
);

/** TOOLCHAIN.md's flags for the system Chromium (render's own also block every host name; this page needs one). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** The Chromium to drive: QUIRE_CHROMIUM_PATH, else one on the PATH (/usr/bin/chromium here). */
export const CHROMIUM = findChromium() ?? '';

/** Bundles a page module (TSX) for the browser, from the workspace's sources. */
export async function bundlePage(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    conditions: ['@quire/source'],
    write: false,
    logLevel: 'silent',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return result.outputFiles[0]?.text ?? '';
}

export interface ServedPage {
  url: string;
  browser: Browser;
  page: Page;
  /** Requests the page made, by path (fonts and the worker come from here, nothing from elsewhere). */
  requests: string[];
  /** What the page logged as errors (a refused `eval` is one), as it logged them. */
  consoleErrors: string[];
  /** What the page's Content-Security-Policy refused: the directive and what it blocked (`eval` for code). */
  cspViolations(): Promise<string[]>;
  close(): Promise<void>;
}

export interface PageOptions {
  /** A Content-Security-Policy for the page, as a host's server sends it. */
  csp?: string;
}

/** Serves the bundled page and opens it in Chromium. */
export async function openPage(script: string, options: PageOptions = {}): Promise<ServedPage> {
  const worker = await readFile(require.resolve('pdfjs-dist/build/pdf.worker.min.mjs'));
  const requests: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    const send = (type: string, body: string | Buffer) => {
      res.writeHead(200, {
        'content-type': type,
        'cache-control': 'max-age=3600',
        ...(options.csp ? { 'content-security-policy': options.csp } : {}),
      });
      res.end(body);
    };
    if (path === '/') {
      return send(
        'text/html; charset=utf-8',
        '<!doctype html><html><head><meta charset="utf-8"><title>Quire</title></head><body><div id="root"></div><script type="module" src="/app.js"></script></body></html>',
      );
    }
    if (path === '/app.js') return send('text/javascript', script);
    if (path === '/pdf.worker.min.mjs') return send('text/javascript', worker);
    const font = path.startsWith('/fonts/') ? FONT_FILES.get(path.slice('/fonts/'.length)) : undefined;
    if (font) return send('font/ttf', await readFile(font));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1000, height: 1200 } });
  const errors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  // Recorded from the page's first script on, as a violation report would be.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(url);
  return {
    url,
    browser,
    page,
    requests,
    consoleErrors,
    cspViolations: () => page.evaluate(() => [...(window as unknown as { cspViolations: string[] }).cspViolations]),
    async close() {
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (errors.length) throw new Error(`The page threw: ${errors.join('; ')}`);
    },
  };
}
