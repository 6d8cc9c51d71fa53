import { createTemplateEngine, getStarter } from '@quire/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageTexts } from '../../../__fixtures__/pdf-tools';
import { defaultFonts, renderReport } from '../../../render';
import { layOutHtml } from '../../__fixtures__/lay-out-html';
import { ensureFlexReady, layoutDocument } from '../../document/render-document';
import type { BoxFragment, Fragment, LineFragment } from '../fragment';

beforeAll(() => ensureFlexReady());

// No body margin: the flow's content box is the page's.
const laidOut = (html: string, css = 'body { margin: 0 }') => layOutHtml(html, css);

interface Found {
  box: BoxFragment;
  x: number;
  y: number;
}

/** Every box fragment with its absolute position, in tree order. */
function boxes(fragment: Fragment, x = 0, y = 0, out: Found[] = []): Found[] {
  if (fragment.kind !== 'box' && fragment.kind !== 'line') return out;
  const ax = x + fragment.x;
  const ay = y + fragment.y;
  if (fragment.kind === 'box') out.push({ box: fragment, x: ax, y: ay });
  for (const child of fragment.children) boxes(child, ax, ay, out);
  return out;
}

/** The boxes whose background is the given red value (the tests colour their items to find them). */
const byRed = (doc: ReturnType<typeof laidOut>, red: number) =>
  boxes(doc.flow).filter((f) => f.box.style.backgroundColor.r === red && f.box.style.backgroundColor.a === 1);

function lineCount(fragment: Fragment): number {
  if (fragment.kind === 'line') return 1;
  if (fragment.kind !== 'box') return 0;
  return fragment.children.reduce((sum, child) => sum + lineCount(child), 0);
}

const lineTexts = (fragment: Fragment, out: string[] = []): string[] => {
  if (fragment.kind === 'line')
    out.push(
      (fragment as LineFragment).children
        .map((c) => (c.kind === 'text' ? c.text : ''))
        .join('')
        .trim(),
    );
  else if (fragment.kind === 'box') for (const child of fragment.children) lineTexts(child, out);
  return out;
};

// The page's content width with the default A4 page and margins.
const contentWidth = (doc: ReturnType<typeof laidOut>) => doc.flow.width;

