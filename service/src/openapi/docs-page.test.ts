import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, startApp } from '../__fixtures__/harness';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app.close({ removeData: true });
});

describe('GET /docs', () => {
  it('serves the reference page and the Scalar bundle from this origin', async () => {
    const page = await fetch(`${app.url}/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script src="/docs/scalar.js"></script>');
    expect(html).not.toMatch(/https?:\/\/cdn|jsdelivr|unpkg/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const bundle = await fetch(`${app.url}/docs/scalar.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
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

    it('renders the OpenAPI document without reaching any other origin', async () => {
      const page = await browser.newPage();
      const elsewhere: string[] = [];
      const violations: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol.startsWith('http') && url.origin !== app.url) elsewhere.push(request.url());
      });
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.goto(`${app.url}/docs`);
      await page.getByText('Quire API', { exact: false }).first().waitFor({ timeout: 20_000 });
      // The sidebar lists the operations of the document, and no hosted Scalar feature (agent, MCP generator).
      await page.getByText('Service index').first().waitFor();
      expect(await page.getByText('Generate MCP').count()).toBe(0);
      await page.screenshot({ path: new URL('../../artifacts/docs.png', import.meta.url).pathname });
      expect(elsewhere).toEqual([]);
      expect(violations).toEqual([]);
    }, 60_000);
  });
});
