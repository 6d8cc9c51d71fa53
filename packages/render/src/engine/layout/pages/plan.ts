import type { BoxFragment, EnclosingBox, Fragment } from '../fragment';
import { breakInStack } from './breaks';
import { enclosedBy } from './enclosing';
import { firstReaching } from './extent';

const EPSILON = 0.01;

/** A table part drawn again on a page it does not start or end on. */
export interface RepeatedPart {
  fragment: BoxFragment;
  /** Absolute x of the part's parent (the table) in the flow. */
  parentX: number;
  /** Absolute y of the part's parent, to place it. */
  parentY: number;
  /**
   * Room above a repeated header: a collapsed-border table's half top border, which Chromium keeps inside the
   * page on each page it continues on (the first page lets it stand out above the table's top).
   */
  inset: number;
  /**
   * The boxes with effects around the part, the table included, outermost first, with their parents' origins in
   * the flow (PagePiece's `enclosing`, before the page places them).
   */
  enclosing?: readonly EnclosingBox[];
}

/**
 * Where to start cutting: at flow y `start`, which begins the document's page `index` (0-based). A long table laid
 * out a window of rows at a time (document/long-table) goes on where the last window's kept pages ended.
 */
export interface PlanStart {
  start: number;
  index: number;
}

/** One page's share of the flow: flow y in [start, end), with table headers above it and footers below. */
export interface PageSlice {
  start: number;
  end: number;
  heads: RepeatedPart[];
  feet: RepeatedPart[];
}

/**
 * Cuts the flow into pages. `contentHeight(i)` is the height of page i's content box (0-based; `@page :first`
 * may differ). A table cut by a break repeats its `thead` at the top of the next page and its `tfoot` after the
 * last row of this one, and the room they take is taken from the page.
 */
export function planPages(flow: BoxFragment, contentHeight: (index: number) => number, from?: PlanStart): PageSlice[] {
  const end = flow.y + flow.height;
  const slices: PageSlice[] = [];
  let start = from?.start ?? 0;
  // Pages that begin where an earlier page ended: the tables cut there repeat their headers, as after any break.
  let heads: RepeatedPart[] = from ? tablesCutAt(flow, 0, 0, start).heads : [];
  const first = from?.index ?? 0;
  const forced = new Map<BoxFragment, boolean>();
  while (slices.length === 0 || start < end - EPSILON) {
    const headRoom = heads.reduce((sum, h) => sum + h.inset + h.fragment.height, 0);
    const room = Math.max(contentHeight(first + slices.length) - headRoom, 1);
    const limit = start + room;
    const root = [flow];
    const found =
      breakInStack(root, 0, { start, limit, relaxed: false, forced }) ??
      breakInStack(root, 0, { start, limit, relaxed: true, forced });
    if (limit >= end - EPSILON && !found?.forced) {
      slices.push({ start, end, heads, feet: [] });
      break;
    }
    // Nothing breakable fits (one line or image taller than the page): it is sliced at the page's edge.
    const at = found && found.at > start + EPSILON ? found.at : limit;
    const continuing = tablesCutAt(flow, 0, 0, at);
    slices.push({ start, end: at, heads, feet: continuing.feet });
    heads = continuing.heads;
    start = at;
  }
  return slices;
}

/** The tables a break at `at` falls inside (between their header and footer), outermost first. */
function tablesCutAt(
  fragment: BoxFragment,
  parentX: number,
  parentY: number,
  at: number,
): { heads: RepeatedPart[]; feet: RepeatedPart[] } {
  const heads: RepeatedPart[] = [];
  const feet: RepeatedPart[] = [];
  let box: BoxFragment | undefined = fragment;
  let px = parentX;
  let py = parentY;
  let enclosing: readonly EnclosingBox[] = [];
  while (box) {
    const x = px + box.x;
    const y = py + box.y;
    enclosing = enclosedBy(enclosing, box, px, py);
    if (box.role === 'table') {
      const head = box.children.find((c): c is BoxFragment => c.kind === 'box' && c.role === 'table-head');
      const foot = box.children.find((c): c is BoxFragment => c.kind === 'box' && c.role === 'table-foot');
      const inset = box.style.borderCollapse === 'collapse' ? Math.max(0, head?.y ?? 0) : 0;
      const around = enclosing.length > 0 ? { enclosing } : {};
      if (head && at > y + head.y + head.height + EPSILON)
        heads.push({ fragment: head, parentX: x, parentY: y, inset, ...around });
      if (foot && at < y + foot.y - EPSILON)
        feet.unshift({ fragment: foot, parentX: x, parentY: y, inset: 0, ...around });
    }
    let next: BoxFragment | undefined;
    // From the first child reaching down to the break (a binary search in a 20,000-row table's rows, not a walk
    // from its top on every page).
    const { children } = box;
    for (let i = Math.max(0, firstReaching(children, y, at - EPSILON) - 1); i < children.length; i++) {
      const child = children[i] as Fragment;
      if (child.kind !== 'box') continue;
      const top = y + child.y;
      if (top < at - EPSILON && top + child.height > at + EPSILON) {
        next = child;
        break;
      }
    }
    px = x;
    py = y;
    box = next;
  }
  return { heads, feet };
}

export type { Fragment };