describe('flex layout', () => {
  it('puts a header row side by side with justify-content: space-between', () => {
    const doc = laidOut(
      `<div style="display:flex; justify-content:space-between">
        <div style="background:rgb(1,0,0)">ACME Corporation<br>1 Main Street</div>
        <div style="background:rgb(2,0,0); text-align:right">Invoice #42<br>Due 2026-01-31</div>
      </div>`,
    );
    const [left] = byRed(doc, 1);
    const [right] = byRed(doc, 2);
    expect(left && right).toBeTruthy();
    if (!left || !right) return;
    expect(left.y).toBeCloseTo(right.y, 3);
    expect(left.x).toBeCloseTo(doc.flow.x, 3);
    expect(right.x + right.box.width).toBeCloseTo(doc.flow.x + contentWidth(doc), 1);
    // Each as wide as its content: the two lines of each stay unbroken.
    expect(lineCount(left.box)).toBe(2);
    expect(lineCount(right.box)).toBe(2);
    expect(right.x).toBeGreaterThan(left.x + left.box.width);
    expect(doc.findings.list()).toEqual([]);
  });

  it('shares the width equally between flex: 1 columns, gaps taken out', () => {
    const doc = laidOut(
      `<div style="display:flex; gap:20pt; width:320pt">
        <div style="flex:1; background:rgb(1,0,0)">One</div>
        <div style="flex:1; background:rgb(2,0,0)">A much longer column text</div>
        <div style="flex:1; background:rgb(3,0,0)">Three</div>
      </div>`,
    );
    const columns = [1, 2, 3].map((red) => byRed(doc, red)[0] as Found);
    for (const column of columns) expect(column.box.width).toBeCloseTo((320 - 40) / 3, 2);
    expect((columns[1] as Found).x - (columns[0] as Found).x).toBeCloseTo((320 - 40) / 3 + 20, 2);
    expect((columns[2] as Found).x - (columns[1] as Found).x).toBeCloseTo((320 - 40) / 3 + 20, 2);
  });

  it('gives free space by flex-grow ratios', () => {
    const doc = laidOut(
      `<div style="display:flex; width:300pt">
        <div style="flex-grow:1; flex-basis:0; background:rgb(1,0,0)">a</div>
        <div style="flex-grow:2; flex-basis:0; background:rgb(2,0,0)">b</div>
      </div>`,
    );
    expect((byRed(doc, 1)[0] as Found).box.width).toBeCloseTo(100, 2);
    expect((byRed(doc, 2)[0] as Found).box.width).toBeCloseTo(200, 2);
  });

  it('wraps items onto a second line with flex-wrap: wrap, row-gap between the lines', () => {
    const doc = laidOut(
      `<div style="display:flex; flex-wrap:wrap; width:300pt; row-gap:10pt">
        <div style="width:120pt; height:30pt; background:rgb(1,0,0)"></div>
        <div style="width:120pt; height:30pt; background:rgb(2,0,0)"></div>
        <div style="width:120pt; height:30pt; background:rgb(3,0,0)"></div>
      </div>`,
    );
    const [a, b, c] = [1, 2, 3].map((red) => byRed(doc, red)[0] as Found);
    expect(a?.y).toBeCloseTo(b?.y as number, 3);
    expect(b?.x).toBeCloseTo((a?.x as number) + 120, 3);
    expect(c?.x).toBeCloseTo(a?.x as number, 3);
    expect(c?.y).toBeCloseTo((a?.y as number) + 40, 3);
    // Each line is a row for the paginator, its items side by side.
    const rows = boxes(doc.flow).filter((f) => f.box.role === 'row');
    expect(rows.map((r) => r.box.children.length)).toEqual([2, 1]);
  });

  it('stacks items in a column, reversed with column-reverse', () => {
    const html = (direction: string) =>
      `<div style="display:flex; flex-direction:${direction}">
        <div style="height:20pt; background:rgb(1,0,0)"></div>
        <div style="height:30pt; background:rgb(2,0,0)"></div>
      </div>`;
    const column = laidOut(html('column'));
    const [a, b] = [1, 2].map((red) => byRed(column, red)[0] as Found);
    expect(b?.y).toBeCloseTo((a?.y as number) + 20, 3);
    // Stretched across the container.
    expect(a?.box.width).toBeCloseTo(contentWidth(column), 2);
    const reversed = laidOut(html('column-reverse'));
    const [ra, rb] = [1, 2].map((red) => byRed(reversed, red)[0] as Found);
    expect(ra?.y).toBeCloseTo((rb?.y as number) + 30, 3);
  });

  it('shrinks column items in a short container no further than their content', () => {
    const doc = laidOut(
      `<div style="display:flex; flex-direction:column; height:50pt">
        <div style="height:40pt; background:rgb(1,0,0)"></div>
        <div style="flex-basis:40pt; background:rgb(2,0,0)">Some text<br>on two lines</div>
      </div>`,
    );
    const [a, b] = [1, 2].map((red) => byRed(doc, red)[0] as Found);
    const text = b as Found;
    // Two lines of 12pt text need about 33pt: the text item keeps them, the other shrinks for it.
    expect(lineCount(text.box)).toBe(2);
    const lines = text.box.children as LineFragment[];
    const last = lines[lines.length - 1] as LineFragment;
    expect(text.box.height).toBeGreaterThanOrEqual(last.y + last.height - 0.01);
    expect(a?.box.height).toBeCloseTo(50 - text.box.height, 2);
  });

  it('takes tables and SVG images as items', () => {
    const doc = laidOut(
      `<div style="display:flex; gap:10pt; width:300pt; align-items:flex-start">
        <svg width="40" height="20" viewBox="0 0 40 20"><rect width="40" height="20"/></svg>
        <table style="flex:1; background:rgb(1,0,0)"><tr><td>Qty</td><td>12</td></tr></table>
      </div>`,
    );
    const svg = (function find(f: Fragment, x: number): { x: number; width: number } | undefined {
      if (f.kind === 'svg') return { x: x + f.x, width: f.width };
      if (f.kind !== 'box' && f.kind !== 'line') return undefined;
      for (const child of f.children) {
        const found = find(child, x + f.x);
        if (found) return found;
      }
      return undefined;
    })(doc.flow, 0);
    expect(svg).toMatchObject({ x: 0, width: 30 });
    const table = byRed(doc, 1)[0] as Found;
    expect(table.x).toBeCloseTo(40, 2);
    expect(table.box.width).toBeCloseTo(260, 2);
    expect(lineTexts(table.box)).toEqual(['Qty', '12']);
  });

  it('centres items across the line with align-items: center', () => {
    const doc = laidOut(
      `<div style="display:flex; align-items:center">
        <div style="height:60pt; width:50pt; background:rgb(1,0,0)"></div>
        <div style="height:20pt; width:50pt; background:rgb(2,0,0)"></div>
      </div>`,
    );
    const [tall, short] = [1, 2].map((red) => byRed(doc, red)[0] as Found);
    expect((short?.y as number) - (tall?.y as number)).toBeCloseTo(20, 3);
  });

  it('aligns the first baselines of items with align-items: baseline', () => {
    const doc = laidOut(
      `<div style="display:flex; align-items:baseline; gap:10pt">
        <div style="font-size:28pt; background:rgb(1,0,0)">Invoice</div>
        <div style="font-size:9pt; padding-top:3pt; background:rgb(2,0,0)">No. 42</div>
        <div style="font-size:12pt; background:rgb(3,0,0)">Due today</div>
      </div>`,
    );
    const baselines = [1, 2, 3].map((red) => {
      const item = byRed(doc, red)[0] as Found;
      const line = item.box.children[0] as LineFragment;
      return item.y + line.y + line.baseline;
    });
    expect(baselines[1]).toBeCloseTo(baselines[0] as number, 2);
    expect(baselines[2]).toBeCloseTo(baselines[0] as number, 2);
    // The big item is not moved; the container is as tall as the lowest item reaches.
    expect((byRed(doc, 1)[0] as Found).y).toBeCloseTo(0, 2);
    const container = boxes(doc.flow).find((f) => f.box.style.display === 'flex') as Found;
    const lowest = Math.max(...[1, 2, 3].map((red) => ((f) => f.y + f.box.height)(byRed(doc, red)[0] as Found)));
    expect(container.y + container.box.height).toBeCloseTo(lowest, 2);
  });

  it('stretches items to the line height by default', () => {
    const doc = laidOut(
      `<div style="display:flex">
        <div style="height:60pt; width:50pt; background:rgb(1,0,0)"></div>
        <div style="width:50pt; background:rgb(2,0,0)">x</div>
      </div>`,
    );
    expect((byRed(doc, 2)[0] as Found).box.height).toBeCloseTo(60, 3);
  });

  it('wraps long text within its share of the row', () => {
    const text = 'This is a long description that cannot fit on one line of a narrow flex item at all.';
    const doc = laidOut(
      `<div style="display:flex; width:300pt">
        <div style="width:100pt; flex-shrink:0; background:rgb(1,0,0)">Label</div>
        <div style="flex:1; background:rgb(2,0,0)">${text}</div>
      </div>`,
    );
    const item = byRed(doc, 2)[0] as Found;
    expect(item.box.width).toBeCloseTo(200, 2);
    const lines = lineTexts(item.box);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ').replace(/\s+/g, ' ')).toBe(text);
    expect(item.box.height).toBeGreaterThan(20);
  });

  it('centres with auto margins', () => {
    const doc = laidOut(
      `<div style="display:flex; width:300pt"><div style="margin:0 auto; width:100pt; background:rgb(1,0,0)">x</div></div>`,
    );
    const item = byRed(doc, 1)[0] as Found;
    expect(item.x - doc.flow.x).toBeCloseTo(100, 2);
  });

  it('honours order', () => {
    const doc = laidOut(
      `<div style="display:flex">
        <div style="order:2; width:40pt; background:rgb(1,0,0)">a</div>
        <div style="order:1; width:40pt; background:rgb(2,0,0)">b</div>
      </div>`,
    );
    expect((byRed(doc, 2)[0] as Found).x).toBeLessThan((byRed(doc, 1)[0] as Found).x);
  });

  it('lays out a flex container with only text as one anonymous item', () => {
    const doc = laidOut(`<div style="display:flex; justify-content:flex-end; width:300pt">Total: 42</div>`);
    const [line] = lineTexts(doc.flow);
    expect(line).toBe('Total: 42');
  });

  it('lays out an inline-flex container on its line, as wide as its items', () => {
    const doc = laidOut(
      `<p>Total <span style="display:inline-flex; gap:6pt; background:rgb(9,0,0)"><b style="width:20pt; background:rgb(1,0,0)">a</b><b style="width:30pt">b</b></span> due</p>`,
    );
    const container = byRed(doc, 9)[0] as Found;
    expect(container.box.role).toBe('inline-block');
    expect(container.box.width).toBeCloseTo(56, 2);
    expect(lineTexts(doc.flow)[0]).toMatch(/^Total/);
  });

  it('runs a row from the right in a right-to-left container', () => {
    const doc = laidOut(
      `<div dir="rtl" style="display:flex; width:300pt; flex-wrap:wrap">
        <div style="width:200pt; height:10pt; background:rgb(1,0,0)"></div>
        <div style="width:80pt; height:10pt; background:rgb(2,0,0)"></div>
        <div style="width:100pt; height:10pt; background:rgb(3,0,0)"></div>
      </div>`,
    );
    const container = boxes(doc.flow).find((f) => f.box.style.display === 'flex') as Found;
    const [a, b, c] = [1, 2, 3].map((red) => byRed(doc, red)[0] as Found);
    expect((a?.x as number) - container.x).toBeCloseTo(100, 2);
    expect((b?.x as number) - container.x).toBeCloseTo(20, 2);
    expect((c?.x as number) - container.x).toBeCloseTo(200, 2);
    expect(c?.y).toBeCloseTo(10, 2);
    expect(boxes(doc.flow).filter((f) => f.box.role === 'row')).toHaveLength(2);
  });

  it('reports items that overflow a nowrap line once shrunk, naming the line', () => {
    const doc = laidOut(
      `<p>before</p>
<div style="display:flex; width:200pt">
        <div style="width:150pt; flex-shrink:0">a</div>
        <div style="width:150pt; flex-shrink:0">b</div>
      </div>`,
    );
    const overflow = doc.findings.list().filter((f) => f.code === 'content_overflow');
    expect(overflow).toHaveLength(1);
    expect(overflow[0]).toMatchObject({ line: 2 });
    expect(overflow[0]?.message).toContain('100pt');
  });

  it('shrinks items to fit a nowrap line without a finding', () => {
    const doc = laidOut(
      `<div style="display:flex; width:200pt">
        <div style="width:150pt; background:rgb(1,0,0)">a</div>
        <div style="width:150pt; background:rgb(2,0,0)">b</div>
      </div>`,
    );
    expect((byRed(doc, 1)[0] as Found).box.width).toBeCloseTo(100, 2);
    expect(doc.findings.list().filter((f) => f.code === 'content_overflow')).toEqual([]);
  });
});

