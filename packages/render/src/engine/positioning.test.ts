import { beforeAll, describe, expect, it } from 'vitest';
import { pageTexts } from '../__fixtures__/pdf-tools';
import { renderReport } from '../render';
import { layOutHtml } from './__fixtures__/lay-out-html';
import { ensureFlexReady } from './document/render-document';
import type { BoxFragment, Fragment } from './layout/fragment';

/* Positioned boxes (engine v2 part 2: relative, absolute and fixed) and overflow clipping, end to end from HTML. */

beforeAll(() => ensureFlexReady());

const laidOut = (html: string, css = '') => layOutHtml(html, css);

/** Every box of the flow with its absolute position (positioned boxes included), found by its background's red. */
function boxes(fragment: Fragment, x = 0, y = 0, out: Array<{ x: number; y: number; box: BoxFragment }> = []) {
  if (fragment.kind !== 'box') return out;
  const at = { x: x + fragment.x, y: y + fragment.y };
  out.push({ ...at, box: fragment });
  for (const child of [...fragment.children, ...(fragment.positioned ?? [])]) boxes(child, at.x, at.y, out);
  return out;
}
const withRed = (fragment: Fragment, red: number) =>
  boxes(fragment).find((b) => b.box.style.backgroundColor.r === red && b.box.style.backgroundColor.a > 0);

describe('position: absolute', () => {
  it('places a box against its positioned ancestor by right/top and bottom/left, out of the flow', () => {
    const { flow } = laidOut(
      `<div style="position: relative; width: 300pt; height: 200pt; padding: 10pt; border: 1.5pt solid black">
         <p style="margin: 0">In the flow</p>
         <div style="position: absolute; top: 20pt; right: 30pt; width: 50pt; height: 10pt; background: rgb(201,0,0)"></div>
         <div style="position: absolute; bottom: 0; left: 0; width: 40pt; height: 40pt; background: rgb(202,0,0)"></div>
         <p style="margin: 0">Also in the flow</p>
       </div>`,
    );
    const container = boxes(flow).find((b) => b.box.style.position === 'relative') as { x: number; y: number };
    const stamp = withRed(flow, 201);
    const corner = withRed(flow, 202);
    // Measured from the padding box: 1.5pt border; 300 + 2 * 10 wide, 200 + 2 * 10 high.
    expect(stamp?.x).toBeCloseTo(container.x + 1.5 + 320 - 30 - 50, 5);
    expect(stamp?.y).toBeCloseTo(container.y + 1.5 + 20, 5);
    expect(corner?.x).toBeCloseTo(container.x + 1.5, 5);
    expect(corner?.y).toBeCloseTo(container.y + 1.5 + 220 - 40, 5);
  });

  it('shrinks an auto width to its content, centres with auto margins, and keeps its static position', () => {
    const { flow } = laidOut(
      `<div style="position: relative; width: 400pt; height: 100pt">
         <div style="height: 30pt"></div>
         <span style="position: absolute; right: 0; background: rgb(203,0,0)">PAID</span>
         <div style="position: absolute; left: 0; right: 0; margin: auto; width: 100pt; height: 5pt; background: rgb(204,0,0)"></div>
       </div>`,
    );
    const container = boxes(flow).find((b) => b.box.style.position === 'relative') as { x: number; y: number };
    const paid = withRed(flow, 203);
    expect(paid?.box.width).toBeGreaterThan(20);
    expect(paid?.box.width).toBeLessThan(60);
    expect((paid?.x ?? 0) + (paid?.box.width ?? 0)).toBeCloseTo(container.x + 400, 5);
    // No top or bottom: where it would have been, below the 30pt block.
    expect(paid?.y).toBeCloseTo(container.y + 30, 5);
    expect(withRed(flow, 204)?.x).toBeCloseTo(container.x + 150, 5);
  });

  it('fills the room between top and bottom with an auto height (inset: 20pt), margins and padding inside it', () => {
    const { flow } = laidOut(
      `<div style="position: relative; width: 120pt; height: 100pt">
         <div style="position: absolute; inset: 20pt; background: rgb(205,0,0)">Ring</div>
         <div style="position: absolute; top: 10pt; bottom: 10pt; left: 0; margin: 5pt 0; padding: 4pt; background: rgb(206,0,0)">x</div>
         <div style="position: absolute; top: 0; bottom: 0; left: 0; max-height: 30pt; background: rgb(207,0,0)">y</div>
       </div>`,
    );
    const ring = withRed(flow, 205);
    expect(ring?.box.width).toBeCloseTo(80, 5);
    expect(ring?.box.height).toBeCloseTo(60, 5);
    // 100 - 10 - 10 - 5 - 5: the border box, its padding inside.
    expect(withRed(flow, 206)?.box.height).toBeCloseTo(70, 5);
    expect(withRed(flow, 207)?.box.height).toBeCloseTo(30, 5);
  });

  it('prints a position: fixed box on every page, and nothing twice', async () => {
    const report = await renderReport({
      template: {
        html: `<div style="position: fixed; bottom: 0; right: 0">Confidential draft</div>
               <p>First</p><p style="break-before: page">Second</p><p style="break-before: page">Third</p>`,
      },
      data: {},
    });
    expect(report.pages).toBe(3);
    const texts = await pageTexts(report.bytes);
    for (const page of texts) expect(page.match(/Confidential draft/g)).toHaveLength(1);
    expect(report.warnings.map((w) => w.message).join()).not.toContain('position');
  });
});

