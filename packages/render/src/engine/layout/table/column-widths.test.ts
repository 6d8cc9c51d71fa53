import { describe, expect, it } from 'vitest';
import { type CellConstraint, distributeAutoWidths, gridIntrinsicWidths, measureColumns } from './column-widths';

const auto = (min: number, max: number): CellConstraint => ({ min, max, pct: 0, fixed: false });

describe('measureColumns', () => {
  it('caps a column at its fixed width but never below its min-content', () => {
    const columns = measureColumns(
      2,
      [],
      [
        { col: 0, colspan: 1, constraint: auto(10, 200) },
        { col: 0, colspan: 1, constraint: { min: 10, max: 50, pct: 0, fixed: true } },
        { col: 1, colspan: 1, constraint: { min: 80, max: 80, pct: 0, fixed: true } },
        { col: 1, colspan: 1, constraint: auto(90, 90) },
      ],
      0,
    );
    expect(columns.map((c) => c.max)).toEqual([50, 90]);
    expect(columns.map((c) => c.fixed)).toEqual([true, true]);
  });

  it('cuts percentages beyond 100, the rightmost first', () => {
    const pct = (p: number): CellConstraint => ({ min: 0, max: 0, pct: p, fixed: false });
    const columns = measureColumns(
      3,
      [],
      [0, 1, 2].map((col) => ({ col, colspan: 1, constraint: pct(40) })),
      0,
    );
    expect(columns.map((c) => c.pct)).toEqual([40, 40, 20]);
  });

  it('spreads a spanning percentage over the spanned columns without one', () => {
    const columns = measureColumns(
      2,
      [],
      [
        { col: 0, colspan: 1, constraint: { min: 0, max: 10, pct: 20, fixed: false } },
        { col: 1, colspan: 1, constraint: auto(0, 10) },
        { col: 0, colspan: 2, constraint: { min: 0, max: 0, pct: 50, fixed: false } },
      ],
      0,
    );
    expect(columns.map((c) => c.pct)).toEqual([20, 30]);
  });
});

describe('distributeAutoWidths', () => {
  const columns = measureColumns(
    3,
    [],
    [
      { col: 0, colspan: 1, constraint: auto(50, 500) },
      { col: 1, colspan: 1, constraint: auto(30, 30) },
      { col: 2, colspan: 1, constraint: { min: 20, max: 60, pct: 0, fixed: true } },
    ],
    0,
  );

  it('gives the minimums when the grid is narrower', () => {
    expect(distributeAutoWidths(columns, 50)).toEqual([50, 30, 20]);
  });

  it('grows fixed columns to their width before auto columns to their max-content', () => {
    // min 100, min-specified 140 (the fixed column at 60), max 590.
    expect(distributeAutoWidths(columns, 120)).toEqual([50, 30, 40]);
    const widths = distributeAutoWidths(columns, 365);
    expect(widths[0]).toBeCloseTo(275);
    expect([widths[1], widths[2]]).toEqual([30, 60]);
  });

  it('gives the extra beyond max-content to the auto columns in proportion to their max-content', () => {
    const widths = distributeAutoWidths(columns, 590 + 53);
    expect(widths[0]).toBeCloseTo(500 + 50);
    expect(widths[1]).toBeCloseTo(30 + 3);
    expect(widths[2]).toBe(60);
  });

  it('estimates the grid a percentage column needs', () => {
    const withPct = measureColumns(
      2,
      [],
      [
        { col: 0, colspan: 1, constraint: { min: 10, max: 30, pct: 25, fixed: false } },
        { col: 1, colspan: 1, constraint: auto(10, 60) },
      ],
      0,
    );
    // 30pt at 25% needs 120; 60pt in the other 75% needs 80.
    expect(gridIntrinsicWidths(withPct)).toEqual({ min: 20, max: 120 });
  });
});