describe('flex layout: pagination', () => {
  it('breaks a column flex container between its items', async () => {
    const items = Array.from({ length: 80 }, (_, i) => `<div style="height:20pt">Item ${i + 1}</div>`).join('');
    const report = await renderReport({
      template: { html: `<div style="display:flex; flex-direction:column">${items}</div>` },
      data: {},
      engine: 'quire',
    });
    expect(report.pages).toBeGreaterThan(1);
    const texts = await pageTexts(report.bytes);
    const all = texts.join('\n');
    for (let i = 1; i <= 80; i++) expect(all).toMatch(new RegExp(`Item ${i}\\b`));
    // No item is cut in two: each page ends with a whole item.
    expect(texts[0]).toMatch(/Item \d+\s*$/);
  });

  it('splits a row of two tall columns across pages, side by side on each', async () => {
    const column = (name: string) =>
      `<div style="flex:1">${Array.from({ length: 70 }, (_, i) => `<p style="margin:0 0 4pt">${name} ${i + 1}</p>`).join('')}</div>`;
    const report = await renderReport({
      template: { html: `<div style="display:flex; gap:12pt">${column('Left')}${column('Right')}</div>` },
      data: {},
      engine: 'quire',
    });
    expect(report.pages).toBe(2);
    const [first, second] = await pageTexts(report.bytes);
    expect(first).toContain('Left 1');
    expect(first).toContain('Right 1');
    expect(second).toContain('Left 70');
    expect(second).toContain('Right 70');
    const all = `${first}\n${second}`;
    for (let i = 1; i <= 70; i++) {
      expect(all).toMatch(new RegExp(`Left ${i}\\b`));
      expect(all).toMatch(new RegExp(`Right ${i}\\b`));
    }
  });
});

