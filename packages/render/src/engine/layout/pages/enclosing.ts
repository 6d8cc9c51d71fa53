import type { BoxFragment, EnclosingBox } from '../fragment';

/**
 * Whether a box cut by the page's edge changes how the pieces painted apart from it look: each must then be
 * painted inside it (PagePiece's `enclosing`), or a half-transparent, transformed, clipped or filtered box would
 * print its second page's content as if it were none of these.
 */
export function enclosesWithEffects(box: BoxFragment): boolean {
  const { style } = box;
  return (
    style.opacity < 1 ||
    style.transform !== null ||
    style.clipPath !== null ||
    style.filter !== null ||
    style.mixBlendMode !== 'normal' ||
    style.overflow !== 'visible'
  );
}

/** `enclosing` with one more box inside it, when that box has an effect. */
export function enclosedBy(
  enclosing: readonly EnclosingBox[],
  box: BoxFragment,
  x: number,
  y: number,
): readonly EnclosingBox[] {
  return enclosesWithEffects(box) ? [...enclosing, { box, x, y }] : enclosing;
}
