import { describe, expect, it } from 'vitest';
import type { BlockBox } from '../../boxes/box';
import type { BlockContents, IntrinsicWidths } from '../context';
import type { BoxFragment, Fragment } from '../fragment';
import {
  border,
  borders,
  cell,
  percent,
  points,
  row,
  solid,
  type TableSpec,
  table,
  text,
} from './__fixtures__/table-builders';
import { TestLayoutContext } from './__fixtures__/test-layout-context';
import { layoutTable, tableIntrinsicWidths } from './layout-table';

const boxes = (f: Fragment): BoxFragment[] =>
  f.kind === 'box' ? f.children.filter((c): c is BoxFragment => c.kind === 'box') : [];
const groupsOf = (t: BoxFragment) => boxes(t).filter((f) => f.role !== 'caption');
const rowsOf = (t: BoxFragment) => groupsOf(t).flatMap(boxes);
/** The item at `i`, which the test expects to be there. */
function nth<T>(items: readonly T[], i: number): T {
  const item = items[i];
  if (item === undefined) throw new Error(`no item ${i} among ${items.length}`);
  return item;
}
const cellsOf = (t: BoxFragment, r: number) => boxes(nth(rowsOf(t), r));
const cellAt = (t: BoxFragment, r: number, c: number) => nth(cellsOf(t, r), c);
function bordersOf(f: BoxFragment): NonNullable<BoxFragment['borders']> {
  if (!f.borders) throw new Error('no collapsed borders on the fragment');
  return f.borders;
}
const widthsOf = (t: BoxFragment, r = 0) => cellsOf(t, r).map((c) => c.width);

describe('automatic layout', () => {
  const invoice = () =>
    table({
      rows: [
        row([
          'Consulting on the migration of the reporting stack to the new engine, including two workshops on site',
          '12',
          '1,234.50',
        ]),
        row(['Support', '3', '90.00']),
      ],
    });

  it('gives a column of long text the slack and keeps a column of numbers at its max-content', () => {
    const t = layoutTable(invoice(), 280, new TestLayoutContext());
    expect(t.width).toBe(280);
    // "12" is 10pt wide and "1,234.50" 40pt: the numbers stay at their max-content, the description wraps.
    const [description, quantity, price] = widthsOf(t);
    expect(quantity).toBeCloseTo(10);
    expect(price).toBeCloseTo(40);
    expect(description).toBeCloseTo(230);
    // 505pt of text in lines of 230pt.
    expect(nth(rowsOf(t), 0).height).toBe(3 * 12);
  });

  it('is as wide as its content when that fits, never narrower than its min-content', () => {
    const narrow = table({ rows: [row(['ab', 'abcd'])] });
    expect(layoutTable(narrow, 500, new TestLayoutContext()).width).toBeCloseTo(30);
    const words = table({ rows: [row(['unbreakable', 'words here'])] });
    const t = layoutTable(words, 20, new TestLayoutContext());
    // min-content: "unbreakable" 55pt + "words" 25pt.
    expect(t.width).toBeCloseTo(80);
    expect(widthsOf(t)).toEqual([55, 25]);
  });

  it('honours fixed cell widths and shares extra width with the auto columns first', () => {
    const t = layoutTable(
      table({
        style: { width: points(400) },
        rows: [row([cell({ content: 'ab', style: { width: points(50) } }), 'abcd', 'abcdefgh'])],
      }),
      1000,
      new TestLayoutContext(),
    );
    const [fixed, a, b] = widthsOf(t);
    expect(fixed).toBeCloseTo(50);
    // 400 - 50 - (20 + 40) = 290 extra, in proportion to max-content 20 : 40.
    expect(a).toBeCloseTo(20 + 290 / 3);
    expect(b).toBeCloseTo(40 + (290 * 2) / 3);
  });

  it('shrinks a specified width that is too narrow only down to min-content', () => {
    const t = layoutTable(
      table({ style: { width: points(10) }, rows: [row(['abcd', 'abcdef'])] }),
      1000,
      new TestLayoutContext(),
    );
    expect(t.width).toBeCloseTo(50);
  });

  it('adds cell padding and borders to the columns', () => {
    const padded = { paddingLeft: points(3), paddingRight: points(3), ...borders(border(1)) };
    const t = layoutTable(
      table({ rows: [row([cell({ content: 'abcd', style: padded })])] }),
      500,
      new TestLayoutContext(),
    );
    expect(t.width).toBeCloseTo(20 + 6 + 2);
    const content = nth(cellAt(t, 0, 0).children, 0);
    expect([content.x, content.y]).toEqual([4, 1]);
  });
});

