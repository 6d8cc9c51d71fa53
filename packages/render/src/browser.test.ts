import { existsSync } from 'node:fs';
import { getStarter } from '@quire/core';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTexts } from './__fixtures__/pdf-tools';
import { CHROMIUM_ARGS, findChromium } from './chromium/index';
import { toBase64 } from './convert/images';
import { loadBundledFonts } from './fonts/bundled';
import { renderReport } from './render';

const CHROMIUM = findChromium() ?? '';

/** @quire/render/browser as a browser gets it: bundled for the browser platform, no Node built-ins. */
async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [new URL('./browser.ts', import.meta.url).pathname],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    globalName: 'QuireRender',
    conditions: ['@quire/source'],
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return result.outputFiles[0]?.text ?? '';
}

describe('@quire/render/browser', () => {
  it('bundles for browsers without Node built-ins', async () => {
    const code = await bundle();
    expect(code.length).toBeGreaterThan(100_000);
    expect(code).not.toMatch(/require\(["'](node:)?(fs|path|worker_threads|child_process)["']\)/);
  });

  describe.skipIf(!CHROMIUM || !existsSync(CHROMIUM))('in headless Chromium', () => {
    let browser: Awaited<ReturnType<typeof chromium.launch>>;
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('renders the same PDF as Node, from the same converter and fonts', async () => {
      const invoice = getStarter('invoice');
      if (!invoice) throw new Error('missing starter');
      const fonts = Object.fromEntries(
        Object.entries(loadBundledFonts()).map(([family, faces]) => [
          family,
          Object.fromEntries(Object.entries(faces).map(([face, bytes]) => [face, toBase64(bytes as Uint8Array)])),
        ]),
      );
      const page = await browser.newPage();
      await page.setContent('<!doctype html><title>builder preview</title>');
      await page.addScriptTag({ content: await bundle() });
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

    it('decodes each font table once per page, and renders later documents and uncompressed ones the same', async () => {
      const invoice = getStarter('invoice');
      const receipt = getStarter('receipt');
      if (!invoice || !receipt) throw new Error('missing starter');
      const fonts = Object.fromEntries(
        Object.entries(loadBundledFonts()).map(([family, faces]) => [
          family,
          Object.fromEntries(Object.entries(faces).map(([face, bytes]) => [face, toBase64(bytes as Uint8Array)])),
        ]),
      );
      const page = await browser.newPage();
      await page.setContent('<!doctype html><title>builder preview</title>');
      await page.addScriptTag({ content: await bundle() });
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
