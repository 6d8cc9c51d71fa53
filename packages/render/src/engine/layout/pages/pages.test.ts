import { describe, expect, it } from 'vitest';
import { layOutHtml } from '../../__fixtures__/lay-out-html';
import { type ComputedStyle, initialStyle } from '../../style/computed-style';
import type { BoxFragment, Fragment, LineFragment } from '../fragment';
import { slicePieces } from './pieces';
import { planPages } from './plan';

const style = (overrides: Partial<ComputedStyle> = {}): ComputedStyle => ({
  ...initialStyle(),
  display: 'block',
  ...overrides,
});
const box = (y: number, height: number, children: Fragment[] = [], extra: Partial<BoxFragment> = {}): BoxFragment => ({
  kind: 'box',
  x: 0,
  y,
  width: 100,
  height,
  style: style(),
  role: 'block',
  children,
  ...extra,
});
const line = (y: number, height = 10): LineFragment => ({
  kind: 'line',
  x: 0,
  y,
  width: 100,
  height,
  baseline: 8,
  children: [],
});
const paragraph = (y: number, lines: number, extra: Partial<BoxFragment> = {}) =>
  box(
    y,
    lines * 10,
    Array.from({ length: lines }, (_, i) => line(i * 10)),
    extra,
  );
const flowOf = (children: BoxFragment[]) => {
  const last = children[children.length - 1] as BoxFragment;
  return box(0, last.y + last.height, children);
};
const pageBreaks = (flow: BoxFragment, height: number) => planPages(flow, () => height).map((s) => [s.start, s.end]);

describe('page breaks', () => {
  it('breaks between blocks that do not fit, never inside a line', () => {
    const flow = flowOf([paragraph(0, 3), paragraph(30, 3), paragraph(60, 3)]);
    // Room for one line of a three-line paragraph: it cannot keep two lines (orphans) and moves whole.
    expect(pageBreaks(flow, 45)).toEqual([
      [0, 30],
      [30, 60],
      [60, 90],
    ]);
    const orphansOne = flowOf([paragraph(0, 3), paragraph(30, 3, { style: style({ orphans: 1, widows: 1 }) })]);
    expect(pageBreaks(orphansOne, 45)[0]).toEqual([0, 40]);
  });

  it('keeps orphans and widows: two lines at least on each side', () => {
    const flow = flowOf([paragraph(0, 5)]);
    // 35pt fits 3 lines; leaving 2 for the next page is fine.
    expect(pageBreaks(flow, 35)[0]).toEqual([0, 30]);
    // 45pt fits 4 lines but would leave one widow: the fourth line moves too.
    expect(pageBreaks(flow, 45)[0]).toEqual([0, 30]);
    const strict = flowOf([paragraph(0, 5, { style: style({ orphans: 1, widows: 1 }) })]);
    expect(pageBreaks(strict, 45)[0]).toEqual([0, 40]);
  });

  it('honours widows, as Chromium does, only in a paragraph with lines enough for both orphans and widows', () => {
    // Each case printed by Chromium (16px monospace lines of 20px, a paragraph after a block, room for some lines and
    // half of the next).
    const breakOf = (lines: number, room: number, own: Partial<ComputedStyle> = {}) =>
      pageBreaks(flowOf([paragraph(0, 1), paragraph(10, lines, { style: style(own) })]), 15 + room * 10)[0];
    // Three lines, room for two: two stay and one goes (a widow), rather than the paragraph moving whole.
    expect(breakOf(3, 2)).toEqual([0, 30]);
    // Four lines, room for three: two and two (orphans + widows = 4 lines, so widows hold).
    expect(breakOf(4, 3)).toEqual([0, 30]);
    // Four lines with widows: 3, room for two: widows cannot hold with orphans, so two and two.
    expect(breakOf(4, 2, { widows: 3 })).toEqual([0, 30]);
    // Orphans always hold: three lines with orphans: 3 and room for two move whole.
    expect(breakOf(3, 2, { orphans: 3 })).toEqual([0, 10]);
    expect(breakOf(2, 1)).toEqual([0, 10]);
  });

  it('honours forced breaks and break-inside: avoid', () => {
    const forced = flowOf([paragraph(0, 1), paragraph(10, 1, { breakBefore: 'page' }), paragraph(20, 1)]);
    expect(pageBreaks(forced, 500)).toEqual([
      [0, 10],
      [10, 30],
    ]);
    const avoid = flowOf([paragraph(0, 2), paragraph(20, 4, { avoidBreakInside: true })]);
    expect(pageBreaks(avoid, 50)[0]).toEqual([0, 20]);
  });

  it("takes a page area's height up to the next whole pixel, as Chromium does", () => {
    // A 500px page with 10.3px margins: a 479.4px page area, which Chromium fills with up to 480px of content.
    const css = '@page { size: 500px 500px; margin: 10.3px } body { margin: 0 } div { height: 10px }';
    const blocks = (px: number) => `<div style="height: ${px - 10}px"></div><div></div>`;
    expect(layOutHtml(blocks(480), css).pages).toHaveLength(1);
    expect(layOutHtml(blocks(480.5), css).pages).toHaveLength(2);
  });

  it('slices content taller than a page rather than losing it', () => {
    const flow = flowOf([box(0, 250, [], { avoidBreakInside: true })]);
    expect(pageBreaks(flow, 100)).toEqual([
      [0, 100],
      [100, 200],
      [200, 250],
    ]);
  });
});

