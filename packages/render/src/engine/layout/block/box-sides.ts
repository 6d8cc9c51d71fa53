import { type ComputedStyle, type LengthOrAuto, type LengthOrNone, resolveLength } from '../../style/computed-style';

/** A box's padding and border widths, resolved against its containing block's width. */
export interface Edges {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export function paddingOf(style: ComputedStyle, containingWidth: number): Edges {
  return {
    top: Math.max(0, resolveLength(style.paddingTop, containingWidth)),
    right: Math.max(0, resolveLength(style.paddingRight, containingWidth)),
    bottom: Math.max(0, resolveLength(style.paddingBottom, containingWidth)),
    left: Math.max(0, resolveLength(style.paddingLeft, containingWidth)),
  };
}

export function borderOf(style: ComputedStyle): Edges {
  return {
    top: style.borderTop.width,
    right: style.borderRight.width,
    bottom: style.borderBottom.width,
    left: style.borderLeft.width,
  };
}

/** Vertical margins: `auto` is 0 (§10.6.3); percentages are of the containing block's width, as in CSS. */
export function marginOf(value: LengthOrAuto, containingWidth: number): number {
  return value === 'auto' ? 0 : resolveLength(value, containingWidth);
}

export function lengthOrNull(value: LengthOrAuto | LengthOrNone, reference: number | null): number | null {
  if (value === 'auto' || value === 'none') return null;
  if (value.pct !== 0 && reference === null) return null;
  return resolveLength(value, reference ?? 0);
}

/** Clamps a content-box size between min and max, where min wins over max (CSS 2.1 §10.4). */
export function clampSize(size: number, min: number | null, max: number | null): number {
  let used = size;
  if (max !== null) used = Math.min(used, max);
  if (min !== null) used = Math.max(used, min);
  return Math.max(0, used);
}

/** Turns a specified width or height into a content-box one, per `box-sizing`. */
export function toContentSize(size: number, style: ComputedStyle, horizontalExtras: number): number {
  return style.boxSizing === 'border-box' ? Math.max(0, size - horizontalExtras) : size;
}

/**
 * The offset of a relatively positioned box (CSS 2.1 §9.4.3): left (or minus right) across, top (or minus bottom)
 * down; with both given, left wins in left-to-right text and right in right-to-left, top wins over bottom.
 * Percentages across are of the containing block's width; down, of its height, which is not known while the flow is
 * laid out, so a percentage there counts as auto (as CSS says of a containing block whose height is its content's).
 */
export function relativeShift(style: ComputedStyle, containingWidth: number): { x: number; y: number } | undefined {
  if (style.position !== 'relative') return undefined;
  const across = (value: LengthOrAuto) => (value === 'auto' ? null : resolveLength(value, containingWidth));
  const down = (value: LengthOrAuto) => (value === 'auto' || value.pct !== 0 ? null : value.pt);
  const left = across(style.left);
  const right = across(style.right);
  const top = down(style.top);
  const bottom = down(style.bottom);
  const x = left !== null && (right === null || style.direction !== 'rtl') ? left : right !== null ? -right : 0;
  const y = top !== null ? top : bottom !== null ? -bottom : 0;
  return x === 0 && y === 0 ? undefined : { x, y };
}
