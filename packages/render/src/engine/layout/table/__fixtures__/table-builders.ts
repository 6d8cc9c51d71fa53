/** Box trees for the table tests, as the box stage builds them for an HTML table. */
import type {
  BlockBox,
  BlockLevelBox,
  TableBox,
  TableCellBox,
  TableRowBox,
  TableRowGroupBox,
} from '../../../boxes/box';
import {
  BLACK,
  type BorderSide,
  type BorderStyle,
  type ComputedStyle,
  initialStyle,
} from '../../../style/computed-style';

export const style = (overrides: Partial<ComputedStyle> = {}): ComputedStyle => ({ ...initialStyle(), ...overrides });

export const border = (width: number, kind: BorderStyle = 'solid', color = BLACK): BorderSide => ({
  width: kind === 'none' || kind === 'hidden' ? 0 : width,
  style: kind,
  color,
});

export const borders = (side: BorderSide): Partial<ComputedStyle> => ({
  borderTop: side,
  borderRight: side,
  borderBottom: side,
  borderLeft: side,
});

/** A block of text (10pt: 5pt per character, 12pt lines). */
export function text(content: string, overrides: Partial<ComputedStyle> = {}): BlockBox {
  const s = style({ display: 'block', fontSize: 10, ...overrides });
  return { type: 'block', style: s, tag: 'p', blocks: null, inlines: [{ type: 'text', text: content, style: s }] };
}

/** A block of a fixed size, like an image. */
export function solid(width: number, height: number): BlockBox {
  return {
    type: 'block',
    style: style({ display: 'block', width: { pt: width, pct: 0 }, height: { pt: height, pct: 0 } }),
    tag: 'div',
    blocks: [],
    inlines: null,
  };
}

export interface CellSpec {
  content?: BlockLevelBox[] | string;
  style?: Partial<ComputedStyle>;
  colspan?: number;
  rowspan?: number;
}

export function cell(spec: CellSpec | string = {}): TableCellBox {
  const {
    content = [],
    style: overrides = {},
    colspan = 1,
    rowspan = 1,
  } = typeof spec === 'string' ? { content: spec } : spec;
  const s = style({ display: 'table-cell', fontSize: 10, ...overrides });
  const inner: BlockBox =
    typeof content === 'string'
      ? { type: 'block', style: s, tag: 'td', blocks: null, inlines: [{ type: 'text', text: content, style: s }] }
      : { type: 'block', style: s, tag: 'td', blocks: content, inlines: null };
  return { type: 'cell', style: s, colspan, rowspan, content: inner };
}

export function row(cells: Array<TableCellBox | string>, overrides: Partial<ComputedStyle> = {}): TableRowBox {
  return {
    type: 'row',
    style: style({ display: 'table-row', ...overrides }),
    cells: cells.map((c) => (typeof c === 'string' ? cell(c) : c)),
  };
}

export function group(rows: TableRowBox[], overrides: Partial<ComputedStyle> = {}): TableRowGroupBox {
  return { type: 'row-group', style: style({ display: 'table-row-group', ...overrides }), rows };
}

export interface TableSpec {
  style?: Partial<ComputedStyle>;
  head?: TableRowBox[];
  rows?: TableRowBox[];
  foot?: TableRowBox[];
  columns?: Array<Partial<ComputedStyle>>;
  caption?: BlockBox;
}

export function table(spec: TableSpec): TableBox {
  return {
    type: 'table',
    style: style({ display: 'table', ...spec.style }),
    caption: spec.caption ?? null,
    columns: (spec.columns ?? []).map((c) => ({ style: style({ display: 'table-column', ...c }) })),
    head: spec.head ? group(spec.head, { display: 'table-header-group' }) : null,
    bodies: spec.rows ? [group(spec.rows)] : [],
    foot: spec.foot ? group(spec.foot, { display: 'table-footer-group' }) : null,
  };
}

export const points = (value: number) => ({ pt: value, pct: 0 });
export const percent = (value: number) => ({ pt: 0, pct: value });
