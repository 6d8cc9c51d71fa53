import type { Radii, Rect } from './content';

/** Border widths in CSS order: top, right, bottom, left. */
export type Widths = [number, number, number, number];

/** The rectangle inset by `fraction` of each side's width (0: the outer edge, 1: the inner edge). */
export function insetRect(rect: Rect, widths: Widths, fraction: number): Rect {
  const [top, right, bottom, left] = widths;
  return {
    x: rect.x + left * fraction,
    y: rect.y + top * fraction,
    width: Math.max(0, rect.width - (left + right) * fraction),
    height: Math.max(0, rect.height - (top + bottom) * fraction),
  };
}

/**
 * CSS corner radii fitted to the box: when two adjacent radii add up to more than the side, all of them shrink
 * by the same factor (css-backgrounds §5.5).
 */
// Square corners, the case of nearly every box: one shared value (read only), no arrays made per box painted.
export const SQUARE: Radii = Object.freeze([
  Object.freeze([0, 0]),
  Object.freeze([0, 0]),
  Object.freeze([0, 0]),
  Object.freeze([0, 0]),
]) as unknown as Radii;

export function fitRadii(rect: Rect, radii: readonly [number, number, number, number]): Radii {
  if (radii[0] <= 0 && radii[1] <= 0 && radii[2] <= 0 && radii[3] <= 0) return SQUARE;
  const [tl, tr, br, bl] = radii.map((r) => Math.max(0, r)) as [number, number, number, number];
  const factor = Math.min(
    1,
    tl + tr > 0 ? rect.width / (tl + tr) : 1,
    bl + br > 0 ? rect.width / (bl + br) : 1,
    tl + bl > 0 ? rect.height / (tl + bl) : 1,
    tr + br > 0 ? rect.height / (tr + br) : 1,
  );
  return [
    [tl * factor, tl * factor],
    [tr * factor, tr * factor],
    [br * factor, br * factor],
    [bl * factor, bl * factor],
  ];
}

/** The radii of the curve `fraction` of the border widths inside the outer edge (the padding edge at 1). */
export function insetRadii(radii: Radii, widths: Widths, fraction: number): Radii {
  const [top, right, bottom, left] = widths.map((w) => w * fraction) as Widths;
  const [tl, tr, br, bl] = radii;
  return [
    [Math.max(0, tl[0] - left), Math.max(0, tl[1] - top)],
    [Math.max(0, tr[0] - right), Math.max(0, tr[1] - top)],
    [Math.max(0, br[0] - right), Math.max(0, br[1] - bottom)],
    [Math.max(0, bl[0] - left), Math.max(0, bl[1] - bottom)],
  ];
}

export function isRounded(radii: Radii): boolean {
  return radii.some(([x, y]) => x > 0 || y > 0);
}
