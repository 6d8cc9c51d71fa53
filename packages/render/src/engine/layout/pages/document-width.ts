import { transformMatrix } from '../../style/transforms';
import type { BoxFragment, Fragment } from '../fragment';

/**
 * How far right the laid-out document reaches, from the page area's left edge: the right edge of everything it
 * paints (boxes where they are painted, a transformed box by the bounds of its turned corners, text and images),
 * leaving out what an `overflow` other than visible clips. This is the width Chromium measures before it prints
 * (the layout view's document rect): a document wider than the page is laid out again wider and printed smaller
 * (document/shrink-to-fit.ts).
 */
export function documentWidth(flow: BoxFragment): number {
  let right = flow.x + flow.width;
  const stack: Array<{ fragment: Fragment; x: number; y: number }> = [{ fragment: flow, x: 0, y: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { fragment, x, y } = item;
    if (fragment.kind === 'text' || fragment.kind === 'image' || fragment.kind === 'svg') {
      right = Math.max(right, x + fragment.x + fragment.width);
      continue;
    }
    const left = x + fragment.x + (fragment.kind === 'box' ? (fragment.shift?.x ?? 0) : 0);
    const top = y + fragment.y + (fragment.kind === 'box' ? (fragment.shift?.y ?? 0) : 0);
    if (fragment.kind === 'line') {
      for (const child of fragment.children) stack.push({ fragment: child, x: left, y: top });
      continue;
    }
    const { transform } = fragment.style;
    if (transform) {
      // What a transformed box holds is turned with it: its painted bounds stand for all of it.
      const [a, , c, , e] = transformMatrix(transform, fragment.style.transformOrigin, {
        x: left,
        y: top,
        width: fragment.width,
        height: fragment.height,
      });
      for (const [px, py] of [
        [left, top],
        [left + fragment.width, top],
        [left, top + fragment.height],
        [left + fragment.width, top + fragment.height],
      ] as const)
        right = Math.max(right, a * px + c * py + e);
      continue;
    }
    right = Math.max(right, left + fragment.width);
    if (fragment.style.overflow !== 'visible') continue;
    for (const child of fragment.children) stack.push({ fragment: child, x: left, y: top });
    for (const child of fragment.positioned ?? []) stack.push({ fragment: child, x: left, y: top });
  }
  return right;
}