describe('filtered and transformed boxes as containing blocks', () => {
  it('places the absolutely positioned and fixed boxes of a transformed box against it, whatever its position', () => {
    const { flow, pages } = laidOut(
      `<div style="height: 40pt"></div>
       <div style="width: 200pt; height: 100pt; transform: rotate(20deg)">Box
         <span style="position: absolute; right: 0; bottom: 0; background: rgb(211,0,0)">STAMP</span>
         <div style="position: fixed; top: 0; left: 0; width: 10pt; height: 10pt; background: rgb(212,0,0)"></div>
       </div>`,
    );
    const box = boxes(flow).find((b) => b.box.style.transform !== null) as { x: number; y: number };
    const stamp = withRed(flow, 211);
    expect(stamp?.y).toBeCloseTo(box.y + 100 - (stamp?.box.height ?? 0), 5);
    expect(stamp?.x).toBeCloseTo(box.x + 200 - (stamp?.box.width ?? 0), 5);
    // Held by the box (and turned with it when painted), not printed at the page's corner on every page.
    expect(withRed(flow, 212)).toMatchObject({ x: box.x, y: box.y });
    const pieces = pages.flatMap((page) => page.pieces);
    expect(pieces.filter((p) => p.fragment.kind === 'box' && p.fragment.style.position === 'fixed')).toEqual([]);
  });

  it('keeps the fixed box of a table cell in a filtered box in the cell, filtered, and says where its offsets apply', async () => {
    const report = await renderReport({
      template: {
        html: `<div style="filter: invert(1)"><table><tr><td>Cell
                 <div style="position: fixed; top: 10px; left: 10px">Held</div>
                 <div style="position: fixed">Static</div></td></tr></table></div><p style="break-before: page">Next</p>`,
      },
      data: {},
    });
    const texts = await pageTexts(report.bytes);
    expect(texts[0]).toContain('Held');
    expect(texts[1]).not.toContain('Held');
    // Said once, of the box whose offsets differ (line 2), not of the one at its static position.
    expect(report.warnings.map((w) => [w.message, w.line])).toEqual([
      [
        'A position: fixed box inside a table cell, a flex or grid item or an inline-block of a filtered or transformed element is placed against that cell or item, not against the filtered or transformed element',
        2,
      ],
    ]);
  });
});

describe('inline-blocks on a line', () => {
  it('keep to their content width (auto margins 0), so the words around them stay on the line', async () => {
    const report = await renderReport({
      template: { html: '<p>Before <span style="display: inline-block; padding: 4px">boxed</span> after.</p>' },
      data: {},
    });
    const [page] = await pageTexts(report.bytes);
    expect(page?.trim().split('\n')[0]).toMatch(/^Before\s+boxed\s+after\.$/);
  });
});

describe('overflow: hidden', () => {
  it('writes nothing of what it clips away wholly, as a browser prints nothing of it', async () => {
    const report = await renderReport({
      template: {
        html: `<div style="max-height: 0; overflow: hidden">Preheader the reader never sees</div>
               <div style="height: 12pt; overflow: hidden; line-height: 12pt">Shown line<br>Cut line</div>`,
      },
      data: {},
    });
    const [page] = await pageTexts(report.bytes);
    expect(page).not.toContain('Preheader');
    expect(page).toContain('Shown line');
    expect(page).not.toContain('Cut line');
  });
});
