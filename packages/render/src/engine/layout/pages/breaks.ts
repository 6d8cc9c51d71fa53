import type { BoxFragment, Fragment } from '../fragment';
import { extent, firstReaching } from './extent';

/**
 * Where a page may end (CSS Fragmentation §4): between block siblings, between line boxes (orphans and widows
 * kept), between table rows, and inside a row where every cell is between two lines. A break position is a
 * y in the flow; everything below it goes to the next page. The finder returns the LAST allowed position in
 * (start, limit], so pages are as full as they may be; `relaxed` drops the avoid rules (orphans, widows,
 * break-*: avoid, a header alone) for content that cannot fit otherwise, as browsers do.
 */

const EPSILON = 0.01;
const FORCED = new Set(['page', 'always', 'left', 'right']);
const FORCED_ANY = new Set([...FORCED, 'column']);
const AVOID = new Set(['avoid', 'avoid-page']);

export interface BreakSearch {
  start: number;
  limit: number;
  relaxed: boolean;
  /**
   * Whether a forced break sits inside a box, computed once per box for the whole document: one map per
   * `planPages` call (or column cut), not one kept by the module, whose table would stay as large as the longest
   * document's.
   */
  forced: Map<BoxFragment, boolean>;
  /** Cutting content into columns (layout/multicol): `break-*: column` forces a break too. */
  columns?: boolean;
}

/** A forced break: a page break anywhere, a column break only between columns. */
const forces = (value: string | undefined, search: BreakSearch): boolean =>
  value !== undefined && (FORCED.has(value) || (search.columns === true && value === 'column'));

/** A forced break ends the search: the page must end there. */
export interface FoundBreak {
  at: number;
  forced: boolean;
}

const isBox = (f: Fragment): f is BoxFragment => f.kind === 'box';
/** Floats are out of the flow: pages break between the in-flow children beside them, and cut through floats. */
const isFloat = (f: Fragment): boolean => f.kind === 'box' && f.float === true;

/** The last break in (start, limit] inside the children of a box whose origin is at absolute y `originY`. */
export function breakInside(box: BoxFragment, originY: number, search: BreakSearch): FoundBreak | null {
  if (box.role === 'row') return breakInRow(box, originY, search);
  if (box.role === 'table') return breakInTable(box, originY, search);
  const found = breakInStack(box.children, originY, search, box);
  return box.floats && found && !found.forced ? besideFloats(box, originY, found, search) : found;
}

/** The floats of a box's formatting context, its children's hanging ones included, with their tops in the flow. */
function* floatsIn(box: BoxFragment, originY: number): Generator<{ fragment: BoxFragment; top: number }> {
  for (const child of box.children) {
    if (!isBox(child)) continue;
    if (child.float) yield { fragment: child, top: originY + child.y };
    else if (child.floats) yield* floatsIn(child, originY + child.y);
  }
}

/**
 * A break beside floats must also fall between the lines of every float it crosses: it moves up until the flow and
 * the floats agree, as the cells of a row do (a float with no break of its own is broken before). Where they never
 * agree above the page's start, the break stays where the flow put it and the float is cut there.
 */
function besideFloats(box: BoxFragment, originY: number, found: FoundBreak, search: BreakSearch): FoundBreak {
  let at = found.at;
  for (let round = 0; round < 16; round++) {
    let moved = false;
    for (const { fragment: child, top } of floatsIn(box, originY)) {
      if (top >= at - EPSILON || top + child.height <= at + EPSILON) continue;
      const inner = breakInStack(child.children, top, { ...search, limit: at }, child);
      const next = inner && inner.at > top + EPSILON ? inner.at : top;
      if (next < at - EPSILON) {
        at = next;
        moved = true;
      }
    }
    if (!moved) break;
    if (at <= search.start + EPSILON) return found;
    const flow = breakInStack(box.children, originY, { ...search, limit: at }, box);
    if (!flow || flow.forced || flow.at <= search.start + EPSILON) return found;
    at = Math.min(at, flow.at);
  }
  return at > search.start + EPSILON ? { at, forced: false } : found;
}

function canSplit(fragment: Fragment, search: BreakSearch): fragment is BoxFragment {
  if (!isBox(fragment) || fragment.children.length === 0) return false;
  if (fragment.role === 'inline-block' || fragment.role === 'inline') return false;
  return search.relaxed || !fragment.avoidBreakInside;
}

