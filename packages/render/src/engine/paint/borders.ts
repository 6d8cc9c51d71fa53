import type { BorderSide, Color } from '../style/computed-style';
import { type ContentWriter, num, type Radii, type Rect } from './content';
import { insetRadii, insetRect, isRounded, type Widths } from './geometry';

/** Top, right, bottom, left. */
export type Sides = [BorderSide, BorderSide, BorderSide, BorderSide];

type Side = 0 | 1 | 2 | 3;
const TOP = 0;
const BOTTOM = 2;
const LEFT = 3;

/** A band of one side's border between two fractions of its width (0: outer edge, 1: inner edge). */
interface Band {
  from: number;
  to: number;
  color: Color;
}

// Below 3px a double border has no room for two lines and a gap; browsers draw it solid.
const MIN_DOUBLE_WIDTH = 2.25;

export function isVisible(side: BorderSide): boolean {
  return side.width > 0 && side.style !== 'none' && side.style !== 'hidden' && side.color.a > 0;
}

/**
 * Paints the borders of the box `rect` (its border box): each side in its own width, colour and style, sides
 * meeting at mitred corners, rounded along `radii` (already fitted to the box).
 */
export function paintBorders(cw: ContentWriter, rect: Rect, sides: Sides, radii: Radii): void {
  const rounded = isRounded(radii);
  if (!rounded && solid(sides[0]) && solid(sides[1]) && solid(sides[2]) && solid(sides[3])) {
    paintSolidSides(cw, rect, sides);
    return;
  }
  const widths = sides.map((side) => side.width) as Widths;
  const bands = new Map<string, Array<{ side: Side; color: Color }>>();
  const strokes: Side[] = [];
  for (let i = 0; i < 4; i++) {
    const side = i as Side;
    const border = sides[side];
    if (!isVisible(border)) continue;
    if (border.style === 'dashed' || border.style === 'dotted') {
      strokes.push(side);
      continue;
    }
    for (const band of bandsOf(border, side)) {
      const key = `${band.from} ${band.to}`;
      const list = bands.get(key) ?? [];
      list.push({ side, color: band.color });
      bands.set(key, list);
    }
  }
  for (const [key, list] of bands) {
    const [from, to] = key.split(' ').map(Number) as [number, number];
    paintBand(cw, rect, widths, radii, rounded, from, to, list);
  }
  if (strokes.length > 0) paintStrokes(cw, rect, sides, widths, radii, rounded, strokes);
}

/** Whether a visible side paints as one band of its own colour (solid, or double too thin for two lines). */
const oneBand = (side: BorderSide): boolean =>
  side.style === 'solid' || (side.style === 'double' && side.width < MIN_DOUBLE_WIDTH);

/** A side that paintSolidSides can draw: invisible, or one band. */
const solid = (side: BorderSide): boolean => !isVisible(side) || oneBand(side);

/**
 * The common case (the rules of a table, a box's frame), drawn as paintBand draws it without the bands' map and
 * keys: square corners, every visible side one solid band. One colour all around is one ring; otherwise each
 * colour's sides are mitred quads in one fill, in side order.
 */
const INNER: Rect = { x: 0, y: 0, width: 0, height: 0 };

function paintSolidSides(cw: ContentWriter, rect: Rect, sides: Sides): void {
  // The padding edge (insetRect by the sides' widths, without an array of them for every box painted), in a
  // scratch rectangle: a new one for every box painted was some 110 bytes of numbers each.
  const top = sides[0];
  const right = sides[1];
  const bottom = sides[2];
  const left = sides[3];
  const inner = INNER;
  inner.x = rect.x + left.width;
  inner.y = rect.y + top.width;
  inner.width = Math.max(0, rect.width - (left.width + right.width));
  inner.height = Math.max(0, rect.height - (top.width + bottom.width));
  let visible = 0;
  let oneColour = true;
  const first = sides[0].color;
  for (let i = 0; i < 4; i++) {
    const side = sides[i as Side];
    if (isVisible(side)) visible++;
    oneColour &&= sameColor(side.color, first);
  }
  if (visible === 4 && oneColour) {
    cw.fillColor(first);
    cw.rect(rect);
    if (inner.width > 0 && inner.height > 0) cw.rect(inner);
    cw.write('f*');
    return;
  }
  let done = 0;
  for (let i = 0; i < 4; i++) {
    const lead = sides[i as Side];
    if (!isVisible(lead) || (done & (1 << i)) !== 0) continue;
    cw.fillColor(lead.color);
    for (let j = i; j < 4; j++) {
      const side = sides[j as Side];
      if ((done & (1 << j)) !== 0 || !isVisible(side) || !sameColor(side.color, lead.color)) continue;
      sideShape(cw, j as Side, rect, inner);
      done |= 1 << j;
    }
    cw.write('f');
  }
}

