/**
 * Column widths of the automatic table layout (CSS 2.1 §17.5.2.2, refined as CSS Tables 3 §3.9 and Chromium do):
 * each column's min-content and max-content from its cells, fixed and percentage widths, then the grid width
 * shared out between the columns.
 */
import type { IntrinsicWidths } from '../context';

/** What one cell asks of its columns: border-box widths. */
export interface CellConstraint extends IntrinsicWidths {
  /** A percentage `width` of the grid width, 0 when none. */
  pct: number;
  /** The cell has a fixed `width` (then `max` is that width, but never below `min`). */
  fixed: boolean;
}

export interface ColumnConstraints {
  min: Float64Array;
  max: Float64Array;
  /** Percentages of the grid width, summing to at most 100. */
  pct: Float64Array;
  fixed: Uint8Array;
}

export interface SpannedConstraint {
  col: number;
  colspan: number;
  constraint: CellConstraint;
}

/**
 * Merges cell constraints into column constraints. `fromColumns` are the `<col>` elements' (min 0); single-column
 * cells come next; cells spanning columns last, narrowest span first, spreading what the spanned columns lack
 * (minus the spacing between them) in proportion to the columns' max-content.
 */
export function measureColumns(
  columnCount: number,
  fromColumns: Array<CellConstraint | null>,
  cells: SpannedConstraint[],
  spacing: number,
): ColumnConstraints {
  const min = new Float64Array(columnCount);
  const max = new Float64Array(columnCount);
  const pct = new Float64Array(columnCount);
  const fixed = new Uint8Array(columnCount);
  // The widest max-content of the fixed cells and of the others: a fixed width caps the column's max-content.
  const fixedMax = new Float64Array(columnCount);

  const mergeSingle = (c: number, k: CellConstraint) => {
    if (k.min > min[c]!) min[c] = k.min;
    if (k.max > max[c]!) max[c] = k.max;
    if (k.fixed) {
      fixed[c] = 1;
      if (k.max > fixedMax[c]!) fixedMax[c] = k.max;
    }
    if (k.pct > pct[c]!) pct[c] = k.pct;
  };
  fromColumns.forEach((k, c) => {
    if (k && c < columnCount) mergeSingle(c, k);
  });
  const spanning: SpannedConstraint[] = [];
  for (const cell of cells) {
    if (cell.colspan === 1) mergeSingle(cell.col, cell.constraint);
    else spanning.push(cell);
  }
  for (let c = 0; c < columnCount; c++) {
    if (fixed[c]) max[c] = fixedMax[c]!;
    if (max[c]! < min[c]!) max[c] = min[c]!;
  }

  spanning.sort((a, b) => a.colspan - b.colspan);
  for (const { col, colspan, constraint: k } of spanning) {
    const end = Math.min(col + colspan, columnCount);
    const inner = (end - col - 1) * spacing;
    let minSum = inner;
    let maxSum = inner;
    let pctSum = 0;
    for (let c = col; c < end; c++) {
      minSum += min[c]!;
      maxSum += max[c]!;
      pctSum += pct[c]!;
    }
    const spanMax = maxSum - inner;
    const share = (c: number) => (spanMax > 0 ? max[c]! / spanMax : 1 / (end - col));
    const minExcess = k.min - minSum;
    const maxExcess = k.max - maxSum;
    if (minExcess > 0 || maxExcess > 0) {
      const shares = [];
      for (let c = col; c < end; c++) shares.push(share(c));
      for (let c = col; c < end; c++) {
        const s = shares[c - col]!;
        if (minExcess > 0) min[c] = min[c]! + minExcess * s;
        if (maxExcess > 0) max[c] = max[c]! + maxExcess * s;
        if (max[c]! < min[c]!) max[c] = min[c]!;
      }
    }
    const pctExcess = k.pct - pctSum;
    if (pctExcess > 0) {
      let freeMax = 0;
      let free = 0;
      for (let c = col; c < end; c++)
        if (pct[c] === 0) {
          freeMax += max[c]!;
          free++;
        }
      for (let c = col; c < end; c++)
        if (pct[c] === 0) pct[c] = pctExcess * (freeMax > 0 ? max[c]! / freeMax : 1 / free);
    }
  }

  // Percentages beyond 100 in total are cut, the columns to the right losing theirs first.
  let pctTotal = 0;
  for (let c = 0; c < columnCount; c++) {
    const p = Math.min(pct[c]!, 100 - pctTotal);
    pct[c] = p;
    pctTotal += p;
  }
  return { min, max, pct, fixed };
}

