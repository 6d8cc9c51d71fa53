import type { BoxFragment } from '../fragment';
import { breakInStack } from '../pages/breaks';

const EPSILON = 0.01;
/** Balancing stops when the column height is known to this much (a fraction of a line). */
const PRECISION = 0.25;

/** One column's share of the content laid out in a single column: strip y in [start, end). */
export interface ColumnRange {
  start: number;
  end: number;
}

/** Where a column ends; `relaxed` when it took a break the avoid rules forbid, or cut at its bottom. */
// Which boxes of a strip hold a forced break, kept while the strip lives: balancing cuts it many times.
const forcedByStrip = new WeakMap<BoxFragment, Map<BoxFragment, boolean>>();
function forcedIn(strip: BoxFragment): Map<BoxFragment, boolean> {
  let forced = forcedByStrip.get(strip);
  if (!forced) {
    forced = new Map();
    forcedByStrip.set(strip, forced);
  }
  return forced;
}

interface ColumnEnd {
  end: number;
  relaxed: boolean;
  sliced: boolean;
}

/**
 * Where a column that starts at `start` of the strip and may be `height` high ends: at the last allowed break
 * (the paginator's rules: between blocks, between lines with orphans and widows, between table rows, avoid rules
 * dropped only when nothing else fits), or, `sliced`, at the column's bottom when nothing breakable fits.
 */
function columnEnd(strip: BoxFragment, start: number, height: number): ColumnEnd {
  const end = strip.height;
  const limit = start + height;
  const root = [strip];
  const forced = forcedIn(strip);
  const strict = breakInStack(root, 0, { start, limit, relaxed: false, columns: true, forced });
  const found = strict ?? breakInStack(root, 0, { start, limit, relaxed: true, columns: true, forced });
  const relaxed = strict === null || strict.at <= start + EPSILON;
  if (limit >= end - EPSILON && !found?.forced) return { end, relaxed: false, sliced: false };
  if (strict && strict.at > start + EPSILON) return { end: strict.at, relaxed: false, sliced: false };
  if (found && found.at > start + EPSILON) return { end: found.at, relaxed, sliced: false };
  return { end: Math.min(limit, end), relaxed: true, sliced: true };
}

/**
 * Columns as the strip fills them: `relaxed` when one had to break where the avoid rules (break-inside: avoid,
 * orphans, widows) say not to, `sliced` when something in one (a line, an image) is taller than the column.
 */
export type Columns = ColumnRange[] & { relaxed?: boolean; sliced?: boolean };

/** The columns `height` high that the strip from `start` fills, at most `max` of them. */
export function fillColumns(strip: BoxFragment, start: number, height: number, max: number): Columns {
  const columns: Columns = [];
  let at = start;
  while (columns.length < max && (columns.length === 0 || at < strip.height - EPSILON)) {
    const found = columnEnd(strip, at, height);
    if (found.relaxed) columns.relaxed = true;
    if (found.sliced) columns.sliced = true;
    const end = Math.max(found.end, Math.min(at + EPSILON * 2, strip.height));
    columns.push({ start: at, end });
    at = end;
  }
  return columns;
}

const reachesEnd = (strip: BoxFragment, columns: ColumnRange[]) =>
  (columns[columns.length - 1]?.end ?? 0) >= strip.height - EPSILON;

/**
 * `column-fill: balance` (CSS Multi-column §7.1): the least column height, at most `cap`, at which the strip from
 * `start` fits in `count` columns, found by bisection (the count of columns needed only falls as the height
 * grows); null when it does not fit even `cap` high.
 */
export function balancedColumns(strip: BoxFragment, start: number, count: number, cap: number): Columns | null {
  const total = strip.height - start;
  let hi = Math.min(cap, total);
  let best = fillColumns(strip, start, hi, count);
  if (!reachesEnd(strip, best)) return null;
  // A lower height that fits only by breaking inside what avoids breaks (a table kept whole) is not one.
  const relaxedAnyway = best.relaxed === true;
  // The columns share the content's height, so the tallest is at least an even share.
  let lo = total / count - EPSILON;
  while (hi - lo > PRECISION) {
    const mid = (lo + hi) / 2;
    const columns = fillColumns(strip, start, mid, count);
    if (reachesEnd(strip, columns) && (relaxedAnyway || !columns.relaxed)) {
      hi = mid;
      best = columns;
    } else lo = mid;
  }
  return best;
}

/**
 * The strip cut into column sets of `count` columns, none taller than `cap` (the page's content height, or the
 * container's own height): the last set balanced when `balance`, the ones before it filled to `cap`, so content
 * that does not fit on one page goes on in columns on the next. `room`: the first set may only be this tall (what
 * is left of the page it starts on); it is ignored when not even a line fits in it.
 */
export function columnSets(strip: BoxFragment, count: number, cap: number, balance: boolean, room?: number): Columns[] {
  const sets: Columns[] = [];
  let start = 0;
  let first = room !== undefined && room < cap && !columnEnd(strip, 0, room).sliced ? room : undefined;
  do {
    const height = Math.min(cap, first ?? cap);
    first = undefined;
    const balanced = balance || !Number.isFinite(height) ? balancedColumns(strip, start, count, height) : null;
    if (balanced) {
      sets.push(balanced);
      break;
    }
    const filled = fillColumns(strip, start, Math.min(height, strip.height - start), count);
    sets.push(filled);
    start = (filled[filled.length - 1] as ColumnRange).end;
  } while (start < strip.height - EPSILON);
  return sets;
}
