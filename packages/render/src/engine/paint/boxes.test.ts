import { describe, expect, it } from 'vitest';
import type { BorderSide, Color } from '../style/computed-style';
import { BLACK, BLUE, box, page, paint, type Raster, RED, rasterize } from './__fixtures__/pages';

const side = (width: number, style: BorderSide['style'], color: Color = BLACK): BorderSide => ({ width, style, color });
const all = (border: BorderSide) => ({
  borderTop: border,
  borderRight: border,
  borderBottom: border,
  borderLeft: border,
});
const isWhite = ([r, g, b]: [number, number, number]) => r > 235 && g > 235 && b > 235;
const isDark = ([r, g, b]: [number, number, number]) => r < 80 && g < 80 && b < 80;
const pt = (value: number) => ({ pt: value, pct: 0 });

/** How often the pixels along a row switch between inked and white. */
function switches(raster: Raster, y: number, from: number, to: number): number {
  let count = 0;
  let last = !isWhite(raster.at(from, y));
  for (let x = from + 1; x <= to; x++) {
    const inked = !isWhite(raster.at(x, y));
    if (inked !== last) count++;
    last = inked;
  }
  return count;
}

describe('box backgrounds', () => {
  it('fills the border box, with its alpha', async () => {
    const solid = box({ x: 20, y: 20, width: 60, height: 40, style: { backgroundColor: RED } });
    const faint = box({ x: 100, y: 20, width: 60, height: 40, style: { backgroundColor: { ...BLUE, a: 0.5 } } });
    const raster = await rasterize((await paint([page([solid, faint])])).bytes);
    expect(raster.at(50, 40)).toEqual([255, 0, 0]);
    expect(isWhite(raster.at(18, 40))).toBe(true);
    const [r, g, b] = raster.at(130, 40);
    expect(b).toBe(255);
    expect(r).toBeGreaterThan(110);
    expect(r).toBeLessThan(145);
    expect(g).toBe(r);
  });

  it('follows border-radius: the corners stay transparent', async () => {
    const rounded = box({
      x: 20,
      y: 20,
      width: 100,
      height: 80,
      style: { backgroundColor: RED, borderRadius: [pt(30), pt(30), pt(30), pt(30)] },
    });
    const raster = await rasterize((await paint([page([rounded])])).bytes);
    for (const [x, y] of [
      [22, 22],
      [118, 22],
      [118, 98],
      [22, 98],
    ] as const) {
      expect(isWhite(raster.at(x, y)), `${x},${y}`).toBe(true);
    }
    expect(raster.at(70, 60)).toEqual([255, 0, 0]);
    // Along the straight parts of the edges the fill reaches the box's edge.
    expect(raster.at(70, 21)).toEqual([255, 0, 0]);
    expect(raster.at(21, 60)).toEqual([255, 0, 0]);
  });

  it('takes percentage radii of the width and the height: 50% makes a circle or an ellipse', async () => {
    const half = { pt: 0, pct: 50 };
    const ellipse = box({
      x: 20,
      y: 20,
      width: 100,
      height: 40,
      style: { backgroundColor: RED, borderRadius: [half, half, half, half] },
    });
    const raster = await rasterize((await paint([page([ellipse])])).bytes);
    // The ellipse's extremes are painted; its bounding box's corners, and points just inside them, are not.
    expect(raster.at(70, 40)).toEqual([255, 0, 0]);
    expect(raster.at(22, 40)).toEqual([255, 0, 0]);
    expect(raster.at(70, 22)).toEqual([255, 0, 0]);
    for (const [x, y] of [
      [30, 25],
      [110, 25],
      [110, 55],
      [30, 55],
    ] as const) {
      expect(isWhite(raster.at(x, y)), `${x},${y}`).toBe(true);
    }
  });

  it('draws an outline outside the border box, outline-offset away, taking no room', async () => {
    const outlined = box({
      x: 40,
      y: 40,
      width: 60,
      height: 30,
      style: { outline: side(3, 'solid', RED), outlineOffset: 4 },
    });
    const raster = await rasterize((await paint([page([outlined])])).bytes);
    // From 4 to 7pt outside each edge: red; between the box and the outline, and inside, nothing.
    expect(raster.at(70, 34.5)).toEqual([255, 0, 0]);
    expect(raster.at(105.5, 55)).toEqual([255, 0, 0]);
    expect(raster.at(34.5, 55)).toEqual([255, 0, 0]);
    expect(isWhite(raster.at(70, 38))).toBe(true);
    expect(isWhite(raster.at(70, 55))).toBe(true);
    expect(isWhite(raster.at(70, 31))).toBe(true);
  });

  it('draws a transformed box and its content through its matrix, about its centre', async () => {
    // A 60x20 box at (60, 60) turned a quarter about its centre (90, 70): 20 wide and 60 tall.
    const turned = box({
      x: 60,
      y: 60,
      width: 60,
      height: 20,
      style: {
        backgroundColor: RED,
        transform: [{ kind: 'rotate', angle: 90 }],
        transformOrigin: { x: { pt: 0, pct: 50 }, y: { pt: 0, pct: 50 } },
      },
    });
    const raster = await rasterize((await paint([page([turned])])).bytes);
    expect(raster.at(90, 45)).toEqual([255, 0, 0]);
    expect(raster.at(90, 95)).toEqual([255, 0, 0]);
    expect(isWhite(raster.at(65, 70))).toBe(true);
    expect(isWhite(raster.at(115, 70))).toBe(true);
  });

  it('paints a data: URL background image, and reports one it cannot load', async () => {
    const { PNG } = await import('pngjs');
    const png = new PNG({ width: 8, height: 8 });
    for (let i = 0; i < 64; i++) png.data.set([0, 160, 0, 255], i * 4);
    const url = `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
    const withImage = box({ x: 20, y: 20, width: 60, height: 60, style: { backgroundImage: { url } } });
    const missing = box({
      x: 100,
      y: 20,
      width: 60,
      height: 60,
      style: { backgroundImage: { url: 'https://example.com/logo.png' } },
    });
    const { bytes, findings } = await paint([page([withImage, missing])]);
    const raster = await rasterize(bytes);
    // 8px repeat at 6pt: the whole box is covered.
    expect(raster.at(25, 25)).toEqual([0, 160, 0]);
    expect(raster.at(77, 77)).toEqual([0, 160, 0]);
    expect(isWhite(raster.at(85, 50))).toBe(true);
    expect(findings.list().map((f) => f.code)).toEqual(['image_not_loaded']);
    expect(findings.list()[0]?.message).toContain('https://example.com/logo.png');
  });
});

describe('borders', () => {
  it('draws solid sides in their own widths and colours, mitred where they meet', async () => {
    const framed = box({
      x: 20,
      y: 20,
      width: 100,
      height: 80,
      style: {
        borderTop: side(10, 'solid', RED),
        borderLeft: side(10, 'solid', BLUE),
        borderRight: side(2, 'solid'),
        borderBottom: side(4, 'solid'),
      },
    });
    const raster = await rasterize((await paint([page([framed])])).bytes);
    expect(raster.at(70, 24)).toEqual([255, 0, 0]);
    expect(raster.at(24, 60)).toEqual([0, 0, 255]);
    // The top-left corner is split along its diagonal.
    expect(raster.at(27, 22)).toEqual([255, 0, 0]);
    expect(raster.at(22, 27)).toEqual([0, 0, 255]);
    expect(isDark(raster.at(119, 60))).toBe(true);
    expect(isWhite(raster.at(116, 60))).toBe(true);
    expect(isDark(raster.at(70, 98))).toBe(true);
    expect(isWhite(raster.at(70, 94))).toBe(true);
  });

  it('draws dashed sides as dashes (the pixels along the edge alternate)', async () => {
    const dashed = box({ x: 20, y: 20, width: 160, height: 100, style: all(side(4, 'dashed')) });
    const raster = await rasterize((await paint([page([dashed])], { compress: false })).bytes);
    // 160pt long, 12pt dashes with gaps about as long: six or seven of each.
    expect(switches(raster, 22, 20, 180)).toBeGreaterThanOrEqual(10);
    expect(isDark(raster.at(22, 22))).toBe(true);
    expect(isDark(raster.at(178, 22))).toBe(true);
  });

  it('draws dotted sides as round dots', async () => {
    const dotted = box({ x: 20, y: 20, width: 160, height: 100, style: all(side(8, 'dotted', BLUE)) });
    const raster = await rasterize((await paint([page([dotted])])).bytes, 144);
    // Along the middle of the top side: dots and gaps alternate.
    expect(switches(raster, 48, 40, 360)).toBeGreaterThanOrEqual(14);
    // A dot is round: inked at its centre, white at the corners of its square.
    let start = 80;
    while (!isWhite(raster.at(start, 48))) start++;
    while (isWhite(raster.at(start, 48))) start++;
    let end = start;
    while (!isWhite(raster.at(end + 1, 48))) end++;
    // 8pt across: 16px at 144 dpi.
    expect(end - start + 1).toBeGreaterThanOrEqual(14);
    expect(end - start + 1).toBeLessThanOrEqual(18);
    const centre = Math.round((start + end) / 2);
    expect(raster.at(centre, 48)).toEqual([0, 0, 255]);
    expect(isWhite(raster.at(centre - 7, 41))).toBe(true);
    expect(isWhite(raster.at(centre + 7, 55))).toBe(true);
  });

  it('draws double sides as two lines a third of the width each', async () => {
    const double = box({ x: 20, y: 20, width: 160, height: 100, style: all(side(12, 'double')) });
    const raster = await rasterize((await paint([page([double])])).bytes);
    const column = [...Array(12).keys()].map((i) => raster.at(100, 20 + i));
    expect(column.slice(0, 3).every(isDark)).toBe(true);
    expect(column.slice(5, 7).every(isWhite)).toBe(true);
    expect(column.slice(9, 12).every(isDark)).toBe(true);
  });

  it('draws groove, ridge, inset and outset in two tones', async () => {
    const grey = { r: 160, g: 160, b: 160, a: 1 };
    const tones = async (style: BorderSide['style']) => {
      const raster = await rasterize(
        (await paint([page([box({ x: 20, y: 20, width: 160, height: 100, style: all(side(12, style, grey)) })])]))
          .bytes,
      );
      return {
        topOuter: raster.at(100, 22)[0],
        topInner: raster.at(100, 29)[0],
        bottomOuter: raster.at(100, 117)[0],
        bottomInner: raster.at(100, 110)[0],
      };
    };
    const groove = await tones('groove');
    expect(groove.topOuter).toBeLessThan(groove.topInner);
    expect(groove.bottomOuter).toBeGreaterThan(groove.bottomInner);
    const ridge = await tones('ridge');
    expect(ridge.topOuter).toBeGreaterThan(ridge.topInner);
    const inset = await tones('inset');
    expect(inset.topOuter).toBe(inset.topInner);
    expect(inset.topOuter).toBeLessThan(inset.bottomOuter);
    const outset = await tones('outset');
    expect(outset.topOuter).toBeGreaterThan(outset.bottomOuter);
  });

  it('rounds uniform borders with the corners, solid and dashed', async () => {
    for (const style of ['solid', 'dashed'] as const) {
      const rounded = box({
        x: 20,
        y: 20,
        width: 120,
        height: 100,
        style: { ...all(side(6, style, RED)), borderRadius: [pt(30), pt(30), pt(30), pt(30)] },
      });
      const raster = await rasterize((await paint([page([rounded])])).bytes);
      expect(isWhite(raster.at(23, 23)), style).toBe(true);
      // On the curve, 45° from the corner's centre: inked where the ring is for the solid border.
      if (style === 'solid')
        expect(raster.at(50 - 30 * Math.SQRT1_2 + 1, 50 - 30 * Math.SQRT1_2 + 1)).toEqual([255, 0, 0]);
      expect(isWhite(raster.at(80, 60)), style).toBe(true);
    }
  });

  it('draws a collapsed table’s borders centred on the cell edges', async () => {
    const cell = box({
      x: 50,
      y: 50,
      width: 100,
      height: 60,
      role: 'cell',
      borders: { top: side(10, 'solid'), right: side(10, 'solid'), bottom: side(10, 'solid'), left: side(10, 'solid') },
    });
    const raster = await rasterize((await paint([page([cell])])).bytes);
    expect(isWhite(raster.at(44, 80))).toBe(true);
    expect(isDark(raster.at(46, 80))).toBe(true);
    expect(isDark(raster.at(54, 80))).toBe(true);
    expect(isWhite(raster.at(56, 80))).toBe(true);
    expect(isDark(raster.at(100, 46))).toBe(true);
    expect(isWhite(raster.at(100, 56))).toBe(true);
    // The style's borders are not drawn when the collapsed ones are given.
    const both = box({
      x: 50,
      y: 50,
      width: 100,
      height: 60,
      style: all(side(20, 'solid', RED)),
      borders: { top: side(2, 'solid'), right: side(2, 'solid'), bottom: side(2, 'solid'), left: side(2, 'solid') },
    });
    const raster2 = await rasterize((await paint([page([both])])).bytes);
    expect(isWhite(raster2.at(60, 80))).toBe(true);
  });
});

describe('opacity, visibility and clipping', () => {
  it('draws boxes with opacity lighter, as one layer with their content', async () => {
    const outer = box({
      x: 20,
      y: 20,
      width: 160,
      height: 60,
      style: { backgroundColor: BLACK, opacity: 0.5 },
      children: [box({ x: 100, y: 10, width: 40, height: 40, style: { backgroundColor: BLACK, opacity: 0.5 } })],
    });
    const opaque = box({ x: 20, y: 100, width: 40, height: 40, style: { backgroundColor: BLACK } });
    const raster = await rasterize((await paint([page([outer, opaque])])).bytes);
    expect(raster.at(40, 120)[0]).toBe(0);
    expect(raster.at(40, 50)[0]).toBeGreaterThan(115);
    expect(raster.at(40, 50)[0]).toBeLessThan(140);
    // The half-transparent black child over the black background is black within the layer; the layer is then
    // drawn at half opacity as a whole.
    expect(Math.abs(raster.at(140, 50)[0] - raster.at(40, 50)[0])).toBeLessThanOrEqual(2);
    const nothing = box({ x: 20, y: 20, width: 40, height: 40, style: { backgroundColor: BLACK, opacity: 0 } });
    expect(isWhite((await rasterize((await paint([page([nothing])])).bytes)).at(40, 40))).toBe(true);
  });

  it('does not let overlapping children of a translucent box show through each other', async () => {
    const square = (x: number) => box({ x, y: 0, width: 60, height: 60, style: { backgroundColor: BLACK } });
    const layer = box({
      x: 20,
      y: 20,
      width: 160,
      height: 60,
      style: { opacity: 0.5 },
      children: [square(0), square(40)],
    });
    const raster = await rasterize((await paint([page([layer])])).bytes);
    const single = raster.at(30, 50)[0];
    expect(single).toBeGreaterThan(115);
    expect(single).toBeLessThan(140);
    expect(Math.abs(raster.at(70, 50)[0] - single)).toBeLessThanOrEqual(2);
  });

  it('skips the paint of hidden boxes but paints their visible children', async () => {
    const hidden = box({
      x: 20,
      y: 20,
      width: 160,
      height: 100,
      style: { backgroundColor: RED, visibility: 'hidden', ...all(side(5, 'solid')) },
      children: [box({ x: 100, y: 20, width: 40, height: 40, style: { backgroundColor: BLUE } })],
    });
    const raster = await rasterize((await paint([page([hidden])])).bytes);
    expect(isWhite(raster.at(50, 50))).toBe(true);
    expect(isWhite(raster.at(22, 50))).toBe(true);
    expect(raster.at(140, 60)).toEqual([0, 0, 255]);
  });

  it('clips children to the padding box with overflow hidden', async () => {
    const child = box({ x: 50, y: 50, width: 200, height: 200, style: { backgroundColor: BLUE } });
    const clipping = box({
      x: 20,
      y: 20,
      width: 100,
      height: 100,
      style: { overflow: 'hidden', ...all(side(5, 'solid', RED)) },
      children: [child],
    });
    const raster = await rasterize((await paint([page([clipping])])).bytes);
    expect(raster.at(100, 100)).toEqual([0, 0, 255]);
    // Not over the border, not outside the box.
    expect(raster.at(118, 100)).toEqual([255, 0, 0]);
    expect(isWhite(raster.at(150, 100))).toBe(true);
    const visible = box({
      x: 20,
      y: 20,
      width: 100,
      height: 100,
      children: [box({ x: 50, y: 50, width: 200, height: 200, style: { backgroundColor: BLUE } })],
    });
    expect((await rasterize((await paint([page([visible])])).bytes)).at(150, 100)).toEqual([0, 0, 255]);
    // A scroll container prints what shows in it, as Chromium prints it: clipped too.
    for (const overflow of ['auto', 'scroll'] as const) {
      const scrolling = box({ ...clipping, style: { ...clipping.style, overflow } });
      expect(isWhite((await rasterize((await paint([page([scrolling])])).bytes)).at(150, 100)), overflow).toBe(true);
    }
  });

  it('clips a piece to its clip rectangle, and paints only the decoration of decorationOnly pieces', async () => {
    const tall = box({
      x: 0,
      y: 0,
      width: 100,
      height: 150,
      style: { backgroundColor: RED },
      children: [box({ x: 10, y: 10, width: 20, height: 20, style: { backgroundColor: BLUE } })],
    });
    const raster = await rasterize(
      (
        await paint([
          page([
            { fragment: tall, x: 20, y: -50, clip: { x: 0, y: 0, width: 200, height: 60 } },
            { fragment: { ...tall, x: 0 }, x: 130, y: 0, decorationOnly: true },
          ]),
        ])
      ).bytes,
    );
    expect(raster.at(50, 50)).toEqual([255, 0, 0]);
    expect(isWhite(raster.at(50, 70))).toBe(true);
    // The decoration-only piece: its background, not its child.
    expect(raster.at(135, 15)).toEqual([255, 0, 0]);
    expect(raster.at(150, 20)).toEqual([255, 0, 0]);
  });

  it('puts link annotations over linked boxes', async () => {
    const linked = box({ x: 20, y: 20, width: 50, height: 30, link: 'https://quire.dev/' });
    const ignored = box({ x: 20, y: 80, width: 50, height: 30, link: '#section' });
    const { bytes } = await paint([page([linked, ignored])], { compress: false });
    const pdf = Buffer.from(bytes).toString('latin1');
    expect(pdf).toContain('/URI (https://quire.dev/)');
    expect(pdf.match(/\/Subtype \/Link/g)).toHaveLength(1);
    // PDF rectangles are y-up: the box's top at 20pt from the top of a 200pt page is y = 180.
    expect(pdf).toMatch(/\/Rect \[20 150 70 180\]/);
  });

  it('puts the link of a transformed box where the box is drawn, over its turned bounds', async () => {
    const moved = box({
      x: 20,
      y: 20,
      width: 50,
      height: 30,
      link: 'https://quire.dev/moved',
      style: { transform: [{ kind: 'translate', x: { pt: 100, pct: 0 }, y: { pt: 10, pct: 0 } }] },
    });
    const turned = box({
      x: 20,
      y: 100,
      width: 40,
      height: 20,
      link: 'https://quire.dev/turned',
      style: { transform: [{ kind: 'rotate', angle: 90 }] },
    });
    const { bytes } = await paint([page([moved, turned])], { compress: false });
    const pdf = Buffer.from(bytes).toString('latin1');
    // Moved 100pt right and 10pt down: 120–170 across, 30–60 down (y-up on a 200pt page: 140–170).
    expect(pdf).toMatch(/\/Rect \[120 140 170 170\]/);
    // Turned a quarter about its centre (40, 110): 20pt wide and 40pt tall, 30–50 across, 90–130 down (y-up: 70–110).
    expect(pdf).toMatch(/\/Rect \[30 70 50 110\]/);
  });

  it('cuts link annotations to the piece’s clip', async () => {
    const row = box({ x: 0, y: 0, width: 100, height: 40, link: 'https://quire.dev/row' });
    const { bytes } = await paint(
      [page([{ fragment: row, x: 20, y: 170, clip: { x: 0, y: 0, width: 200, height: 180 } }])],
      { compress: false },
    );
    // The row runs from 170 to 210 on a 200pt page clipped at 180: the link covers 170–180 (y-up: 20–30).
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/Rect \[20 20 120 30\]/);
  });
});
