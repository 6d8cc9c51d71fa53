/**
 * What the table's width computation and its layout share, computed once per table and layout context: the slot
 * grid, the collapsed borders and each cell's content intrinsic widths (measured only for the automatic layout).
 * tableIntrinsicWidths and layoutTable are usually both called for a table; the second call reuses the first's.
 */
import type { TableBox, TableCellBox } from '../../boxes/box';
import { type ComputedStyle, type Length, resolveLength } from '../../style/computed-style';
import type { LayoutContext } from '../context';
import { type CellBorders, type CollapsedBorders, resolveCollapsedBorders } from './collapsed-borders';
import { type CellConstraint, type ColumnConstraint, measureColumns, type SpannedConstraint } from './column-widths';
import type { FixedWidthRequest } from './fixed-columns';
import { buildGrid, type GridCell, type TableGrid } from './table-grid';

export interface TableAnalysis {
  ctx: LayoutContext;
  grid: TableGrid;
  /** Null in the separated borders model. */
  collapsed: CollapsedBorders | null;
  /**
   * Automatic layout only: per cell of `grid.cells`, its content's min-content then max-content width (2i, 2i + 1):
   * numbers in one array, not an object of two boxed numbers per cell kept as long as the table box.
   */
  contentWidths: Float64Array | null;
  /** Automatic layout only: column constraints with padding percentages taken as 0 (they need a width). */
  columns: ColumnConstraint[] | null;
  /** The caption's min-content width with its margins in points (0 without a caption): the table's least width. */
  captionMin: number;
}

const analyses = new WeakMap<TableBox, TableAnalysis>();

/**
 * Column constraints a table box takes instead of its own cells': a long table laid out a window of rows at a time
 * (document/long-table) gets the constraints of all its rows, so that every window has the columns the whole table
 * would have.
 */
const presetColumns = new WeakMap<TableBox, readonly ColumnConstraint[]>();

export function presetTableColumns(table: TableBox, columns: readonly ColumnConstraint[]): void {
  presetColumns.set(table, columns);
  // An analysis made before (the first pass measures the first window's table) had the table's own columns.
  analyses.delete(table);
}

/** The fixed layout applies only to tables with a width (CSS 2.1 §17.5.2.1); others fall back to the automatic. */
const isFixedLayout = (style: ComputedStyle): boolean => style.tableLayout === 'fixed' && style.width !== 'auto';

export function analyseTable(table: TableBox, ctx: LayoutContext): TableAnalysis {
  const cached = analyses.get(table);
  if (cached && cached.ctx === ctx) return cached;
  const grid = buildGrid(table);
  const collapsed = table.style.borderCollapse === 'collapse' ? resolveCollapsedBorders(table, grid) : null;
  const analysis: TableAnalysis = { ctx, grid, collapsed, contentWidths: null, columns: null, captionMin: 0 };
  if (table.caption) {
    const s = table.caption.style;
    const margins = (s.marginLeft === 'auto' ? 0 : s.marginLeft.pt) + (s.marginRight === 'auto' ? 0 : s.marginRight.pt);
    analysis.captionMin = ctx.intrinsicWidths(table.caption).min + margins;
  }
  const preset = presetColumns.get(table);
  if (!isFixedLayout(table.style) && preset) {
    analysis.columns = preset.map((column) => ({ ...column }));
  } else if (!isFixedLayout(table.style)) {
    const contentWidths = new Float64Array(grid.cells.length * 2);
    for (let i = 0; i < grid.cells.length; i++) {
      const widths = ctx.contentIntrinsicWidths((grid.cells[i] as GridCell).box.content);
      contentWidths[2 * i] = widths.min;
      contentWidths[2 * i + 1] = widths.max;
    }
    analysis.contentWidths = contentWidths;
    const { fromColumns, cells, spacing } = autoCellConstraints(table, analysis, contentWidths);
    analysis.columns = measureColumns(grid.columnCount, fromColumns, cells, spacing);
  }
  analyses.set(table, analysis);
  return analysis;
}

/** A cell's border and padding on each side: in the collapsing model half of the winning border. */
export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export function cellInsets(cell: TableCellBox, borders: CellBorders | null, paddingReference: number): Insets {
  cellInsetsInto(cell, borders, paddingReference, SCRATCH, 0);
  return {
    top: SCRATCH[0] as number,
    right: SCRATCH[1] as number,
    bottom: SCRATCH[2] as number,
    left: SCRATCH[3] as number,
  };
}

const SCRATCH = new Float64Array(4);