/** A table with a 20pt header and rows of `rowHeight` whose cells hold 10pt lines. */
function table(rows: number, rowHeight = 20, cellLines = 2): BoxFragment {
  const head = box(0, 20, [box(0, 20, [box(0, 20, [line(0, 20)], { role: 'cell' })], { role: 'row' })], {
    role: 'table-head',
  });
  const bodyRows = Array.from({ length: rows }, (_, i) =>
    box(
      i * rowHeight,
      rowHeight,
      [
        box(
          0,
          rowHeight,
          Array.from({ length: cellLines }, (_, l) => line(l * 10)),
          { role: 'cell' },
        ),
        box(0, rowHeight, [line(0)], { role: 'cell', x: 50 } as Partial<BoxFragment>),
      ],
      { role: 'row' },
    ),
  );
  const body = box(20, rows * rowHeight, bodyRows, { role: 'table-body' });
  return box(0, 20 + rows * rowHeight, [head, body], { role: 'table' });
}

describe('tables across pages', () => {
  it('breaks between rows and repeats the header on the next page', () => {
    const flow = flowOf([table(10)]);
    const slices = planPages(flow, () => 100);
    expect(slices.map((s) => [s.start, s.end])).toEqual([
      [0, 100],
      [100, 180],
      [180, 220],
    ]);
    expect(slices[0]?.heads).toHaveLength(0);
    expect(slices[1]?.heads.map((h) => h.fragment.role)).toEqual(['table-head']);
    // The next page holds 100 - 20 (header) = 80pt of rows.
    const pieces = slicePieces(flow, slices[1] as (typeof slices)[number], { left: 10, top: 30, pageWidth: 200 });
    expect(pieces[0]).toMatchObject({ y: 30, x: 10 });
    expect(pieces[0]?.fragment).toMatchObject({ role: 'table-head' });
    const firstRow = pieces.find((p) => p.fragment.kind === 'box' && p.fragment.role === 'row' && !p.decorationOnly);
    expect(firstRow?.y).toBe(30 + 20 - 100 + 20); // the body's origin placed so that flow y 100 lands below the header
  });

  it('keeps a collapsed-border table’s half top border inside the page above a repeated header', () => {
    // Collapsing borders: the header starts 0.75pt into the table (half of its 1.5pt top border).
    const plain = table(10);
    const head = { ...(plain.children[0] as BoxFragment), y: 0.75 };
    const body = { ...(plain.children[1] as BoxFragment), y: 20.75 };
    const collapsed = box(0, 220.75, [head, body], { role: 'table', style: style({ borderCollapse: 'collapse' }) });
    const flow = flowOf([collapsed]);
    const slices = planPages(flow, () => 100);
    expect(slices[1]?.heads[0]?.inset).toBe(0.75);
    const pieces = slicePieces(flow, slices[1] as (typeof slices)[number], { left: 10, top: 30, pageWidth: 200 });
    // The header's top edge (where its border is centred) is 0.75pt below the page's top, as in Chromium.
    const repeated = pieces[0] as (typeof pieces)[number];
    expect(repeated.fragment).toBe(head);
    expect(repeated.y + head.y).toBe(30.75);
    // And the rows after it come that much lower, the room taken from the page.
    const start = slices[1]?.start as number;
    const firstRow = pieces.find((p) => p.fragment.kind === 'box' && p.fragment.role === 'row' && !p.decorationOnly);
    expect(firstRow && firstRow.y + firstRow.fragment.y).toBeCloseTo(30.75 + 20, 6);
    expect((slices[1]?.end as number) - start).toBeLessThanOrEqual(100 - 20.75);
    // Separated borders: nothing above the header.
    expect(planPages(flowOf([table(10)]), () => 100)[1]?.heads[0]?.inset).toBe(0);
  });

  it('does not leave a header alone at the foot of a page', () => {
    const flow = flowOf([paragraph(0, 8), box(80, 220, table(10).children, { role: 'table' })]);
    const slices = planPages(flow, () => 105);
    expect(slices[0]?.end).toBe(80);
  });

  it('splits a row taller than the space left at a line boundary of every cell', () => {
    const tall = flowOf([
      paragraph(0, 6),
      box(
        60,
        320,
        [
          box(
            0,
            300,
            [
              box(
                0,
                300,
                Array.from({ length: 30 }, (_, l) => line(l * 10)),
                { role: 'cell' },
              ),
            ],
            { role: 'row' },
          ),
        ].map((row) => box(0, 300, [row], { role: 'table-body' })),
        { role: 'table' },
      ),
    ]);
    const slices = planPages(tall, () => 100);
    // The 30-line cell does not fit after 60pt of text: it is split at 100, not moved whole and not dropped.
    expect(slices[0]?.end).toBe(100);
    expect(slices.length).toBe(4);
    expect(slices.at(-1)?.end).toBe(380);
  });
});

describe('a page that begins inside a table', () => {
  it('draws what the rows above the cut have there below the repeated header, not over it', () => {
    const rows = Array.from({ length: 120 }, (_, i) => `<tr><td>${i + 1}</td><td>item</td></tr>`).join('');
    const { pages } = layOutHtml(
      `<table><thead><tr><th>#</th><th>Item</th></tr></thead><tbody>${rows}</tbody></table>`,
      'table { border-collapse: collapse; width: 100% } td { border: 1px solid #999 } tbody tr:nth-child(even) td { background: #eef }',
    );
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages.slice(1)) {
      const head = page.pieces[0] as (typeof page.pieces)[number];
      expect((head.fragment as BoxFragment).role).toBe('table-head');
      const headBottom = head.y + (head.fragment as BoxFragment).y + (head.fragment as BoxFragment).height;
      const clipped = page.pieces.filter((piece) => piece.clip);
      expect(clipped.length).toBeGreaterThan(0);
      for (const piece of clipped) expect(piece.clip?.y).toBeGreaterThanOrEqual(headBottom - 0.01);
    }
  });
});
