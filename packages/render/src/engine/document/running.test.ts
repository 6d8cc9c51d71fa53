import { beforeAll, describe, expect, it } from 'vitest';
import { layOutHtml } from '../__fixtures__/lay-out-html';
import type { BoxFragment, Fragment, LineFragment, PagePiece } from '../layout/fragment';
import { ensureFlexReady } from './render-document';
import { marginBoxPage, pageArea } from './running';

beforeAll(() => ensureFlexReady());

const PX = 0.75;
const A4 = { width: 595.28, height: 841.89 };
const mm = (n: number) => (n * 72) / 25.4;

/** The first line under a fragment, with its top's offset from the fragment's. */
function firstLine(fragment: Fragment, y = 0): { y: number; line: LineFragment } | undefined {
  if (fragment.kind === 'line') return { y: y + fragment.y, line: fragment };
  if (fragment.kind !== 'box') return undefined;
  for (const child of fragment.children) {
    const found = firstLine(child, y + fragment.y);
    if (found) return found;
  }
  return undefined;
}

const lineText = (line: LineFragment) => line.children.map((c) => (c.kind === 'text' ? c.text : '')).join('');

/** The margin box piece whose text is `text`, and its baseline on the page in CSS pixels. */
function marginBox(pieces: PagePiece[], text: string | RegExp) {
  for (const piece of pieces) {
    const found = firstLine(piece.fragment);
    if (found && (typeof text === 'string' ? lineText(found.line) === text : text.test(lineText(found.line)))) {
      const box = piece.fragment as BoxFragment;
      return { piece, box, baselinePx: (piece.y - box.y + found.y + found.line.baseline) / PX };
    }
  }
  throw new Error(`no margin box reads ${text}`);
}

