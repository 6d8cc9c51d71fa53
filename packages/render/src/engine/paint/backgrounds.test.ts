import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { ComputedStyle } from '../style/computed-style';
import { box, page, paint, rasterize } from './__fixtures__/pages';
import { blurLayers } from './shadows';

const GREEN: [number, number, number] = [0, 160, 0];
const WHITE: [number, number, number] = [255, 255, 255];

/** A PNG of one colour, `width`×`height` pixels (0.75pt each), as a data: URL. */
function pngUrl(width: number, height: number, rgb: [number, number, number] = GREEN): string {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([...rgb, 255], i * 4);
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

/** The image placements of page 1's content stream: [width, height, x, top] per tile, in pdfkit's y-down space. */
async function placements(style: Partial<ComputedStyle>, props: Parameters<typeof box>[0] = {}) {
  const fragment = box({ x: 20, y: 20, width: 100, height: 50, ...props, style });
  const { bytes, findings } = await paint([page([fragment])], { compress: false });
  const pdf = Buffer.from(bytes).toString('latin1');
  const tiles = [...pdf.matchAll(/q ([\d.-]+) 0 0 ([\d.-]+) ([\d.-]+) ([\d.-]+) cm \/\S+ Do Q/g)].map((m) => {
    const [w, h, x, y] = m.slice(1).map(Number) as [number, number, number, number];
    return [w, -h, x, y + h];
  });
  return { tiles, bytes, findings: findings.list() };
}

const layer = (url: string, rest: Partial<ComputedStyle> = {}): Partial<ComputedStyle> => ({
  backgroundImage: { url },
  ...rest,
});
const at = (pct: number, pt = 0) => ({ pt, pct });

describe('background-position and background-repeat', () => {
  it('places one no-repeat image at right 10px bottom 10px of the padding box', async () => {
    // 8px = 6pt square in a 100×50 box at (20, 20): right edge 120 − 7.5 − 6, bottom edge 70 − 7.5 − 6.
    const { tiles, bytes } = await placements(
      layer(pngUrl(8, 8), {
        backgroundRepeat: ['no-repeat', 'no-repeat'],
        backgroundPosition: { x: at(100, -7.5), y: at(100, -7.5) },
      }),
    );
    expect(tiles).toEqual([[6, 6, 106.5, 56.5]]);
    const raster = await rasterize(bytes);
    expect(raster.at(109, 59)).toEqual(GREEN);
    expect(raster.at(25, 25)).toEqual(WHITE);
    expect(raster.at(116, 66)).toEqual(WHITE);
  });

  it('centres with percentages of (box − image) and repeats along x only, over the whole box', async () => {
    const { tiles } = await placements(
      layer(pngUrl(8, 8), { backgroundRepeat: ['repeat', 'no-repeat'], backgroundPosition: { x: at(50), y: at(50) } }),
    );
    // Tiles every 6pt through x = 67 (the centred one, 20 + (100 − 6) / 2), from 19 to 115.
    expect(new Set(tiles.map((t) => t[3]))).toEqual(new Set([42]));
    expect(tiles.map((t) => t[2])).toEqual(Array.from({ length: 17 }, (_, i) => 19 + 6 * i));
  });

  it('repeats along y only from a calc() position', async () => {
    const { tiles } = await placements(
      layer(pngUrl(8, 8), {
        backgroundRepeat: ['no-repeat', 'repeat'],
        backgroundPosition: { x: at(100, -15), y: at(0) },
      }),
    );
    expect(new Set(tiles.map((t) => t[2]))).toEqual(new Set([99]));
    expect(tiles.map((t) => t[3])).toEqual([20, 26, 32, 38, 44, 50, 56, 62, 68]);
  });

  it('space: whole tiles from edge to edge of the box, the room left between them', async () => {
    const { tiles } = await placements(layer(pngUrl(8, 8), { backgroundRepeat: ['space', 'no-repeat'] }));
    // 16 tiles of 6pt in 100pt: 4pt shared by 15 gaps.
    expect(tiles).toHaveLength(16);
    expect(tiles[0]?.[2]).toBe(20);
    expect(tiles[15]?.[2]).toBe(114);
  });

  it('round: the tile resized so that a whole number fills the box, its ratio kept when the height is auto', async () => {
    const { tiles } = await placements(layer(pngUrl(8, 8), { backgroundRepeat: ['round', 'no-repeat'] }));
    // 100 / 6 = 16.7 → 17 tiles of 5.882pt, as tall.
    expect(tiles).toHaveLength(17);
    expect(tiles[0]?.[0]).toBeCloseTo(100 / 17, 2);
    expect(tiles[0]?.[1]).toBeCloseTo(100 / 17, 2);
  });

  it('keeps the guard against images too small to repeat, and names it', async () => {
    const { tiles, findings } = await placements(layer(pngUrl(1, 1)), { width: 400, height: 400 });
    expect(tiles).toEqual([]);
    expect(findings).toEqual([
      expect.objectContaining({ code: 'image_not_loaded', message: expect.stringContaining('too small to repeat') }),
    ]);
  });
});

describe('background-size', () => {
  const square = pngUrl(8, 8);
  const once: Partial<ComputedStyle> = { backgroundRepeat: ['no-repeat', 'no-repeat'] };

  it.each<[string, ComputedStyle['backgroundSize'], number[][]]>([
    ['contain: the whole image, centred', 'contain' as const, [[50, 50, 45, 20]]],
    ['cover: the whole box, centred', 'cover' as const, [[100, 100, 20, -5]]],
    ['a width: the height keeps the ratio', { width: at(0, 30), height: 'auto' as const }, [[30, 30, 55, 30]]],
    ['a height: the width keeps the ratio', { width: 'auto' as const, height: at(50) }, [[25, 25, 57.5, 32.5]]],
    ['both', { width: at(100), height: at(0, 10) }, [[100, 10, 20, 40]]],
  ])('%s', async (_, backgroundSize, expected) => {
    const { tiles } = await placements(
      layer(square, { ...once, backgroundSize, backgroundPosition: { x: at(50), y: at(50) } }),
    );
    expect(tiles).toEqual(expected);
  });
});

describe('background-origin and background-clip', () => {
  const borders = {
    borderTop: { width: 10, style: 'solid' as const, color: { r: 0, g: 0, b: 255, a: 1 } },
    borderRight: { width: 10, style: 'solid' as const, color: { r: 0, g: 0, b: 255, a: 1 } },
    borderBottom: { width: 10, style: 'solid' as const, color: { r: 0, g: 0, b: 255, a: 1 } },
    borderLeft: { width: 10, style: 'solid' as const, color: { r: 0, g: 0, b: 255, a: 1 } },
    paddingTop: at(0, 10),
    paddingRight: at(0, 10),
    paddingBottom: at(0, 10),
    paddingLeft: at(0, 10),
  };

  it('places the image in the origin box: border, padding (the default) or content', async () => {
    const one = (backgroundOrigin: ComputedStyle['backgroundOrigin']) =>
      placements(layer(pngUrl(8, 8), { backgroundRepeat: ['no-repeat', 'no-repeat'], ...borders, backgroundOrigin }), {
        width: 100,
        height: 100,
      });
    expect((await one('border-box')).tiles).toEqual([[6, 6, 20, 20]]);
    expect((await one('padding-box')).tiles).toEqual([[6, 6, 30, 30]]);
    expect((await one('content-box')).tiles).toEqual([[6, 6, 40, 40]]);
  });

  it('paints the colour in the clip box only', async () => {
    const fragment = box({
      x: 20,
      y: 20,
      width: 100,
      height: 100,
      style: {
        ...borders,
        borderTop: { ...borders.borderTop, style: 'dashed' },
        backgroundClip: 'content-box',
        backgroundColor: { r: 0, g: 160, b: 0, a: 1 },
      },
    });
    const raster = await rasterize((await paint([page([fragment])])).bytes);
    expect(raster.at(70, 70)).toEqual(GREEN);
    // The padding (between 30 and 40) stays white.
    expect(raster.at(35, 70)).toEqual(WHITE);
    expect(raster.at(70, 35)).toEqual(WHITE);
  });

  it('falls back to the padding box for content-box with percentage paddings, and says so', async () => {
    const { tiles, findings } = await placements(
      layer(pngUrl(8, 8), {
        backgroundRepeat: ['no-repeat', 'no-repeat'],
        backgroundOrigin: 'content-box',
        paddingLeft: at(10),
      }),
    );
    expect(tiles).toEqual([[6, 6, 20, 20]]);
    expect(findings).toEqual([expect.objectContaining({ code: 'unsupported_css_value' })]);
  });
});

describe('the canvas', () => {
  it('fills the page area under every piece and places its image in the root box', async () => {
    const style = {
      ...box().style,
      backgroundColor: { r: 0xee, g: 0xee, b: 0xff, a: 1 },
      backgroundImage: { url: pngUrl(8, 8) },
      backgroundRepeat: ['no-repeat', 'no-repeat'] as ComputedStyle['backgroundRepeat'],
      backgroundPosition: { x: at(50), y: at(0, 30) },
    };
    const red = box({ x: 20, y: 20, width: 20, height: 20, style: { backgroundColor: { r: 255, g: 0, b: 0, a: 1 } } });
    const onPage = page([red]);
    // A root box that starts 100pt above this page (a later page of the flow): the image lies above it, unseen.
    const later = page([], 2);
    onPage.canvas = {
      style,
      area: { x: 10, y: 10, width: 180, height: 180 },
      root: { x: 10, y: 10, width: 180, height: 400 },
    };
    later.canvas = { ...onPage.canvas, root: { x: 10, y: -90, width: 180, height: 400 } };
    const { bytes } = await paint([onPage, later], { compress: false });
    const raster = await rasterize(bytes);
    expect(raster.at(5, 5)).toEqual(WHITE);
    expect(raster.at(12, 12)).toEqual([0xee, 0xee, 0xff]);
    expect(raster.at(188, 188)).toEqual([0xee, 0xee, 0xff]);
    expect(raster.at(30, 30)).toEqual([255, 0, 0]);
    // Centred in the root's width, 30pt down: x 97–103, y 40–46.
    expect(raster.at(100, 43)).toEqual(GREEN);
    const pdf = Buffer.from(bytes).toString('latin1');
    expect(pdf.match(/ cm \/\S+ Do Q/g)).toHaveLength(1);
  });
});

describe('linear-gradient backgrounds', () => {
  const red = { r: 255, g: 0, b: 0, a: 1 };
  const blue = { r: 0, g: 0, b: 255, a: 1 };
  const near = (actual: [number, number, number], expected: [number, number, number]) =>
    actual.every((v, i) => Math.abs(v - (expected[i] as number)) <= 24);

  it('shades the box along the gradient line, its end colours at its edges, and reports nothing', async () => {
    const style: Partial<ComputedStyle> = {
      backgroundImage: {
        gradient: {
          kind: 'linear',
          direction: { angle: 90 },
          stops: [
            { color: red, at: null },
            { color: blue, at: null },
          ],
        },
      },
    };
    const fragment = box({ x: 20, y: 20, width: 100, height: 50, style });
    const { bytes, findings } = await paint([page([fragment])], { compress: false });
    expect(findings.list()).toEqual([]);
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/ShadingType 2/);
    const raster = await rasterize(bytes);
    expect(near(raster.at(21, 45), [255, 0, 0])).toBe(true);
    expect(near(raster.at(119, 45), [0, 0, 255])).toBe(true);
    const middle = raster.at(70, 45);
    expect(middle[0]).toBeGreaterThan(90);
    expect(middle[2]).toBeGreaterThan(90);
    // Outside the box nothing is painted.
    expect(raster.at(125, 45)).toEqual(WHITE);
  });

  it('fades through a soft mask where the stops differ in opacity, over the background colour', async () => {
    const style: Partial<ComputedStyle> = {
      backgroundColor: { r: 0, g: 160, b: 0, a: 1 },
      backgroundImage: {
        gradient: {
          kind: 'linear',
          direction: { angle: 180 },
          stops: [
            { color: { r: 255, g: 255, b: 255, a: 1 }, at: null },
            { color: { r: 255, g: 255, b: 255, a: 0 }, at: null },
          ],
        },
      },
    };
    const fragment = box({ x: 20, y: 20, width: 100, height: 50, style });
    const { bytes } = await paint([page([fragment])], { compress: false });
    const raster = await rasterize(bytes);
    expect(near(raster.at(70, 21), WHITE)).toBe(true);
    expect(near(raster.at(70, 69), GREEN)).toBe(true);
  });
});