/** What a solid-looking style paints: one band, two lines (double) or two tones (groove, ridge, inset, outset). */
function bandsOf(border: BorderSide, side: Side): Band[] {
  const { color } = border;
  const topLeft = side === TOP || side === LEFT;
  switch (border.style) {
    case 'double':
      return border.width < MIN_DOUBLE_WIDTH
        ? [{ from: 0, to: 1, color }]
        : [
            { from: 0, to: 1 / 3, color },
            { from: 2 / 3, to: 1, color },
          ];
    case 'inset':
      return [{ from: 0, to: 1, color: topLeft ? dark(color) : color }];
    case 'outset':
      return [{ from: 0, to: 1, color: topLeft ? color : dark(color) }];
    case 'groove':
      return [
        { from: 0, to: 0.5, color: topLeft ? dark(color) : color },
        { from: 0.5, to: 1, color: topLeft ? color : dark(color) },
      ];
    case 'ridge':
      return [
        { from: 0, to: 0.5, color: topLeft ? color : dark(color) },
        { from: 0.5, to: 1, color: topLeft ? dark(color) : color },
      ];
    default:
      return [{ from: 0, to: 1, color }];
  }
}

/** The shadow tone of the 3D styles, as Chromium computes it (black, which cannot darken, becomes dark grey). */
function dark(color: Color): Color {
  const v = Math.max(color.r, color.g, color.b) / 255;
  if (v === 0) return { r: 84, g: 84, b: 84, a: color.a };
  const k = Math.max(0, (v - 0.33) / v);
  return { r: color.r * k, g: color.g * k, b: color.b * k, a: color.a };
}

function sameColor(a: Color, b: Color): boolean {
  return a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a;
}

function paintBand(
  cw: ContentWriter,
  rect: Rect,
  widths: Widths,
  radii: Radii,
  rounded: boolean,
  from: number,
  to: number,
  list: Array<{ side: Side; color: Color }>,
): void {
  const outer = insetRect(rect, widths, from);
  const inner = insetRect(rect, widths, to);
  const first = list[0] as { side: Side; color: Color };
  // One colour all around: the ring in one fill, so no seams show at the corners.
  if (list.length === 4 && list.every((s) => sameColor(s.color, first.color))) {
    cw.fillColor(first.color);
    frame(cw, outer, inner, widths, radii, rounded, from, to);
    cw.write('f*');
    return;
  }
  if (!rounded) {
    // Sides of one colour in one fill: no hairline seam where they meet.
    for (const group of byColor(list)) {
      cw.fillColor(group[0]?.color as Color);
      for (const { side } of group) cw.polygon(sideQuad(side, outer, inner));
      cw.write('f');
    }
    return;
  }
  // Rounded: clip to the curved ring, then give each side its share of it (split along the mitre lines).
  cw.save();
  frame(cw, outer, inner, widths, radii, rounded, from, to);
  cw.write('W* n');
  for (const { side, color } of list) {
    cw.fillColor(color);
    cw.polygon(sideRegion(side, rect, widths));
    cw.write('f');
  }
  cw.restore();
}

function byColor(list: Array<{ side: Side; color: Color }>): Array<Array<{ side: Side; color: Color }>> {
  const groups: Array<Array<{ side: Side; color: Color }>> = [];
  for (const entry of list) {
    const group = groups.find((g) => sameColor((g[0] as { color: Color }).color, entry.color));
    if (group) group.push(entry);
    else groups.push([entry]);
  }
  return groups;
}

