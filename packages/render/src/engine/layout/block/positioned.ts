import type { BlockLevelBox } from '../../boxes/box';
import { type LengthOrAuto, resolveLength } from '../../style/computed-style';
import type { BoxFragment } from '../fragment';

/** An out-of-flow box on its way to its containing block, with its static position there (border-box coordinates). */
export interface PendingPositioned {
  box: BlockLevelBox;
  x: number;
  y: number;
  fixed: boolean;
}

/** A containing block: the padding box of a positioned box (or the page area), in its border box's coordinates. */
export interface ContainingBlock {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaysOutBox {
  layoutBox(
    box: BlockLevelBox,
    containingWidth: number,
    options?: { shrinkToFit?: boolean; stretchHeight?: number },
  ): { fragment: BoxFragment; margin: [number, number, number, number] };
}

export const moved = (pending: PendingPositioned[], dx: number, dy: number): PendingPositioned[] =>
  dx === 0 && dy === 0 ? pending : pending.map((p) => ({ ...p, x: p.x + dx, y: p.y + dy }));

/**
 * Lays out absolutely positioned boxes against their containing block (CSS 2.1 §10.3.7, §10.6.4): a width of auto
 * shrinks to fit (or, with left and right both given, fills between them); left (or right) places it across and
 * top (or bottom) down, each measured from the padding edge; with neither, the box stays where it would have been in
 * the flow (its static position). Percentages are of the containing block's width and height.
 */
export function placePositioned(layout: LaysOutBox, pending: PendingPositioned[], cb: ContainingBlock): BoxFragment[] {
  const placed = pending.map((p) => {
    const s = p.box.style;
    const left = inset(s.left, cb.width);
    const right = inset(s.right, cb.width);
    const top = inset(s.top, cb.height);
    const bottom = inset(s.bottom, cb.height);
    const autoWidth = s.width === 'auto' && p.box.type !== 'replaced';
    // With top and bottom both given, an auto height fills the room between them (§10.6.4).
    const stretch =
      s.height === 'auto' && p.box.type === 'block' && top !== null && bottom !== null
        ? {
            stretchHeight: Math.max(0, cb.height - top - bottom - margin(s.marginTop, cb) - margin(s.marginBottom, cb)),
          }
        : {};
    let laid: ReturnType<LaysOutBox['layoutBox']>;
    // Shrink-to-fit keeps the margins as given (auto as 0): the space left is not theirs.
    if (!autoWidth) laid = layout.layoutBox(p.box, cb.width, { shrinkToFit: true, ...stretch });
    else if (left !== null && right !== null)
      laid = layout.layoutBox(p.box, Math.max(0, cb.width - left - right), stretch);
    else {
      const from = left ?? right ?? Math.max(0, p.x - cb.x);
      laid = layout.layoutBox(p.box, Math.max(0, cb.width - from), { shrinkToFit: true, ...stretch });
    }
    const { fragment } = laid;
    const [mt, mr, mb, ml] = laid.margin;
    // left: 0; right: 0; margin: auto centres a box of a given width between them (§10.3.7).
    const centred =
      left !== null && right !== null && !autoWidth && s.marginLeft === 'auto' && s.marginRight === 'auto';
    fragment.x = centred
      ? cb.x + left + Math.max(0, cb.width - left - right - fragment.width) / 2
      : left !== null
        ? cb.x + left + ml
        : right !== null
          ? cb.x + cb.width - right - mr - fragment.width
          : p.x + ml;
    fragment.y =
      top !== null ? cb.y + top + mt : bottom !== null ? cb.y + cb.height - bottom - mb - fragment.height : p.y + mt;
    return fragment;
  });
  // Painted in z-index order; equal ones in document order (a stable sort).
  return placed.sort((a, b) => zOf(a) - zOf(b));
}

const zOf = (fragment: BoxFragment): number => (fragment.style.zIndex === 'auto' ? 0 : fragment.style.zIndex);

/** A vertical margin of a positioned box: auto is 0, percentages are of the containing block's width. */
const margin = (value: LengthOrAuto, cb: ContainingBlock): number =>
  value === 'auto' ? 0 : resolveLength(value, cb.width);

function inset(value: LengthOrAuto, reference: number): number | null {
  return value === 'auto' ? null : resolveLength(value, reference);
}
