import { existsSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { getStarter } from '@quire/core';
import { build } from 'esbuild';
import pixelmatch from 'pixelmatch';
import { type Browser, chromium, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTexts } from './__fixtures__/pdf-tools';
import { CHROMIUM_ARGS, findChromium } from './chromium/index';
import { toBase64 } from './convert/images';
import { loadBundledFonts } from './fonts/bundled';
import { renderReport } from './render';
import { rasterize } from './visual/rasterize';

const CHROMIUM = findChromium() ?? '';
const CREATION_DATE = new Date('2026-01-02T03:04:05Z');

/** A Hebrew paragraph (shaped and reordered right to left) and English text hyphenated in a narrow column. */
const BIDI_AND_HYPHENS = {
  html: `<p lang="he" dir="rtl">שלום עולם! זוהי פסקה בעברית עם מספר 2026 ומילה English באמצע.</p>
<p lang="en" class="narrow">Characteristically, internationalization necessitates comprehensive documentation.</p>`,
  css: 'body { font-family: "Noto Sans"; font-size: 12pt } .narrow { width: 90pt; hyphens: auto }',
};

/** A 2 × 2 RGBA PNG with this zlib data as its pixels. */
function rgbaPng(idat: Uint8Array): string {
  const chunk = (type: string, data: Uint8Array) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    out.set(data, 8);
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const header = Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 6, 0, 0, 0]);
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  const png = Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', new Uint8Array())]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/**
 * A PNG with transparency, and one whose pixel data does not inflate (left out, never a render that hangs); a
 * conic gradient fading out (a triangle mesh shading written as bytes, and its soft mask).
 */
const PNGS = {
  html: `<p>Images:</p><img src="${rgbaPng(deflateSync(Buffer.from([0, 200, 10, 10, 128, 200, 10, 10, 128, 0, 10, 200, 10, 255, 10, 200, 10, 255])))}" style="width: 40pt">
<img src="${rgbaPng(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]))}" style="width: 40pt">
<div style="width: 60pt; height: 60pt; border-radius: 50%; background: conic-gradient(from 30deg, #d00, transparent, #00d)"></div>`,
};

/** Per page, the pixels that differ (pixelmatch's default threshold) between two PDFs rasterised at 100 dpi. */
async function differentPixels(a: Uint8Array, b: Uint8Array): Promise<number[]> {
  const [pagesA, pagesB] = await Promise.all([rasterize(a, { dpi: 100 }), rasterize(b, { dpi: 100 })]);
  expect(pagesA.length).toBe(pagesB.length);
  return pagesA.map((png, index) => {
    const left = PNG.sync.read(png);
    const right = PNG.sync.read(pagesB[index] as Buffer);
    expect([left.width, left.height]).toEqual([right.width, right.height]);
    return pixelmatch(left.data, right.data, undefined, left.width, left.height);
  });
}

/**
 * @quire/render/browser as a browser gets it: bundled for the browser platform, no Node built-ins, in ES module
 * chunks as a host's bundler splits it (the engine and each language's hyphenation patterns load on demand).
 */
let bundled: Promise<Map<string, string>> | undefined;
function bundle(): Promise<Map<string, string>> {
  bundled ??= build({
    entryPoints: [new URL('./browser.ts', import.meta.url).pathname],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    splitting: true,
    outdir: '/bundle',
    conditions: ['@quire/source'],
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  }).then((result) => new Map(result.outputFiles.map((file) => [file.path.slice('/bundle/'.length), file.text])));
  return bundled;
}

const ORIGIN = 'https://builder.quire.test';