describe('radial-gradient backgrounds', () => {
  it('shades from the centre out, an ellipse squeezed to the box, and fades to transparent without greying', async () => {
    const style: Partial<ComputedStyle> = {
      backgroundColor: { r: 0, g: 160, b: 0, a: 1 },
      backgroundImage: {
        gradient: {
          kind: 'radial',
          shape: 'ellipse',
          size: 'closest-side',
          at: { x: { pt: 0, pct: 50 }, y: { pt: 0, pct: 50 } },
          stops: [
            { color: { r: 255, g: 0, b: 0, a: 1 }, at: null },
            { color: { r: 0, g: 0, b: 0, a: 0 }, at: null },
          ],
        },
      },
    };
    const fragment = box({ x: 20, y: 20, width: 100, height: 50, style });
    const { bytes, findings } = await paint([page([fragment])], { compress: false });
    expect(findings.list()).toEqual([]);
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/ShadingType 3/);
    const raster = await rasterize(bytes);
    const [r, g, b] = raster.at(70, 45);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);
    expect(b).toBeLessThan(60);
    // At the ellipse's edge, vertically 25pt from the centre as horizontally 50pt: the background colour.
    const green = (x: number, y: number) => raster.at(x, y).every((v, i) => Math.abs(v - (GREEN[i] as number)) <= 16);
    expect(green(70, 69)).toBe(true);
    expect(green(119, 45)).toBe(true);
    // Half way out horizontally: red over green, never darker than both (no fade through black).
    const [mr, mg] = raster.at(95, 45);
    expect(mr + mg).toBeGreaterThan(200);
  });
});