/** Children stacked top to bottom: blocks, or the line boxes of a paragraph, or the rows of a row group. */
export function breakInStack(
  children: Fragment[],
  originY: number,
  search: BreakSearch,
  owner?: BoxFragment,
): FoundBreak | null {
  const { start, limit, relaxed } = search;
  const lines =
    children.length > 0 && children.every((c) => c.kind === 'line' || isFloat(c))
      ? children.filter((c) => c.kind === 'line').length
      : 0;
  let best: FoundBreak | null = null;
  let previous: Fragment | undefined;
  // One real sibling before the first reaching child is needed as `previous`.
  for (let i = Math.max(0, firstReaching(children, originY, start) - 1); i < children.length; i++) {
    const child = children[i] as Fragment;
    if (isFloat(child)) continue;
    const top = originY + child.y;
    const bottom = top + extent(child);
    if (bottom <= start + EPSILON && extent(child) > 0) {
      previous = child;
      continue;
    }
    if (top > start + EPSILON && previous) {
      const forced =
        (isBox(child) && forces(child.breakBefore, search)) || (isBox(previous) && forces(previous.breakAfter, search));
      if (forced && top <= limit + EPSILON) return { at: top, forced: true };
      const avoided =
        !relaxed &&
        ((isBox(child) && child.breakBefore !== undefined && AVOID.has(child.breakBefore)) ||
          (isBox(previous) && previous.breakAfter !== undefined && AVOID.has(previous.breakAfter)) ||
          (lines > 0 && !linesAllow(owner, i, lines)));
      if (!avoided) best = { at: Math.min(top, limit), forced: false };
    }
    if (top >= limit - EPSILON) return best ?? { at: limit, forced: false };
    if (bottom <= limit + EPSILON) {
      // It fits; a forced break inside it still ends the page there.
      if (isBox(child) && hasForcedBreak(child, search.forced)) {
        const inner = breakInside(child, top, search);
        if (inner?.forced && inner.at > start + EPSILON) return inner;
      }
      previous = child;
      continue;
    }
    // The child runs past the limit: break inside it if it can be broken, else before it.
    if (canSplit(child, search)) {
      const inner = breakInside(child, top, search);
      if (inner && inner.at > start + EPSILON) return inner;
    }
    return best;
  }
  // Nothing runs past the limit: the page may end anywhere below the last child, the limit included.
  return best?.forced ? best : { at: limit, forced: false };
}

/** Whether a forced break (of pages or of columns) sits between two of the box's descendants (computed once per box). */
function hasForcedBreak(box: BoxFragment, forcedCache: Map<BoxFragment, boolean>): boolean {
  const known = forcedCache.get(box);
  if (known !== undefined) return known;
  let count = 0;
  for (const child of box.children) if (isBox(child)) count++;
  // A box of lines (a table cell, a paragraph) has nothing to break between: not worth remembering, as there are
  // thousands of them.
  if (count === 0) return false;
  let has = false;
  let i = 0;
  for (const child of box.children) {
    if (!isBox(child)) continue;
    if (
      (i > 0 && child.breakBefore !== undefined && FORCED_ANY.has(child.breakBefore)) ||
      (i < count - 1 && child.breakAfter !== undefined && FORCED_ANY.has(child.breakAfter)) ||
      (child.role !== 'row' && hasForcedBreak(child, forcedCache))
    ) {
      has = true;
      break;
    }
    i++;
  }
  forcedCache.set(box, has);
  return has;
}

/** orphans and widows: lines kept together at the foot of one page and at the head of the next. */
function linesAllow(owner: BoxFragment | undefined, before: number, count: number): boolean {
  const orphans = owner?.style.orphans ?? 2;
  const widows = owner?.style.widows ?? 2;
  if (before < orphans) return false;
  // Chromium honours widows only in a paragraph with lines enough for both: one of fewer than orphans + widows lines
  // keeps its orphans at the page's foot and leaves a shorter last part (two lines and one of a three-line paragraph),
  // rather than going whole to the next page.
  return count < orphans + widows || count - before >= widows;
}

/**
 * A row taller than what is left of the page splits where every cell is between two of its lines: start at the
 * limit and move up to the last line boundary of each cell until all agree. Content is never dropped: what is
 * below the break is painted on the next page.
 */
function breakInRow(row: BoxFragment, originY: number, search: BreakSearch): FoundBreak | null {
  if (!search.relaxed && row.avoidBreakInside) return null;
  let at = search.limit;
  for (let round = 0; round < 64; round++) {
    let moved = false;
    for (const cell of row.children) {
      const top = originY + cell.y;
      if (top + extent(cell) <= at + EPSILON || top >= at - EPSILON || !isBox(cell)) continue;
      const inner = breakInStack(cell.children, top, { ...search, limit: at }, cell);
      if (!inner || inner.at <= search.start + EPSILON) return null;
      if (inner.at < at - EPSILON) {
        at = inner.at;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return at > search.start + EPSILON && at > originY + EPSILON ? { at, forced: false } : null;
}

/** A table breaks between its rows; a break that would leave only its header (and caption) on the page is not one. */
function breakInTable(table: BoxFragment, originY: number, search: BreakSearch): FoundBreak | null {
  const foot = table.children.find((c): c is BoxFragment => isBox(c) && c.role === 'table-foot');
  const tableBottom = originY + table.height;
  // A table that goes on past this page repeats its footer after the page's last row.
  const limit = foot && tableBottom > search.limit ? search.limit - foot.height : search.limit;
  const found = breakInStack(table.children, originY, { ...search, limit }, table);
  if (!found || search.relaxed) return found;
  // Some of the body (a row, or the first lines of a split row) must come with the header.
  const firstBody = table.children.find((c): c is BoxFragment => isBox(c) && c.role === 'table-body');
  if (firstBody && found.at <= originY + firstBody.y + EPSILON) return null;
  return found;
}
