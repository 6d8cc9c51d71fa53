import { beforeAll, describe, expect, it } from 'vitest';
import { pageTexts } from '../__fixtures__/pdf-tools';
import { renderReport } from '../render';
import { layOutHtml } from './__fixtures__/lay-out-html';
import { ensureFlexReady } from './document/render-document';
import type { BoxFragment, Fragment, LineFragment } from './layout/fragment';

/* Floats and clear (engine v2 part 2, CSS 2.1 §9.5), end to end from HTML to fragments and PDF text. */

beforeAll(() => ensureFlexReady());

const laidOut = (html: string, css = '') => layOutHtml(html, css).flow;

interface Placed<T> {
  x: number;
  y: number;
  f: T;
}

/** Every box and line of the flow with its absolute position. */
function walk(fragment: Fragment, x = 0, y = 0, out: Placed<BoxFragment | LineFragment>[] = []) {
  if (fragment.kind !== 'box' && fragment.kind !== 'line') return out;
  const at = { x: x + fragment.x, y: y + fragment.y };
  out.push({ ...at, f: fragment });
  for (const child of fragment.children) walk(child, at.x, at.y, out);
  return out;
}
const boxes = (flow: Fragment) => walk(flow).filter((p): p is Placed<BoxFragment> => p.f.kind === 'box');
const lines = (flow: Fragment) => walk(flow).filter((p): p is Placed<LineFragment> => p.f.kind === 'line');
/** The box painted in rgb(red, 0, 0). */
const red = (flow: Fragment, r: number) =>
  boxes(flow).find((b) => b.f.style.backgroundColor.r === r && b.f.style.backgroundColor.a > 0) as Placed<BoxFragment>;
const lineText = (line: LineFragment) =>
  line.children
    .map((c) => (c.kind === 'text' ? c.text : ''))
    .join('')
    .trim();

describe('floats among blocks', () => {
  it('puts floated columns side by side, and a clearfix parent grows to hold the taller one', () => {
    const flow = laidOut(
      `<div class="row" style="background: rgb(10,0,0)">
         <div style="float: left; width: 50%; height: 40pt; background: rgb(11,0,0)"></div>
         <div style="float: left; width: 50%; height: 70pt; background: rgb(12,0,0)"></div>
       </div>
       <div style="height: 5pt; background: rgb(13,0,0)"></div>`,
      '.row::after { content: ""; display: table; clear: both } body { margin: 0; width: 400pt }',
    );
    const [row, a, b, after] = [10, 11, 12, 13].map((r) => red(flow, r));
    expect(a?.x).toBeCloseTo(row?.x ?? -1, 5);
    expect(b?.x).toBeCloseTo((row?.x ?? 0) + 200, 5);
    expect(a?.y).toBeCloseTo(row?.y ?? -1, 5);
    expect(b?.y).toBeCloseTo(row?.y ?? -1, 5);
    expect(row?.f.height).toBeCloseTo(70, 5);
    expect(after?.y).toBeCloseTo((row?.y ?? 0) + 70, 5);
  });

  it('leaves a parent without a clearfix as high as its in-flow content, while the float hangs out of it', () => {
    const flow = laidOut(
      `<div style="background: rgb(20,0,0)"><div style="float: right; width: 50pt; height: 60pt; background: rgb(21,0,0)"></div>Text</div>`,
      'body { margin: 0; width: 400pt; font-size: 10pt; line-height: 12pt }',
    );
    expect(red(flow, 20)?.f.height).toBeCloseTo(12, 5);
    expect(red(flow, 21)?.x).toBeCloseTo(350, 5);
  });

  it('moves a box with clear below the floats of the sides it clears', () => {
    const flow = laidOut(
      `<div style="float: left; width: 50pt; height: 30pt; background: rgb(30,0,0)"></div>
       <div style="float: right; width: 50pt; height: 80pt; background: rgb(31,0,0)"></div>
       <div style="clear: left; height: 5pt; background: rgb(32,0,0)"></div>
       <div style="clear: both; height: 5pt; background: rgb(33,0,0)"></div>`,
      'body { margin: 0; width: 400pt }',
    );
    expect(red(flow, 32)?.y).toBeCloseTo(30, 5);
    expect(red(flow, 33)?.y).toBeCloseTo(80, 5);
    // Floats met after a block go on the line below it; a float that does not fit beside goes below.
    const wide = laidOut(
      `<div style="float: left; width: 300pt; height: 20pt; background: rgb(34,0,0)"></div>
       <div style="float: left; width: 200pt; height: 20pt; background: rgb(35,0,0)"></div>`,
      'body { margin: 0; width: 400pt }',
    );
    expect(red(wide, 35)).toMatchObject({ x: 0, y: 20 });
  });

  it('narrows a box with its own formatting context (overflow: hidden, a table) to the room beside a float', () => {
    const flow = laidOut(
      `<img style="float: left; width: 60pt; height: 60pt; margin-right: 10pt" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==">
       <div style="overflow: hidden; background: rgb(40,0,0)">Media body</div>
       <table style="width: 100%; background: rgb(41,0,0)"><tr><td>Full width</td></tr></table>`,
      'body { margin: 0; width: 400pt }',
    );
    const media = red(flow, 40);
    expect(media?.x).toBeCloseTo(70, 5);
    expect(media?.f.width).toBeCloseTo(330, 5);
    expect(media?.y).toBeCloseTo(0, 5);
    // As wide as the page: it does not fit beside the image and goes below it.
    const table = red(flow, 41);
    expect(table?.y).toBeGreaterThanOrEqual(60 - 0.01);
    expect(table?.x).toBeCloseTo(0, 5);
  });

  it('sizes a shrink-to-fit box around floats that sit side by side', () => {
    const flow = laidOut(
      `<div style="display: inline-block; background: rgb(50,0,0)">
         <div style="float: left; width: 40pt; height: 10pt"></div><div style="float: left; width: 70pt; height: 20pt"></div>
       </div>`,
      'body { margin: 0; width: 400pt }',
    );
    expect(red(flow, 50)?.f.width).toBeCloseTo(110, 5);
    expect(red(flow, 50)?.f.height).toBeCloseTo(20, 5);
  });
});