describe('box-shadow', () => {
  const grey = (a: number) => ({ r: 0, g: 0, b: 0, a });
  const shadowed = async (boxShadow: ComputedStyle['boxShadow'], rest: Partial<ComputedStyle> = {}) => {
    const fragment = box({ x: 40, y: 40, width: 100, height: 50, style: { boxShadow, ...rest } });
    const { bytes, findings } = await paint([page([fragment])], { compress: false });
    expect(findings.list()).toEqual([]);
    return rasterize(bytes);
  };

  it('draws an outer shadow outside the border box only, offset and spread, under the background', async () => {
    const raster = await shadowed([{ inset: false, x: 6, y: 6, blur: 0, spread: 2, color: grey(1) }], {
      backgroundColor: { r: 0, g: 160, b: 0, a: 1 },
    });
    // Right of the box and below it: the shadow; over the box: its own background.
    expect(raster.at(145, 60)).toEqual([0, 0, 0]);
    expect(raster.at(100, 95)).toEqual([0, 0, 0]);
    expect(raster.at(100, 60)).toEqual(GREEN);
    // Up and left it does not reach (offset 6, spread 2).
    expect(raster.at(37, 60)).toEqual(WHITE);
    expect(raster.at(100, 37)).toEqual(WHITE);
  });

  it('fades a blurred shadow from the box’s edge outwards, and an inset one fills the padding box', async () => {
    const raster = await shadowed([{ inset: false, x: 0, y: 0, blur: 12, spread: 0, color: grey(1) }]);
    const dark = (x: number) => 255 - (raster.at(x, 65)[0] as number);
    // Darkest at the edge (half the shadow's opacity: the Gaussian's middle), fading to nothing a blur away.
    expect(dark(141)).toBeGreaterThan(70);
    expect(dark(141)).toBeGreaterThan(dark(146));
    expect(dark(146)).toBeGreaterThan(dark(151));
    expect(dark(155)).toBeLessThan(12);
    // Inside the box the outer shadow is not drawn.
    expect(raster.at(120, 65)).toEqual(WHITE);

    const filled = await shadowed([
      { inset: true, x: 0, y: 0, blur: 0, spread: 9999, color: { r: 253, g: 230, b: 138, a: 1 } },
    ]);
    expect(filled.at(90, 65)).toEqual([253, 230, 138]);
    expect(filled.at(145, 65)).toEqual(WHITE);
  });

  it('spreads a blur’s opacity over nested shapes whose opacities add up to the shadow’s', () => {
    expect(blurLayers(0, 0.5)).toEqual([{ grow: 0, alpha: 0.5 }]);
    const layers = blurLayers(12, 0.8);
    expect(layers.length).toBeGreaterThanOrEqual(4);
    expect(layers[0]?.grow).toBeGreaterThan(0);
    expect(layers[layers.length - 1]?.grow).toBeLessThan(0);
    const total = 1 - layers.reduce((rest, l) => rest * (1 - l.alpha), 1);
    expect(total).toBeCloseTo(0.8, 6);
  });
});