describe('margin boxes', () => {
  it("lays the page out as Chromium does: lengths in 1/64px, the page area's size rounded up to whole pixels", () => {
    const page = marginBoxPage({ ...A4, top: mm(20), right: mm(20), bottom: mm(20), left: mm(20) });
    // 20mm is 75.59px, 75.578125px in 1/64px; A4's 1122.52px, 1122.515625px.
    expect(page.top / PX).toBe(75.578125);
    expect(page.left / PX).toBe(75.578125);
    expect(page.height / PX).toBe(1122.515625);
    // The page area, 971.36px high, is 972px: the bottom margin is what is left, 74.9375px; across, 643px.
    expect(page.bottom / PX).toBe(1122.515625 - 75.578125 - 972);
    expect((page.width - page.left - page.right) / PX).toBe(643);
  });

  it('lays content out in a page area of whole pixels, painted from a whole pixel of the paper, as Chromium', () => {
    // A4 with 12mm margins across: 703.02px in layout units, 704px; 14mm and 16mm above and below: 1009.14px, 1010px.
    // Its corner at 45.35px and 52.91px: 45, 53.
    const margins = { top: mm(14), right: mm(12), bottom: mm(16), left: mm(12) };
    expect(pageArea({ ...A4, ...margins })).toEqual({
      left: 45 * PX,
      top: 53 * PX,
      width: 704 * PX,
      height: 1010 * PX,
    });
    const { pages, flow } = layOutHtml(
      '<div style="height: 10px"></div>',
      '@page { size: A4; margin: 14mm 12mm 16mm } body { margin: 0 }',
    );
    expect(flow.width / PX).toBeCloseTo(704, 9);
    expect(pages[0]?.pieces[0]?.x).toBeCloseTo(45 * PX, 9);
    expect(pages[0]?.pieces[0]?.y).toBeCloseTo(53 * PX, 9);
  });

  it("lays a page without @page out as Chromium prints the page setup's print options", () => {
    // A4 and 20mm by 18mm margins reach Chromium in whole points (596pt by 842pt; 56pt, 51pt): a 794.67px by
    // 1122.67px page whose area is 658.67px by 973.33px, laid out 659px wide from (68px, 75px), as its PDF shows.
    const setup = { size: true, margin: [true, true, true, true] as [boolean, boolean, boolean, boolean] };
    const page = { ...A4, top: mm(20), right: mm(18), bottom: mm(20), left: mm(18), fromSetup: setup };
    expect(pageArea(page)).toEqual({ left: 68 * PX, top: 75 * PX, width: 659 * PX, height: 974 * PX });
    const { pages, flow } = layOutHtml('<div style="height: 10px"></div>', 'body { margin: 0 }');
    // The render's default page is that one.
    expect(flow.width / PX).toBeCloseTo(659, 9);
    expect(pages[0]?.pieces[0]?.x).toBeCloseTo(68 * PX, 9);
    expect(pages[0]?.pieces[0]?.y).toBeCloseTo(75 * PX, 9);
  });

  it('puts a bottom box below the whole-pixel page area and centres its text there, on the pixel Chromium does', () => {
    const css = `@page { size: A4; margin: 20mm;
      @bottom-center { content: "Page"; font: 10pt Arial; background: rgb(0, 0, 255) } }
    body { margin: 0 }`;
    const { pages } = layOutHtml('<p>Body</p>', css);
    const { piece, box, baselinePx } = marginBox(pages[0]?.pieces ?? [], 'Page');
    // The box fills its area, 1047.578125px down and 74.9375px high, as Chromium paints its background.
    expect(piece.y / PX).toBeCloseTo(1047.578125, 6);
    expect(box.height / PX).toBeCloseTo(74.9375, 6);
    // Arimo 10pt: a 15px line, 12px of ascent, centred: 1047.578125 + 29.96875 + 12 = 1089.55, painted at 1090px
    // as Chromium paints it (the 75.59px margin of the page box put it at 1089.22, painted at 1089px).
    expect(baselinePx).toBeCloseTo(1089.546875, 6);
  });

  it('gives a lone side box the whole side, its text in the middle of the page area', () => {
    const css = `@page { size: A4; margin: 20mm; @left-middle { content: "Side"; font: 10pt Arial } }
    body { margin: 0 }`;
    const { pages } = layOutHtml('<p>Body</p>', css);
    const { piece, box, baselinePx } = marginBox(pages[0]?.pieces ?? [], 'Side');
    expect(piece.y / PX).toBeCloseTo(75.578125, 6);
    expect(box.height / PX).toBeCloseTo(972, 6);
    expect(box.width / PX).toBeCloseTo(75.578125, 6);
    expect(baselinePx).toBeCloseTo(75.578125 + (972 - 15) / 2 + 12, 6);
  });

  it('shares a side between its top and bottom boxes by their content heights', () => {
    const css = `@page { size: 400pt 600pt; margin: 60pt;
      @left-top { content: "Top"; font: 10pt Arial }
      @left-bottom { content: "Bottom"; font: 10pt Arial; line-height: 60pt } }
    body { margin: 0 }`;
    const { pages } = layOutHtml('<p>Body</p>', css);
    const top = marginBox(pages[0]?.pieces ?? [], 'Top');
    const bottom = marginBox(pages[0]?.pieces ?? [], 'Bottom');
    // 480pt of side shared 11.25 : 60 by their lines' heights, the top box at the top, the bottom one at the foot
    // (where Chromium paints their backgrounds: 80px to 181px, and on to 720px).
    expect(top.piece.y).toBeCloseTo(60, 6);
    expect(top.box.height).toBeCloseTo((480 * 11.25) / 71.25, 6);
    expect(bottom.box.height).toBeCloseTo((480 * 60) / 71.25, 6);
    expect(bottom.piece.y + bottom.box.height).toBeCloseTo(540, 6);
  });

  it('gives boxes with a width of their own that width, a percentage of the page area, as Chromium places them', () => {
    // Measured in Chromium: a 600px by 400px page with 50px margins (a page area 500px wide).
    const css = `@page { size: 600px 400px; margin: 50px;
      @bottom-left { content: "${'aaaa '.repeat(16).trim()}"; width: 50%; font: 10px monospace }
      @bottom-center { content: "C"; font: 10px monospace }
      @top-right { content: "${'bbbb '.repeat(12).trim()}"; width: 30%; font: 10px monospace }
      @top-center { content: "T"; font: 10px monospace } }
    body { margin: 0 }`;
    const { pages, findings } = layOutHtml('<p>x</p>', css);
    const pieces = pages[0]?.pieces ?? [];
    const left = marginBox(pieces, /^aaaa/);
    const right = marginBox(pieces, /^bbbb/);
    // Half and 30% of the page area: 250px from its left edge, 150px to its right edge.
    expect(left.piece.x / PX).toBeCloseTo(50, 6);
    expect(left.box.width / PX).toBeCloseTo(250, 6);
    expect(right.box.width / PX).toBeCloseTo(150, 6);
    expect((right.piece.x + right.box.width) / PX).toBeCloseTo(550, 6);
    // The top center box is what the right one leaves on both sides of the middle, its text centred at 300px; the
    // bottom one has nothing left beside a box half the page wide, so its text starts at the middle (300px to 306px).
    const top = marginBox(pieces, 'T');
    expect(top.box.width / PX).toBeCloseTo(200, 6);
    const bottom = marginBox(pieces, 'C');
    expect(bottom.piece.x / PX).toBeCloseTo(300, 6);
    // Chromium says nothing about it, and neither does Quire.
    expect(findings.list().filter((f) => f.code === 'word_too_long')).toEqual([]);
  });

  it("places a box's content at the top or bottom of its area by its own vertical-align, as Chromium does", () => {
    // A 600px by 400px page with 50px margins: the bottom margin runs from 350px to 400px.
    const css = (align: string) => `@page { size: 600px 400px; margin: 50px;
      @bottom-left { content: "Foot"; vertical-align: ${align}; padding-top: 5px; font: 10px monospace; line-height: 10px } }
    body { margin: 0 }`;
    const top = marginBox(layOutHtml('<p>x</p>', css('top')).pages[0]?.pieces ?? [], 'Foot');
    const bottom = marginBox(layOutHtml('<p>x</p>', css('bottom')).pages[0]?.pieces ?? [], 'Foot');
    const middle = marginBox(layOutHtml('<p>x</p>', css('baseline')).pages[0]?.pieces ?? [], 'Foot');
    // Line boxes of 10px: at the top, below the 5px padding; at the bottom, against the page's edge; in the middle
    // (the place's default) when vertical-align is left as it is.
    expect(top.baselinePx - bottom.baselinePx).toBeCloseTo(-(50 - 15), 3);
    expect(middle.baselinePx - top.baselinePx).toBeCloseTo((50 - 15) / 2, 3);
  });
});
