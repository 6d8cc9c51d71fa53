import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../render';
import { rasterize } from '../visual/rasterize';

/*
 * A box cut by the page's edge is painted as pieces: its background and borders on each page, and its children as
 * pieces of their own. Its effects must hold on every page, on what it holds too: opacity, transforms, clip paths,
 * blend modes and overflow clips (filters: filters.test.ts). The pages are drawn and their pixels read.
 */

const PAGE = '@page { size: 400pt 400pt; margin: 0 } body { margin: 0; font-family: Arial } ';

async function render(html: string, css = '') {
  const report = await renderReport({
    template: { html, css: PAGE + css },
    data: {},
    engine: 'quire',
    metadata: { creationDate: new Date('2026-01-01T00:00:00Z') },
  });
  expect(report.warnings).toEqual([]);
  const images = (await rasterize(report.bytes, { dpi: 72 })).map((png) => PNG.sync.read(png));
  return {
    pages: images.length,
    /** The colour at (x, y) points of a page (0-based), a pixel a point. */
    at(page: number, x: number, y: number): [number, number, number] {
      const image = images[page] as PNG;
      const i = (Math.round(y) * image.width + Math.round(x)) * 4;
      return [image.data[i] as number, image.data[i + 1] as number, image.data[i + 2] as number];
    },
  };
}

const near = (actual: [number, number, number], expected: [number, number, number], tolerance = 8) =>
  actual.every((v, i) => Math.abs(v - (expected[i] as number)) <= tolerance);

/** Blocks of a colour, 40px (30pt) tall each, enough of them to fill three 400pt pages. */
const blocks = (style: string, count = 36) =>
  Array.from({ length: count }, () => `<div style="height: 40px; ${style}"></div>`).join('');

describe('a box cut by the page edge keeps its effects on what it holds, on every page', () => {
  it('fades the children of a half-transparent box on each page', async () => {
    const doc = await render(`<div style="opacity: 0.5">${blocks('background: rgb(0, 0, 0)')}</div>`);
    expect(doc.pages).toBe(3);
    for (const page of [0, 1, 2]) expect(near(doc.at(page, 200, 100), [128, 128, 128]), `page ${page + 1}`).toBe(true);
  });

  it('clips the children of an overflow: hidden box to its padding box on each page', async () => {
    const doc = await render(
      `<div style="overflow: hidden; width: 200px; border-left: 10px solid rgb(0, 0, 255)">${blocks('width: 400px; background: rgb(255, 0, 0)')}</div>`,
    );
    expect(doc.pages).toBe(3);
    for (const page of [0, 1, 2]) {
      // Inside the 200px (150pt) box, and beyond its right edge.
      expect(doc.at(page, 100, 100), `page ${page + 1}`).toEqual([255, 0, 0]);
      expect(doc.at(page, 250, 100), `page ${page + 1}`).toEqual([255, 255, 255]);
    }
  });

  it('moves the children of a transformed box with it on each page', async () => {
    const doc = await render(
      `<div style="transform: translateX(200px); width: 300px">${blocks('width: 100px; background: rgb(0, 0, 0)')}</div>`,
    );
    for (const page of [0, 1, 2]) {
      // 200px is 150pt: the blocks are at 150–225pt, nothing is left where they were laid out.
      expect(doc.at(page, 190, 100), `page ${page + 1}`).toEqual([0, 0, 0]);
      expect(doc.at(page, 40, 100), `page ${page + 1}`).toEqual([255, 255, 255]);
    }
  });

  it("cuts the children of a box with a clip path by the whole box's shape on each page", async () => {
    const doc = await render(`<div style="clip-path: inset(0 50% 0 0)">${blocks('background: rgb(0, 128, 0)')}</div>`);
    for (const page of [0, 1, 2]) {
      expect(doc.at(page, 100, 100), `page ${page + 1}`).toEqual([0, 128, 0]);
      expect(doc.at(page, 300, 100), `page ${page + 1}`).toEqual([255, 255, 255]);
    }
  });

  it('blends the children of a box with mix-blend-mode on each page', async () => {
    // Yellow multiplied over the body's cyan is green.
    const doc = await render(
      `<div style="mix-blend-mode: multiply">${blocks('background: rgb(255, 255, 0)')}</div>`,
      'html { background: rgb(0, 255, 255) }',
    );
    for (const page of [0, 1, 2]) expect(doc.at(page, 200, 100), `page ${page + 1}`).toEqual([0, 255, 0]);
  });

  it('fades the repeated header of a table inside a half-transparent box', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => `<tr><td>Row ${i}</td></tr>`).join('');
    const doc = await render(
      `<div style="opacity: 0.5"><table style="width: 100%; border-collapse: collapse"><thead><tr><th style="background: rgb(0, 0, 255); height: 30px">Head</th></tr></thead><tbody>${rows}</tbody></table></div>`,
      'td { background: rgb(255, 0, 0); height: 20px }',
    );
    expect(doc.pages).toBeGreaterThan(1);
    for (const page of [0, 1]) {
      expect(near(doc.at(page, 300, 10), [128, 128, 255]), `header, page ${page + 1}`).toBe(true);
      expect(near(doc.at(page, 300, 60), [255, 128, 128]), `row, page ${page + 1}`).toBe(true);
    }
  });
});
