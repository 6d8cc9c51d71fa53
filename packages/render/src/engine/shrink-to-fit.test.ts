import { describe, expect, it } from 'vitest';
import { wordBoxes } from '../__fixtures__/pdf-tools';
import { renderReport } from '../render';
import { layOutHtml } from './__fixtures__/lay-out-html';
import { shrinkFactor } from './document/shrink-to-fit';
import { documentWidth } from './layout/pages/document-width';

/*
 * A document wider than the page is printed as Chromium prints it: laid out again as wide as it is (at most 1.5 times
 * the page area), then printed that much smaller, the page's margins and margin boxes as they were.
 */

// A4, 50pt margins: a page area 495.28pt wide; the body has no margin, so the document is as wide as its widest box.
const CSS = '@page { size: A4; margin: 50pt } body { margin: 0; font-family: Arial; font-size: 12pt }';

async function render(html: string, css = '') {
  return renderReport({
    template: { html, css: CSS + css },
    data: {},
    engine: 'quire',
    metadata: { creationDate: new Date('2026-01-01T00:00:00Z') },
  });
}

const box = (words: Awaited<ReturnType<typeof wordBoxes>>, word: string) => {
  const found = words.find((w) => w.word === word);
  if (!found) throw new Error(`"${word}" is not on the page`);
  return found;
};

describe('shrink to fit', () => {
  it('measures as Chromium does: whole pixels, at most 1.5 times the page area', () => {
    expect(shrinkFactor(400, 495.28)).toBe(1);
    expect(shrinkFactor(495.28, 495.28)).toBe(1);
    // 700px over 660.37px.
    expect(shrinkFactor(525, 495.28)).toBeCloseTo(525 / 495.28, 3);
    // Capped at 1.5 (whole pixels, floored).
    expect(shrinkFactor(2000, 495.28)).toBeCloseTo((990 * 0.75) / 495.28, 6);
    expect(shrinkFactor(100, 0)).toBe(1);
  });

  it('measures what is painted: transformed boxes where they are drawn, nothing an overflow clip hides', () => {
    const width = (html: string) => documentWidth(layOutHtml(html, CSS).flow);
    expect(width('<div style="width: 300pt">x</div>')).toBeCloseTo(495.75, 1);
    expect(width('<div style="width: 600pt">x</div>')).toBeCloseTo(600, 1);
    expect(width('<div style="width: 300pt; transform: translateX(400pt)">x</div>')).toBeCloseTo(700, 1);
    expect(width('<div style="width: 300pt; overflow: hidden"><div style="width: 900pt">x</div></div>')).toBeCloseTo(
      495.75,
      1,
    );
    expect(width(`<p style="white-space: nowrap; width: 100pt">${'word '.repeat(200)}</p>`)).toBeGreaterThan(600);
  });

  it('prints a table wider than the page smaller, whole, inside the page area', async () => {
    const cells = (row: number) => Array.from({ length: 8 }, (_, i) => `<td>R${row}C${i}</td>`).join('');
    const rows = Array.from({ length: 3 }, (_, r) => `<tr>${cells(r)}</tr>`).join('');
    const report = await render(`<p>Before</p><table style="width: 900px; border-collapse: collapse">${rows}</table>`);
    expect(report.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(
        /^A table's columns add up to \d+pt, wider than the 496pt available; the document is printed at \d+% of its size/,
      ),
    ]);
    const words = await wordBoxes(report.bytes);
    // Every cell prints, the last column inside the right margin.
    for (let r = 0; r < 3; r++) for (let c = 0; c < 8; c++) expect(words.map((w) => w.word)).toContain(`R${r}C${c}`);
    expect(box(words, 'R0C7').xMax).toBeLessThanOrEqual(595.28 - 50 + 0.5);
    // Smaller type: 12pt text is printed shorter than 12pt.
    const before = box(words, 'Before');
    expect(before.yMax - before.yMin).toBeLessThan(11);
    // The page area's corner stays where the margins put it.
    expect(before.xMin).toBeCloseTo(50, 0);
  });

  it('fits more lines on a page, as the pages are laid out as much taller', async () => {
    const lines = Array.from({ length: 80 }, (_, i) => `<p style="margin: 0; line-height: 16pt">Line ${i}</p>`).join(
      '',
    );
    const narrow = await render(lines);
    const wide = await render(`<div style="width: 990px"></div>${lines}`);
    // 741.89pt of page area holds 46 lines of 16pt; 1.5 times as tall, 69.
    expect(narrow.pages).toBe(2);
    expect(wide.pages).toBe(2);
    const first = await wordBoxes(wide.bytes);
    expect(first.map((w) => w.word)).toContain('68');
    expect(first.map((w) => w.word)).not.toContain('70');
  });

  it('cuts off, and says so, what is wider still than 1.5 times the page', async () => {
    const report = await render('<div style="width: 3000px; height: 20px; background: red">x</div>');
    expect(report.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^A block 2250pt wide does not fit the 496pt available; the document is printed at 67%/),
      expect.stringMatching(/^A block 2250pt wide does not fit the 743pt available; 1507pt are cut off/),
    ]);
  });

  it('says how wide the content is when no table or block is to blame', async () => {
    const report = await render('<div style="width: 300pt; transform: translateX(400pt)">x</div>');
    expect(report.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^The content is 700pt wide, wider than the page's 496pt: the document is printed at 71%/),
    ]);
  });

  it('keeps links on what they cover, scaled with it', async () => {
    const report = await render(
      '<div style="width: 990px"><a href="https://example.com/a" style="display: block; width: 300px; height: 30px">Link</a></div>',
      '',
    );
    // 300px = 225pt at two thirds: 150pt wide, from the page area's corner (50, 50): PDF's y goes up from 841.89.
    const rect = Buffer.from(report.bytes)
      .toString('latin1')
      .match(/\/Rect \[([-\d. ]+)\]/)?.[1]
      ?.split(' ')
      .map(Number);
    // The page area's corner in whole pixels: 67px.
    expect(rect?.[0]).toBeCloseTo(50.25, 1);
    expect((rect?.[2] ?? 0) - (rect?.[0] ?? 0)).toBeCloseTo(150, 0);
    expect((rect?.[3] ?? 0) - (rect?.[1] ?? 0)).toBeCloseTo(15, 0);
  });
});
