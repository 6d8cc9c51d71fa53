import { type ComputedStyle, resolveLength } from '../../style/computed-style';

/** A block container whose content goes into columns (CSS Multi-column §2: column-count or column-width set). */
export const isMulticol = (style: ComputedStyle): boolean =>
  style.columnCount !== 'auto' || style.columnWidth !== 'auto';

/** The space between two columns: `normal` is 1em in a multi-column container (§4.1). */
export function columnGap(style: ComputedStyle, contentWidth: number): number {
  if (style.columnGap === 'normal') return style.fontSize;
  return Math.max(0, resolveLength(style.columnGap, contentWidth));
}

export interface ColumnSizes {
  count: number;
  width: number;
  gap: number;
}

/**
 * The used column count and width (CSS Multi-column §3.4, the pseudo-algorithm) in a content box `available`
 * wide: a column-width is the least width of a column, so it gives as many columns as fit (capped by a
 * column-count when both are set); the columns then share the space left after the gaps.
 */
export function columnSizes(style: ComputedStyle, available: number): ColumnSizes {
  const gap = columnGap(style, available);
  const U = Math.max(0, available);
  const { columnCount, columnWidth } = style;
  let count: number;
  if (columnWidth === 'auto') count = columnCount === 'auto' ? 1 : columnCount;
  else {
    const fit = Math.max(1, Math.floor((U + gap) / (columnWidth + gap)));
    count = columnCount === 'auto' ? fit : Math.min(columnCount, fit);
  }
  const width = Math.max(0, (U - (count - 1) * gap) / count);
  return { count, width, gap };
}

/**
 * A multi-column box's intrinsic widths from those of its content in one column: `column-count` columns of it
 * side by side with the gaps between, each as wide as `column-width` when one is given (at least its content's
 * min-content width), as Chromium sizes a shrink-to-fit multicol box (an inline-block, a float, a table cell).
 */
export function multicolIntrinsicWidths(style: ComputedStyle, column: { min: number; max: number }) {
  const count = style.columnCount === 'auto' ? 1 : style.columnCount;
  const gaps = (count - 1) * columnGap(style, 0);
  const max = style.columnWidth === 'auto' ? column.max : Math.max(column.min, style.columnWidth);
  return { min: column.min * count + gaps, max: max * count + gaps };
}
