import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { pagePixels } from './__fixtures__/page-pixels';

/* object-fit and object-position end to end: an image in a box of another shape, read back at 72 dpi (1pt a pixel). */

/** 40 × 20 px (30 × 15 pt): the left half red, the right half blue. */
function halvesPng(): string {
  const png = new PNG({ width: 40, height: 20 });
  for (let y = 0; y < 20; y++)
    for (let x = 0; x < 40; x++) png.data.set(x < 20 ? [220, 0, 0, 255] : [0, 0, 220, 255], (y * 40 + x) * 4);
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

type Pixel = 'red' | 'blue' | 'white' | 'other';

/** Renders a 100px (75pt) square image box at the page's top-left corner and reads pixels of the page. */
async function drawn(css: string): Promise<{ at: (x: number, y: number) => Pixel; warnings: string[] }> {
  const page = await pagePixels(
    `<img src="${halvesPng()}" style="display: block; width: 100px; height: 100px; ${css}">`,
  );
  const at = (x: number, y: number): Pixel => {
    const [r, g, b] = page.at(x, y);
    if (r > 180 && g < 60 && b < 60) return 'red';
    if (b > 180 && r < 60 && g < 60) return 'blue';
    if (r > 240 && g > 240 && b > 240) return 'white';
    return 'other';
  };
  return { at, warnings: page.warnings.map((w) => w.split(':')[0] as string) };
}

describe('object-fit', () => {
  it('stretches the image over the box by default (fill)', async () => {
    const { at, warnings } = await drawn('');
    expect(warnings).toEqual([]);
    expect([at(10, 5), at(60, 5), at(10, 70), at(60, 70)]).toEqual(['red', 'blue', 'red', 'blue']);
  });

  it('contain: the whole image, its ratio kept, centred in the box', async () => {
    const { at, warnings } = await drawn('object-fit: contain');
    expect(warnings).toEqual([]);
    // 75 × 37.5pt from y = 18.75.
    expect([at(10, 10), at(10, 37), at(60, 37), at(10, 65)]).toEqual(['white', 'red', 'blue', 'white']);
  });

  it('cover: fills the box, its ratio kept, cut at the box', async () => {
    const { at } = await drawn('object-fit: cover');
    // 150 × 75pt from x = -37.5: the image's middle third shows, and nothing past the box's right edge.
    expect([at(10, 3), at(60, 72), at(33, 37), at(42, 37)]).toEqual(['red', 'blue', 'red', 'blue']);
    expect(at(80, 37)).toBe('white');
    expect(at(2, 37)).toBe('red');
  });

  it('none and scale-down: the natural size, centred', async () => {
    for (const fit of ['none', 'scale-down']) {
      const { at } = await drawn(`object-fit: ${fit}`);
      // 30 × 15pt at (22.5, 30).
      expect([at(20, 37), at(25, 37), at(45, 37), at(55, 37), at(37, 25)]).toEqual([
        'white',
        'red',
        'blue',
        'white',
        'white',
      ]);
    }
  });

  it('object-position places the image in the box', async () => {
    const { at, warnings } = await drawn('object-fit: none; object-position: right 5px bottom');
    expect(warnings).toEqual([]);
    // 30 × 15pt ending 3.75pt before the right edge, at the bottom: x 41.25–71.25, y 60–75.
    expect([at(45, 67), at(68, 67), at(73, 67), at(45, 55)]).toEqual(['red', 'blue', 'white', 'white']);
  });
});
