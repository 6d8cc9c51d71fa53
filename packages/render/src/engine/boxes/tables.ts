import type { ComputedStyle, StyledElement, StyledNode } from '../style/computed-style';
import { anonymousStyle } from './anonymous-style';
import type { BlockBox, TableBox, TableCellBox, TableRowBox, TableRowGroupBox } from './box';
import { type BoxContext, report, type Scope } from './context';
import { isCollapsibleSpace } from './white-space';

/** What the table builder needs of the block builder: cells and captions are block containers. */
export interface TableParts {
  context: BoxContext;
  blockFromElement(element: StyledElement, scope: Scope): BlockBox;
  /** An anonymous block container (an anonymous cell's content) holding these nodes. */
  blockFromNodes(nodes: StyledNode[], style: ComputedStyle, scope: Scope): BlockBox;
}

type Kind = 'caption' | 'column' | 'column-group' | 'group' | 'row' | 'cell' | 'other' | 'space' | 'none';

const MAX_COLSPAN = 1000;
const MAX_ROWSPAN = 65534;

function kindOf(node: StyledNode): Kind {
  if (node.kind === 'text') return isCollapsibleSpace(node) ? 'space' : 'other';
  switch (node.style.display) {
    case 'none':
      return 'none';
    case 'table-caption':
      return 'caption';
    case 'table-column':
      return 'column';
    case 'table-column-group':
      return 'column-group';
    case 'table-row-group':
    case 'table-header-group':
    case 'table-footer-group':
      return 'group';
    case 'table-row':
      return 'row';
    case 'table-cell':
      return 'cell';
    default:
      return 'other';
  }
}

/**
 * A table normalised as CSS 2.1 §17.2.1 says: rows outside a row group get an anonymous one, cells outside a row an
 * anonymous row, any other content an anonymous cell; white space between table parts is dropped. The first
 * header group is the head, the first footer group the foot, further ones are bodies where they stand.
 */
export function buildTable(
  style: ComputedStyle,
  nodes: StyledNode[],
  scope: Scope,
  parts: TableParts,
  line?: number,
): TableBox {
  const table: TableBox = { type: 'table', style, caption: null, columns: [], head: null, bodies: [], foot: null };
  if (line !== undefined) table.line = line;
  let pending: StyledNode[] = [];
  const flush = () => {
    if (pending.length) table.bodies.push(anonymousGroup(trimSpace(pending), style, scope, parts));
    pending = [];
  };
  for (const node of nodes) {
    const kind = kindOf(node);
    if (kind === 'none' || (kind === 'space' && !pending.length)) continue;
    if (kind === 'space' || kind === 'row' || kind === 'cell' || kind === 'other') {
      pending.push(node);
      continue;
    }
    flush();
    const element = node as StyledElement;
    if (kind === 'caption') {
      if (table.caption === null) table.caption = parts.blockFromElement(element, scope);
      else
        report(
          parts.context,
          element.line,
          'ignored_content',
          'A table has more than one caption; only the first is shown',
        );
    } else if (kind === 'column') addColumns(table, element);
    else if (kind === 'column-group') addColumnGroup(table, element);
    else {
      const group = rowGroup(element, scope, parts);
      if (element.style.display === 'table-header-group' && table.head === null) table.head = group;
      else if (element.style.display === 'table-footer-group' && table.foot === null) table.foot = group;
      else table.bodies.push(group);
    }
  }
  flush();
  return table;
}

function rowGroup(element: StyledElement, scope: Scope, parts: TableParts): TableRowGroupBox {
  return { type: 'row-group', style: element.style, rows: rowsOf(element.children, element.style, scope, parts) };
}

function anonymousGroup(nodes: StyledNode[], table: ComputedStyle, scope: Scope, parts: TableParts): TableRowGroupBox {
  const style = anonymousStyle(table, 'table-row-group');
  return { type: 'row-group', style, rows: rowsOf(nodes, style, scope, parts) };
}