describe('edge cases', () => {
  it('lays out a table in a cell through the layout context', () => {
    const inner = table({ style: { borderSpacing: [2, 2] }, rows: [row(['abcd', 'ef'])] });
    const ctx = new TestLayoutContext();
    const t = layoutTable(table({ rows: [row([cell({ content: [inner] }), 'x'])] }), 1000, ctx);
    expect(widthsOf(t)).toEqual([20 + 10 + 3 * 2, 5]);
    const nested = nth(boxes(cellAt(t, 0, 0)), 0);
    expect(nested?.role).toBe('table');
    expect(widthsOf(nested)).toEqual([20, 10]);
  });

  it('clamps an auto width by max-width', () => {
    const t = layoutTable(
      table({ style: { maxWidth: points(60) }, rows: [row(['a long line of text that would like 200pt'])] }),
      1000,
      new TestLayoutContext(),
    );
    expect(t.width).toBe(60);
  });

  it('lays out a table without rows as its borders and padding', () => {
    const t = layoutTable(
      table({ style: { borderSpacing: [5, 5], ...borders(border(2)) } }),
      1000,
      new TestLayoutContext(),
    );
    expect([t.width, t.height, t.children.length]).toEqual([4, 4, 0]);
  });

  it('leaves the slots of a short row empty', () => {
    const t = layoutTable(table({ rows: [row(['ab', 'cd', 'ef']), row(['gh'])] }), 1000, new TestLayoutContext());
    expect(cellsOf(t, 1)).toHaveLength(1);
    expect(nth(rowsOf(t), 1).width).toBe(30);
  });
});

describe('findings', () => {
  it('reports what the table layout ignores, once', () => {
    const ctx = new TestLayoutContext();
    const t = table({
      rows: [
        row([cell({ content: 'a', style: { height: percent(50) } })], { visibility: 'collapse' }),
        row([cell({ content: 'b', style: { height: percent(50) } })]),
      ],
    });
    layoutTable(t, 500, ctx);
    expect(ctx.findings.list().map((f) => f.message)).toEqual([
      'visibility: collapse on a table row or column is not supported: it keeps its space',
      'a height in % on a table row or cell is ignored',
    ]);
  });
});

describe('right-to-left tables', () => {
  it('puts the first column on the right', () => {
    const t = layoutTable(
      table({ style: { direction: 'rtl', borderSpacing: [2, 0] }, rows: [row(['ab', 'abcd'])] }),
      1000,
      new TestLayoutContext(),
    );
    expect(t.width).toBe(10 + 20 + 3 * 2);
    expect([cellAt(t, 0, 0).x, cellAt(t, 0, 1).x]).toEqual([22, 0]);
    expect(nth(rowsOf(t), 0).x).toBe(2);
  });

  it('resolves collapsed borders from the right', () => {
    const t = layoutTable(
      table({
        style: { direction: 'rtl', borderCollapse: 'collapse', borderRight: border(4), borderLeft: border(2) },
        rows: [row([cell({ content: 'ab', style: { borderLeft: border(3) } }), 'cd'])],
      }),
      1000,
      new TestLayoutContext(),
    );
    const [first, second] = [cellAt(t, 0, 0), cellAt(t, 0, 1)];
    expect(bordersOf(first).right.width).toBe(4);
    expect(bordersOf(first).left.width).toBe(3);
    expect(bordersOf(second).right.width).toBe(3);
    expect(bordersOf(second).left.width).toBe(2);
    expect(t.width).toBeCloseTo(2 + first.width + second.width + 1);
    expect(second.x).toBe(0);
    expect(nth(first.children, 0).x).toBeCloseTo(1.5);
  });
});

