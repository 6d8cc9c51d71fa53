/**
 * Column widths of the automatic table layout (CSS 2.1 §17.5.2.2, refined as CSS Tables 3 §3.9 and Chromium do):
 * each column's min-content and max-content from its cells, fixed and percentage widths, then the grid width
 * shared out between the columns.
 */
import type { IntrinsicWidths } from '../context';

/** What one cell (or `<col>`) asks of its columns: border-box widths. */
export interface CellConstraint extends IntrinsicWidths {
  /** A percentage `width` of the grid width, 0 when none. */
  pct: number;
  /** The cell has a fixed `width` (then `max` is that width, but never below `min`). */
  fixed: boolean;
}

/** A column's constraint: percentages sum to at most 100 over the columns. */
export type ColumnConstraint = CellConstraint;

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
): ColumnConstraint[] {
  const columns: ColumnConstraint[] = [];
  // The widest max-content of the fixed cells: a fixed width caps the column's max-content.
  const fixedMax: number[] = [];
  for (let c = 0; c < columnCount; c++) {
    columns.push({ min: 0, max: 0, pct: 0, fixed: false });
    fixedMax.push(0);
  }

  const mergeSingle = (c: number, k: CellConstraint) => {
    const column = columns[c];
    if (!column) return;
    column.min = Math.max(column.min, k.min);
    column.max = Math.max(column.max, k.max);
    column.pct = Math.max(column.pct, k.pct);
    if (k.fixed) {
      column.fixed = true;
      fixedMax[c] = Math.max(fixedMax[c] ?? 0, k.max);
    }
  };
  fromColumns.forEach((k, c) => {
    if (k) mergeSingle(c, k);
  });
  const spanning: SpannedConstraint[] = [];
  // Indexed: once a table, in code not yet optimised, where for-of made an iterator result per cell.
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i] as SpannedConstraint;
    if (cell.colspan === 1) mergeSingle(cell.col, cell.constraint);
    else spanning.push(cell);
  }
  columns.forEach((column, c) => {
    if (column.fixed) column.max = fixedMax[c] ?? column.max;
    column.max = Math.max(column.max, column.min);
  });

  spanning.sort((a, b) => a.colspan - b.colspan);
  for (const { col, colspan, constraint: k } of spanning) {
    const spanned = columns.slice(col, col + colspan);
    const inner = (spanned.length - 1) * spacing;
    const spanMax = sum(spanned, (c) => c.max);
    const share = (c: ColumnConstraint) => (spanMax > 0 ? c.max / spanMax : 1 / spanned.length);
    const minExcess = k.min - inner - sum(spanned, (c) => c.min);
    const maxExcess = k.max - inner - spanMax;
    // Shares are taken before any column grows, so that every column's share is of the same total.
    const shares = spanned.map(share);
    spanned.forEach((column, i) => {
      const s = shares[i] ?? 0;
      if (minExcess > 0) column.min += minExcess * s;
      if (maxExcess > 0) column.max += maxExcess * s;
      column.max = Math.max(column.max, column.min);
    });
    const pctExcess = k.pct - sum(spanned, (c) => c.pct);
    const free = spanned.filter((c) => c.pct === 0);
    const freeMax = sum(free, (c) => c.max);
    if (pctExcess > 0) for (const c of free) c.pct = pctExcess * (freeMax > 0 ? c.max / freeMax : 1 / free.length);
  }

  // Percentages beyond 100 in total are cut, the columns to the right losing theirs first.
  let pctTotal = 0;
  for (const column of columns) {
    column.pct = Math.min(column.pct, 100 - pctTotal);
    pctTotal += column.pct;
  }
  return columns;
}

function sum<T>(items: T[], value: (item: T) => number): number {
  let total = 0;
  for (const item of items) total += value(item);
  return total;
}

/** Min-content and max-content widths of the grid (columns only, no spacing). */
export function gridIntrinsicWidths(columns: ColumnConstraint[]): IntrinsicWidths {
  let otherMax = 0;
  let pctTotal = 0;
  let pctEstimate = 0;
  for (const column of columns) {
    if (column.pct > 0) {
      pctTotal += column.pct;
      // The grid width at which this column's percentage gives it its max-content.
      pctEstimate = Math.max(pctEstimate, (column.max * 100) / column.pct);
    } else otherMax += column.max;
  }
  // A column at 30% with other content beside it needs the grid wide enough that the other 70% holds that content.
  if (pctTotal > 0 && pctTotal < 100) pctEstimate = Math.max(pctEstimate, (otherMax * 100) / (100 - pctTotal));
  return {
    min: sum(columns, (c) => c.min),
    max: Math.max(
      sum(columns, (c) => c.max),
      pctEstimate,
    ),
  };
}

type Guess = (column: ColumnConstraint) => number;

/**
 * Shares `gridWidth` out between the columns. Between the column minimums and their max-content the widths
 * follow the guesses of CSS Tables 3 §3.9.3 (min-content; then percentage columns at their percentage; then
 * fixed columns at their width; then every column at its max-content), interpolating linearly between the two
 * guesses around `gridWidth`: a column whose min and max agree (numbers) keeps its width, one of long text
 * takes the slack. Beyond max-content the extra goes to auto columns in proportion to their max-content, then to
 * fixed columns, then to percentage columns, then to all.
 */
export function distributeAutoWidths(columns: ColumnConstraint[], gridWidth: number): number[] {
  if (columns.length === 0) return [];
  const atPct = (c: ColumnConstraint) => Math.max(c.min, (c.pct * gridWidth) / 100);
  const guesses: Guess[] = [
    (c) => c.min,
    (c) => (c.pct > 0 ? atPct(c) : c.min),
    (c) => (c.pct > 0 ? atPct(c) : c.fixed ? c.max : c.min),
    (c) => (c.pct > 0 ? atPct(c) : c.max),
  ];
  let lower: Guess | null = null;
  let lowerSum = 0;
  for (const guess of guesses) {
    const guessSum = sum(columns, guess);
    if (gridWidth <= guessSum) {
      if (!lower) return columns.map(guess);
      const from = lower;
      const t = guessSum > lowerSum ? (gridWidth - lowerSum) / (guessSum - lowerSum) : 1;
      return columns.map((c) => from(c) + (guess(c) - from(c)) * t);
    }
    lower = guess;
    lowerSum = guessSum;
  }

  const widths = columns.map(lower ?? ((c) => c.max));
  const excess = gridWidth - lowerSum;
  const isAuto = (c: ColumnConstraint) => c.pct === 0 && !c.fixed;
  const tiers: Array<[(c: ColumnConstraint) => boolean, Guess]> = [
    [isAuto, (c) => c.max],
    [isAuto, () => 1],
    [(c) => c.pct === 0 && c.fixed, (c) => c.max],
    [(c) => c.pct > 0, (c) => c.pct],
    [() => true, () => 1],
  ];
  for (const [member, weight] of tiers) {
    const total = sum(columns, (c) => (member(c) ? weight(c) : 0));
    if (total <= 0) continue;
    return widths.map((w, i) => {
      const c = columns[i];
      return c && member(c) ? w + (excess * weight(c)) / total : w;
    });
  }
  return widths;
}
