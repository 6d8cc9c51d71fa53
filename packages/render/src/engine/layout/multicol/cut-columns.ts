import type { BorderSide, ComputedStyle } from '../../style/computed-style';
import type { BoxFragment, Fragment } from '../fragment';
import { extent } from '../pages/extent';
import type { ColumnRange } from './column-breaks';

const EPSILON = 0.01;
const NO_BORDER: BorderSide = { width: 0, style: 'none', color: { r: 0, g: 0, b: 0, a: 1 } };

/** How far down a box's content goes, floats hanging out of it included, from its top. */
function reach(fragment: Fragment): number {
  if (fragment.kind !== 'box' || !fragment.floats) return extent(fragment);
  let bottom = fragment.height;
  for (const child of fragment.children) {
    if (child.kind === 'box' && (child.float || child.floats)) bottom = Math.max(bottom, child.y + reach(child));
  }
  return bottom;
}

/** Lines, images, atomic inlines and empty boxes go into one column whole: the one their top falls in. */
const isWhole = (fragment: Fragment): boolean =>
  fragment.kind !== 'box' ||
  fragment.role === 'inline' ||
  fragment.role === 'inline-block' ||
  fragment.children.length === 0;

/**
 * A box cut by a column's edge draws no border on the cut side (`box-decoration-break: slice`, as the paginator
 * cuts boxes at a page's edge).
 */
function slicedStyle(style: ComputedStyle, cutTop: boolean, cutBottom: boolean): ComputedStyle {
  if (!cutTop && !cutBottom) return style;
  return {
    ...style,
    ...(cutTop ? { borderTop: NO_BORDER } : {}),
    ...(cutBottom ? { borderBottom: NO_BORDER } : {}),
  };
}

/**
 * The fragments of one column: the part of the single-column strip in [start, end), placed relative to the
 * column's top. Every fragment of the strip lands in exactly one column, or in several as pieces when it is a
 * box cut by a column break (its children again split between them), so no content is lost or drawn twice.
 * The first column takes whatever lies above its start (negative margins), the last whatever reaches below its end.
 */
export function cutColumn(strip: BoxFragment, range: ColumnRange, first: boolean, last: boolean): Fragment[] {
  const start = first ? Number.NEGATIVE_INFINITY : range.start;
  const end = last ? Number.POSITIVE_INFINITY : range.end;
  return cutChildren(strip.children, 0, columnTop(strip, range), start, end);
}

/**
 * Where a column's content begins in the strip. A column after a break starts with its content: the margin the
 * break fell in is truncated (CSS Fragmentation §5.2), as Chromium does, rather than left above the column's first
 * box; so it takes no room in the column either (columnHeight).
 */
export function columnTop(strip: BoxFragment, range: ColumnRange): number {
  return range.start > EPSILON ? Math.min(contentTop(strip.children, 0, range.start), range.end) : range.start;
}

/** How tall a column's content is: from its top (columnTop) to the column's end. */
export const columnHeight = (strip: BoxFragment, range: ColumnRange): number => range.end - columnTop(strip, range);

/** Where the first content at or below `start` begins: `start` itself when a box's own content runs across it. */
function contentTop(children: Fragment[], originY: number, start: number): number {
  for (const child of children) {
    if (child.kind === 'box' && child.float) continue;
    const top = originY + child.y;
    if (top >= start - EPSILON) return top;
    if (child.kind === 'box' && !isWhole(child) && top + child.height > start + EPSILON) {
      const inner = contentTop(child.children, top, start);
      // Inside a box, only up to its own bottom edge: below the last child is the box's padding or border.
      return inner < top + child.height - EPSILON ? inner : start;
    }
    if (top + extent(child) > start + EPSILON) return start;
  }
  return start;
}

function cutChildren(children: Fragment[], originY: number, pieceTop: number, start: number, end: number): Fragment[] {
  const out: Fragment[] = [];
  for (const child of children) {
    const top = originY + child.y;
    if (top >= end - EPSILON) continue;
    if (isWhole(child)) {
      if (top >= start - EPSILON) out.push({ ...child, y: top - pieceTop });
      continue;
    }
    const box = child as BoxFragment;
    const bottom = top + reach(box);
    if (bottom <= start + EPSILON && !(top >= start - EPSILON)) continue;
    if (top >= start - EPSILON && bottom <= end + EPSILON) {
      out.push({ ...box, y: top - pieceTop });
      continue;
    }
    const from = Math.max(top, start);
    const to = Math.min(top + box.height, end);
    const cutTop = top < start - EPSILON;
    const cutBottom = top + box.height > to + EPSILON;
    const piece: BoxFragment = {
      ...box,
      y: from - pieceTop,
      height: Math.max(0, to - from),
      style: slicedStyle(box.style, cutTop, cutBottom),
      children: cutChildren(box.children, top, from, start, end),
    };
    // Its absolutely positioned boxes are drawn with its first piece, where they were placed.
    if (cutTop) delete piece.positioned;
    out.push(piece);
  }
  return out;
}
