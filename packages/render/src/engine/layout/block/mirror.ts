import { paintedTurnedStyle } from '../../boxes/vertical-flow';
import type { BoxFragment, Fragment } from '../fragment';

/**
 * vertical-lr's content (boxes/vertical-flow.ts, `mirrored`): laid out with its block start on top, then flipped
 * top for bottom so that, turned a quarter clockwise, its first line is at the left. Lines are moved, not flipped
 * inside: their text keeps the side it faces. Each box takes the clockwise turn's style, whose sides are where the
 * flip puts them.
 */
export function mirrorBlockAxis(box: BoxFragment): void {
  box.style = paintedTurnedStyle(box.style);
  if (box.borders) {
    const { top, bottom, right, left, shared } = box.borders;
    // The row after comes above once mirrored: the bottom edge is no longer the one it leaves to it.
    box.borders = { top: bottom, right, bottom: top, left };
    if (shared?.right) box.borders.shared = { right: true, bottom: false };
  }
  for (const child of box.children) flip(child, box.height);
  for (const child of box.positioned ?? []) flip(child, box.height);
}

function flip(fragment: Fragment, height: number): void {
  const extent = fragment.kind === 'text' ? 0 : fragment.height;
  fragment.y = height - fragment.y - extent;
  if (fragment.kind === 'box') mirrorBlockAxis(fragment);
  else if (fragment.kind === 'line') for (const child of fragment.children) inLine(child);
}

/** What a line holds stays where it is on the line; an inline box takes its painted sides, an inline-block flips. */
function inLine(fragment: Fragment): void {
  if (fragment.kind !== 'box') return;
  if (fragment.role !== 'inline') {
    mirrorBlockAxis(fragment);
    return;
  }
  fragment.style = paintedTurnedStyle(fragment.style);
  for (const child of fragment.children) inLine(child);
}