/** The path of the ring between two insets (filled or clipped even-odd). */
function frame(
  cw: ContentWriter,
  outer: Rect,
  inner: Rect,
  widths: Widths,
  radii: Radii,
  rounded: boolean,
  from: number,
  to: number,
): void {
  if (rounded) {
    cw.roundedRect(outer, insetRadii(radii, widths, from));
    if (inner.width > 0 && inner.height > 0) cw.roundedRect(inner, insetRadii(radii, widths, to));
  } else {
    cw.rect(outer);
    if (inner.width > 0 && inner.height > 0) cw.rect(inner);
  }
}

/** One side's trapezoid between two nested rectangles: mitred where it meets its neighbours. */
function sideQuad(side: Side, outer: Rect, inner: Rect): number[] {
  const o = corners(outer);
  const i = corners(inner);
  const a = side;
  const b = ((side + 1) % 4) as Side;
  return [
    o[a * 2] as number,
    o[a * 2 + 1] as number,
    o[b * 2] as number,
    o[b * 2 + 1] as number,
    i[b * 2] as number,
    i[b * 2 + 1] as number,
    i[a * 2] as number,
    i[a * 2 + 1] as number,
  ];
}

/**
 * One side's band: a rectangle (one `re`) when the sides beside it have no width, as a table's bottom rules and
 * most single borders have; the mitred quadrilateral otherwise.
 */
function sideShape(cw: ContentWriter, side: Side, outer: Rect, inner: Rect): void {
  const horizontal = side === TOP || side === BOTTOM;
  const square = horizontal
    ? inner.x === outer.x && inner.width === outer.width
    : inner.y === outer.y && inner.height === outer.height;
  if (!square) {
    cw.polygon(sideQuad(side, outer, inner));
    return;
  }
  if (side === TOP) cw.writeRect(outer.x, outer.y, outer.width, inner.y - outer.y);
  else if (side === BOTTOM) {
    const y = inner.y + inner.height;
    cw.writeRect(outer.x, y, outer.width, outer.y + outer.height - y);
  } else if (side === LEFT) cw.writeRect(outer.x, outer.y, inner.x - outer.x, outer.height);
  else {
    const x = inner.x + inner.width;
    cw.writeRect(x, outer.y, outer.x + outer.width - x, outer.height);
  }
}

/** Corners clockwise from the top-left, flattened: TL, TR, BR, BL. */
function corners(r: Rect): number[] {
  return [r.x, r.y, r.x + r.width, r.y, r.x + r.width, r.y + r.height, r.x, r.y + r.height];
}

/**
 * A side's share of a rounded border: from its outer edge inwards along the mitre lines of its two corners, as
 * far as the box's middle, so the curved corners (which reach further in than the straight inner edge) are covered.
 */
function sideRegion(side: Side, rect: Rect, widths: Widths): number[] {
  const o = corners(rect);
  const a = side;
  const b = ((side + 1) % 4) as Side;
  const [pa, pb] = [mitrePoint(a, rect, widths), mitrePoint(b, rect, widths)];
  return [
    o[a * 2] as number,
    o[a * 2 + 1] as number,
    o[b * 2] as number,
    o[b * 2 + 1] as number,
    pb[0],
    pb[1],
    pa[0],
    pa[1],
  ];
}

/** The point where a corner's mitre line (through the outer and inner corners) reaches the box's middle. */
function mitrePoint(corner: Side, rect: Rect, widths: Widths): [number, number] {
  const [top, right, bottom, left] = widths;
  // Corner 0 is top-left, 1 top-right, 2 bottom-right, 3 bottom-left.
  const dx = corner === 0 || corner === 3 ? left : -right;
  const dy = corner === 0 || corner === 1 ? top : -bottom;
  const cx = corner === 0 || corner === 3 ? rect.x : rect.x + rect.width;
  const cy = corner === 0 || corner === 1 ? rect.y : rect.y + rect.height;
  const reach = Math.min(
    dx === 0 ? Infinity : rect.width / 2 / Math.abs(dx),
    dy === 0 ? Infinity : rect.height / 2 / Math.abs(dy),
  );
  const s = Number.isFinite(reach) ? reach : 0;
  return [cx + dx * s, cy + dy * s];
}