/** A row group's rows; cells and other content outside rows go into anonymous rows. */
function rowsOf(nodes: StyledNode[], group: ComputedStyle, scope: Scope, parts: TableParts): TableRowBox[] {
  const rows: TableRowBox[] = [];
  let pending: StyledNode[] = [];
  const flush = () => {
    if (pending.length) {
      const style = anonymousStyle(group, 'table-row');
      rows.push({ type: 'row', style, cells: cellsOf(trimSpace(pending), style, scope, parts) });
    }
    pending = [];
  };
  // Indexed: a group's rows are walked once a render, in code not yet optimised, where for-of made an iterator
  // result per row.
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i] as StyledNode;
    const kind = kindOf(node);
    if (kind === 'none' || kind === 'column' || kind === 'column-group') continue;
    if (kind === 'space' && !pending.length) continue;
    if (kind === 'row') {
      flush();
      const row = node as StyledElement;
      rows.push({ type: 'row', style: row.style, cells: cellsOf(row.children, row.style, scope, parts) });
    } else pending.push(node);
  }
  flush();
  resolveRowspans(rows);
  return rows;
}

/** A row's cells; content outside cells goes into anonymous cells. */
function cellsOf(nodes: StyledNode[], row: ComputedStyle, scope: Scope, parts: TableParts): TableCellBox[] {
  const cells: TableCellBox[] = [];
  let pending: StyledNode[] = [];
  const flush = () => {
    const content = trimSpace(pending);
    if (content.length) {
      const style = anonymousStyle(row, 'table-cell');
      cells.push({ type: 'cell', style, colspan: 1, rowspan: 1, content: parts.blockFromNodes(content, style, scope) });
    }
    pending = [];
  };
  for (const node of nodes) {
    const kind = kindOf(node);
    if (kind === 'none' || kind === 'column' || kind === 'column-group') continue;
    if (kind === 'space' && !pending.length) continue;
    if (kind === 'cell') {
      flush();
      const cell = node as StyledElement;
      cells.push({
        type: 'cell',
        style: cell.style,
        colspan: spanAttribute(cell.attrs.colspan, 1, MAX_COLSPAN),
        // 0 stays 0 until the group's rows are known: it spans to the end of the group.
        rowspan: spanAttribute(cell.attrs.rowspan, 0, MAX_ROWSPAN),
        content: parts.blockFromElement(cell, scope),
      });
    } else pending.push(node);
  }
  flush();
  // Of exactly its length (push left room for 17): one array per row of a long table.
  return cells.slice();
}

/** rowspan="0" reaches the end of the row group; no span reaches past it. */
function resolveRowspans(rows: TableRowBox[]): void {
  for (let r = 0; r < rows.length; r++) {
    const left = rows.length - r;
    const cells = (rows[r] as TableRowBox).cells;
    for (let k = 0; k < cells.length; k++) {
      const cell = cells[k] as TableCellBox;
      if (cell.rowspan === 0 || cell.rowspan > left) cell.rowspan = left;
    }
  }
}

function addColumns(table: TableBox, column: StyledElement): void {
  const span = spanAttribute(column.attrs.span, 1, MAX_COLSPAN);
  for (let i = 0; i < span; i++) table.columns.push({ style: column.style });
}

/** A column group's own columns, or as many columns as its span with its style when it has none. */
function addColumnGroup(table: TableBox, group: StyledElement): void {
  const columns = group.children.filter(
    (child): child is StyledElement => child.kind === 'element' && child.style.display === 'table-column',
  );
  if (columns.length) for (const column of columns) addColumns(table, column);
  else addColumns(table, group);
}

/**
 * colspan, rowspan and span as HTML parses them: digits after optional white space; garbage or a value below
 * `min` is 1, values above `max` are `max`.
 */
function spanAttribute(value: string | undefined, min: number, max: number): number {
  const match = value === undefined ? null : /^\s*\+?(\d+)/.exec(value);
  if (!match) return 1;
  const n = Number(match[1]);
  if (n < min) return 1;
  return Math.min(n, max);
}

/** Content between table parts loses its white space at the ends (leading space never gets in). */
function trimSpace(nodes: StyledNode[]): StyledNode[] {
  let end = nodes.length;
  while (end > 0 && kindOf(nodes[end - 1] as StyledNode) === 'space') end--;
  return end === nodes.length ? nodes : nodes.slice(0, end);
}
