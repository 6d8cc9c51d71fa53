/**
 * Table layout (CSS 2.1 §17): the table's used width and its columns' widths, each cell laid out once at its
 * final width, row heights (row spans, vertical-align), captions, in the separated or collapsing border model.
 *
 * Output, which the paginator relies on: the table fragment → caption(s) and row groups (head, bodies, foot) →
 * rows → cells → the cells' content fragments.
 */
import type { TableBox } from '../../boxes/box';
import {
  type BorderSide,
  type ComputedStyle,
  type LengthOrAuto,
  type LengthOrNone,
  NO_LENGTH,
  resolveLength,
  TRANSPARENT,
} from '../../style/computed-style';
import type { BlockContents, IntrinsicWidths, LayoutContext } from '../context';
import type { BoxFragment, Fragment } from '../fragment';
import { distributeAutoWidths, gridIntrinsicWidths } from './column-widths';
import { fixedColumnWidths } from './fixed-columns';
import { analyseTable, cellInsetsInto, fixedWidthRequests, type TableAnalysis } from './table-analysis';
import type { GridCell, TableGrid } from './table-grid';

/** What surrounds the grid: borders and paddings (separated) or half the outer collapsed borders, and spacing. */
interface Frame {
  top: number;
  right: number;
  bottom: number;
  left: number;
  /** Border spacing, 0 in the collapsing model. */
  hSpacing: number;
  vSpacing: number;
  /** The border box's width less the columns: frame and every horizontal spacing. */
  horizontal: number;
}

function tableFrame(table: TableBox, analysis: TableAnalysis, paddingReference: number): Frame {
  const s = table.style;
  const columns = analysis.grid.columnCount;
  if (analysis.collapsed) {
    const { outer } = analysis.collapsed;
    return { ...outer, hSpacing: 0, vSpacing: 0, horizontal: outer.left + outer.right };
  }
  const [hSpacing, vSpacing] = s.borderSpacing;
  const top = s.borderTop.width + resolveLength(s.paddingTop, paddingReference);
  const right = s.borderRight.width + resolveLength(s.paddingRight, paddingReference);
  const bottom = s.borderBottom.width + resolveLength(s.paddingBottom, paddingReference);
  const left = s.borderLeft.width + resolveLength(s.paddingLeft, paddingReference);
  const spacing = columns > 0 ? (columns + 1) * hSpacing : 0;
  return { top, right, bottom, left, hSpacing, vSpacing, horizontal: left + right + spacing };
}

/** A width property as the table's border-box width, or null for auto (and none). */
function borderBoxWidth(
  width: LengthOrAuto | LengthOrNone,
  style: ComputedStyle,
  frame: Frame,
  reference: number,
): number | null {
  if (width === 'auto' || width === 'none') return null;
  const used = resolveLength(width, reference);
  return style.boxSizing === 'content-box' ? used + frame.left + frame.right : used;
}

/** Applies max-width, then min-width, to a border-box width. */
function clampWidth(width: number, style: ComputedStyle, frame: Frame, reference: number): number {
  const max = borderBoxWidth(style.maxWidth, style, frame, reference);
  const min = borderBoxWidth(style.minWidth, style, frame, reference);
  return Math.max(Math.min(width, max ?? Infinity), min ?? 0);
}

/** The border-box width asked for by width, min-width and max-width, or null when it is auto. */
function specifiedWidth(style: ComputedStyle, frame: Frame, reference: number): number | null {
  const used = borderBoxWidth(style.width, style, frame, reference);
  return used === null ? null : clampWidth(used, style, frame, reference);
}

/** Border-box min-content and max-content widths of the table (with its caption). */
export function tableIntrinsicWidths(table: TableBox, ctx: LayoutContext): IntrinsicWidths {
  const analysis = analyseTable(table, ctx);
  const s = table.style;
  const frame = tableFrame(table, analysis, 0);
  const caption = analysis.captionMin;
  let grid: IntrinsicWidths;
  if (analysis.columns) grid = gridIntrinsicWidths(analysis.columns);
  else {
    const { fromColumns, firstRow } = fixedWidthRequests(table, analysis, 0);
    let sum = 0;
    for (const w of fixedColumnWidths(analysis.grid.columnCount, fromColumns, firstRow, 0, frame.hSpacing)) sum += w;
    grid = { min: sum, max: sum };
  }
  let min = grid.min + frame.horizontal;
  let max = grid.max + frame.horizontal;
  // A width in points is the table's width in any container; a percentage needs the container's.
  const w = s.width;
  if (w !== 'auto' && w.pct === 0) {
    const specified = specifiedWidth(s, frame, 0) ?? 0;
    min = Math.max(min, specified);
    max = min;
  }
  return { min: Math.max(min, caption), max: Math.max(max, min, caption) };
}

