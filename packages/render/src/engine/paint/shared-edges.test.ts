import { describe, expect, it } from 'vitest';
import { renderReport } from '../../render';
import { pdftotext, rasterize } from './__fixtures__/pages';

/** The runs of pixels along a line of the page that `inRun` takes, each with its colour at the middle. */
function runs(
  at: (i: number) => [number, number, number],
  length: number,
  inRun: (rgb: [number, number, number]) => boolean,
) {
  const found: Array<{ from: number; to: number; middle: [number, number, number] }> = [];
  for (let i = 0; i < length; i++) {
    if (!inRun(at(i))) continue;
    const from = i;
    while (i + 1 < length && inRun(at(i + 1))) i++;
    found.push({ from, to: i, middle: at(Math.floor((from + i) / 2)) });
  }
  return found;
}

describe('collapsed borders two cells share', () => {
  it('print a translucent edge as light as an edge of one cell, on every row of every page', async () => {
    // Row 10 starts page 2 (a forced break, where nothing of it is drawn on page 1); rows 21 on break naturally.
    const rows = Array.from(
      { length: 30 },
      (_, i) => `<tr${i === 9 ? ' class="next"' : ''}><td>row${i + 1}</td><td>x</td></tr>`,
    ).join('');
    const report = await renderReport({
      template: {
        html: `<table>${rows}</table>`,
        css: `@page { size: 300px 400px; margin: 20px }
          body { margin: 0; font: 12px/16px sans-serif }
          table { border-collapse: collapse; width: 200px }
          tr.next { break-before: page }
          td { padding: 0 8px; height: 20px; border-bottom: 4px solid rgba(0, 0, 255, 0.5);
            border-right: 4px solid rgba(255, 0, 0, 0.5) }`,
      },
      data: {},
    });
    expect(report.pages).toBe(3);
    // 96 dpi: a CSS pixel to a pixel.
    const page = await rasterize(report.bytes, 96);
    const onFirstPage = (await pdftotext(report.bytes, ['-f', '1', '-l', '1'])).match(/row\d+/g) ?? [];

    // Down the first column: one blue line under each row of the page, the last row's included, each as light as
    // the others (half blue over white, not a quarter of white left where two cells drew it).
    const blue = runs(
      (y) => page.at(40, y),
      page.height,
      ([r, g, b]) => b > 200 && r < 200 && g < 200,
    );
    expect(onFirstPage).toHaveLength(9);
    expect(blue).toHaveLength(9);
    for (const line of blue) expect(line.middle.map((v) => Math.round(v / 8))).toEqual([16, 16, 32]);

    // Across a row: the red edge between the two cells as light as the table's right edge.
    const y = (blue[2] as { from: number }).from - 10;
    const red = runs(
      (x) => page.at(x, y),
      page.width,
      ([r, g, b]) => r > 200 && g < 200 && b < 200,
    );
    expect(red).toHaveLength(2);
    for (const edge of red) expect(edge.middle.map((v) => Math.round(v / 8))).toEqual([32, 16, 16]);
  });
});
