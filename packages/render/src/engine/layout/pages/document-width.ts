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
  return reach(flow, 0, 0);
}

function reach(fragment: Fragment, x: number, y: number): number {
  switch (fragment.kind) {
    case 'text':
    case 'image':
    case 'svg':
      return x + fragment.x + fragment.width;
    case 'line': {
      let right = 0;
      const left = x + fragment.x;
      for (const child of fragment.children) right = Math.max(right, reach(child, left, 0));
      return right;
    }
    case 'box': {
      const left = x + fragment.x + (fragment.shift?.x ?? 0);
      const top = y + fragment.y + (fragment.shift?.y ?? 0);
      const { transform } = fragment.style;
      // What a transformed box holds is turned with it: its painted bounds stand for all of it.
      if (transform) return transformedRight(fragment, left, top);
      let right = left + fragment.width;
      if (fragment.style.overflow !== 'visible') return right;
      // An automatic-layout table's columns are at least as wide as their cells' min-content (CSS 2.1 §17.5.2.2),
      // so nothing in it reaches past it, and a long table is not walked row by row.
      if (fragment.role === 'table' && fragment.style.tableLayout !== 'fixed' && !fragment.positioned) return right;
      for (const child of fragment.children) right = Math.max(right, reach(child, left, top));
      if (fragment.positioned)
        for (const child of fragment.positioned) right = Math.max(right, reach(child, left, top));
      return right;
    }
  }
}

function transformedRight(box: BoxFragment, left: number, top: number): number {
  const [a, , c, , e] = transformMatrix(box.style.transform ?? [], box.style.transformOrigin, {
    x: left,
    y: top,
    width: box.width,
    height: box.height,
  });
  let right = Number.NEGATIVE_INFINITY;
  for (const px of [left, left + box.width])
    for (const py of [top, top + box.height]) right = Math.max(right, a * px + c * py + e);
  return right;
}