/** The table's used border-box width and its column widths. */
function tableWidths(
  table: TableBox,
  analysis: TableAnalysis,
  frame: Frame,
  containingWidth: number,
): { width: number; columns: number[] } {
  const s = table.style;
  const specified = specifiedWidth(s, frame, containingWidth);
  const caption = analysis.captionMin;
  const columnCount = analysis.grid.columnCount;
  if (!analysis.columns) {
    let width = Math.max(specified ?? 0, frame.horizontal, caption);
    const { fromColumns, firstRow } = fixedWidthRequests(table, analysis, width - frame.horizontal);
    const columns = fixedColumnWidths(columnCount, fromColumns, firstRow, width - frame.horizontal, frame.hSpacing);
    let sum = 0;
    for (const w of columns) sum += w;
    width = Math.max(width, sum + frame.horizontal);
    return { width, columns };
  }
  const grid = gridIntrinsicWidths(analysis.columns);
  const min = Math.max(grid.min + frame.horizontal, caption);
  let width: number;
  if (specified !== null) width = Math.max(specified, min);
  else {
    const margin = (m: LengthOrAuto) => (m === 'auto' ? 0 : resolveLength(m, containingWidth));
    const available = containingWidth - margin(s.marginLeft) - margin(s.marginRight);
    width = Math.max(clampWidth(Math.min(available, grid.max + frame.horizontal), s, frame, containingWidth), min);
  }
  return { width, columns: distributeAutoWidths(analysis.columns, width - frame.horizontal) };
}

/** Where each cell's numbers are in layoutTable's array of them, CELL_STRIDE a cell. */
// The border box's left edge in the row groups' coordinates and its width; the height its content needs (or the
// cell's `height`); its baseline from the border box's top; then its insets (border and padding), top first.
const CELL_X = 0;
const CELL_WIDTH = 1;
const CELL_HEIGHT = 2;
const CELL_BASELINE = 3;
const CELL_TOP = 4;
const CELL_RIGHT = 5;
const CELL_BOTTOM = 6;
const CELL_LEFT = 7;
const CELL_STRIDE = 8;

interface RowLayout {
  height: number;
  /** Of the baseline-aligned single-row cells: the most room above their baselines and below. */
  above: number;
  below: number;
  /** Top in its row group's coordinates. */
  y: number;
  cells: Fragment[];
}

const NO_BORDER: BorderSide = { width: 0, style: 'none', color: TRANSPARENT };
/**
 * For the boxes that draw no borders of their own: rows and row groups (their borders only take part in the
 * collapsing model's conflicts, CSS 2.1 §17.6.1), and the table in the collapsing model (its cells draw them).
 */
const NO_BORDERS = { top: NO_BORDER, right: NO_BORDER, bottom: NO_BORDER, left: NO_BORDER };

const hiddenEmptyStyles = new WeakMap<ComputedStyle, ComputedStyle>();
/** `empty-cells: hide`: the cell keeps its place but paints no background or borders. */
function hiddenEmptyStyle(style: ComputedStyle): ComputedStyle {
  let hidden = hiddenEmptyStyles.get(style);
  if (!hidden) {
    hidden = {
      ...style,
      backgroundColor: TRANSPARENT,
      backgroundImage: null,
      borderTop: NO_BORDER,
      borderRight: NO_BORDER,
      borderBottom: NO_BORDER,
      borderLeft: NO_BORDER,
    };
    hiddenEmptyStyles.set(style, hidden);
  }
  return hidden;
}

