/**
 * Border conflict resolution of the collapsing border model (CSS 2.1 §17.6.2.1). Every grid line segment between
 * two slots takes the winner among the borders of the cells, rows, row groups, columns and table that meet there;
 * each cell then gets, per side, the winner among the segments along that side.
 */
import type { TableBox } from '../../boxes/box';
import { type BorderSide, type BorderStyle, type ComputedStyle, TRANSPARENT } from '../../style/computed-style';
import type { CollapsedSides } from '../fragment';
import type { GridCell, TableGrid } from './table-grid';

export type CellBorders = CollapsedSides;

export interface CollapsedBorders {
  /** Per cell of `grid.cells`, the winners along its four sides. */
  cells: CellBorders[];
  /** Half of the table's outer collapsed borders: what counts in the table's border box (CSS 2.1 §17.6.2). */
  outer: { top: number; right: number; bottom: number; left: number };
}

const STYLE_RANK: Record<BorderStyle, number> = {
  hidden: 9,
  double: 8,
  solid: 7,
  dashed: 6,
  dotted: 5,
  ridge: 4,
  outset: 3,
  groove: 2,
  inset: 1,
  none: 0,
};

/**
 * Whether `challenger` beats `holder`. Candidates are offered in precedence order (cell over row over row group
 * over column over table, left/top over right/bottom), so a tie keeps the holder.
 */
function beats(challenger: BorderSide, holder: BorderSide): boolean {
  if (holder.style === 'hidden') return false;
  if (challenger.style === 'hidden') return true;
  if (challenger.style === 'none') return false;
  if (holder.style === 'none') return true;
  if (challenger.width !== holder.width) return challenger.width > holder.width;
  return STYLE_RANK[challenger.style] > STYLE_RANK[holder.style];
}

const win = (holder: BorderSide | null, challenger: BorderSide): BorderSide =>
  holder === null || beats(challenger, holder) ? challenger : holder;

const NONE: BorderSide = { width: 0, style: 'none', color: TRANSPARENT };

