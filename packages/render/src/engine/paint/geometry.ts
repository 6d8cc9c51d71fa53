import type { Length } from '../style/computed-style';
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

export function fitRadii(rect: Rect, radii: readonly Length[]): Radii {
  // Most boxes have square corners: they get the shared SQUARE without the corners being built (nor the closures
  // below, whose context a call would allocate on entry).
  for (let i = 0; i < radii.length; i++) if (!isZero(radii[i])) return fitRounded(rect, radii);
  return SQUARE;
}

function fitRounded(rect: Rect, radii: readonly Length[]): Radii {
  // A percentage is of the width horizontally and of the height vertically: 50% of a square is a circle.
  const corner = (r: Length | undefined): [number, number] => {
    const x = Math.max(0, (r?.pt ?? 0) + ((r?.pct ?? 0) / 100) * rect.width);
    const y = Math.max(0, (r?.pt ?? 0) + ((r?.pct ?? 0) / 100) * rect.height);
    return [x, y];
  };
  const [tl, tr, br, bl] = [corner(radii[0]), corner(radii[1]), corner(radii[2]), corner(radii[3])];
  if (tl[0] + tr[0] + br[0] + bl[0] + tl[1] + tr[1] + br[1] + bl[1] <= 0) return SQUARE;
  const factor = Math.min(
    1,
    tl[0] + tr[0] > 0 ? rect.width / (tl[0] + tr[0]) : 1,
    bl[0] + br[0] > 0 ? rect.width / (bl[0] + br[0]) : 1,
    tl[1] + bl[1] > 0 ? rect.height / (tl[1] + bl[1]) : 1,
    tr[1] + br[1] > 0 ? rect.height / (tr[1] + br[1]) : 1,
  );
  const scaled = ([x, y]: [number, number]): [number, number] => [x * factor, y * factor];
  return [scaled(tl), scaled(tr), scaled(br), scaled(bl)];
}

const isZero = (r: Length | undefined): boolean => r === undefined || (r.pt <= 0 && r.pct <= 0);

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
  // Indexed, not destructured: every box painted asks, and destructuring allocates an iterator per corner.
  for (let i = 0; i < 4; i++) {
    const corner = radii[i] as Radii[number];
    if (corner[0] > 0 || corner[1] > 0) return true;
  }
  return false;
}