describe('flex layout: the starters', () => {
  // Chromium's page counts for the starters' sample data (scripts/side-by-side.ts).
  it.each([
    ['invoice', 2],
    ['receipt', 1],
    ['certificate', 1],
    ['packing-slip', 1],
    ['purchase-order', 1],
    ['quote', 2],
    ['meeting-minutes', 2],
  ])('renders the %s starter on as many pages as Chromium (%i), its head side by side', async (id, pages) => {
    const starter = getStarter(id);
    if (!starter) throw new Error(`no ${id} starter`);
    const report = await renderReport({ template: starter, data: starter.sample_data, engine: 'quire' });
    expect(report.pages).toBe(pages);
    expect(report.warnings.filter((w) => w.code === 'content_overflow')).toEqual([]);

    const liquid = createTemplateEngine();
    const bodyHtml = liquid.render(liquid.parse(starter.html), starter.sample_data);
    const doc = layoutDocument({
      template: starter,
      data: starter.sample_data,
      bodyHtml,
      liquid,
      fonts: defaultFonts(),
      images: new Map(),
    });
    // The first flex line with two items or more (the head): its items side by side, left to right.
    const head = boxes(doc.flow).find((f) => f.box.role === 'row' && f.box.children.length > 1);
    expect(head).toBeDefined();
    const items = (head as Found).box.children as BoxFragment[];
    for (let i = 1; i < items.length; i++) {
      const previous = items[i - 1] as BoxFragment;
      expect((items[i] as BoxFragment).x).toBeGreaterThanOrEqual(previous.x + previous.width - 0.01);
    }
  });
  it('keeps an item of one line on one line at the width Yoga gives back (a 32-bit float)', async () => {
    const report = await renderReport({
      template: {
        html: `<div style="width: 280px; font-size: 10px">
          <div style="display: flex; justify-content: space-between"><span>서울특별시 마포구 망원로 72 (망원동)</span></div>
        </div>`,
      },
      data: {},
    });
    const [page] = await pageTexts(report.bytes);
    expect(page?.trim().split('\n')).toEqual(['서울특별시 마포구 망원로 72 (망원동)']);
    expect(report.warnings.filter((w) => w.code === 'content_overflow')).toEqual([]);
  });
});