function breakProperties(fragment: BoxFragment, style: ComputedStyle): BoxFragment {
  if (style.breakInside !== 'auto') fragment.avoidBreakInside = true;
  if (style.breakBefore !== 'auto') fragment.breakBefore = style.breakBefore;
  if (style.breakAfter !== 'auto') fragment.breakAfter = style.breakAfter;
  return fragment;
}

function box(
  role: BoxFragment['role'],
  style: ComputedStyle,
  x: number,
  y: number,
  width: number,
  height: number,
  children: Fragment[],
  borders?: BoxFragment['borders'],
): BoxFragment {
  // `borders` in the literal when there are some: a property added afterwards goes to a second array of its own.
  const fragment: BoxFragment = borders
    ? { kind: 'box', x, y, width, height, style, children, role, borders }
    : { kind: 'box', x, y, width, height, style, children, role };
  return breakProperties(fragment, style);
}

const pointsOf = (length: LengthOrAuto): number | null => (length !== 'auto' && length.pct === 0 ? length.pt : null);

/** Adds `extra` to rows in proportion to their heights (equally when they are all empty). */
function spread(rows: RowLayout[], extra: number): void {
  let total = 0;
  for (const row of rows) total += row.height;
  for (const row of rows) row.height += total > 0 ? (extra * row.height) / total : extra / rows.length;
}