/** Min-content and max-content widths of the grid (columns only, no spacing). */
export function gridIntrinsicWidths(columns: ColumnConstraints): IntrinsicWidths {
  const n = columns.min.length;
  let min = 0;
  let max = 0;
  let otherMax = 0;
  let pctTotal = 0;
  let pctEstimate = 0;
  for (let c = 0; c < n; c++) {
    min += columns.min[c]!;
    max += columns.max[c]!;
    const p = columns.pct[c]!;
    if (p > 0) {
      pctTotal += p;
      // The grid width at which this column's percentage gives it its max-content.
      pctEstimate = Math.max(pctEstimate, (columns.max[c]! * 100) / p);
    } else otherMax += columns.max[c]!;
  }
  // A column at 30% with other content beside it needs the grid wide enough that the other 70% holds that content.
  if (pctTotal > 0 && pctTotal < 100) pctEstimate = Math.max(pctEstimate, (otherMax * 100) / (100 - pctTotal));
  return { min, max: Math.max(max, pctEstimate) };
}

/**
 * Shares `gridWidth` out between the columns. Between the column minimums and their max-content the widths
 * follow the guesses of CSS Tables 3 §3.9.3 (min-content; then percentage columns at their percentage; then
 * fixed columns at their width; then every column at its max-content), interpolating linearly between the two
 * guesses around `gridWidth`: a column whose min and max agree (numbers) keeps its width, one of long text
 * takes the slack. Beyond max-content the extra goes to auto columns in proportion to their max-content, then to
 * fixed columns, then to percentage columns, then to all.
 */
export function distributeAutoWidths(columns: ColumnConstraints, gridWidth: number): Float64Array {
  const { min, max, pct, fixed } = columns;
  const n = min.length;
  const widths = new Float64Array(n);
  if (n === 0) return widths;

  const pctGuess = (c: number) => Math.max(min[c]!, (pct[c]! * gridWidth) / 100);
  const guesses: Array<(c: number) => number> = [
    (c) => min[c]!,
    (c) => (pct[c]! > 0 ? pctGuess(c) : min[c]!),
    (c) => (pct[c]! > 0 ? pctGuess(c) : fixed[c] ? max[c]! : min[c]!),
    (c) => (pct[c]! > 0 ? pctGuess(c) : max[c]!),
  ];
  const sums = guesses.map((guess) => {
    let sum = 0;
    for (let c = 0; c < n; c++) sum += guess(c);
    return sum;
  });

  if (gridWidth <= sums[0]!) {
    for (let c = 0; c < n; c++) widths[c] = min[c]!;
    return widths;
  }
  for (let g = 1; g < guesses.length; g++) {
    if (gridWidth > sums[g]!) continue;
    const lower = guesses[g - 1]!;
    const upper = guesses[g]!;
    const span = sums[g]! - sums[g - 1]!;
    const t = span > 0 ? (gridWidth - sums[g - 1]!) / span : 1;
    for (let c = 0; c < n; c++) {
      const a = lower(c);
      widths[c] = a + (upper(c) - a) * t;
    }
    return widths;
  }

  const top = guesses[guesses.length - 1]!;
  for (let c = 0; c < n; c++) widths[c] = top(c);
  const excess = gridWidth - sums[sums.length - 1]!;
  const isAuto = (c: number) => pct[c] === 0 && !fixed[c];
  const isFixed = (c: number) => pct[c] === 0 && fixed[c] === 1;
  const isPct = (c: number) => pct[c]! > 0;
  const tiers: Array<[(c: number) => boolean, (c: number) => number]> = [
    [isAuto, (c) => max[c]!],
    [isAuto, () => 1],
    [isFixed, (c) => max[c]!],
    [isPct, (c) => pct[c]!],
    [() => true, () => 1],
  ];
  for (const [member, weight] of tiers) {
    let total = 0;
    for (let c = 0; c < n; c++) if (member(c)) total += weight(c);
    if (total <= 0) continue;
    for (let c = 0; c < n; c++) if (member(c)) widths[c] = widths[c]! + (excess * weight(c)) / total;
    break;
  }
  return widths;
}
