import type { BlockLevelBox } from '../../boxes/box';
import type { GridLine } from '../../style/computed-style';

/** An item's area: 0-based first column and row, and how many it spans. */
export interface Placed {
  item: BlockLevelBox;
  col: number;
  row: number;
  colSpan: number;
  rowSpan: number;
}

type Areas = Map<string, { row: number; col: number; rowEnd: number; colEnd: number }>;

/** The named areas of `grid-template-areas`, each as the rectangle of its cells (0-based, ends exclusive). */
export function namedAreas(rows: string[][] | null): Areas {
  const areas: Areas = new Map();
  for (const [row, cells] of (rows ?? []).entries()) {
    for (const [col, name] of cells.entries()) {
      if (name === '.') continue;
      const area = areas.get(name);
      if (!area) areas.set(name, { row, col, rowEnd: row + 1, colEnd: col + 1 });
      else {
        area.rowEnd = Math.max(area.rowEnd, row + 1);
        area.colEnd = Math.max(area.colEnd, col + 1);
      }
    }
  }
  return areas;
}

/** One axis of an item: a definite start (0-based) and span, or only a span to be placed automatically. */
function axis(
  start: GridLine,
  end: GridLine,
  explicit: number,
  area: (name: string) => { start: number; end: number } | undefined,
): { start: number | null; span: number } {
  const line = (value: GridLine, side: 'start' | 'end'): number | null => {
    if (value === 'auto' || 'span' in value) return null;
    if ('area' in value) {
      const named = area(value.area);
      return named ? named[side] : null;
    }
    // Line n is index n - 1; line -1 is the last explicit line.
    return value.line > 0 ? value.line - 1 : Math.max(0, explicit + 1 + value.line);
  };
  const s = line(start, 'start');
  const e = line(end, 'end');
  if (s !== null && e !== null)
    return e > s ? { start: s, span: e - s } : { start: Math.min(s, e), span: Math.max(1, Math.abs(s - e)) };
  if (s !== null) return { start: s, span: typeof end === 'object' && 'span' in end ? end.span : 1 };
  const span =
    typeof start === 'object' && 'span' in start ? start.span : typeof end === 'object' && 'span' in end ? end.span : 1;
  if (e !== null) return { start: Math.max(0, e - span), span };
  return { start: null, span };
}

/**
 * Places the items (CSS Grid §8): definite areas first where given, the others by the auto-placement algorithm in
 * row order (`grid-auto-flow: row`, not dense), rows added as needed.
 */
export function placeItems(items: BlockLevelBox[], columns: number, areas: Areas, explicitRows: number): Placed[] {
  const taken = new Set<string>();
  const free = (row: number, col: number, rowSpan: number, colSpan: number) => {
    for (let r = row; r < row + rowSpan; r++)
      for (let c = col; c < col + colSpan; c++) if (taken.has(`${r},${c}`)) return false;
    return true;
  };
  const take = (p: Placed) => {
    for (let r = p.row; r < p.row + p.rowSpan; r++)
      for (let c = p.col; c < p.col + p.colSpan; c++) taken.add(`${r},${c}`);
  };
  const resolved = items.map((item) => {
    const s = item.style;
    const colArea = (name: string) => {
      const a = areas.get(name);
      return a ? { start: a.col, end: a.colEnd } : undefined;
    };
    const rowArea = (name: string) => {
      const a = areas.get(name);
      return a ? { start: a.row, end: a.rowEnd } : undefined;
    };
    return {
      item,
      col: axis(s.gridColumnStart, s.gridColumnEnd, columns, colArea),
      row: axis(s.gridRowStart, s.gridRowEnd, explicitRows, rowArea),
    };
  });
  const placed = new Map<BlockLevelBox, Placed>();
  // Items with a definite row (and maybe column) first, in order.
  for (const r of resolved) {
    if (r.row.start === null) continue;
    const colSpan = Math.min(r.col.span, Math.max(columns, r.col.span));
    let col = r.col.start ?? 0;
    if (r.col.start === null)
      while (!free(r.row.start, col, r.row.span, colSpan) && col + colSpan < columns + 1000) col++;
    const p = { item: r.item, col, row: r.row.start, colSpan, rowSpan: r.row.span };
    take(p);
    placed.set(r.item, p);
  }
  // The rest with the auto-placement cursor.
  let cursorRow = 0;
  let cursorCol = 0;
  for (const r of resolved) {
    if (r.row.start !== null) continue;
    const colSpan = Math.min(r.col.span, Math.max(columns, 1));
    let p: Placed;
    if (r.col.start !== null) {
      let row = r.col.start < cursorCol ? cursorRow + 1 : cursorRow;
      while (!free(row, r.col.start, r.row.span, colSpan)) row++;
      p = { item: r.item, col: r.col.start, row, colSpan, rowSpan: r.row.span };
    } else {
      for (;;) {
        if (cursorCol + colSpan > Math.max(columns, colSpan)) {
          cursorRow++;
          cursorCol = 0;
          continue;
        }
        if (free(cursorRow, cursorCol, r.row.span, colSpan)) break;
        cursorCol++;
      }
      p = { item: r.item, col: cursorCol, row: cursorRow, colSpan, rowSpan: r.row.span };
    }
    take(p);
    placed.set(r.item, p);
    cursorRow = p.row;
    cursorCol = p.col + p.colSpan;
  }
  return items.map((item) => placed.get(item) as Placed);
}
