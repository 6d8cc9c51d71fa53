// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundlePage, CHROMIUM, openPage, type ServedPage } from '../__fixtures__/pdf-browser';
import { W1_DRAFT } from '../__fixtures__/w1-invoice';

const lastHtml = (served: ServedPage) => served.page.evaluate(() => window.easy.drafts.at(-1)?.html ?? null);

describe.skipIf(!CHROMIUM)('Easy Mode in Chromium', () => {
  let served: ServedPage;
  beforeAll(async () => {
    served = await openPage(await bundlePage(fileURLToPath(new URL('../__fixtures__/easy-page.tsx', import.meta.url))));
  }, 120_000);
  afterAll(async () => {
    await served?.close();
  });

  it('selects the element clicked in the preview, outlines it, and writes its new text into the source', async () => {
    const { page } = served;
    const preview = page.frameLocator('iframe[title^="Preview of the report"]');
    await preview.locator('h1').click();
    await expect.poll(() => preview.locator('h1').getAttribute('data-quire-selected')).toBe('');
    const text = page.getByLabel('Text', { exact: true });
    expect(await text.inputValue()).toBe('Invoice');
    // The colour it is drawn with, read from the preview: W1's CSS makes headings #1f4e79.
    expect(await page.getByLabel('Colour').inputValue()).toBe('#1f4e79');
    await text.fill('Tax invoice');
    expect(await lastHtml(served)).toBe(W1_DRAFT.html.replace('<h1>Invoice</h1>', '<h1>Tax invoice</h1>'));
    await expect.poll(() => preview.locator('h1').textContent()).toBe('Tax invoice');
    // The new document keeps the selection.
    await expect.poll(() => preview.locator('h1').getAttribute('data-quire-selected')).toBe('');
  });

  it('selects the template’s row from any row of a loop and styles every row with one change', async () => {
    const { page } = served;
    const preview = page.frameLocator('iframe[title^="Preview of the report"]');
    await preview.locator('table.items tbody tr').nth(4).locator('td').first().click();
    await page.getByText('Repeated: for item in items').waitFor();
    await expect.poll(() => preview.locator('td[data-quire-selected]').count()).toBe(15);
    await page.getByLabel('Colour').fill('#aa0000');
    expect(await lastHtml(served)).toContain('<td style="color: #aa0000">{{ item.description }}</td>');
    await expect
      .poll(() =>
        preview
          .locator('table.items tbody tr td:first-child')
          .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell).color)),
      )
      .toEqual(Array.from({ length: 15 }, () => 'rgb(170, 0, 0)'));
  });
});