describe('percentages', () => {
  it('resolves cell percentages against the table width', () => {
    const t = layoutTable(
      table({
        style: { width: points(400) },
        rows: [row([cell({ content: 'ab', style: { width: percent(25) } }), 'cd'])],
      }),
      1000,
      new TestLayoutContext(),
    );
    expect(widthsOf(t)).toEqual([100, 300]);
  });

  it('resolves a table percentage width against the containing block', () => {
    const t = layoutTable(
      table({ style: { width: percent(50) }, rows: [row(['ab', 'cd'])] }),
      600,
      new TestLayoutContext(),
    );
    expect(t.width).toBe(300);
    expect(widthsOf(t)).toEqual([150, 150]);
  });

  it('makes an auto table wide enough for a percentage column to hold its content', () => {
    // 50% for 20pt of content beside 20pt of other content: the grid is 40pt.
    const t = layoutTable(
      table({ rows: [row([cell({ content: 'abcd', style: { width: percent(50) } }), 'efgh'])] }),
      1000,
      new TestLayoutContext(),
    );
    expect(t.width).toBeCloseTo(40);
    expect(widthsOf(t)).toEqual([20, 20]);
  });

  it('takes percentages from <col> elements', () => {
    const t = layoutTable(
      table({ style: { width: points(200) }, columns: [{ width: percent(75) }, {}], rows: [row(['a', 'b'])] }),
      1000,
      new TestLayoutContext(),
    );
    expect(widthsOf(t)).toEqual([150, 50]);
  });
});

describe('fixed layout', () => {
  const fixedTable = () =>
    table({
      style: { width: points(400), tableLayout: 'fixed' },
      columns: [{ width: points(100) }],
      rows: [
        row([
          'a',
          cell({ content: 'b', style: { width: points(50), paddingLeft: points(5), paddingRight: points(5) } }),
          'c',
          'd',
        ]),
        row(['a', 'b', 'averyveryverylongwordthatwouldwidenanautocolumn', 'd']),
      ],
    });

  it('takes widths from <col>, then the first row, and shares the rest equally', () => {
    const ctx = new TestLayoutContext();
    const t = layoutTable(fixedTable(), 1000, ctx);
    expect(t.width).toBe(400);
    expect(widthsOf(t)).toEqual([100, 60, 120, 120]);
    expect(widthsOf(t, 1)).toEqual([100, 60, 120, 120]);
    // Cell contents are not measured in the fixed layout.
    expect(ctx.measured.size).toBe(0);
  });

  it('grows the table when the fixed widths do not fit', () => {
    const t = layoutTable(
      table({
        style: { width: points(100), tableLayout: 'fixed', borderSpacing: [2, 0] },
        columns: [{ width: points(80) }, { width: points(60) }],
        rows: [row(['a', 'b'])],
      }),
      1000,
      new TestLayoutContext(),
    );
    expect(t.width).toBe(80 + 60 + 3 * 2);
  });

  it('reports its width as its intrinsic widths', () => {
    const widths = tableIntrinsicWidths(fixedTable(), new TestLayoutContext());
    expect(widths).toEqual({ min: 400, max: 400 });
  });
});

describe('column spans', () => {
  it('spreads what a spanning cell needs over its columns in proportion to their max-content', () => {
    const t = layoutTable(
      table({ rows: [row([cell({ content: [solid(300, 10)], colspan: 2 })]), row(['ab', 'abcdef'])] }),
      1000,
      new TestLayoutContext(),
    );
    expect(t.width).toBeCloseTo(300);
    // Max-content 10 and 30: the 260pt the span lacks goes 1 : 3.
    const [a, b] = widthsOf(t, 1);
    expect(a).toBeCloseTo(10 + 65);
    expect(b).toBeCloseTo(30 + 195);
    expect(widthsOf(t, 0)).toEqual([300]);
  });

  it('counts the spacing between the spanned columns in the spanning cell', () => {
    const t = layoutTable(
      table({
        style: { borderSpacing: [10, 0] },
        rows: [row([cell({ content: 'ab', colspan: 2 }), 'c']), row(['abcd', 'ef', 'g'])],
      }),
      1000,
      new TestLayoutContext(),
    );
    const [span] = widthsOf(t, 0);
    const [a = 0, b = 0] = widthsOf(t, 1);
    expect(span).toBeCloseTo(a + b + 10);
    expect(cellAt(t, 1, 2).x).toBeCloseTo(cellAt(t, 0, 1).x);
  });
});