export function resolveCollapsedBorders(table: TableBox, grid: TableGrid): CollapsedBorders {
  const { rows, cells, slots, columnCount: C, groups } = grid;
  const R = rows.length;
  const t = table.style;
  const colStyle = (c: number): ComputedStyle | null => table.columns[c]?.style ?? null;
  const cellAt = (r: number, c: number): GridCell | null => cells[slots[r * C + c] ?? -1] ?? null;

  // Horizontal segment above row r (r = R: below the last row), column c: at r * C + c.
  const horizontal: BorderSide[] = new Array<BorderSide>((R + 1) * C);
  for (let r = 0; r <= R; r++) {
    const above = rows[r - 1] ?? null;
    const below = rows[r] ?? null;
    const groupAbove = above && (groups[above.group] ?? null);
    const groupBelow = below && (groups[below.group] ?? null);
    const groupEndsAbove = groupAbove && groupAbove.firstRow + groupAbove.rowCount === r ? groupAbove : null;
    const groupStartsBelow = groupBelow && groupBelow.firstRow === r ? groupBelow : null;
    for (let c = 0; c < C; c++) {
      const a = above ? cellAt(r - 1, c) : null;
      const b = below ? cellAt(r, c) : null;
      if (a && a === b) continue; // inside a row-spanning cell
      let w: BorderSide | null = null;
      if (a) w = win(w, a.box.style.borderBottom);
      if (b) w = win(w, b.box.style.borderTop);
      if (above) w = win(w, above.box.style.borderBottom);
      if (below) w = win(w, below.box.style.borderTop);
      if (groupEndsAbove) w = win(w, groupEndsAbove.box.style.borderBottom);
      if (groupStartsBelow) w = win(w, groupStartsBelow.box.style.borderTop);
      const col = colStyle(c);
      if (col && r === 0) w = win(w, col.borderTop);
      if (col && r === R) w = win(w, col.borderBottom);
      if (r === 0) w = win(w, t.borderTop);
      if (r === R) w = win(w, t.borderBottom);
      horizontal[r * C + c] = w ?? NONE;
    }
  }

  // Vertical segment on the start side of column c (c = C: the end side of the last column), row r: at
  // r * (C + 1) + c. Columns run from the right in a right-to-left table, where the start side is the right.
  const start = t.direction === 'rtl' ? 'borderRight' : 'borderLeft';
  const end = t.direction === 'rtl' ? 'borderLeft' : 'borderRight';
  const vertical: BorderSide[] = new Array<BorderSide>(R * (C + 1));
  rows.forEach((row, r) => {
    const group = groups[row.group]?.box.style;
    for (let c = 0; c <= C; c++) {
      const a = c > 0 ? cellAt(r, c - 1) : null;
      const b = c < C ? cellAt(r, c) : null;
      if (a && a === b) continue; // inside a column-spanning cell
      let w: BorderSide | null = null;
      if (a) w = win(w, a.box.style[end]);
      if (b) w = win(w, b.box.style[start]);
      if (c === 0) {
        w = win(w, row.box.style[start]);
        if (group) w = win(w, group[start]);
      }
      if (c === C) {
        w = win(w, row.box.style[end]);
        if (group) w = win(w, group[end]);
      }
      const before = c > 0 ? colStyle(c - 1) : null;
      const after = c < C ? colStyle(c) : null;
      if (before) w = win(w, before[end]);
      if (after) w = win(w, after[start]);
      if (c === 0) w = win(w, t[start]);
      if (c === C) w = win(w, t[end]);
      vertical[r * (C + 1) + c] = w ?? NONE;
    }
  });

  // An edge between two cells is drawn once, by the cell below it or on its right (as its top or left), when
  // there is one in every slot along it that paints (CollapsedSides.shared). Row-group edges (a header's last row
  // above the body rows of every page) and rows spanned by a cell are drawn from both sides, as before.
  const paints = (cell: GridCell | null): boolean => cell !== null && cell.box.style.visibility === 'visible';
  const sharesRight = (cell: GridCell): boolean => {
    // The physical right is the start side of a right-to-left table: the column before.
    const beside = start === 'borderLeft' ? cell.col + cell.colspan : cell.col - 1;
    if (beside < 0 || beside >= C) return false;
    for (let r = cell.row; r < cell.row + cell.rowspan; r++) if (!paints(cellAt(r, beside))) return false;
    return true;
  };
  const sharesBottom = (cell: GridCell): boolean => {
    const below = cell.row + 1;
    if (cell.rowspan !== 1 || below >= R || rows[below]?.group !== rows[cell.row]?.group) return false;
    for (let c = cell.col; c < cell.col + cell.colspan; c++) {
      const under = cellAt(below, c);
      if (!paints(under) || under?.row !== below) return false;
    }
    return true;
  };

  // Cells whose four winners are the same share one object: a long table's rows mostly repeat the first's. The
  // four sides' ids (7 bits each while there are fewer than 128 distinct sides) and the two sharing bits make a
  // small-integer key, looked up without building a string per cell.
  const ids = new Map<BorderSide, number>();
  const idOf = (side: BorderSide) => {
    let id = ids.get(side);
    if (id === undefined) {
      id = ids.size;
      ids.set(side, id);
    }
    return id;
  };
  const byNumber = new Map<number, CellBorders>();
  const byText = new Map<string, CellBorders>();
  const intern = (
    top: BorderSide,
    right: BorderSide,
    bottom: BorderSide,
    left: BorderSide,
    sharesR: boolean,
    sharesB: boolean,
  ): CellBorders => {
    const t = idOf(top);
    const r = idOf(right);
    const b = idOf(bottom);
    const l = idOf(left);
    const bits = (sharesR ? 1 : 0) | (sharesB ? 2 : 0);
    const small = ids.size <= 128;
    const numberKey = small ? ((((((t << 7) | r) << 7) | b) << 7) | l) * 4 + bits : 0;
    const textKey = small ? '' : `${t},${r},${b},${l},${bits}`;
    const known = small ? byNumber.get(numberKey) : byText.get(textKey);
    if (known) return known;
    const sides: CellBorders = { top, right, bottom, left };
    if (sharesR || sharesB) sides.shared = { right: sharesR, bottom: sharesB };
    if (small) byNumber.set(numberKey, sides);
    else byText.set(textKey, sides);
    return sides;
  };
  const leftToRight = start === 'borderLeft';
  const cellBorders = cells.map((cell): CellBorders => {
    let top: BorderSide | null = null;
    let bottom: BorderSide | null = null;
    for (let c = cell.col; c < cell.col + cell.colspan; c++) {
      top = win(top, horizontal[cell.row * C + c] ?? NONE);
      bottom = win(bottom, horizontal[(cell.row + cell.rowspan) * C + c] ?? NONE);
    }
    let before: BorderSide | null = null;
    let after: BorderSide | null = null;
    for (let r = cell.row; r < cell.row + cell.rowspan; r++) {
      before = win(before, vertical[r * (C + 1) + cell.col] ?? NONE);
      after = win(after, vertical[r * (C + 1) + cell.col + cell.colspan] ?? NONE);
    }
    const left = (leftToRight ? before : after) ?? NONE;
    const right = (leftToRight ? after : before) ?? NONE;
    return intern(top ?? NONE, right, bottom ?? NONE, left, sharesRight(cell), sharesBottom(cell));
  });

  // The table's borders are half of the widest segment along each outer grid line, as Chromium's table layout
  // takes them (CSS Tables 3; CSS 2.1 §17.6.2 took the first row's for the sides): a later row's wider side border
  // moves the table in rather than spilling into the margin.
  let top = 0;
  let bottom = 0;
  for (let c = 0; c < C; c++) {
    top = Math.max(top, horizontal[c]?.width ?? 0);
    bottom = Math.max(bottom, horizontal[R * C + c]?.width ?? 0);
  }
  let startWidth = 0;
  let endWidth = 0;
  for (let r = 0; r < R; r++) {
    startWidth = Math.max(startWidth, vertical[r * (C + 1)]?.width ?? 0);
    endWidth = Math.max(endWidth, vertical[r * (C + 1) + C]?.width ?? 0);
  }
  const startHalf = startWidth / 2;
  const endHalf = endWidth / 2;
  const outer =
    R === 0 || C === 0
      ? { top: 0, right: 0, bottom: 0, left: 0 }
      : start === 'borderLeft'
        ? { top: top / 2, right: endHalf, bottom: bottom / 2, left: startHalf }
        : { top: top / 2, right: startHalf, bottom: bottom / 2, left: endHalf };
  return { cells: cellBorders, outer };
}
