import { describe, expect, it } from 'vitest';
import { renderReport } from '../../render';
import { rasterize } from './__fixtures__/pages';

const isRed = ([r, g, b]: [number, number, number]) => r > 180 && g < 80 && b < 80;

/** Red pixels in the rectangle, on a 96 dpi raster (a CSS pixel to a pixel). */
function redIn(page: Awaited<ReturnType<typeof rasterize>>, x0: number, y0: number, x1: number, y1: number): number {
  let count = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (isRed(page.at(x, y))) count++;
  return count;
}

describe('table rows painted in phases (CSS 2.1 Appendix E)', () => {
  const template = (css: string) => ({
    html: `<table><tr><td class="a">Xg</td><td class="a">Xg</td></tr><tr><td class="b"></td><td class="b"></td></tr></table>`,
    css: `@page { size: 300px 300px; margin: 0 }
      body { margin: 0 }
      table { border-collapse: collapse; margin: 20px }
      td { padding: 0; width: 100px }
      /* The first row's text, 60px tall on 10px lines, hangs down into the second row. */
      td.a { height: 10px; line-height: 10px; font: 60px/10px sans-serif; color: #e00; vertical-align: top }
      td.b { height: 60px; background: #000; border-top: 2px solid #888 }
      ${css}`,
  });

  it('paint text that hangs out of a row over the backgrounds of the rows below, as a browser does', async () => {
    const report = await renderReport({ template: template(''), data: {} });
    const page = await rasterize(report.bytes, 96);
    // The second row spans y 30..92 (the first is 10px at y 20); the text's lower part is drawn over its black.
    expect(isRed(page.at(5, 60))).toBe(false);
    expect(page.at(215, 85)).toEqual([0, 0, 0]);
    expect(redIn(page, 20, 34, 220, 92)).toBeGreaterThan(50);
  });
});
