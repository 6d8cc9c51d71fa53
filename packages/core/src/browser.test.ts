import { existsSync } from 'node:fs';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Bundles @quire/core as a browser would get it: no Node built-ins may be reachable. */
async function browserBundle(): Promise<string> {
  const result = await build({
    entryPoints: [new URL('./index.ts', import.meta.url).pathname],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    globalName: 'QuireCore',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

describe('@quire/core in a browser', () => {
  it('bundles for browsers without any Node built-in', async () => {
    const code = await browserBundle();
    expect(code.length).toBeGreaterThan(1000);
    expect(code).not.toMatch(/require\(["'](node:)?(fs|path|os|crypto|child_process)["']\)/);
  });

  describe.skipIf(!existsSync(CHROMIUM))('in headless Chromium', () => {
    let browser: Awaited<ReturnType<typeof chromium.launch>>;
    beforeAll(async () => {
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      });
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('renders a starter, infers its schema and reports typed errors', async () => {
      const page = await browser.newPage();
      await page.setContent('<!doctype html><title>core</title>');
      await page.addScriptTag({ content: await browserBundle() });
      const result = await page.evaluate(() => {
        const core = (globalThis as unknown as { QuireCore: typeof import('./index') }).QuireCore;
        const engine = core.createTemplateEngine();
        const invoice = core.getStarter('invoice');
        if (!invoice) throw new Error('no invoice starter');
        const html = engine.render(invoice.html, invoice.sample_data);
        const { paths } = core.inferTemplateVariables(engine, invoice);
        let code = '';
        try {
          engine.render('{{ "soon" | date }}', {});
        } catch (error) {
          code = core.QuireError.isInstance(error) ? error.code : 'not a QuireError';
        }
        return {
          length: html.length,
          hasNumber: html.includes(String((invoice.sample_data.invoice as { number: string }).number)),
          paths: paths.length,
          code,
          money: engine.render('{{ 5 | money: "EUR", "fr-FR" }}', {}),
        };
      });
      expect(result.length).toBeGreaterThan(1000);
      expect(result.hasNumber).toBe(true);
      expect(result.paths).toBeGreaterThan(10);
      expect(result.code).toBe('invalid_filter_argument');
      expect(result.money.replace(/\s/g, ' ')).toBe('5,00 €');
      await page.close();
    });
  });
});