describe('rows', () => {
  it('spreads a row-spanning cell over its rows and sizes its fragment to them', () => {
    const t = layoutTable(
      table({ rows: [row([cell({ content: [solid(10, 100)], rowspan: 2 }), 'one line']), row(['two'])] }),
      1000,
      new TestLayoutContext(),
    );
    const rows = rowsOf(t);
    expect(rows.map((r) => r.height)).toEqual([50, 50]);
    expect(nth(rows, 1).y).toBe(50);
    const spanning = cellAt(t, 0, 0);
    expect(spanning.rowSpan).toBe(2);
    expect(spanning.height).toBe(100);
    expect(cellsOf(t, 1)).toHaveLength(1);
    // The second row's cell sits in the second column.
    expect(cellAt(t, 1, 0).x).toBe(cellAt(t, 0, 1).x);
  });

  it('honours a row height and a cell height', () => {
    const t = layoutTable(
      table({
        rows: [row(['a'], { height: points(30) }), row([cell({ content: 'b', style: { height: points(40) } })])],
      }),
      1000,
      new TestLayoutContext(),
    );
    expect(rowsOf(t).map((r) => r.height)).toEqual([30, 40]);
  });

  it('shifts content by vertical-align: top, middle, bottom', () => {
    const t = layoutTable(
      table({
        rows: [
          row([
            cell({ content: [solid(10, 100)] }),
            cell({ content: 'top', style: { verticalAlign: 'top' } }),
            cell({ content: 'middle', style: { verticalAlign: 'middle' } }),
            cell({ content: 'bottom', style: { verticalAlign: 'bottom' } }),
          ]),
        ],
      }),
      1000,
      new TestLayoutContext(),
    );
    const [top, middle, bottom] = [cellAt(t, 0, 1), cellAt(t, 0, 2), cellAt(t, 0, 3)];
    expect([top.height, middle.height, bottom.height]).toEqual([100, 100, 100]);
    expect(nth(top.children, 0).y).toBe(0);
    expect(nth(middle.children, 0).y).toBeCloseTo(44);
    expect(nth(bottom.children, 0).y).toBeCloseTo(88);
  });

  it('aligns the first lines of baseline cells', () => {
    const t = layoutTable(
      table({
        rows: [
          row([
            cell({ content: 'a', style: { paddingTop: points(20) } }),
            cell({ content: 'b', style: { fontSize: 20 } }),
          ]),
        ],
      }),
      1000,
      new TestLayoutContext(),
    );
    const [a, b] = [cellAt(t, 0, 0), cellAt(t, 0, 1)];
    // Baselines: a at 20 + 9.6, b at 19.2 (moved down by 10.4).
    const baselineOf = (c: BoxFragment) => {
      const line = nth(c.children, 0);
      return line.y + (line.kind === 'line' ? line.baseline : 0);
    };
    expect(baselineOf(a)).toBeCloseTo(29.6);
    expect(baselineOf(b)).toBeCloseTo(29.6);
    expect(nth(rowsOf(t), 0).height).toBeCloseTo(Math.max(20 + 12, 10.4 + 24));
  });

  it('stretches body rows to a table height', () => {
    const t = layoutTable(
      table({ style: { height: points(100) }, head: [row(['h'])], rows: [row(['a']), row(['b'])] }),
      1000,
      new TestLayoutContext(),
    );
    expect(rowsOf(t).map((r) => r.height)).toEqual([12, 44, 44]);
    expect(t.height).toBe(100);
  });
});

