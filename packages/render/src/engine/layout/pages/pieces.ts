import type { Filter } from '../../style/filters';
import type { BoxFragment, EnclosingBox, Fragment, PagePiece } from '../fragment';
import { enclosedBy } from './enclosing';
import { extent, firstReaching } from './extent';
import type { PageSlice, RepeatedPart } from './plan';

const EPSILON = 0.01;
const NO_FILTERS: readonly Filter[] = [];
const NO_BOXES: readonly EnclosingBox[] = [];

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
  /**
   * How many times larger than the page the flow was laid out (a document wider than the page, printed smaller);
   * 1 by default. The pieces are then painted scaled down about the page area's corner.
   */
  scale?: number;
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
  const scale = at.scale ?? 1;
  // The paper's width, in the flow's units about the page area's corner; below the repeated table headers, which
  // what a box cut at the page's top has above the cut would otherwise cover (a striped row's background).
  const clip = {
    x: at.left - at.left * scale,
    y: at.top + headRoom,
    width: at.pageWidth * scale,
    height: slice.end - slice.start + footRoom,
  };
  const aroundFlow = {
    ...(around.length > 0 ? { filters: around } : {}),
    ...(scale !== 1 ? { zoom: { factor: 1 / scale, x: at.left, y: at.top } } : {}),
  };

  // parentX/parentY: where the parent is in the flow; shiftX/shiftY: how far relative positioning moves it when painted;
  // enclosing: the boxes with effects it is painted apart from, placed on the page.
  const walk = (
    fragment: Fragment,
    parentX: number,
    parentY: number,
    shiftX = 0,
    shiftY = 0,
    enclosing: readonly EnclosingBox[] = NO_BOXES,
    rowContinues = false,
  ) => {
    const placed = enclosing.length > 0 ? { ...aroundFlow, enclosing } : aroundFlow;
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
      pieces.push(rowContinues ? { fragment, x, y, ...placed, rowContinues } : { fragment, x, y, ...placed });
      return;
    }
    if (fragment.kind !== 'box' || fragment.role === 'inline-block') {
      pieces.push({ fragment, x, y, clip, ...placed });
      return;
    }
    pieces.push({ fragment, x, y, clip, decorationOnly: true, ...placed });
    const inner = enclosedBy(enclosing, fragment, x, y);
    const innerAround = inner.length > 0 ? { ...aroundFlow, enclosing: inner } : aroundFlow;
    const childX = parentX + fragment.x;
    // Its absolutely positioned boxes: painted whole on every page they reach, cut by the page's edges.
    for (const p of fragment.positioned ?? []) {
      const pTop = top + p.y;
      if (pTop + p.height <= slice.start + EPSILON || pTop >= slice.end - EPSILON) continue;
      const sx = shiftX + (fragment.shift?.x ?? 0);
      const sy = shiftY + (fragment.shift?.y ?? 0);
      pieces.push({ fragment: p, x: at.left + childX + sx, y: top + shift + sy, clip, ...innerAround });
    }
    for (let i = firstReaching(fragment.children, top, slice.start); i < fragment.children.length; i++) {
      const child = fragment.children[i] as Fragment;
      if (top + child.y >= slice.end - EPSILON && fragment.role !== 'row') {
        // Floats come last, out of y order: one may still start on this page.
        if (fragment.floats) continue;
        break;
      }
      // A row whose next row starts on this page leaves their shared edges to it (CollapsedSides.shared).
      const next = child.kind === 'box' && child.role === 'row' ? fragment.children[i + 1] : undefined;
      const continues = next?.kind === 'box' && next.role === 'row' && top + next.y < slice.end - EPSILON;
      walk(child, childX, top, shiftX + (fragment.shift?.x ?? 0), shiftY + (fragment.shift?.y ?? 0), inner, continues);
    }
  };

  // A repeated part is painted inside the boxes with effects around its table (the table's included), placed as
  // the flow is on this page.
  const repeated = (part: RepeatedPart, y: number): PagePiece => {
    const enclosing = part.enclosing?.map((e) => ({ box: e.box, x: at.left + e.x, y: e.y + shift }));
    return {
      fragment: part.fragment,
      x: at.left + part.parentX,
      y,
      ...aroundFlow,
      ...(enclosing ? { enclosing } : {}),
    };
  };

  let headY = at.top;
  for (const head of slice.heads) {
    headY += head.inset;
    pieces.push(repeated(head, headY - head.fragment.y));
    headY += head.fragment.height;
  }
  walk(flow, 0, 0);
  let footY = slice.end + shift;
  for (const foot of slice.feet) {
    pieces.push(repeated(foot, footY - foot.fragment.y));
    footY += foot.fragment.height;
  }
  return pieces;
}