/** A page that has imported the bundle's entry as `globalThis.QuireRender`, its chunks served from memory. */
async function openBuilderPage(browser: Browser): Promise<Page> {
  const files = await bundle();
  const page = await browser.newPage();
  await page.route(`${ORIGIN}/**`, (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    if (name === '') {
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>builder preview</title><script type="module">import * as api from './browser.js'; globalThis.QuireRender = api;</script>`,
      });
    }
    const code = files.get(name);
    return code === undefined
      ? route.fulfill({ status: 404 })
      : route.fulfill({ contentType: 'text/javascript', body: code });
  });
  await page.goto(`${ORIGIN}/`);
  await page.waitForFunction(() => 'QuireRender' in globalThis);
  return page;
}

/** The bundled fonts as base64, to hand to the page. */
function bundledFontsBase64(): Record<string, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(loadBundledFonts()).map(([family, faces]) => [
      family,
      Object.fromEntries(Object.entries(faces).map(([face, bytes]) => [face, toBase64(bytes as Uint8Array)])),
    ]),
  );
}

describe('@quire/render/browser', () => {
  it('bundles for browsers without Node built-ins', async () => {
    const files = await bundle();
    const code = [...files.values()].join('\n');
    expect(code.length).toBeGreaterThan(1_000_000);
    expect(code).not.toMatch(/require\(["'](node:)?(fs|path|worker_threads|child_process|module|zlib)["']\)/);
    expect(code).not.toMatch(/from ["']node:/);
    // Each engine (Quire's with pdfkit's standalone build, pdfmake's browser build) and the hyphenation patterns
    // are chunks of their own: a page downloads the engine it renders with.
    const names = [...files.keys()];
    expect(names.some((name) => /^render-browser-(?!pdfmake)/.test(name))).toBe(true);
    expect(names.some((name) => name.startsWith('render-browser-pdfmake-'))).toBe(true);
    expect(files.get('browser.js')).not.toMatch(/addVirtualFileSystem/);
    expect(files.get('browser.js')).not.toMatch(/\bhyphenateSync\b/);
  });

  describe.skipIf(!CHROMIUM || !existsSync(CHROMIUM))('in headless Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('renders the same PDF as Node, from the same converter and fonts', async () => {
      const invoice = getStarter('invoice');
      if (!invoice) throw new Error('missing starter');
      const fonts = bundledFontsBase64();
      const page = await openBuilderPage(browser);
      const base64 = await page.evaluate(
        async ({ fonts, template, data }) => {
          type Api = typeof import('./browser');
          const api = (globalThis as unknown as { QuireRender: Api }).QuireRender;
          const decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
          const families = Object.fromEntries(
            Object.entries(fonts).map(([family, faces]) => [
              family,
              Object.fromEntries(Object.entries(faces).map(([face, b64]) => [face, decode(b64)])),
            ]),
          ) as unknown as Parameters<Api['createFontRegistry']>[0];
          const registry = api.createFontRegistry(families);
          const result = await api.renderPdfInBrowser({ template, data, fonts: registry });
          let binary = '';
          for (const byte of result.bytes) binary += String.fromCharCode(byte);
          return btoa(binary);
        },
        { fonts, template: invoice, data: invoice.sample_data },
      );
      await page.close();
      const fromBrowser = Uint8Array.from(Buffer.from(base64, 'base64'));
      const fromNode = await renderReport({ template: invoice, data: invoice.sample_data });
      expect(new TextDecoder().decode(fromBrowser.subarray(0, 5))).toBe('%PDF-');
      expect(await pageTexts(fromBrowser)).toEqual(await pageTexts(fromNode.bytes));
    });

    it("renders the same pages as Node with Quire's engine (engine: 'quire'), hyphenation patterns and PNGs included", async () => {
      const invoice = getStarter('invoice');
      if (!invoice) throw new Error('missing starter');
      const documents = [
        { template: invoice, data: invoice.sample_data },
        { template: { html: BIDI_AND_HYPHENS.html, css: BIDI_AND_HYPHENS.css }, data: {} },
        { template: PNGS, data: {} },
      ];
      const page = await openBuilderPage(browser);
      const fonts = bundledFontsBase64();
      const fromBrowser = await page.evaluate(
        async ({ fonts, documents, creationDate }) => {
          type Api = typeof import('./browser');
          const api = (globalThis as unknown as { QuireRender: Api }).QuireRender;
          const decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
          const families = Object.fromEntries(
            Object.entries(fonts).map(([family, faces]) => [
              family,
              Object.fromEntries(Object.entries(faces).map(([face, b64]) => [face, decode(b64)])),
            ]),
          ) as unknown as Parameters<Api['createFontRegistry']>[0];
          const registry = api.createFontRegistry(families);
          const out = [];
          for (const { template, data } of documents) {
            const result = await api.renderPdfInBrowser({
              template,
              data,
              fonts: registry,
              engine: 'quire',
              metadata: { creationDate: new Date(creationDate) },
            });
            let binary = '';
            for (const byte of result.bytes) binary += String.fromCharCode(byte);
            out.push({
              pdf: btoa(binary),
              pages: result.pages,
              warnings: result.warnings.map((w) => w.code),
              tableCache: api.browserTableCacheStats(),
            });
          }
          return out;
        },
        { fonts, documents, creationDate: CREATION_DATE.toISOString() },
      );
      await page.close();
      for (const [index, { template, data }] of documents.entries()) {
        const browserRun = fromBrowser[index];
        if (!browserRun) throw new Error('missing browser render');
        const node = await renderReport({ template, data, engine: 'quire', metadata: { creationDate: CREATION_DATE } });
        const bytes = Uint8Array.from(Buffer.from(browserRun.pdf, 'base64'));
        expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
        expect(browserRun.pages).toBe(node.pages);
        expect(browserRun.warnings).toEqual(node.warnings.map((w) => w.code));
        const texts = await pageTexts(bytes);
        expect(texts).toEqual(await pageTexts(node.bytes));
        expect(await differentPixels(bytes, node.bytes)).toEqual(texts.map(() => 0));
      }
      // pdfkit's fontkit decoded the fonts' tables for the first documents (the invoice's Arimo, then Noto Sans and
      // Hebrew); the third took Noto Sans's from the cache.
      expect(fromBrowser[0]?.tableCache.misses).toBeGreaterThan(0);
      expect(fromBrowser[2]?.tableCache.hits).toBeGreaterThan(fromBrowser[1]?.tableCache.hits ?? 0);
      expect(fromBrowser[2]?.warnings).toEqual(['image_not_loaded']);
      // The Hebrew paragraph and a word broken by the English patterns, so both paths were taken.
      const text = (await pageTexts(Uint8Array.from(Buffer.from(fromBrowser[1]?.pdf ?? '', 'base64')))).join('');
      expect(text).toContain('שלום');
      expect(text).toMatch(/\p{L}-\n/u);
    });

    it('decodes each font table once per page, and renders later documents and uncompressed ones the same', async () => {
      const invoice = getStarter('invoice');
      const receipt = getStarter('receipt');
      if (!invoice || !receipt) throw new Error('missing starter');
      const fonts = bundledFontsBase64();
      const page = await openBuilderPage(browser);
      const runs = await page.evaluate(
        async ({ fonts, documents }) => {
          type Api = typeof import('./browser');
          const api = (globalThis as unknown as { QuireRender: Api }).QuireRender;
          const decode = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
          const families = Object.fromEntries(
            Object.entries(fonts).map(([family, faces]) => [
              family,
              Object.fromEntries(Object.entries(faces).map(([face, b64]) => [face, decode(b64)])),
            ]),
          ) as unknown as Parameters<Api['createFontRegistry']>[0];
          const registry = api.createFontRegistry(families);
          const out = [];
          for (const { template, data, compress } of documents) {
            const result = await api.renderPdfInBrowser({ template, data, fonts: registry, compress });
            let binary = '';
            for (const byte of result.bytes) binary += String.fromCharCode(byte);
            out.push({ pdf: btoa(binary), stats: api.browserTableCacheStats() });
          }
          return out;
        },
        {
          fonts,
          documents: [
            { template: invoice, data: invoice.sample_data, compress: true },
            { template: receipt, data: receipt.sample_data, compress: true },
            { template: invoice, data: invoice.sample_data, compress: false },
          ],
        },
      );
      await page.close();
      const [first, second, uncompressed] = runs as [(typeof runs)[0], (typeof runs)[0], (typeof runs)[0]];
      // The first document decodes its fonts' tables; the next ones take them from the cache.
      expect(first.stats.misses).toBeGreaterThan(0);
      expect(second.stats.hits).toBeGreaterThan(first.stats.hits);
      expect(uncompressed.stats.misses).toBe(second.stats.misses);
      const bytes = (run: typeof first) => Uint8Array.from(Buffer.from(run.pdf, 'base64'));
      const node = async (starter: typeof invoice) =>
        pageTexts((await renderReport({ template: starter, data: starter.sample_data })).bytes);
      expect(await pageTexts(bytes(second))).toEqual(await node(receipt));
      expect(await pageTexts(bytes(uncompressed))).toEqual(await node(invoice));
      expect(Buffer.from(bytes(first)).includes('/FlateDecode')).toBe(true);
      expect(Buffer.from(bytes(uncompressed)).includes('/FlateDecode')).toBe(false);
    });
  });
});
