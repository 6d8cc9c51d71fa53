import { describe, expect, it } from 'vitest';
import { pagePixels } from './__fixtures__/page-pixels';

/* clip-path basic shapes end to end: a 100px (75pt) red square at the page's corner, read back at 72 dpi. */

async function square(clip: string): Promise<{ red: (x: number, y: number) => boolean; warnings: string[] }> {
  const page = await pagePixels(
    `<div style="width: 100px; height: 100px; background: #d00; clip-path: ${clip}"></div>`,
  );
  const red = (x: number, y: number) => {
    const [r, g] = page.at(x, y);
    return r > 180 && g < 80;
  };
  return { red, warnings: page.warnings };
}

describe('clip-path', () => {
  it('draws the whole box without one', async () => {
    const { red } = await square('none');
    expect([red(2, 2), red(72, 72), red(37, 37)]).toEqual([true, true, true]);
  });

  it('circle(50%): the corners are cut away', async () => {
    const { red, warnings } = await square('circle(50%)');
    expect(warnings).toEqual([]);
    expect([red(2, 2), red(72, 2), red(72, 72), red(37, 37), red(37, 2), red(2, 37)]).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
  });

  it('polygon: a triangle standing on the bottom edge', async () => {
    const { red } = await square('polygon(50% 0, 100% 100%, 0 100%)');
    expect([red(2, 72), red(72, 72), red(37, 5), red(5, 5), red(70, 5)]).toEqual([true, true, true, false, false]);
  });

  it('inset with rounded corners, and ellipse at a position', async () => {
    const inset = await square('inset(10px 20px round 8px)');
    // 7.5pt from the top and bottom, 15pt from the sides.
    expect([inset.red(37, 4), inset.red(10, 37), inset.red(20, 37), inset.red(37, 70)]).toEqual([
      false,
      false,
      true,
      false,
    ]);
    const ellipse = await square('ellipse(20px 40px at left 25% top 50%)');
    // Centred at (18.75, 37.5), 15pt wide each way and 30pt tall each way.
    expect([ellipse.red(18, 37), ellipse.red(18, 10), ellipse.red(40, 37), ellipse.red(18, 72)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('reports what it cannot draw and leaves the box whole', async () => {
    const { red, warnings } = await square('url(#shape)');
    expect(red(2, 2)).toBe(true);
    expect(warnings).toEqual([expect.stringMatching(/^unsupported_css_value: .*clip-path/)]);
  });
});
