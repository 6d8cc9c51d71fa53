import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { wordBoxes } from '../__fixtures__/pdf-tools';
import { renderReport } from '../render';
import { rasterize } from '../visual/rasterize';

/* CSS logical properties end to end: HTML in, PDF out, the text and the border found where the direction puts them. */

const CSS = `@page { size: 300pt 100pt; margin: 0 }
body { margin: 0; font-size: 12pt }
.box { inline-size: 200pt; min-block-size: 60pt; padding-inline-start: 40pt; border-inline-start: 6pt solid #f00 }`;

async function render(html: string) {
  const report = await renderReport({ template: { html, css: CSS }, data: {}, engine: 'quire' });
  const image = PNG.sync.read((await rasterize(report.bytes, { dpi: 72 }))[0] as Buffer);
  /** Whether the pixel at (x, y) points is red. */
  const red = (x: number, y: number) => {
    const at = (Math.round(y) * image.width + Math.round(x)) * 4;
    return (image.data[at] as number) > 200 && (image.data[at + 1] as number) < 60;
  };
  return { report, words: await wordBoxes(report.bytes), red };
}

describe('logical properties in a rendered PDF', () => {
  it('puts an ltr box’s start padding and border on the left', async () => {
    const { report, words, red } = await render('<div class="box">Total due</div>');
    expect(report.warnings).toEqual([]);
    const total = words.find((w) => w.word === 'Total');
    // 6pt of border and 40pt of padding before the text.
    expect(total?.xMin).toBeCloseTo(46, 0);
    expect([red(3, 30), red(243, 30), red(297, 30)]).toEqual([true, false, false]);
  });

  it('puts an rtl box’s start padding and border on the right, from dir on an ancestor', async () => {
    const { report, words, red } = await render('<section dir="rtl"><div class="box">Total due</div></section>');
    expect(report.warnings).toEqual([]);
    // 6 + 40 + 200pt wide, the box sits at the right of the 300pt page (rtl: the left margin takes what is left);
    // its text ends (text-align: start) 46pt before its right edge.
    const due = words.find((w) => w.word === 'due');
    expect(due?.xMax).toBeCloseTo(254, 0);
    expect([red(3, 30), red(57, 30), red(297, 30)]).toEqual([false, false, true]);
    // min-block-size: the border runs 60pt down though the text is one line.
    expect([red(297, 55), red(297, 65)]).toEqual([true, false]);
  });
});