/** cellInsets written into `out` from `at`: top, right, bottom, left (a long table's cells, without an object each). */
export function cellInsetsInto(
  cell: TableCellBox,
  borders: CellBorders | null,
  paddingReference: number,
  out: Float64Array,
  at: number,
): void {
  const s = cell.style;
  const half = borders ? 0.5 : 1;
  out[at] = (borders ? borders.top : s.borderTop).width * half + resolveLength(s.paddingTop, paddingReference);
  out[at + 1] =
    (borders ? borders.right : s.borderRight).width * half + resolveLength(s.paddingRight, paddingReference);
  out[at + 2] =
    (borders ? borders.bottom : s.borderBottom).width * half + resolveLength(s.paddingBottom, paddingReference);
  out[at + 3] = (borders ? borders.left : s.borderLeft).width * half + resolveLength(s.paddingLeft, paddingReference);
}

const isPoints = (length: Length) => length.pct === 0;
const isPercentage = (length: Length) => length.pt === 0 && length.pct !== 0;

/** What the automatic layout's column widths are measured from: the `<col>` widths and each cell's constraint. */
export interface AutoCellConstraints {
  fromColumns: Array<CellConstraint | null>;
  cells: SpannedConstraint[];
  spacing: number;
}

/** The automatic layout's inputs of a table (none for the fixed layout), for a long table's first pass. */
export function autoLayoutInputs(
  table: TableBox,
  ctx: LayoutContext,
): (AutoCellConstraints & { columnCount: number }) | null {
  const analysis = analyseTable(table, ctx);
  if (!analysis.contentWidths) return null;
  return { ...autoCellConstraints(table, analysis, analysis.contentWidths), columnCount: analysis.grid.columnCount };
}

function autoCellConstraints(
  table: TableBox,
  analysis: TableAnalysis,
  contentWidths: Float64Array,
): AutoCellConstraints {
  const { grid, collapsed } = analysis;
  const spacing = collapsed ? 0 : table.style.borderSpacing[0];
  const fromColumns = table.columns.map(({ style }): CellConstraint | null => {
    const w = style.width;
    if (w === 'auto') return null;
    if (isPoints(w)) return { min: 0, max: w.pt, pct: 0, fixed: true };
    if (isPercentage(w)) return { min: 0, max: 0, pct: w.pct, fixed: false };
    return null;
  });
  const cells = grid.cells.map((cell, i): SpannedConstraint => {
    const insets = cellInsets(cell.box, collapsed?.cells[i] ?? null, 0);
    const inset = insets.left + insets.right;
    const min = (contentWidths[2 * i] as number) + inset;
    const constraint: CellConstraint = { min, max: (contentWidths[2 * i + 1] as number) + inset, pct: 0, fixed: false };
    const w = cell.box.style.width;
    if (w !== 'auto' && isPoints(w)) {
      const borderBox = w.pt + (cell.box.style.boxSizing === 'content-box' ? inset : 0);
      constraint.max = Math.max(min, borderBox);
      constraint.fixed = true;
    } else if (w !== 'auto' && isPercentage(w)) constraint.pct = w.pct;
    return { col: cell.col, colspan: cell.colspan, constraint };
  });
  return { fromColumns, cells, spacing };
}

/** The width requests of the fixed layout: `<col>` widths and the first row's cell widths. */
export function fixedWidthRequests(
  table: TableBox,
  analysis: TableAnalysis,
  paddingReference: number,
): { fromColumns: Array<FixedWidthRequest | null>; firstRow: FixedWidthRequest[] } {
  const request = (
    w: ComputedStyle['width'],
    col: number,
    colspan: number,
    extra: number,
  ): FixedWidthRequest | null => {
    if (w === 'auto') return null;
    if (isPoints(w)) return { col, colspan, pt: w.pt + extra, pct: 0, extra: 0 };
    if (isPercentage(w)) return { col, colspan, pt: null, pct: w.pct, extra };
    return null;
  };
  const fromColumns = table.columns.map(({ style }, c) => request(style.width, c, 1, 0));
  const firstRow: FixedWidthRequest[] = [];
  const { grid, collapsed } = analysis;
  grid.cells.forEach((cell: GridCell, i) => {
    if (cell.row !== 0) return;
    const insets = cellInsets(cell.box, collapsed?.cells[i] ?? null, paddingReference);
    const extra = cell.box.style.boxSizing === 'content-box' ? insets.left + insets.right : 0;
    const r = request(cell.box.style.width, cell.col, cell.colspan, extra);
    if (r) firstRow.push(r);
  });
  return { fromColumns, firstRow };
}