describe('separated borders', () => {
  it('puts border spacing around and between cells, inside the table border and padding', () => {
    const t = layoutTable(
      table({
        style: {
          borderSpacing: [4, 6],
          ...borders(border(1)),
          paddingLeft: points(2),
          paddingTop: points(2),
          paddingRight: points(2),
          paddingBottom: points(2),
        },
        rows: [row(['ab', 'cd']), row(['ef', 'gh'])],
      }),
      1000,
      new TestLayoutContext(),
    );
    expect(t.width).toBeCloseTo(10 + 10 + 3 * 4 + 2 * 3);
    expect(t.height).toBeCloseTo(12 + 12 + 3 * 6 + 2 * 3);
    const body = nth(groupsOf(t), 0);
    expect([body.x, body.y, body.width]).toEqual([3, 3 + 6, 10 + 10 + 3 * 4]);
    const rows = rowsOf(t);
    expect(rows.map((r) => [r.x, r.y])).toEqual([
      [4, 0],
      [4, 18],
    ]);
    expect(cellsOf(t, 1).map((c) => c.x)).toEqual([0, 14]);
    expect(t.borders).toBeUndefined();
  });

  it('hides the background and borders of empty cells with empty-cells: hide', () => {
    const decorated = {
      emptyCells: 'hide' as const,
      backgroundColor: { r: 255, g: 0, b: 0, a: 1 },
      ...borders(border(2)),
    };
    const t = layoutTable(
      table({ rows: [row([cell({ content: '', style: decorated }), cell({ content: 'x', style: decorated })])] }),
      1000,
      new TestLayoutContext(),
    );
    const [empty, full] = [cellAt(t, 0, 0), cellAt(t, 0, 1)];
    expect(empty.style.backgroundColor.a).toBe(0);
    expect(empty.style.borderTop.width).toBe(0);
    expect(empty.width).toBe(4);
    expect(full.style.backgroundColor.a).toBe(1);
  });
});

