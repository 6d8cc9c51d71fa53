import type { ComputedStyle } from '../../style/computed-style';
import type { BoxFragment } from '../fragment';

/**
 * The floats of one block formatting context (CSS 2.1 §9.5), in that context's coordinates (its root's content
 * box). Block layout places floats here and asks it, for a band of the flow, how much room the floats leave: line
 * boxes are shortened by it and boxes that establish a formatting context of their own are narrowed or moved down.
 */

export type FloatSide = 'left' | 'right';
export type Clear = 'none' | 'left' | 'right' | 'both';

interface PlacedFloat {
  side: FloatSide;
  /** The float's margin box. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The room left between the floats across a band of the flow. */
export interface Band {
  left: number;
  right: number;
  /** Some float takes room from the band. */
  narrowed: boolean;
}

// Layout sums floats: a float that fits exactly must not be pushed down by rounding.
const EPSILON = 1e-6;

export class FloatContext {
  private readonly placed: PlacedFloat[] = [];

  /** How many floats are placed: a later truncate(count) takes back what a discarded layout placed. */
  get count(): number {
    return this.placed.length;
  }

  truncate(count: number): void {
    this.placed.length = count;
  }

  /** The bottom of the lowest float's margin box (-Infinity when there is none). */
  lowest(): number {
    let bottom = Number.NEGATIVE_INFINITY;
    for (const p of this.placed) bottom = Math.max(bottom, p.bottom);
    return bottom;
  }

  /** Whether some float reaches below `y`: layout at or below it may be shaped by floats. */
  reachesBelow(y: number): boolean {
    return this.placed.some((p) => p.bottom > y + EPSILON);
  }

  /** The room between `left` and `right` that floats leave over [top, top + height) (a line or a box). */
  band(top: number, height: number, left: number, right: number): Band {
    let l = left;
    let r = right;
    const bottom = top + Math.max(height, EPSILON);
    for (const p of this.placed) {
      if (p.top >= bottom - EPSILON || p.bottom <= top + EPSILON) continue;
      if (p.right <= left + EPSILON || p.left >= right - EPSILON) continue;
      if (p.side === 'left') l = Math.max(l, p.right);
      else r = Math.min(r, p.left);
    }
    return { left: l, right: Math.max(l, r), narrowed: l > left + EPSILON || r < right - EPSILON };
  }

  /** The next float bottom below `y`, where the room beside the floats changes; null when none is below. */
  nextBottom(y: number): number | null {
    let next: number | null = null;
    for (const p of this.placed) if (p.bottom > y + EPSILON && (next === null || p.bottom < next)) next = p.bottom;
    return next;
  }

  /** Where a box with `clear` may start: below the floats of the sides it clears (-Infinity when none). */
  clearance(clear: Clear): number {
    let bottom = Number.NEGATIVE_INFINITY;
    if (clear === 'none') return bottom;
    for (const p of this.placed) if (clear === 'both' || clear === p.side) bottom = Math.max(bottom, p.bottom);
    return bottom;
  }

  /**
   * Places a float's margin box (`width` × `height`) as high as the rules allow (CSS 2.1 §9.5.1): not above `top`
   * (where it is met in the flow), nor above an earlier float, nor beside floats that leave it too little room
   * (it moves down past them), then as far left (right) as the floats on its side allow between `left` and `right`.
   */
  place(side: FloatSide, width: number, height: number, top: number, left: number, right: number, clear: Clear) {
    let highest = Math.max(top, this.clearance(clear));
    for (const p of this.placed) highest = Math.max(highest, p.top);
    const { top: y, ...band } = this.roomFor(width, height, highest, left, right);
    const x = side === 'left' ? band.left : band.right - width;
    this.placed.push({ side, left: x, right: x + width, top: y, bottom: y + height });
    return { x, y };
  }

  /**
   * The highest place at or below `top` where a box `width` wide fits beside the floats over `height`, and the room
   * there: where a box that establishes its own formatting context (a table, an image, `overflow: hidden`) goes.
   */
  roomFor(width: number, height: number, top: number, left: number, right: number): Band & { top: number } {
    let y = top;
    let band = this.band(y, height, left, right);
    while (band.narrowed && band.right - band.left < width - EPSILON) {
      const next = this.nextBottom(y);
      if (next === null) break;
      y = next;
      band = this.band(y, height, left, right);
    }
    return { ...band, top: y };
  }
}

/**
 * A float laid out (its border-box fragment and margins) placed among the floats of `space`, its top no higher than
 * `y` down the content box (`width` wide) it is met in; returned in that content box's coordinates.
 */
export function placeFloat(
  laid: { fragment: BoxFragment; margin: [number, number, number, number] },
  style: ComputedStyle,
  space: FloatSpace,
  width: number,
  y: number,
): BoxFragment {
  const { fragment } = laid;
  const [mt, mr, mb, ml] = laid.margin;
  const at = space.floats.place(
    style.float === 'right' ? 'right' : 'left',
    fragment.width + ml + mr,
    fragment.height + mt + mb,
    space.y + y,
    space.x,
    space.x + width,
    style.clear,
  );
  fragment.x = at.x - space.x + ml;
  fragment.y = at.y - space.y + mt;
  fragment.float = true;
  return fragment;
}

/** The float context a box's content is laid out in, and where its content box is in that context. */
export interface FloatSpace {
  floats: FloatContext;
  /** The content box's left edge and (estimated, until margins are settled) top in the context's coordinates. */
  x: number;
  y: number;
}
