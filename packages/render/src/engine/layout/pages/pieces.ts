import type { Filter } from '../../style/filters';
import type { BoxFragment, Fragment, PagePiece } from '../fragment';
import { extent, firstReaching } from './extent';
import type { PageSlice } from './plan';

const EPSILON = 0.01;
const NO_FILTERS: readonly Filter[] = [];

const reaches = new WeakMap<BoxFragment, number>();

/** How far down a box's content goes, floats hanging out of it included, from its top. */
function reach(box: BoxFragment): number {
  let bottom = reaches.get(box);
  if (bottom === undefined) {
    bottom = box.height;
    for (const child of box.children) {
      if (child.kind !== 'box') continue;
      if (child.float) bottom = Math.max(bottom, child.y + child.height);
      else if (child.floats) bottom = Math.max(bottom, child.y + reach(child));
    }
    reaches.set(box, bottom);
  }
  return bottom;
}

/** Where a page's body goes on the paper: the content box's top-left corner and the page's width. */
export interface BodyPlacement {
  left: number;
  top: number;
  pageWidth: number;
}

/**
 * The pieces of the flow that fall on one page, in paint order: repeated table headers, the flow's fragments
 * in [start, end) (boxes cut by the page edge as decoration-only pieces, clipped, then their children), and the
 * repeated table footers right after the page's last row.
 */
export function slicePieces(
  flow: BoxFragment,
  slice: PageSlice,
  at: BodyPlacement,
  around: readonly Filter[] = NO_FILTERS,
): PagePiece[] {
  const pieces: PagePiece[] = [];
  const headRoom = slice.heads.reduce((sum, h) => sum + h.inset + h.fragment.height, 0);
  const footRoom = slice.feet.reduce((sum, f) => sum + f.fragment.height, 0);
  const shift = at.top + headRoom - slice.start;
  const clip = { x: 0, y: at.top, width: at.pageWidth, height: headRoom + (slice.end - slice.start) + footRoom };

  // parentX/parentY: where the parent is in the flow; shiftX/shiftY: how far relative positioning moves it when painted;
  // around: the filters of the boxes it is painted apart from.
  const walk = (
    fragment: Fragment,
    parentX: number,
    parentY: number,
    shiftX = 0,
    shiftY = 0,
    outside: readonly Filter[] = around,
  ) => {
    const filters = outside.length > 0 ? { filters: outside } : undefined;
    const top = parentY + fragment.y;
    const bottom = top + (fragment.kind === 'box' && fragment.floats ? reach(fragment) : extent(fragment));
    if (
      bottom <= slice.start + EPSILON &&
      !(extent(fragment) === 0 && top >= slice.start - EPSILON && slice.start === 0)
    )
      return;
    if (top >= slice.end - EPSILON) return;
    const x = at.left + parentX + shiftX;
    const y = parentY + shift + shiftY;
    if (top >= slice.start - EPSILON && bottom <= slice.end + EPSILON) {
      pieces.push({ fragment, x, y, ...filters });
      return;
    }
    if (fragment.kind !== 'box' || fragment.role === 'inline-block') {
      pieces.push({ fragment, x, y, clip, ...filters });
      return;
    }
    pieces.push({ fragment, x, y, clip, decorationOnly: true, ...filters });
    const inner = fragment.style.filter ? [...outside, fragment.style.filter] : outside;
    const innerFilters = inner.length > 0 ? { filters: inner } : undefined;
    const childX = parentX + fragment.x;
    // Its absolutely positioned boxes: painted whole on every page they reach, cut by the page's edges.
    for (const p of fragment.positioned ?? []) {
      const pTop = top + p.y;
      if (pTop + p.height <= slice.start + EPSILON || pTop >= slice.end - EPSILON) continue;
      const sx = shiftX + (fragment.shift?.x ?? 0);
      const sy = shiftY + (fragment.shift?.y ?? 0);
      pieces.push({ fragment: p, x: at.left + childX + sx, y: top + shift + sy, clip, ...innerFilters });
    }
    for (let i = firstReaching(fragment.children, top, slice.start); i < fragment.children.length; i++) {
      const child = fragment.children[i] as Fragment;
      if (top + child.y >= slice.end - EPSILON && fragment.role !== 'row') {
        // Floats come last, out of y order: one may still start on this page.
        if (fragment.floats) continue;
        break;
      }
      walk(child, childX, top, shiftX + (fragment.shift?.x ?? 0), shiftY + (fragment.shift?.y ?? 0), inner);
    }
  };

  let headY = at.top;
  for (const head of slice.heads) {
    headY += head.inset;
    pieces.push({
      fragment: head.fragment,
      x: at.left + head.parentX,
      y: headY - head.fragment.y,
      ...withAround(around, head.filters),
    });
    headY += head.fragment.height;
  }
  walk(flow, 0, 0);
  let footY = slice.end + shift;
  for (const foot of slice.feet) {
    pieces.push({
      fragment: foot.fragment,
      x: at.left + foot.parentX,
      y: footY - foot.fragment.y,
      ...withAround(around, foot.filters),
    });
    footY += foot.fragment.height;
  }
  return pieces;
}

/** A repeated part's filters: those around the whole flow, then those of the table and the boxes around it. */
function withAround(around: readonly Filter[], own: readonly Filter[] | undefined): { filters?: readonly Filter[] } {
  const filters = own ? [...around, ...own] : around;
  return filters.length > 0 ? { filters } : {};
}
