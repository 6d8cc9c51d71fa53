import type { Fragment } from '../fragment';

/** A fragment's height in the flow; a text run sits inside its line and counts as a point. */
export const extent = (fragment: Fragment): number => (fragment.kind === 'text' ? 0 : fragment.height);

/**
 * The first child whose bottom is below `start` in a stack of children in y order (binary search, so a
 * 20,000-row table is not walked from its top for every page).
 */
export function firstReaching(children: Fragment[], originY: number, start: number): number {
  // Floats come last, out of y order: such a list is walked from its top.
  const last = children[children.length - 1];
  if (children.length < 32 || (last?.kind === 'box' && last.float)) return 0;
  let lo = 0;
  let hi = children.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const c = children[mid] as Fragment;
    if (originY + c.y + extent(c) <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
