import { beforeAll, describe, expect, it } from 'vitest';
import { pageTexts } from '../../../__fixtures__/pdf-tools';
import { renderReport } from '../../../render';
import { layOutHtml } from '../../__fixtures__/lay-out-html';
import { ensureFlexReady } from '../../document/render-document';
import type { Fragment } from '../fragment';

beforeAll(() => ensureFlexReady());

const laidOut = (html: string, css = '') => layOutHtml(html, css);

/** The boxes with a background (the grid items here), with their absolute position, by their background's red. */
function items(
  fragment: Fragment,
  x = 0,
  y = 0,
  out = new Map<number, { x: number; y: number; w: number; h: number }>(),
) {
  if (fragment.kind !== 'box') return out;
  const at = { x: x + fragment.x, y: y + fragment.y };
  const bg = fragment.style.backgroundColor;
  if (bg.a > 0) out.set(bg.r, { ...at, w: fragment.width, h: fragment.height });
  for (const child of fragment.children) items(child, at.x, at.y, out);
  return out;
}
const item = (red: number, extra = '') => `<div style="background: rgb(${red},0,0); ${extra}">${red}</div>`;

describe('grid layout', () => {
  it('sizes fixed, fr and auto columns, with gaps, and stretches items to their row', () => {
    const { flow } = laidOut(
      `<div style="display: grid; grid-template-columns: 100pt 2fr 1fr; column-gap: 10pt; row-gap: 5pt; width: 400pt">
         ${item(1)}${item(2, 'height: 40pt')}${item(3)}${item(4)}
       </div>`,
    );
    const at = items(flow);
    type Box = { x: number; y: number; w: number; h: number };
    const [a, b, c, d] = [1, 2, 3, 4].map((r) => at.get(r) as Box) as [Box, Box, Box, Box];
    expect(a.w).toBeCloseTo(100, 5);
    // 400 - 100 - 2 * 10 = 280 shared 2:1.
    expect(b.w).toBeCloseTo(280 * (2 / 3), 3);
    expect(c.w).toBeCloseTo(280 / 3, 3);
    expect(b.x - a.x).toBeCloseTo(110, 5);
    // The first row is as tall as its tallest item, and the others stretch to it.
    expect(a.h).toBeCloseTo(40, 5);
    expect(c.h).toBeCloseTo(40, 5);
    // Auto-placement goes on to the next row, after the row gap.
    expect(d.x).toBeCloseTo(a.x, 5);
    expect(d.y).toBeCloseTo(a.y + 45, 5);
  });

  it('places items by span, line numbers and named areas', () => {
    const { flow } = laidOut(
      `<div style="display: grid; grid-template-columns: repeat(3, 100pt);
                   grid-template-areas: 'head head head' 'side main main'">
         <div style="grid-area: main; background: rgb(10,0,0)">main</div>
         <div style="grid-area: head; background: rgb(11,0,0)">head</div>
         <div style="grid-area: side; background: rgb(12,0,0)">side</div>
         <div style="grid-column: 2 / span 2; background: rgb(13,0,0)">after</div>
         <div style="grid-column: -2; background: rgb(14,0,0)">last</div>
       </div>`,
    );
    const at = items(flow);
    const head = at.get(11);
    const main = at.get(10);
    const side = at.get(12);
    expect(head?.w).toBeCloseTo(300, 5);
    expect(main?.w).toBeCloseTo(200, 5);
    expect(main?.x).toBeCloseTo((side?.x ?? 0) + 100, 5);
    expect(main?.y).toBeCloseTo(side?.y ?? -1, 5);
    expect(at.get(13)?.x).toBeCloseTo((head?.x ?? 0) + 100, 5);
    expect(at.get(13)?.w).toBeCloseTo(200, 5);
    expect(at.get(14)?.x).toBeCloseTo((head?.x ?? 0) + 200, 5);
  });

  it('repeats auto-fill tracks as often as they fit, and shares what is left', () => {
    const { flow } = laidOut(
      `<div style="display: grid; grid-template-columns: repeat(auto-fill, minmax(120pt, 1fr)); width: 500pt">
         ${item(21)}${item(22)}${item(23)}${item(24)}${item(25)}
       </div>`,
    );
    const at = items(flow);
    // Four 120pt tracks fit in 500pt; they share it: 125pt each. The fifth item starts the second row.
    expect(at.get(21)?.w).toBeCloseTo(125, 5);
    expect(at.get(24)?.x).toBeCloseTo((at.get(21)?.x ?? 0) + 375, 5);
    expect(at.get(25)?.x).toBeCloseTo(at.get(21)?.x ?? -1, 5);
    expect(at.get(25)?.y).toBeGreaterThan(at.get(21)?.y ?? 0);
  });

  it('splits a long grid across pages between its rows, keeping every item, and reports nothing', async () => {
    const cells = Array.from({ length: 90 }, (_, i) => `<div>Cell ${i + 1}</div>`).join('');
    const report = await renderReport({
      template: { html: `<div style="display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 12pt">${cells}</div>` },
      data: {},
    });
    expect(report.pages).toBeGreaterThan(1);
    const text = (await pageTexts(report.bytes)).join('\n');
    for (let i = 1; i <= 90; i++) expect(text).toMatch(new RegExp(`Cell ${i}\\b`));
    expect(report.warnings).toEqual([]);
    // Every row is whole on one page: a page ends between rows.
    const pages = await pageTexts(report.bytes);
    for (const page of pages) {
      const numbers = [...page.matchAll(/Cell (\d+)/g)].map((m) => Number(m[1]));
      expect(numbers.length % 3).toBe(0);
    }
  });
  it('prints a container whose only content is text, as one anonymous item', async () => {
    const report = await renderReport({
      template: { html: '<div style="display: grid; place-items: center; width: 34px; height: 34px">RD</div>' },
      data: {},
    });
    expect((await pageTexts(report.bytes)).join(' ')).toMatch(/\bRD\b/);
  });

  it('centres items with place-items in a container of given height (auto rows fill it)', () => {
    const { flow } = laidOut(
      `<div style="display: grid; place-items: center; width: 200pt; height: 100pt; background: rgb(30,0,0)">
         <div style="background: rgb(31,0,0); width: 40pt; height: 20pt"></div>
       </div>`,
    );
    const at = items(flow);
    const [grid, box] = [at.get(30), at.get(31)];
    expect((box?.x ?? 0) - (grid?.x ?? 0)).toBeCloseTo(80, 3);
    expect((box?.y ?? 0) - (grid?.y ?? 0)).toBeCloseTo(40, 3);
  });

  it('puts an item at the end of its area with justify-self, at its fit-content width', () => {
    const { flow } = laidOut(
      `<div style="display: grid; grid-template-columns: 100pt 100pt; width: 200pt; background: rgb(40,0,0)">
         ${item(41, 'justify-self: end')}${item(42)}
       </div>`,
    );
    const at = items(flow);
    const end = at.get(41);
    // Its text's width, not the column's; its right edge on the column's.
    expect(end?.w).toBeLessThan(40);
    expect((end?.x ?? 0) + (end?.w ?? 0) - (at.get(40)?.x ?? 0)).toBeCloseTo(100, 3);
    expect(at.get(42)?.w).toBeCloseTo(100, 3);
  });
  describe('right to left', () => {
    type Box = { x: number; y: number; w: number; h: number };
    // The grid (red 50) is 400pt wide at the page's left; x is measured from its left edge.
    const rtlGrid = (columns: string, children: string, extra = '') => {
      const at = items(
        laidOut(
          `<div dir="rtl" style="display: grid; grid-template-columns: ${columns}; width: 400pt;
                background: rgb(50,0,0); ${extra}">${children}</div>`,
        ).flow,
      );
      const grid = at.get(50) as Box;
      return (red: number) => {
        const box = at.get(red) as Box;
        return { left: box.x - grid.x, right: grid.x + grid.w - (box.x + box.w), y: box.y - grid.y, w: box.w };
      };
    };

    it('auto-places the first item in the rightmost column and goes on leftwards, gaps between', () => {
      const at = rtlGrid('100pt 50pt 80pt', `${item(51)}${item(52)}${item(53)}${item(54)}`, 'column-gap: 10pt');
      expect(at(51).right).toBeCloseTo(0, 5);
      expect(at(51).w).toBeCloseTo(100, 5);
      // 100pt then a 10pt gap: the second column's right edge is 110pt from the grid's.
      expect(at(52).right).toBeCloseTo(110, 5);
      expect(at(52).w).toBeCloseTo(50, 5);
      expect(at(53).right).toBeCloseTo(170, 5);
      // The tracks (250pt with gaps) sit at the start, the right: the 150pt left over is on the left.
      expect(at(53).left).toBeCloseTo(150, 5);
      expect(at(54).right).toBeCloseTo(0, 5);
      expect(at(54).y).toBeGreaterThan(at(51).y);
    });

    it('counts line numbers from the right, negative ones from the left, and mirrors spans', () => {
      const at = rtlGrid(
        'repeat(4, 100pt)',
        `<div style="grid-column: 1; grid-row: 1; background: rgb(61,0,0)">a</div>
         <div style="grid-column: 2 / span 2; grid-row: 1; background: rgb(62,0,0)">b</div>
         <div style="grid-column: -2; grid-row: 2; background: rgb(63,0,0)">c</div>
         <div style="grid-column: 1 / 3; grid-row: 2; background: rgb(64,0,0)">d</div>`,
      );
      expect(at(61).right).toBeCloseTo(0, 5);
      expect(at(62).right).toBeCloseTo(100, 5);
      expect(at(62).w).toBeCloseTo(200, 5);
      expect(at(62).left).toBeCloseTo(100, 5);
      // Line -2 starts the last column, the leftmost.
      expect(at(63).left).toBeCloseTo(0, 5);
      expect(at(63).w).toBeCloseTo(100, 5);
      expect(at(64).right).toBeCloseTo(0, 5);
      expect(at(64).w).toBeCloseTo(200, 5);
    });

    it('reads the columns of grid-template-areas from the right, with direction: rtl as with dir', () => {
      const { flow } = laidOut(
        `<div style="direction: rtl; display: grid; grid-template-columns: 150pt 250pt; width: 400pt;
              grid-template-areas: 'side main' 'foot foot'; column-gap: 0">
           <div style="grid-area: main; background: rgb(71,0,0)">main</div>
           <div style="grid-area: side; background: rgb(72,0,0)">side</div>
           <div style="grid-area: foot; background: rgb(73,0,0)">foot</div>
         </div>`,
      );
      const at = items(flow);
      const [main, side, foot] = [71, 72, 73].map((r) => at.get(r) as Box) as [Box, Box, Box];
      // 'side' is the first column: on the right, 150pt wide; 'main' on its left.
      expect(side.x).toBeCloseTo(foot.x + 250, 5);
      expect(side.w).toBeCloseTo(150, 5);
      expect(main.x).toBeCloseTo(foot.x, 5);
      expect(main.w).toBeCloseTo(250, 5);
      expect(foot.w).toBeCloseTo(400, 5);
    });

    it('puts start on the right and end on the left, and keeps left and right physical', () => {
      const at = rtlGrid(
        '200pt 200pt',
        `${item(81, 'justify-self: start')}${item(82, 'justify-self: end')}
         ${item(83, 'justify-self: left')}${item(84, 'justify-self: self-end; direction: ltr')}`,
      );
      // Each item is as wide as its text: the side it is put on is at its area's edge, the other is not.
      expect(at(81).right).toBeCloseTo(0, 5);
      expect(at(81).left).toBeGreaterThan(200);
      expect(at(82).left).toBeCloseTo(0, 5);
      expect(at(82).right).toBeGreaterThan(200);
      expect(at(83).left).toBeCloseTo(200, 5);
      // self-end by the item's own direction (ltr): the right of its area, the left column (0 to 200pt).
      expect(at(84).right).toBeCloseTo(200, 5);
      expect(at(84).w).toBeLessThan(40);
    });

    it('keeps a start-aligned image at the right of its area (justify-items: normal is start for it)', () => {
      const { flow } = laidOut(
        `<div dir="rtl" style="display: grid; grid-template-columns: 200pt; width: 200pt; background: rgb(90,0,0)">
           <svg width="40" height="20" style="background: rgb(91,0,0)"></svg>
         </div>`,
      );
      const at = items(flow);
      const [grid, image] = [at.get(90), at.get(91)] as [Box, Box];
      expect(image.w).toBeCloseTo(30, 5);
      expect(image.x + image.w).toBeCloseTo(grid.x + grid.w, 5);
    });
  });
});
