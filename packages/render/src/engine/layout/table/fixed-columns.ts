/**
 * Column widths of the fixed table layout (CSS 2.1 §17.5.2.1): from the `<col>` widths, then the first row's
 * cell widths, the rest of the grid shared equally between the columns left. Cell contents are not measured.
 */

/** A width asked for one column or a span of columns, in points or as a percentage of the grid width. */
export interface FixedWidthRequest {
  col: number;
  colspan: number;
  /** Border-box points (spacing between spanned columns included), or null. */
  pt: number | null;
  pct: number;
  /** Added to a percentage's points: the cell's padding and borders when its width is of the content box. */
  extra: number;
}

/**
 * `fromColumns` (one per column or null) win over `firstRow`. Returns the widths; their sum exceeds
 * `gridWidth` when the requested widths do not fit (the table then grows).
 */
export function fixedColumnWidths(
  columnCount: number,
  fromColumns: Array<FixedWidthRequest | null>,
  firstRow: FixedWidthRequest[],
  gridWidth: number,
  spacing: number,
): number[] {
  const resolve = (request: FixedWidthRequest) => (request.pt ?? (request.pct * gridWidth) / 100) + request.extra;
  // null: not set yet.
  const widths: Array<number | null> = [];
  for (let c = 0; c < columnCount; c++) {
    const request = fromColumns[c];
    widths.push(request && (request.pt !== null || request.pct !== 0) ? Math.max(0, resolve(request)) : null);
  }
  for (const request of firstRow) {
    if (request.pt === null && request.pct === 0) continue;
    const spanned = widths.slice(request.col, request.col + request.colspan);
    const open = spanned.filter((w) => w === null).length;
    if (open === 0) continue;
    // The span's width, less the spacing inside it and the columns already set, shared by the others.
    const taken = (spanned.length - 1) * spacing + spanned.reduce<number>((total, w) => total + (w ?? 0), 0);
    const each = Math.max(0, resolve(request) - taken) / open;
    spanned.forEach((w, i) => {
      if (w === null) widths[request.col + i] = each;
    });
  }

  const used = widths.reduce<number>((total, w) => total + (w ?? 0), 0);
  const open = widths.filter((w) => w === null).length;
  const rest = gridWidth - used;
  if (open > 0) {
    const each = Math.max(0, rest) / open;
    return widths.map((w) => w ?? each);
  }
  if (rest > 0 && columnCount > 0)
    // Every column has a width and the table is wider: the columns grow in proportion to their widths.
    return widths.map((w) => (used > 0 ? (w ?? 0) + (rest * (w ?? 0)) / used : gridWidth / columnCount));
  return widths.map((w) => w ?? 0);
}
