// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { renderReport } from '@quire/render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlePage, CHROMIUM, openPage, type ServedPage } from '../__fixtures__/pdf-browser';
import type { PageRecord } from '../__fixtures__/pdf-page';
import { pdfPageTexts } from '../__fixtures__/pdf-text';
import { W1_DRAFT } from '../__fixtures__/w1-invoice';

const record = (served: ServedPage) => served.page.evaluate(() => (window as unknown as { quire: PageRecord }).quire);

/** How much of each page's canvas is not white: the pages were painted, not left blank. */
const inked = (served: ServedPage) =>
  served.page.evaluate(() =>
    Array.from(document.querySelectorAll('canvas.quire-pdf-page')).map((node) => {
      const canvas = node as HTMLCanvasElement;
      const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
      if (!data) return 0;
      let ink = 0;
      for (let i = 0; i < data.length; i += 4) if ((data[i] as number) < 200 || (data[i + 2] as number) < 200) ink++;
      return ink / (data.length / 4);
    }),
  );

describe.skipIf(!CHROMIUM)('<PdfPreview> in Chromium', () => {
  let served: ServedPage;
  beforeAll(async () => {
    served = await openPage(await bundlePage(fileURLToPath(new URL('../__fixtures__/pdf-page.tsx', import.meta.url))));
  }, 120_000);
  afterAll(async () => {
    await served?.close();
  });

  it('renders W1 in the browser to the PDF the server renders, and paints its page', async () => {
    await served.page.waitForFunction(
      () => (window as unknown as { quire: PageRecord }).quire.paints.length > 0,
      null,
      {
        timeout: 90_000,
      },
    );
    const first = await record(served);
    expect(first.errors).toEqual([]);
    expect(first.renders[0]).toMatchObject({ pages: 1, warnings: 0 });
    const bytes = Buffer.from(first.pdf as string, 'base64');
    const texts = await pdfPageTexts(bytes);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/INVOICE|Invoice/);
    expect(texts[0]).toContain('INV-2026-0042');
    expect(texts[0]).toContain('Travel expenses');
    // Same engine, same fonts: the same text in the same places as the service's render.
    const server = await renderReport({ template: W1_DRAFT, data: W1_DRAFT.sample_data });
    expect(texts).toEqual(await pdfPageTexts(server.bytes));
    expect(await served.page.locator('canvas.quire-pdf-page').count()).toBe(1);
    const [ink] = await inked(served);
    expect(ink).toBeGreaterThan(0.01);
    // Fonts from the host's /fonts/, the worker from the host: nothing from anywhere else.
    expect(served.requests).toContain('/fonts/NotoSans_400Regular.ttf');
    expect(served.requests).toContain('/pdf.worker.min.mjs');
  });

  it('renders and paints again after a keystroke', async () => {
    const before = (await record(served)).paints.length;
    await served.page.locator('#title').press('End');
    await served.page.locator('#title').type(' 42');
    await served.page.waitForFunction(
      (count) => (window as unknown as { quire: PageRecord }).quire.paints.length > count,
      before,
      { timeout: 30_000 },
    );
    await served.page.waitForTimeout(500);
    const after = await record(served);
    const texts = await pdfPageTexts(Buffer.from(after.pdf as string, 'base64'));
    expect(texts[0]).toContain('Invoice 42');
    expect(after.errors).toEqual([]);
  });
});

describe.skipIf(!CHROMIUM)('<ReportViewer> in Chromium', () => {
  let served: ServedPage;
  beforeAll(async () => {
    served = await openPage(
      await bundlePage(fileURLToPath(new URL('../__fixtures__/report-page.tsx', import.meta.url))),
    );
  }, 120_000);
  afterAll(async () => {
    await served?.close();
  });

  it('shows a generated PDF report with the same pdf.js viewer, every page painted, and offers its download', async () => {
    // A report of several pages, as the service renders it.
    const rows = Array.from(
      { length: 120 },
      (_, i) => `<tr><td>Row ${i + 1}</td><td>${(i * 7.5).toFixed(2)}</td></tr>`,
    );
    const pdf = await renderReport({
      template: {
        html: `<h1>Ledger</h1><table><thead><tr><th>Item</th><th>Amount</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
      },
      data: {},
    });
    expect(pdf.pages).toBeGreaterThan(1);
    await served.page.evaluate(({ base64 }) => window.showReport(base64, 'application/pdf', 'ledger.pdf'), {
      base64: Buffer.from(pdf.bytes).toString('base64'),
    });
    const pages = served.page.locator('canvas.quire-pdf-page');
    await served.page.waitForFunction(
      (n) => document.querySelectorAll('canvas.quire-pdf-page').length === n,
      pdf.pages,
      {
        timeout: 60_000,
      },
    );
    expect(await pages.count()).toBe(pdf.pages);
    expect((await inked(served)).every((ink) => ink > 0.001)).toBe(true);
    expect(await served.page.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe('ledger.pdf');
    expect(await served.page.locator('.quire-pdf-pages').getAttribute('aria-label')).toBe(
      `PDF preview: ${pdf.pages} pages`,
    );
  });
});