describe('collapsed borders', () => {
  const red = { r: 255, g: 0, b: 0, a: 1 };
  const blue = { r: 0, g: 0, b: 255, a: 1 };

  it('gives a shared edge the wider border, on both cells', () => {
    const t = layoutTable(
      table({
        style: { borderCollapse: 'collapse' },
        rows: [
          row([cell({ content: 'ab', style: borders(border(1)) }), cell({ content: 'cd', style: borders(border(3)) })]),
        ],
      }),
      1000,
      new TestLayoutContext(),
    );
    const [a, b] = [cellAt(t, 0, 0), cellAt(t, 0, 1)];
    expect(bordersOf(a).right.width).toBe(3);
    expect(bordersOf(b).left.width).toBe(3);
    expect(bordersOf(a).left.width).toBe(1);
    // Half of each border inside the cell: content at 0.5 and 1.5 from the grid lines.
    expect(nth(a.children, 0).x).toBe(0.5);
    expect(nth(b.children, 0).x).toBe(1.5);
    expect(a.width).toBeCloseTo(10 + 0.5 + 1.5);
    // Half of the outer borders counts in the table's width: 0.5 on the left, 1.5 on the right.
    expect(t.width).toBeCloseTo(0.5 + a.width + b.width + 1.5);
    expect(nth(groupsOf(t), 0).x).toBe(0.5);
    // The table box draws no borders of its own.
    expect(bordersOf(t).top.style).toBe('none');
  });

  it('leaves an edge two cells share to the cell below or on the right, within a row group and where one paints', () => {
    const lay = (spec: TableSpec) =>
      layoutTable(table({ style: { borderCollapse: 'collapse' }, ...spec }), 1000, new TestLayoutContext());
    const sharing = (t: BoxFragment, r: number, c: number) => bordersOf(cellAt(t, r, c)).shared ?? null;
    const grid = lay({ head: [row(['h1', 'h2'])], rows: [row(['a', 'b']), row(['c', 'd'])] });
    // The header's last row and the first body row: every page's first body row is under the repeated header.
    expect(sharing(grid, 0, 0)).toEqual({ right: true, bottom: false });
    expect(sharing(grid, 1, 0)).toEqual({ right: true, bottom: true });
    expect(sharing(grid, 1, 1)).toEqual({ right: false, bottom: true });
    expect(sharing(grid, 2, 0)).toEqual({ right: true, bottom: false });
    expect(sharing(grid, 2, 1)).toBeNull();
    // A cell beside or below that paints nothing, or a row spanned from above, draws no edge for its neighbour.
    const hidden = lay({
      rows: [row(['a', cell({ content: 'b', style: { visibility: 'hidden' } })]), row(['c', 'd'])],
    });
    expect(sharing(hidden, 0, 0)).toEqual({ right: false, bottom: true });
    const spanned = lay({ rows: [row([cell({ content: 'a', rowspan: 2 }), 'b']), row(['d']), row(['e', 'f'])] });
    expect(sharing(spanned, 0, 0)).toEqual({ right: true, bottom: false });
    // Right to left: the column before is on the right.
    const rtl = lay({ style: { borderCollapse: 'collapse', direction: 'rtl' }, rows: [row(['a', 'b'])] });
    expect(sharing(rtl, 0, 0)).toBeNull();
    expect(sharing(rtl, 0, 1)).toEqual({ right: true, bottom: false });
  });

  it('gives cells whose winners are alike one borders object, and each cell its own winners among many sides', () => {
    const lay = (spec: TableSpec) =>
      layoutTable(table({ style: { borderCollapse: 'collapse' }, ...spec }), 1000, new TestLayoutContext());
    // One side object for every cell's four sides, as cells that cascade alike share their computed style.
    const side = border(1);
    const x = (content: string) =>
      cell({ content, style: { borderTop: side, borderRight: side, borderBottom: side, borderLeft: side } });
    const alike = lay({
      rows: [row([x('a'), x('b')]), row([x('c'), x('d')]), row([x('e'), x('f')]), row([x('g'), x('h')])],
    });
    expect(bordersOf(cellAt(alike, 1, 0))).toBe(bordersOf(cellAt(alike, 2, 0)));
    expect(bordersOf(cellAt(alike, 1, 0))).not.toBe(bordersOf(cellAt(alike, 1, 1)));
    // 200 rows of one cell, each with a top border of its own width: past 128 distinct sides, cells are still
    // matched with their own winners (the wider of their top and the row above's bottom: none here).
    const widths = Array.from({ length: 200 }, (_, i) => 1 + i / 100);
    const many = lay({ rows: widths.map((w) => row([cell({ content: 'x', style: { borderTop: border(w) } })])) });
    expect(widths.map((_, r) => bordersOf(cellAt(many, r, 0)).top.width)).toEqual(widths);
    expect(widths.map((_, r) => bordersOf(cellAt(many, r, 0)).bottom.width)).toEqual([...widths.slice(1), 0]);
  });

  it("takes the widest side border of any row for the table's edge, as Chromium does", () => {
    const t = layoutTable(
      table({
        style: { borderCollapse: 'collapse' },
        rows: [
          row([cell({ content: 'ab' })]),
          row([cell({ content: 'cd', style: { borderLeft: border(20), borderRight: border(40) } })]),
        ],
      }),
      1000,
      new TestLayoutContext(),
    );
    // The first row has no side borders; the second row's move the table in by half of each.
    expect(nth(groupsOf(t), 0).x).toBe(10);
    expect(t.width).toBeCloseTo(10 + cellAt(t, 1, 0).width + 20);
  });

  it('lets hidden win over any border', () => {
    const t = layoutTable(
      table({
        style: { borderCollapse: 'collapse', ...borders(border(0, 'hidden')) },
        rows: [row([cell({ content: 'ab', style: borders(border(5)) })])],
      }),
      1000,
      new TestLayoutContext(),
    );
    const c = cellAt(t, 0, 0);
    expect(bordersOf(c).left.style).toBe('hidden');
    expect(bordersOf(c).top.width).toBe(0);
    expect(t.width).toBe(10);
  });

  it("prefers the cell's border over the row's when they differ only in colour", () => {
    const t = layoutTable(
      table({
        style: { borderCollapse: 'collapse' },
        rows: [
          row([cell({ content: 'ab', style: { borderTop: border(2, 'solid', red) } })], {
            borderTop: border(2, 'solid', blue),
          }),
        ],
      }),
      1000,
      new TestLayoutContext(),
    );
    expect(bordersOf(cellAt(t, 0, 0)).top.color).toEqual(red);
  });

  it('prefers the row over the table, and double over solid of the same width', () => {
    const t = layoutTable(
      table({
        style: {
          borderCollapse: 'collapse',
          borderTop: border(2, 'solid', blue),
          borderBottom: border(2, 'double', blue),
        },
        rows: [row(['ab'], { borderTop: border(2, 'solid', red), borderBottom: border(2, 'solid', red) })],
      }),
      1000,
      new TestLayoutContext(),
    );
    const c = cellAt(t, 0, 0);
    expect(bordersOf(c).top.color).toEqual(red);
    expect(bordersOf(c).bottom.style).toBe('double');
  });

  it('takes column borders, and a row-spanning cell its widest segment', () => {
    const t = layoutTable(
      table({
        style: { borderCollapse: 'collapse' },
        columns: [{}, { borderLeft: border(4) }],
        rows: [
          row([cell({ content: 'a', rowspan: 2 }), 'b']),
          row([cell({ content: 'c', style: { borderLeft: border(6) } })]),
        ],
      }),
      1000,
      new TestLayoutContext(),
    );
    expect(bordersOf(cellAt(t, 0, 0)).right.width).toBe(6);
    expect(bordersOf(cellAt(t, 0, 1)).left.width).toBe(4);
    expect(bordersOf(cellAt(t, 1, 0)).left.width).toBe(6);
  });
});

