import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Signing uses Web Crypto so that a browser (or an edge function) can verify a webhook with @quire/core as it is.
describe.skipIf(!existsSync(CHROMIUM))('webhook signatures in headless Chromium', () => {
  it('sign and verify as node:crypto does', async () => {
    const bundle = await build({
      entryPoints: [new URL('./index.ts', import.meta.url).pathname],
      bundle: true,
      platform: 'browser',
      format: 'iife',
      globalName: 'QuireWebhooks',
      write: false,
      logLevel: 'silent',
    });
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    try {
      const page = await browser.newPage();
      // Web Crypto exists in secure contexts only: a page on http://localhost is one (about:blank is not). The
      // page is answered by the test, not fetched.
      await page.route('http://localhost/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>webhooks</title>' }),
      );
      await page.goto('http://localhost/');
      await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });
      const result = await page.evaluate(async () => {
        const w = (globalThis as unknown as { QuireWebhooks: typeof import('./index') }).QuireWebhooks;
        const body = '{"id":"evt_browser123","note":"café"}';
        const header = await w.signWebhook({ secret: 'whsec_browser', timestamp: 1_780_000_000, body });
        const good = await w.verifyWebhook({ secret: 'whsec_browser', header, body, now: new Date(1_780_000_000_000) });
        const bad = await w.verifyWebhook({ secret: 'whsec_other', header, body, now: new Date(1_780_000_000_000) });
        return { header, good, bad };
      });
      const expected = createHmac('sha256', 'whsec_browser')
        .update('1780000000.{"id":"evt_browser123","note":"café"}')
        .digest('hex');
      expect(result.header).toBe(`t=1780000000,v1=${expected}`);
      expect(result.good).toEqual({ ok: true, timestamp: 1_780_000_000 });
      expect(result.bad).toEqual({ ok: false, reason: 'signature_mismatch' });
    } finally {
      await browser.close();
    }
  });
});
