/**
 * The table's slot grid (CSS 2.1 §17.5): rows of the head, the bodies and the foot in that order, cells placed
 * in the first free slot of their row, spans reserving the slots below and to the right.
 */
import type { TableBox, TableCellBox, TableRowBox, TableRowGroupBox } from '../../boxes/box';

export type GroupRole = 'table-head' | 'table-body' | 'table-foot';

export interface GridGroup {
  box: TableRowGroupBox;
  role: GroupRole;
  firstRow: number;
  rowCount: number;
}

export interface GridRow {
  box: TableRowBox;
  group: number;
}

export interface GridCell {
  box: TableCellBox;
  row: number;
  col: number;
  colspan: number;
  /** Clipped to the rows left in the cell's row group: a row span never crosses into the next group. */
  rowspan: number;
}

export interface TableGrid {
  groups: GridGroup[];
  rows: GridRow[];
  /** In document order (row by row, left to right). */
  cells: GridCell[];
  columnCount: number;
  /** Index into `cells` of the cell covering slot (row, col) at `row * columnCount + col`, -1 for an empty slot. */
  slots: Int32Array;
}

export function buildGrid(table: TableBox): TableGrid {
  const groups: GridGroup[] = [];
  const rows: GridRow[] = [];
  const cells: GridCell[] = [];
  let columnCount = table.columns.length;

  const addGroup = (box: TableRowGroupBox, role: GroupRole) => {
    const group = groups.length;
    const firstRow = rows.length;
    groups.push({ box, role, firstRow, rowCount: box.rows.length });
    // The row (exclusive) until which each column is taken by a row-spanning cell above.
    const takenUntil: number[] = [];
    box.rows.forEach((row, i) => {
      const r = firstRow + i;
      rows.push({ box: row, group });
      let col = 0;
      for (let k = 0; k < row.cells.length; k++) {
        const cell = row.cells[k] as TableCellBox;
        while ((takenUntil[col] ?? 0) > r) col++;
        const colspan = Math.max(1, Math.floor(cell.colspan) || 1);
        const rowspan = Math.max(1, Math.min(Math.floor(cell.rowspan) || 1, box.rows.length - i));
        cells.push({ box: cell, row: r, col, colspan, rowspan });
        for (let c = col; c < col + colspan; c++) takenUntil[c] = r + rowspan;
        col += colspan;
        if (col > columnCount) columnCount = col;
      }
    });
  };
  if (table.head) addGroup(table.head, 'table-head');
  for (const body of table.bodies) addGroup(body, 'table-body');
  if (table.foot) addGroup(table.foot, 'table-foot');

  const slots = new Int32Array(rows.length * columnCount).fill(-1);
  cells.forEach((cell, index) => {
    for (let r = cell.row; r < cell.row + cell.rowspan; r++)
      for (let c = cell.col; c < cell.col + cell.colspan; c++) slots[r * columnCount + c] = index;
  });
  return { groups, rows, cells, columnCount, slots };
}