/** Lays out a table in a containing block `containingWidth` wide; returns its fragment at (0, 0). */
export function layoutTable(table: TableBox, containingWidth: number, ctx: LayoutContext): BoxFragment {
  const s = table.style;
  const analysis = analyseTable(table, ctx);
  const { grid, collapsed } = analysis;
  reportUnsupported(table, grid, ctx);

  const frame = tableFrame(table, analysis, containingWidth);
  const { width, columns } = tableWidths(table, analysis, frame, containingWidth);
  const { hSpacing, vSpacing } = frame;
  const contentWidth = width - frame.left - frame.right;

  // Edges of the columns in the row groups' coordinates (which start at the table's content box): column c
  // spans from left[c] to right[c].
  const left: number[] = [];
  const right: number[] = [];
  let x = hSpacing;
  for (const w of columns) {
    left.push(x);
    right.push(x + w);
    x += w + hSpacing;
  }

  // A right-to-left table puts its first column on the right.
  const rtl = s.direction === 'rtl';
  const gridEnd = x;
  // Each cell's numbers in one array (CELL_* below) and its contents beside it: objects of boxed numbers were some
  // 250 bytes a cell, and a long table's all lived until its rows were placed, past the young generation.
  const cells = grid.cells;
  const sizes = new Float64Array(cells.length * CELL_STRIDE);
  const contentsOf: BlockContents[] = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i] as GridCell;
    const at = i * CELL_STRIDE;
    cellInsetsInto(cell.box, collapsed?.cells[i] ?? null, contentWidth, sizes, at + CELL_TOP);
    const top = sizes[at + CELL_TOP] as number;
    const bottom = sizes[at + CELL_BOTTOM] as number;
    const start = left[cell.col] ?? 0;
    const cellWidth = (right[cell.col + cell.colspan - 1] ?? start) - start;
    const contents = ctx.layoutContents(
      cell.box.content,
      Math.max(0, cellWidth - (sizes[at + CELL_LEFT] as number) - (sizes[at + CELL_RIGHT] as number)),
    );
    let height = contents.height + top + bottom;
    const specified = pointsOf(cell.box.style.height);
    if (specified !== null)
      height = Math.max(height, specified + (cell.box.style.boxSizing === 'content-box' ? top + bottom : 0));
    sizes[at + CELL_X] = rtl ? gridEnd - start - cellWidth : start;
    sizes[at + CELL_WIDTH] = cellWidth;
    sizes[at + CELL_HEIGHT] = height;
    // A cell without a line has its baseline at the bottom of its content box (CSS 2.1 §17.5.3).
    sizes[at + CELL_BASELINE] = top + (contents.firstBaseline ?? contents.height);
    contentsOf.push(contents);
  }

  // Row heights: the rows' own, single-row cells, the baseline alignment, then row-spanning cells' excess.
  const rows = grid.rows.map(
    (row): RowLayout => ({ height: pointsOf(row.box.style.height) ?? 0, above: 0, below: 0, y: 0, cells: [] }),
  );
  const spanning: number[] = [];
  // Indexed loops over the cells and rows: a table is laid out once a render, in code not yet optimised, where
  // for-of made an iterator result for each of a long table's cells.
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i] as GridCell;
    const row = rows[cell.row];
    // A row-spanning cell aligns its baseline with its first row's but does not make that row taller.
    if (!row || cell.rowspan > 1) {
      spanning.push(i);
      continue;
    }
    const height = sizes[i * CELL_STRIDE + CELL_HEIGHT] as number;
    const baseline = sizes[i * CELL_STRIDE + CELL_BASELINE] as number;
    row.height = Math.max(row.height, height);
    if (alignsOnBaseline(cell.box.style)) {
      row.above = Math.max(row.above, baseline);
      row.below = Math.max(row.below, height - baseline);
    }
  }
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as RowLayout;
    row.height = Math.max(row.height, row.above + row.below);
  }
  spanning.sort((a, b) => (cells[a] as GridCell).rowspan - (cells[b] as GridCell).rowspan);
  for (const i of spanning) {
    const cell = cells[i] as GridCell;
    const height = sizes[i * CELL_STRIDE + CELL_HEIGHT] as number;
    const spanned = rows.slice(cell.row, cell.row + cell.rowspan);
    let have = (spanned.length - 1) * vSpacing;
    for (const row of spanned) have += row.height;
    if (height > have) spread(spanned, height - have);
  }
  stretchToTableHeight(table, grid, rows, frame);

  for (const group of grid.groups) {
    let y = 0;
    for (let r = group.firstRow; r < group.firstRow + group.rowCount; r++) {
      const row = rows[r];
      if (!row) break;
      row.y = y;
      y += row.height + vSpacing;
    }
  }

  const rowX = columns.length > 0 ? hSpacing : 0;
  // Separated borders with spacing: a row's (or its group's) background colour shows under its cells only, the
  // table's between them (CSS Tables 3 §7.1, as Chromium paints it), so the cells take it and the rows paint none.
  const spacedRows = !collapsed && (hSpacing > 0 || vSpacing > 0);
  // A row or group with a background image keeps painting its own box (the image spans its cells), and so does
  // the group of such a row: moving their colour into cells would cover the image.
  const keepsOwn = (style: ComputedStyle | undefined) => style?.backgroundImage != null;
  const groupOfRow: Array<{ style: ComputedStyle; keeps: boolean }> = [];
  for (const group of grid.groups) {
    let keeps = keepsOwn(group.box.style);
    for (let r = group.firstRow; r < group.firstRow + group.rowCount; r++) keeps ||= keepsOwn(grid.rows[r]?.box.style);
    const entry = { style: group.box.style, keeps };
    for (let r = group.firstRow; r < group.firstRow + group.rowCount; r++) groupOfRow[r] = entry;
  }
  const rowColour = (r: number): ComputedStyle['backgroundColor'] | null => {
    const own = grid.rows[r]?.box.style;
    const group = groupOfRow[r];
    if (!own || keepsOwn(own) || !group || group.keeps) return null;
    if (own.backgroundColor.a > 0) return own.backgroundColor;
    return group.style.backgroundColor.a > 0 ? group.style.backgroundColor : null;
  };
  const withRowColour = (style: ComputedStyle, r: number): ComputedStyle => {
    const colour = rowColour(r);
    return colour && style.backgroundColor.a === 0 && !style.backgroundImage
      ? { ...style, backgroundColor: colour }
      : style;
  };
  const withoutColour = (style: ComputedStyle, keeps: boolean): ComputedStyle =>
    spacedRows && !keeps && style.backgroundColor.a > 0 ? { ...style, backgroundColor: TRANSPARENT } : style;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i] as GridCell;
    const first = rows[cell.row];
    const last = rows[cell.row + cell.rowspan - 1];
    if (!first || !last) continue;
    const at = i * CELL_STRIDE;
    const cellWidth = sizes[at + CELL_WIDTH] as number;
    const top = sizes[at + CELL_TOP] as number;
    const dx = sizes[at + CELL_LEFT] as number;
    const height = last.y + last.height - first.y;
    const style = cell.box.style;
    const own = contentsOf[i] as BlockContents;
    // A vertical cell's lines run down it: laid out again as long as the cell is high, vertical-align across them.
    const vertical = cell.box.content.orthogonal === true;
    const contents = vertical
      ? ctx.layoutVerticalCell(
          cell.box.content,
          cellWidth - dx - (sizes[at + CELL_RIGHT] as number),
          height - top - (sizes[at + CELL_BOTTOM] as number),
        )
      : own;
    const dy =
      top +
      (vertical
        ? 0
        : verticalOffset(
            style,
            height - (sizes[at + CELL_HEIGHT] as number),
            first.above,
            sizes[at + CELL_BASELINE] as number,
          ));
    // The cell's content is its own (layouts hand back fragments for their caller to move: inline/text-cache.ts):
    // moved into place, not copied, so that a long table's lines are not made twice.
    const children: Fragment[] = contents.children;
    for (let k = 0; k < children.length; k++) {
      const f = children[k] as Fragment;
      f.x += dx;
      f.y += dy;
    }
    const hide = !collapsed && style.emptyCells === 'hide' && children.length === 0;
    const painted = hide ? hiddenEmptyStyle(style) : spacedRows ? withRowColour(style, cell.row) : style;
    const x = (sizes[at + CELL_X] as number) - rowX;
    const fragment = box('cell', painted, x, 0, cellWidth, height, children, collapsed?.cells[i]);
    if (own.positioned) {
      for (const f of own.positioned) {
        f.x += dx;
        f.y += dy;
      }
      fragment.positioned = own.positioned;
    }
    if (cell.rowspan > 1) fragment.rowSpan = cell.rowspan;
    first.cells.push(fragment);
  }

  const rowWidth = columns.length > 0 ? (right[columns.length - 1] ?? 0) - rowX : 0;
  const children: Fragment[] = [];
  let y = 0;
  const addCaption = (side: 'top' | 'bottom') => {
    if (!table.caption || table.caption.style.captionSide !== side) return;
    const { fragment, margin } = ctx.layoutBox(table.caption, width);
    y += margin[0];
    children.push(
      fragment.kind === 'box' ? { ...fragment, role: 'caption', x: margin[3], y } : { ...fragment, x: margin[3], y },
    );
    y += (fragment.kind === 'text' ? 0 : fragment.height) + margin[2];
  };
  addCaption('top');
  const tableTop = y;
  y += frame.top;
  let anyRows = false;
  for (const group of grid.groups) {
    if (group.rowCount === 0) continue;
    if (!anyRows) y += vSpacing;
    anyRows = true;
    const groupRows: Fragment[] = [];
    let groupHeight = 0;
    for (let r = group.firstRow; r < group.firstRow + group.rowCount; r++) {
      const row = rows[r];
      const rowBox = grid.rows[r];
      if (!row || !rowBox) continue;
      const rowStyle = withoutColour(rowBox.box.style, keepsOwn(rowBox.box.style) || (groupOfRow[r]?.keeps ?? false));
      const rowFragment = box('row', rowStyle, rowX, row.y, rowWidth, row.height, row.cells.slice(), NO_BORDERS);
      groupRows.push(rowFragment);
      groupHeight = row.y + row.height;
    }
    const groupStyle = withoutColour(group.box.style, groupOfRow[group.firstRow]?.keeps ?? true);
    const groupFragment = box(group.role, groupStyle, frame.left, y, contentWidth, groupHeight, groupRows, NO_BORDERS);
    children.push(groupFragment);
    y += groupHeight + vSpacing;
  }
  y += frame.bottom;
  const tableBoxHeight = Math.max(y - tableTop, specifiedHeight(s, frame) ?? 0);
  y = tableTop + tableBoxHeight;
  addCaption('bottom');

  if (!table.caption) {
    const fragment = box('table', s, 0, 0, width, y, children);
    if (collapsed) fragment.borders = NO_BORDERS;
    return fragment;
  }
  // The table box paints its background and borders around its rows only; the caption sits outside it (CSS 2.1
  // §17.4: the table wrapper box holds the caption and the table box).
  const isCaption = (f: Fragment) => f.kind === 'box' && f.role === 'caption';
  const rowsOnly = children.filter((f) => !isCaption(f)).map((f): Fragment => ({ ...f, y: f.y - tableTop }));
  const tableBox = box('table', s, 0, tableTop, width, tableBoxHeight, rowsOnly);
  if (collapsed) tableBox.borders = NO_BORDERS;
  const captions = children.filter(isCaption);
  const above = captions.filter((f) => f.y < tableTop);
  const below = captions.filter((f) => f.y >= tableTop);
  return box('block', wrapperStyle(s), 0, 0, width, y, [...above, tableBox, ...below]);
}

