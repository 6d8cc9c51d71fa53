import { describe, expect, it } from 'vitest';
import { pageTexts } from '../../__fixtures__/pdf-tools';
import { renderReport } from '../../render';

const threePages = '<p>one</p><p style="break-before: page">two</p><p style="break-before: page">three</p>';

describe('a header or footer on every page', () => {
  it('is styled as a document of its own on each page: counters and quotes start again, styles carry over', async () => {
    const { bytes, pages } = await renderReport({
      template: {
        html: threePages,
        css: '.f::before { counter-increment: n; content: "#" counter(n) " "; } .f::after { content: open-quote; }',
        footer_html: '<p class="f" style="color: #336">Page {{ page_number }} of {{ page_count }}</p>',
      },
      data: {},
    });
    expect(pages).toBe(3);
    const footers = (await pageTexts(bytes)).map((text) => text.trim().split('\n').at(-1)?.trim());
    // Counted from the start of each page's footer (the counter would read 2 and 3 on later pages, and the quote
    // turn to an inner one, if the pages' footers were counted as one document).
    expect(footers).toEqual(['#1 Page 1 of 3“', '#1 Page 2 of 3“', '#1 Page 3 of 3“']);
  });
});