describe('text around floats', () => {
  it('shortens the lines beside a float and gives the lines below it the whole width', () => {
    const words = 'word '.repeat(120);
    const flow = laidOut(
      `<p><span style="float: right; width: 100pt; height: 50pt; background: rgb(60,0,0)"></span>${words}</p>`,
      'body { margin: 0; width: 400pt; font-size: 10pt; line-height: 12pt } p { margin: 0 }',
    );
    const all = lines(flow);
    expect(all.length).toBeGreaterThan(6);
    const beside = all.filter((l) => l.y < 50 - 0.01);
    const below = all.filter((l) => l.y >= 50);
    expect(beside.length).toBe(5);
    for (const l of beside) expect(l.f.width).toBeCloseTo(300, 5);
    for (const l of below) expect(l.f.width).toBeCloseTo(400, 5);
    expect(red(flow, 60)?.x).toBeCloseTo(300, 5);
  });

  it('starts the first line after a left float met before the first word, and wraps later paragraphs too', () => {
    const flow = laidOut(
      `<div style="float: left; width: 80pt; height: 30pt; background: rgb(70,0,0)"></div>
       <p>First paragraph</p><p>Second paragraph</p><p>Below</p>`,
      'body { margin: 0; width: 400pt; font-size: 10pt; line-height: 12pt } p { margin: 0 0 6pt }',
    );
    const all = lines(flow);
    const [first, second, third] = all;
    expect(first?.x).toBeCloseTo(80, 5);
    expect(second?.x).toBeCloseTo(80, 5);
    // The third paragraph's line starts at 36pt, below the float.
    expect(third?.y).toBeCloseTo(36, 5);
    expect(third?.x).toBeCloseTo(0, 5);
  });

  it('moves a line down past a float when not even its first word fits beside it', () => {
    const flow = laidOut(
      `<div style="float: left; width: 380pt; height: 30pt"></div><p>Unbreakableword</p>`,
      'body { margin: 0; width: 400pt; font-size: 10pt; line-height: 12pt } p { margin: 0 }',
    );
    const [line] = lines(flow);
    expect(line?.y).toBeCloseTo(30, 5);
    expect(line && lineText(line.f)).toBe('Unbreakableword');
  });

  it('places a float met inside a line beside it when it fits, and a table cell holds its floats', () => {
    const flow = laidOut(
      `<table style="border-collapse: collapse"><tr><td style="padding: 0; background: rgb(80,0,0)">
         Price <span style="float: right; width: 20pt; height: 40pt; background: rgb(81,0,0)"></span>list
       </td></tr></table>`,
      'body { margin: 0; width: 400pt; font-size: 10pt; line-height: 12pt }',
    );
    const cell = red(flow, 80);
    expect(cell?.f.height).toBeCloseTo(40, 5);
    const [line] = lines(flow);
    expect(line && lineText(line.f)).toMatch(/^Price\s*list$/);
  });
});

describe('floats in the PDF', () => {
  it('prints a float taller than the page over two pages, broken between its lines, nothing lost or twice', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => `<div>Aside line ${i + 1}</div>`).join('');
    const report = await renderReport({
      template: {
        html: `<aside style="float: right; width: 40%">${rows}</aside><p>Main text beside the aside.</p>`,
        css: '@page { size: A5; margin: 10mm }',
      },
      data: {},
    });
    expect(report.pages).toBe(2);
    const texts = await pageTexts(report.bytes);
    const all = texts.join('\n');
    // Every line once: the page breaks between two of the float's lines, not through one.
    for (let i = 1; i <= 60; i++) expect(all.match(new RegExp(`Aside line ${i}\\b`, 'g'))).toHaveLength(1);
    expect(texts[0]).toContain('Main text beside the aside.');
    expect(report.warnings.map((w) => w.message).join()).not.toContain('float');
  });
});

describe('images out of the flow', () => {
  it('places an absolutely positioned image against its positioned ancestor, not in the line', () => {
    const flow = laidOut(
      `<div style="position: relative; width: 300pt; background: rgb(90,0,0)">
         <p style="margin: 0">Sender</p>
         <img style="position: absolute; top: 2pt; right: 0; width: 40pt; height: 40pt" src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='10' height='10'/%3E">
       </div>`,
      'body { margin: 0; font-size: 10pt; line-height: 12pt }',
    );
    const box = red(flow, 90);
    // Out of the flow: the box is as high as its one line.
    expect(box?.f.height).toBeCloseTo(12, 5);
    const image = box?.f.positioned?.[0];
    expect(image?.x).toBeCloseTo(260, 5);
    expect(image?.y).toBeCloseTo(2, 5);
  });
});