/** The table wrapper box paints nothing of its own: the table's paint properties belong to the table box. */
function wrapperStyle(style: ComputedStyle): ComputedStyle {
  const none = { ...style.borderTop, width: 0, style: 'none' as const };
  return {
    ...style,
    backgroundColor: { r: 0, g: 0, b: 0, a: 0 },
    backgroundImage: null,
    borderTop: none,
    borderRight: none,
    borderBottom: none,
    borderLeft: none,
    borderRadius: [NO_LENGTH, NO_LENGTH, NO_LENGTH, NO_LENGTH],
    opacity: 1,
  };
}

/** vertical-align values other than top, middle and bottom align cells on the row's baseline (CSS 2.1 §17.5.3). */
const alignsOnBaseline = (style: ComputedStyle) =>
  style.verticalAlign !== 'top' && style.verticalAlign !== 'middle' && style.verticalAlign !== 'bottom';

function verticalOffset(style: ComputedStyle, room: number, rowBaseline: number, cellBaseline: number): number {
  switch (style.verticalAlign) {
    case 'top':
      return 0;
    case 'middle':
      return room / 2;
    case 'bottom':
      return room;
    default:
      return Math.max(0, Math.min(rowBaseline - cellBaseline, room));
  }
}

/** The table box's border-box height from its `height` in points, or null. */
function specifiedHeight(style: ComputedStyle, frame: Frame): number | null {
  const height = pointsOf(style.height);
  if (height === null) return null;
  return style.boxSizing === 'content-box' ? height + frame.top + frame.bottom : height;
}