describe('captions and structure', () => {
  it('lays out a top caption at the table width above the row groups', () => {
    const t = layoutTable(
      table({ caption: text('Invoice lines'), rows: [row(['abcdefghijklmn', 'k'])] }),
      1000,
      new TestLayoutContext(),
    );
    // The wrapper holds the caption and the table box, which paints around its rows only.
    const [caption, tableBox] = [nth(boxes(t), 0), nth(boxes(t), 1)];
    expect(caption.role).toBe('caption');
    expect(caption.width).toBe(t.width);
    expect(tableBox).toMatchObject({ role: 'table', y: 12, height: 12 });
    expect(boxes(tableBox).map((c) => c.role)).toEqual(['table-body']);
    expect(t.height).toBe(24);
  });

  it('puts a bottom caption after the row groups', () => {
    const t = layoutTable(
      table({ caption: text('Note', { captionSide: 'bottom' }), rows: [row(['abcdefghij'])] }),
      1000,
      new TestLayoutContext(),
    );
    const children = boxes(t);
    expect(children.map((c) => c.role)).toEqual(['table', 'caption']);
    expect(nth(children, 1).y).toBe(12);
  });

  it('makes the table at least as wide as its caption', () => {
    const t = layoutTable(
      table({ caption: text('a-long-caption'), rows: [row(['a'])] }),
      1000,
      new TestLayoutContext(),
    );
    expect(t.width).toBe(70);
    expect(widthsOf(t)).toEqual([70]);
  });

  it('orders head, bodies, foot and copies break-inside: avoid', () => {
    const t = layoutTable(
      table({
        style: { breakInside: 'avoid' },
        head: [row(['h'])],
        rows: [row(['b'], { breakInside: 'avoid' })],
        foot: [row(['f'])],
      }),
      1000,
      new TestLayoutContext(),
    );
    expect(t.role).toBe('table');
    expect(t.avoidBreakInside).toBe(true);
    const groups = groupsOf(t);
    expect(groups.map((g) => g.role)).toEqual(['table-head', 'table-body', 'table-foot']);
    expect(groups.map((g) => g.y)).toEqual([0, 12, 24]);
    expect(rowsOf(t).map((r) => r.avoidBreakInside)).toEqual([undefined, true, undefined]);
    expect(rowsOf(t).every((r) => r.role === 'row')).toBe(true);
    // Rows and row groups draw no borders of their own.
    expect([...groups, ...rowsOf(t)].every((f) => f.borders?.top.style === 'none')).toBe(true);
  });
});

describe('intrinsic widths', () => {
  it('adds the columns, spacing and the table borders', () => {
    const widths = tableIntrinsicWidths(
      table({ style: { borderSpacing: [2, 2], ...borders(border(1)) }, rows: [row(['ab cdef', 'gh'])] }),
      new TestLayoutContext(),
    );
    expect(widths).toEqual({ min: 20 + 10 + 3 * 2 + 2, max: 35 + 10 + 3 * 2 + 2 });
  });

  it('is the specified width when that is in points and wider than the content', () => {
    const widths = tableIntrinsicWidths(
      table({ style: { width: points(300) }, rows: [row(['ab'])] }),
      new TestLayoutContext(),
    );
    expect(widths).toEqual({ min: 300, max: 300 });
  });

  it('measures each cell once across tableIntrinsicWidths and layoutTable', () => {
    const ctx = new TestLayoutContext();
    const t = table({ rows: [row(['a', 'b']), row(['c', 'd'])] });
    tableIntrinsicWidths(t, ctx);
    layoutTable(t, 500, ctx);
    expect([...ctx.measured.values()]).toEqual([1, 1, 1, 1]);
    expect([...ctx.laidOut.values()]).toEqual([1, 1, 1, 1]);
  });
});

