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
): Float64Array {
  const widths = new Float64Array(columnCount);
  const set = new Uint8Array(columnCount);
  const resolve = (request: FixedWidthRequest) =>
    (request.pt ?? (request.pct * gridWidth) / 100) + request.extra;

  for (let c = 0; c < columnCount; c++) {
    const request = fromColumns[c];
    if (!request || (request.pt === null && request.pct === 0)) continue;
    widths[c] = Math.max(0, resolve(request));
    set[c] = 1;
  }
  for (const request of firstRow) {
    if (request.pt === null && request.pct === 0) continue;
    const end = Math.min(request.col + request.colspan, columnCount);
    let open = 0;
    for (let c = request.col; c < end; c++) if (!set[c]) open++;
    if (open === 0) continue;
    // The span's width, less the spacing inside it and the columns already set, shared by the others.
    let taken = (end - request.col - 1) * spacing;
    for (let c = request.col; c < end; c++) if (set[c]) taken += widths[c]!;
    const each = Math.max(0, resolve(request) - taken) / open;
    for (let c = request.col; c < end; c++)
      if (!set[c]) {
        widths[c] = each;
        set[c] = 1;
      }
  }

  let used = 0;
  let open = 0;
  for (let c = 0; c < columnCount; c++) {
    if (set[c]) used += widths[c]!;
    else open++;
  }
  const rest = gridWidth - used;
  if (open > 0) {
    const each = Math.max(0, rest) / open;
    for (let c = 0; c < columnCount; c++) if (!set[c]) widths[c] = each;
  } else if (rest > 0 && columnCount > 0) {
    // Every column has a width and the table is wider: the columns grow in proportion to their widths.
    for (let c = 0; c < columnCount; c++)
      widths[c] = used > 0 ? widths[c]! + (rest * widths[c]!) / used : gridWidth / columnCount;
  }
  return widths;
}