/** A table `height` taller than its rows: the body rows (or all rows, without bodies) share the difference. */
function stretchToTableHeight(table: TableBox, grid: TableGrid, rows: RowLayout[], frame: Frame): void {
  const specified = specifiedHeight(table.style, frame);
  if (specified === null || rows.length === 0) return;
  let current = frame.top + frame.bottom + (rows.length + 1) * frame.vSpacing;
  for (const row of rows) current += row.height;
  const extra = specified - current;
  if (extra <= 0) return;
  const bodies = grid.groups.filter((g) => g.role === 'table-body' && g.rowCount > 0);
  // The bodies' rows are contiguous: the head's come before them, the foot's after.
  const first = bodies[0];
  const last = bodies[bodies.length - 1];
  spread(first && last ? rows.slice(first.firstRow, last.firstRow + last.rowCount) : rows, extra);
}

/** What this layout ignores, reported once per table. */
function reportUnsupported(table: TableBox, grid: TableGrid, ctx: LayoutContext): void {
  const unsupported = (message: string) =>
    ctx.findings.add({ code: 'unsupported_css_value', message, line: table.line });
  const collapsing = (style: ComputedStyle) => style.visibility === 'collapse';
  if (grid.rows.some((row) => collapsing(row.box.style)) || table.columns.some((col) => collapsing(col.style)))
    unsupported('visibility: collapse on a table row or column is not supported: it keeps its space');
  const percentHeight = (style: ComputedStyle) => style.height !== 'auto' && style.height.pct !== 0;
  if (grid.rows.some((row) => percentHeight(row.box.style)) || grid.cells.some((cell) => percentHeight(cell.box.style)))
    unsupported('a height in % on a table row or cell is ignored');
  const mixed = (style: ComputedStyle) => style.width !== 'auto' && style.width.pct !== 0 && style.width.pt !== 0;
  if (grid.cells.some((cell) => mixed(cell.box.style)) || table.columns.some((col) => mixed(col.style)))
    unsupported('a width mixing % and a length (calc) on a table cell or column is ignored');
}