/** Replays what an earlier context measured and laid out, so that a timing is the table layout's alone. */
class ReplayContext extends TestLayoutContext {
  constructor(
    private readonly widths: Map<BlockBox, IntrinsicWidths>,
    private readonly contents: Map<BlockBox, BlockContents>,
  ) {
    super();
  }

  override contentIntrinsicWidths(box: BlockBox): IntrinsicWidths {
    const known = this.widths.get(box);
    if (known) return known;
    const widths = super.contentIntrinsicWidths(box);
    this.widths.set(box, widths);
    return widths;
  }

  override layoutContents(box: BlockBox, contentWidth: number): BlockContents {
    const known = this.contents.get(box);
    if (known) return known;
    const contents = super.layoutContents(box, contentWidth);
    this.contents.set(box, contents);
    return contents;
  }
}

describe('performance', () => {
  it('lays out 2,000 rows of 5 columns', () => {
    const rows = Array.from({ length: 2000 }, (_, i) =>
      row([
        `${i + 1}`,
        `Item number ${i} with a description of some length`,
        `${i % 7}`,
        `${(i * 3.25).toFixed(2)}`,
        'EUR',
      ]),
    );
    for (const borderCollapse of ['separate', 'collapse'] as const) {
      const t = table({ style: { borderCollapse }, head: [row(['#', 'Description', 'Qty', 'Price', 'Cur'])], rows });
      const ctx = new TestLayoutContext();
      let start = performance.now();
      const fragment = layoutTable(t, 500, ctx);
      const withContext = performance.now() - start;
      expect(rowsOf(fragment)).toHaveLength(2001);
      expect(Math.max(...ctx.laidOut.values(), ...ctx.measured.values())).toBe(1);

      const widths = new Map<BlockBox, IntrinsicWidths>();
      const contents = new Map<BlockBox, BlockContents>();
      layoutTable(t, 500, new ReplayContext(widths, contents));
      let own = Infinity;
      for (let run = 0; run < 5; run++) {
        start = performance.now();
        layoutTable(t, 500, new ReplayContext(widths, contents));
        own = Math.min(own, performance.now() - start);
      }
      console.log(
        `2,000 rows x 5 columns, ${borderCollapse}: ${withContext.toFixed(1)} ms with the test context's text layout, ` +
          `${own.toFixed(1)} ms of the table layout's own (best of 5)`,
      );
    }
  });
});

describe('row backgrounds', () => {
  const orange = { r: 255, g: 204, b: 136, a: 1 };
  const blue = { r: 136, g: 204, b: 255, a: 1 };
  const striped = (style: TableSpec['style']) =>
    table({
      style,
      rows: [
        row(['a', 'b'], { backgroundColor: orange }),
        row(['c', cell({ content: 'd', style: { backgroundColor: blue } })]),
      ],
    });

  it('shows a row colour under its cells only when cells are spaced apart, as Chromium paints it', () => {
    const t = layoutTable(striped({ borderSpacing: [1.5, 1.5] }), 200, new TestLayoutContext());
    expect(nth(rowsOf(t), 0).style.backgroundColor.a).toBe(0);
    expect(cellsOf(t, 0).map((c) => c.style.backgroundColor)).toEqual([orange, orange]);
    // A cell's own colour stays; a row without one gives none.
    expect(cellsOf(t, 1).map((c) => c.style.backgroundColor.a)).toEqual([0, 1]);
    expect(cellAt(t, 1, 1).style.backgroundColor).toEqual(blue);
  });

  it('keeps the colour on the row when borders collapse (no space between cells)', () => {
    const t = layoutTable(striped({ borderCollapse: 'collapse' }), 200, new TestLayoutContext());
    expect(nth(rowsOf(t), 0).style.backgroundColor).toEqual(orange);
    expect(cellAt(t, 0, 0).style.backgroundColor.a).toBe(0);
  });
});
