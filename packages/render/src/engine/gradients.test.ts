import { describe, expect, it } from 'vitest';
import { pagePixels } from './__fixtures__/page-pixels';

/* conic and repeating gradients end to end: a 100px (75pt) square at the page's corner, read back at 72 dpi (a pixel a point). */

const square = (background: string, extra = '') =>
  pagePixels(`<div style="width: 100px; height: 100px; background: ${background}; ${extra}"></div>`);

const near = (actual: [number, number, number], expected: [number, number, number], tolerance = 24) =>
  actual.every((v, i) => Math.abs(v - (expected[i] as number)) <= tolerance);

describe('conic-gradient', () => {
  it('draws a pie chart: slices clockwise from the top, their edges where the stops say', async () => {
    const page = await square('conic-gradient(#d00 0 25%, #00d 25% 60%, #0a0 60%)', 'border-radius: 50%');
    expect(page.warnings).toEqual([]);
    // The centre is (37.5, 37.5): top right is the first quarter, bottom right and bottom left (to 216°) the
    // second, the upper left the last; the corners are cut by the radius.
    expect(near(page.at(55, 20), [221, 0, 0])).toBe(true);
    expect(near(page.at(55, 55), [0, 0, 221])).toBe(true);
    expect(near(page.at(30, 60), [0, 0, 221])).toBe(true);
    expect(near(page.at(15, 30), [0, 170, 0])).toBe(true);
    expect(near(page.at(1, 1), [255, 255, 255])).toBe(true);
  });

  it('blends between stops, from an angle and about a centre', async () => {
    const wheel = await square('conic-gradient(red, lime, blue, red)');
    // A third of a turn round is lime: to the right and down of the centre (120° clockwise from up).
    expect(near(wheel.at(70, 56), [0, 255, 0], 40)).toBe(true);
    // Halfway between red and lime (60°): half of each.
    expect(near(wheel.at(70, 19), [128, 128, 0], 30)).toBe(true);
    const turned = await square('conic-gradient(from 90deg at 0 0, #d00 0 50%, #00d 50%)');
    // From the top-left corner, turned a quarter: the first half (right to down) covers the square.
    expect(near(turned.at(60, 60), [221, 0, 0])).toBe(true);
    expect(near(turned.at(5, 70), [221, 0, 0])).toBe(true);
  });

  it('fades through transparent without darkening (premultiplied), over the page white', async () => {
    const page = await square('conic-gradient(#d00 0%, transparent 50%, #d00 100%)');
    // The bottom middle is where the transparent stop is: the page shows through.
    expect(near(page.at(37, 73), [255, 255, 255], 30)).toBe(true);
    expect(near(page.at(37, 2), [221, 0, 0], 30)).toBe(true);
    // Red fading over white keeps its red channel: never darker than either (not through transparent's black).
    for (const [x, y] of [
      [20, 70],
      [55, 70],
      [37, 60],
    ] as const)
      expect(page.at(x, y)[0]).toBeGreaterThan(200);
  });

  it('reports a conic gradient it cannot read', async () => {
    const page = await square('conic-gradient(red, 40%, blue)');
    expect(page.warnings).toEqual([expect.stringMatching(/^unsupported_css_value: .*conic-gradient/)]);
  });
});

describe('repeating gradients', () => {
  it("repeats a linear gradient's stops along its line", async () => {
    const page = await square('repeating-linear-gradient(to right, #d00 0 10px, #00d 10px 20px)');
    expect(page.warnings).toEqual([]);
    // Stripes 7.5pt wide: red, blue, red, blue... across the whole box.
    const stripes = [3, 11, 18, 26, 63, 71].map((x) => (near(page.at(x, 30), [221, 0, 0]) ? 'red' : 'other'));
    expect(stripes).toEqual(['red', 'other', 'red', 'other', 'red', 'other']);
    expect(near(page.at(71, 30), [0, 0, 221])).toBe(true);
  });

  it('repeats a radial gradient out to the corners, and a conic one round the turn', async () => {
    const rings = await square('repeating-radial-gradient(circle, #d00 0 10px, #fff 10px 20px)');
    // Rings 7.5pt wide from the centre (37.5, 37.5): red within 7.5, white to 15, red to 22.5..., corners included.
    expect(near(rings.at(37, 37), [221, 0, 0])).toBe(true);
    expect(near(rings.at(37 + 11, 37), [255, 255, 255])).toBe(true);
    expect(near(rings.at(37 + 18, 37), [221, 0, 0])).toBe(true);
    expect(near(rings.at(1, 1), [255, 255, 255], 40) || near(rings.at(1, 1), [221, 0, 0], 40)).toBe(true);
    const checks = await square('repeating-conic-gradient(#333 0 25%, #ddd 0 50%)');
    expect(near(checks.at(60, 15), [51, 51, 51])).toBe(true);
    expect(near(checks.at(60, 60), [221, 221, 221])).toBe(true);
    expect(near(checks.at(15, 60), [51, 51, 51])).toBe(true);
    expect(near(checks.at(15, 15), [221, 221, 221])).toBe(true);
  });

  it('paints stops at one place as their average, and says so of stripes too fine to draw', async () => {
    const flat = await square('repeating-linear-gradient(#d00 10px, #00d 10px)');
    expect(near(flat.at(37, 37), [111, 0, 111])).toBe(true);
    const fine = await square('repeating-linear-gradient(#d00 0 0.01px, #00d 0.01px 0.02px)');
    expect(fine.warnings).toEqual([expect.stringMatching(/^unsupported_css_value: A repeating gradient would repeat/)]);
  });
});