/** Dashed and dotted sides: stroked along the middle of the side, clipped to the side's mitred trapezoid. */
function paintStrokes(
  cw: ContentWriter,
  rect: Rect,
  sides: Sides,
  widths: Widths,
  radii: Radii,
  rounded: boolean,
  strokes: Side[],
): void {
  const first = sides[strokes[0] as Side];
  const uniform =
    strokes.length === 4 &&
    strokes.every(
      (s) => sides[s].style === first.style && sides[s].width === first.width && sameColor(sides[s].color, first.color),
    );
  if (rounded && uniform) {
    const w = first.width;
    const middle = insetRect(rect, widths, 0.5);
    const curve = insetRadii(radii, widths, 0.5);
    const perimeter =
      2 * (middle.width + middle.height) -
      curve.reduce((sum, [rx, ry]) => sum + (2 - Math.PI / 2) * ((rx + ry) / 2), 0);
    cw.save();
    cw.strokeColor(first.color);
    cw.write(`${num(w)} w`);
    cw.write(first.style === 'dotted' ? loopDots(perimeter, w) : loopDashes(perimeter, w));
    cw.roundedRect(middle, curve);
    cw.write('S');
    cw.restore();
    return;
  }
  const inner = insetRect(rect, widths, 1);
  for (const side of strokes) {
    const border = sides[side];
    const w = border.width;
    cw.save();
    if (rounded) {
      // Straight dashes kept within the curved ring: nothing spills past the rounded corners.
      frame(cw, rect, inner, widths, radii, true, 0, 1);
      cw.write('W* n');
    }
    cw.polygon(sideQuad(side, rect, inner));
    cw.write('W n');
    cw.strokeColor(border.color);
    cw.write(`${num(w)} w`);
    const horizontal = side === 0 || side === 2;
    const length = horizontal ? rect.width : rect.height;
    const along = horizontal ? rect.x : rect.y;
    const across =
      side === 0
        ? rect.y + w / 2
        : side === 1
          ? rect.x + rect.width - w / 2
          : side === 2
            ? rect.y + rect.height - w / 2
            : rect.x + w / 2;
    const [start, end, pattern] = border.style === 'dotted' ? sideDots(along, length, w) : sideDashes(along, length, w);
    cw.write(pattern);
    if (horizontal) cw.line(start, across, end, across);
    else cw.line(across, start, across, end);
    cw.write('S');
    cw.restore();
  }
}

/**
 * Dashes three widths long with gaps about as long, fitted so that each end of the side (its corners) is a
 * dash, as Chromium draws them; a side too short for two dashes is solid.
 */
function sideDashes(start: number, length: number, w: number): [number, number, string] {
  const dash = 3 * w;
  const count = Math.round((length + dash) / (2 * dash));
  if (count < 2) return [start, start + length, '[] 0 d 0 J'];
  const gap = (length - count * dash) / (count - 1);
  return [start, start + length, `[${num(dash)} ${num(gap)}] 0 d 0 J`];
}

/** Round dots a width across, a width apart (fitted so the first and last sit in the corners). */
function sideDots(start: number, length: number, w: number): [number, number, string] {
  const span = Math.max(0, length - w);
  const gaps = Math.max(1, Math.round(span / (2 * w)));
  const spacing = span / gaps;
  // The line runs half a spacing past the last dot, so rounding cannot drop it.
  return [start + w / 2, start + w / 2 + span + spacing / 2, `[0 ${num(spacing)}] 0 d 1 J`];
}

function loopDashes(perimeter: number, w: number): string {
  const dash = 3 * w;
  const count = Math.max(1, Math.round(perimeter / (2 * dash)));
  return `[${num(dash)} ${num(perimeter / count - dash)}] 0 d 0 J`;
}

function loopDots(perimeter: number, w: number): string {
  const count = Math.max(1, Math.round(perimeter / (2 * w)));
  return `[0 ${num(perimeter / count)}] 0 d 1 J`;
}
