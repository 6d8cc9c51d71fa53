import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { pageTexts } from '../../__fixtures__/pdf-tools';
import { renderReport } from '../../render';
import { rasterize } from '../../visual/rasterize';

/* mix-blend-mode: the box painted as one transparency group, blended with what is under it by PDF's blend modes. */

const page = {
  size: 'A4' as const,
  orientation: 'portrait' as const,
  margins: { top: 0, right: 0, bottom: 0, left: 0 },
};

async function render(html: string, css = '') {
  return renderReport({
    template: { html, css, page },
    data: {},
    engine: 'quire',
  });
}

/** The colour at (x, y) points of the first page, rasterised at 72 dpi (a pixel a point). */
async function pixel(bytes: Uint8Array, x: number, y: number): Promise<[number, number, number]> {
  const image = PNG.sync.read((await rasterize(bytes, { dpi: 72 }))[0] as Buffer);
  const at = (Math.round(y) * image.width + Math.round(x)) * 4;
  return [image.data[at] as number, image.data[at + 1] as number, image.data[at + 2] as number];
}

const BACKDROP = 'body { margin: 0 } .under { background: rgb(40, 120, 255); height: 120pt; padding: 20pt }';
const overlay = (mode: string) =>
  `.over { background: rgb(255, 200, 0); height: 40pt; width: 200pt; mix-blend-mode: ${mode} }`;

describe('mix-blend-mode', () => {
  it('multiplies a box with what is under it, as one group', async () => {
    const report = await render(
      '<div class="under"><div class="over"><b>PAID</b></div></div>',
      BACKDROP + overlay('multiply'),
    );
    expect(Buffer.from(report.bytes).toString('latin1')).toMatch(/\/BM \/Multiply/);
    // Multiply: (255,200,0) × (40,120,255) / 255 = (40, 94, 0).
    const [r, g, b] = await pixel(report.bytes, 150, 30);
    expect(r).toBeGreaterThan(30);
    expect(r).toBeLessThan(50);
    expect(g).toBeGreaterThan(84);
    expect(g).toBeLessThan(104);
    expect(b).toBeLessThan(10);
    // Beside the box, the backdrop is as it was.
    expect(await pixel(report.bytes, 300, 30)).toEqual([40, 120, 255]);
    expect(report.warnings).toEqual([]);
  });

  it('draws screen and difference by their formulas, and normal as before', async () => {
    const screen = await render('<div class="under"><div class="over"></div></div>', BACKDROP + overlay('screen'));
    // Screen: 255 - (255 - a)(255 - b) / 255 = (255, 226, 255).
    const [r, g, b] = await pixel(screen.bytes, 150, 30);
    expect([r, b]).toEqual([255, 255]);
    expect(Math.abs(g - 226)).toBeLessThan(6);
    const difference = await render(
      '<div class="under"><div class="over"></div></div>',
      BACKDROP + overlay('difference'),
    );
    // Difference: |a - b| = (215, 80, 255).
    const d = await pixel(difference.bytes, 150, 30);
    expect(Math.abs(d[0] - 215) + Math.abs(d[1] - 80) + Math.abs(d[2] - 255)).toBeLessThan(12);
    const normal = await render('<div class="under"><div class="over"></div></div>', BACKDROP + overlay('normal'));
    expect(Buffer.from(normal.bytes).toString('latin1')).not.toMatch(/\/BM/);
    expect(await pixel(normal.bytes, 150, 30)).toEqual([255, 200, 0]);
  });

  it('reports a mode PDF has no blend for, and blending or fading an image inside an inline element', async () => {
    const report = await render(
      '<div class="a">x</div><p>Text <span style="mix-blend-mode: multiply">blended</span></p><p><span style="opacity: .4">a <img src="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%2210%22 height=%2210%22/%3E"></span></p>',
      '.a { mix-blend-mode: plus-lighter }',
    );
    const messages = report.warnings.map((w) => `${w.code}: ${w.message}`).join('\n');
    expect(messages).toMatch(/unsupported_css_value: .*mix-blend-mode.*plus-lighter/);
    expect(messages).toMatch(/mix-blend-mode: multiply on an inline element \(a span\) is not applied/);
    expect(messages).toMatch(/opacity: 0\.4 on an inline element \(a span\) is not applied to the images/);
  });
});

describe('opacity on an inline element', () => {
  it('draws the text inside it that much fainter, and says nothing', async () => {
    const darkest = async (html: string) => {
      const report = await render(html, 'body { margin: 0 } p { margin: 0; font-size: 72pt; line-height: 1 }');
      const image = PNG.sync.read((await rasterize(report.bytes, { dpi: 72 }))[0] as Buffer);
      let min = 255;
      for (let y = 0; y < 80; y++)
        for (let x = 0; x < 300; x++) min = Math.min(min, image.data[(y * image.width + x) * 4] as number);
      return { min, warnings: report.warnings };
    };
    const solid = await darkest('<p>MMM</p>');
    const faint = await darkest('<p><span style="opacity: .5"><u>MMM</u></span></p>');
    expect(solid.min).toBeLessThan(10);
    expect(faint.min).toBeGreaterThan(115);
    expect(faint.min).toBeLessThan(140);
    expect(faint.warnings).toEqual([]);
  });
});

describe('backface-visibility', () => {
  it('paints nothing of a hidden box turned away, and a turned box that shows its back mirrored', async () => {
    const card = (style: string) =>
      `<div style="width: 100pt; height: 40pt; background: rgb(200, 0, 0); transform: rotateY(180deg); ${style}"><span>Back</span></div>`;
    const hidden = await render(
      card('backface-visibility: hidden') + card('') + card('transform: none; backface-visibility: hidden'),
      'body { margin: 0 } div { margin-bottom: 10pt }',
    );
    expect(hidden.warnings).toEqual([]);
    expect(await pixel(hidden.bytes, 50, 20)).toEqual([255, 255, 255]);
    // The same card with its back visible, and the hidden one not turned.
    expect(await pixel(hidden.bytes, 50, 70)).toEqual([200, 0, 0]);
    expect(await pixel(hidden.bytes, 50, 120)).toEqual([200, 0, 0]);
    const texts = await pageTexts(hidden.bytes);
    expect(texts[0]?.match(/Back|kcaB/g)).toHaveLength(2);
  });
});
