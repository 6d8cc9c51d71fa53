import { describe, expect, it } from 'vitest';
import { cell, group, row, table } from './__fixtures__/table-builders';
import { buildGrid } from './table-grid';

describe('buildGrid', () => {
  it('places cells after the slots taken by row spans from above', () => {
    const grid = buildGrid(
      table({
        rows: [
          row([cell({ content: 'a', rowspan: 2 }), cell({ content: 'b', colspan: 2 })]),
          row(['c', 'd']),
          row(['e']),
        ],
      }),
    );
    expect(grid.columnCount).toBe(3);
    expect(grid.cells.map((c) => [c.row, c.col, c.colspan, c.rowspan])).toEqual([
      [0, 0, 1, 2],
      [0, 1, 2, 1],
      [1, 1, 1, 1],
      [1, 2, 1, 1],
      [2, 0, 1, 1],
    ]);
    expect(Array.from(grid.slots)).toEqual([0, 1, 1, 0, 2, 3, 4, -1, -1]);
  });

  it('orders head, bodies and foot, and keeps row spans inside their group', () => {
    const t = table({ head: [row([cell({ content: 'h', rowspan: 5 })])], foot: [row(['f'])] });
    t.bodies = [group([row(['b1'])]), group([row(['b2'])])];
    const grid = buildGrid(t);
    expect(grid.groups.map((g) => [g.role, g.firstRow, g.rowCount])).toEqual([
      ['table-head', 0, 1],
      ['table-body', 1, 1],
      ['table-body', 2, 1],
      ['table-foot', 3, 1],
    ]);
    expect(grid.cells[0]?.rowspan).toBe(1);
    expect(grid.cells.map((c) => c.col)).toEqual([0, 0, 0, 0]);
  });

  it('counts <col> columns without cells', () => {
    expect(buildGrid(table({ columns: [{}, {}, {}], rows: [row(['a'])] })).columnCount).toBe(3);
  });
});
