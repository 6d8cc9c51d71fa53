import { beforeAll, describe, expect, it } from 'vitest';
import { pageTexts } from '../../../__fixtures__/pdf-tools';
import { renderReport } from '../../../render';
import { layOutHtml } from '../../__fixtures__/lay-out-html';
import { ensureFlexReady } from '../../document/render-document';
import { initialStyle } from '../../style/computed-style';
import type { Fragment, PageFragments } from '../fragment';
import { columnSizes, multicolIntrinsicWidths } from './column-sizes';

beforeAll(() => ensureFlexReady());

interface PlacedLine {
  x: number;
  right: number;
  y: number;
  bottom: number;
  text: string;
}

/** Every line box with text under a fragment, with its absolute position and its words. */
function lines(fragment: Fragment, x = 0, y = 0, out: PlacedLine[] = []): PlacedLine[] {
  if (fragment.kind === 'line') {
    const text = fragment.children.map((c) => (c.kind === 'text' ? c.text : '')).join('');
    if (text.trim()) {
      // Where the line's text ends (a line box is as wide as its column; its runs are not).
      const right = Math.max(...fragment.children.map((c) => (c.kind === 'text' ? c.x + c.width : 0)));
      out.push({
        x: x + fragment.x,
        right: x + fragment.x + right,
        y: y + fragment.y,
        bottom: y + fragment.y + fragment.height,
        text,
      });
    }
  } else if (fragment.kind === 'box')
    for (const child of fragment.children) lines(child, x + fragment.x, y + fragment.y, out);
  return out;
}

/** The lines a page prints (decoration-only pieces bring no children: those come as pieces of their own). */
function pageLines(page: PageFragments): PlacedLine[] {
  const out: PlacedLine[] = [];
  for (const piece of page.pieces) {
    if (piece.decorationOnly) continue;
    lines(piece.fragment, piece.x, piece.y, out);
  }
  return out;
}

/** Boxes drawn with a visible left border and no children (the column rules), with their absolute position. */
function rules(fragment: Fragment, x = 0, y = 0, out: Array<{ x: number; w: number; h: number }> = []) {
  if (fragment.kind !== 'box') return out;
  const at = { x: x + fragment.x, y: y + fragment.y };
  if (fragment.children.length === 0 && fragment.style.borderLeft.width > 0)
    out.push({ x: at.x, w: fragment.width, h: fragment.height });
  for (const child of fragment.children) rules(child, at.x, at.y, out);
  return out;
}

const words = (text: string) => text.split(/\s+/).filter((w) => w.length > 0);
/** Paragraphs of numbered words (`p3w7`), so that order and loss both show. */
const paragraphs = (count: number, length: (i: number) => number, prefix = 'p') =>
  Array.from(
    { length: count },
    (_, i) => `<p>${Array.from({ length: length(i) }, (_, j) => `${prefix}${i}w${j}`).join(' ')}</p>`,
  ).join('');

describe('multi-column layout', () => {
  it('balances two columns of paragraphs: both as tall as each other within a line, in reading order', () => {
    const { flow } = layOutHtml(
      `<div style="column-count: 2; column-gap: 20pt; width: 400pt">${paragraphs(6, (i) => 20 + i * 7)}</div>`,
      'p { margin: 0 0 6pt; line-height: 14pt; font-size: 10pt }',
    );
    const all = lines(flow);
    const left = all.filter((l) => l.x < 190);
    const right = all.filter((l) => l.x >= 210);
    expect(left.length + right.length).toBe(all.length);
    expect(left.length).toBeGreaterThan(3);
    expect(right.length).toBeGreaterThan(3);
    const bottom = (ls: PlacedLine[]) => Math.max(...ls.map((l) => l.bottom));
    expect(Math.abs(bottom(left) - bottom(right))).toBeLessThanOrEqual(14 + 6 + 0.01);
    // Down the first column, then down the second: the words in their source order.
    const read = [...left, ...right].flatMap((l) => words(l.text));
    const source = paragraphs(6, (i) => 20 + i * 7)
      .replace(/<\/?p>/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
    expect(read).toEqual(source);
    // Each column is as wide as half the box less the gap.
    expect(Math.max(...left.map((l) => l.x))).toBeLessThan(190);
    // (The body's 6pt margin is to the left of both.)
    expect(Math.min(...right.map((l) => l.x)) - Math.min(...left.map((l) => l.x))).toBeCloseTo(210, 0);
  });

  it('truncates the margin a column break falls in: the next column starts with its box', () => {
    const { flow } = layOutHtml(
      `<div style="columns: 2; column-fill: auto; height: 100pt; width: 400pt">
        <div style="height: 80pt; margin-bottom: 30pt">First</div><div>Second</div></div>`,
      'body { margin: 0 } div { margin: 0 }',
    );
    const placed = lines(flow);
    const first = placed.find((l) => l.text.includes('First'));
    const second = placed.find((l) => l.text.includes('Second'));
    // The break falls at 100pt, inside the 30pt margin (80 to 110): the second column starts with "Second".
    expect(second?.x).toBeGreaterThan((first?.x ?? 0) + 100);
    expect(second?.y).toBeCloseTo(first?.y ?? -1, 5);
  });

  it('does not count the margin truncated at a page break in the height of the columns on the next page', () => {
    // B's 55pt margin does not fit the first page: the page breaks at B's foot, and the columns on the second
    // page start with C. They are as tall as C (100pt), as in Chromium, not C and the margin above it.
    const { pages } = layOutHtml(
      `<div class="m" style="column-count: 2; column-gap: 0">
        <div style="height: 150pt; margin-bottom: 30pt">A</div><div style="height: 150pt; margin-bottom: 55pt">B</div>
        <div style="height: 100pt; margin-bottom: 10pt">C</div><div style="height: 50pt">D</div>
      </div><p>After</p>`,
      `@page { size: 400pt 200pt; margin: 0 } body { margin: 0; font: 10pt/12pt 'Noto Sans' }
       p { margin: 0 } .m > div { break-inside: avoid }`,
    );
    const second = pageLines(pages[1] as PageFragments);
    expect(second.map((l) => l.text)).toEqual(['C', 'D', 'After']);
    expect(second.find((l) => l.text === 'C')?.y).toBeCloseTo(0, 5);
    // Balancing finds the height to a quarter of a point.
    expect(second.find((l) => l.text === 'After')?.y).toBeCloseTo(100, 0);
  });

  it('lays out three columns with the gap between them and a rule centred in each gap', () => {
    const { flow } = layOutHtml(
      `<div style="column-count: 3; column-gap: 20pt; column-rule: 1.5pt solid #333; width: 460pt">
        ${paragraphs(9, () => 12)}</div>`,
      'p { margin: 0; font-size: 9pt }',
    );
    const xs = [...new Set(lines(flow).map((l) => Math.round(l.x)))].sort((a, b) => a - b);
    // (460 - 2 × 20) / 3 = 140 points wide, 160 apart (the body's 6pt margin before the first).
    expect(xs.length).toBe(3);
    expect((xs[1] as number) - (xs[0] as number)).toBe(160);
    expect((xs[2] as number) - (xs[1] as number)).toBe(160);
    const drawn = rules(flow);
    expect(drawn).toHaveLength(2);
    const first = xs[0] as number;
    expect(drawn[0]?.x).toBeCloseTo(first + 150 - 0.75, 1);
    expect(drawn[1]?.x).toBeCloseTo(first + 310 - 0.75, 1);
    expect(drawn[0]?.w).toBe(1.5);
    expect(drawn[0]?.h).toBeGreaterThan(20);
  });

  it('puts a column-span: all heading across the columns, between two sets balanced on their own', () => {
    const { flow } = layOutHtml(
      `<div style="column-count: 2; column-gap: 20pt; width: 400pt">
        ${paragraphs(4, () => 30, 'a')}<h2 style="column-span: all">Spanning heading</h2>${paragraphs(2, () => 40, 'b')}
      </div>`,
      'p { margin: 0 0 4pt; font-size: 10pt } h2 { margin: 8pt 0; font-size: 14pt }',
    );
    const all = lines(flow);
    const heading = all.find((l) => l.text.startsWith('Spanning')) as PlacedLine;
    const before = all.filter((l) => l.text.startsWith('a'));
    const after = all.filter((l) => l.text.startsWith('b'));
    expect(before.length).toBeGreaterThan(4);
    expect(before.every((l) => l.bottom <= heading.y)).toBe(true);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((l) => l.y >= heading.bottom)).toBe(true);
    // Both sets use both columns; the heading starts at the box's left edge.
    for (const set of [before, after]) {
      expect(set.some((l) => l.x < 190)).toBe(true);
      expect(set.some((l) => l.x >= 210)).toBe(true);
    }
    expect(heading.x).toBeLessThan(Math.min(...after.map((l) => l.x)) + 0.01);
    // The second set is balanced too: its two columns end within a line of each other.
    const bottom = (ls: PlacedLine[]) => Math.max(...ls.map((l) => l.bottom));
    const lineHeight = (after[0] as PlacedLine).bottom - (after[0] as PlacedLine).y;
    expect(
      Math.abs(bottom(after.filter((l) => l.x < 190)) - bottom(after.filter((l) => l.x >= 210))),
    ).toBeLessThanOrEqual(lineHeight + 4.01);
  });

  it('fills the columns of a right-to-left box from the right', () => {
    const { flow } = layOutHtml(
      `<div dir="rtl" style="column-count: 2; column-gap: 20pt; width: 400pt">${paragraphs(4, () => 25)}</div>`,
      'p { margin: 0; font-size: 10pt }',
    );
    const all = lines(flow);
    const first = all.filter((l) => l.text.includes('p0w0'));
    const last = all.filter((l) => l.text.includes('p3w24'));
    expect(first).toHaveLength(1);
    expect(last).toHaveLength(1);
    expect((first[0] as PlacedLine).x).toBeGreaterThanOrEqual(210);
    expect((last[0] as PlacedLine).x).toBeLessThan(190);
  });

  it('goes on in columns on the next page when the columns are taller than a page, printing every word', () => {
    const source = paragraphs(40, () => 60);
    const { pages, findings } = layOutHtml(
      `<h1>Before the columns</h1><div style="column-count: 2; column-gap: 18pt">${source}</div><p>After</p>`,
      'p { margin: 0 0 6pt; font-size: 10pt }',
    );
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const printed = pages.flatMap((page) => pageLines(page).flatMap((l) => words(l.text)));
    const expected = source
      .replace(/<\/?p>/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
    expect(printed.filter((w) => /^p\d+w\d+$/.test(w)).sort()).toEqual([...expected].sort());
    // Both pages have text in both columns; nothing runs past a page's content box.
    for (const page of pages.slice(0, 2)) {
      const ls = pageLines(page);
      const middle = page.width / 2;
      expect(ls.some((l) => l.x < middle - 9)).toBe(true);
      expect(ls.some((l) => l.x > middle)).toBe(true);
      expect(Math.max(...ls.map((l) => l.bottom))).toBeLessThanOrEqual(page.height);
    }
    // The columns fill the first page below the heading rather than starting on the next.
    const firstPage = pageLines(pages[0] as PageFragments);
    expect(firstPage.some((l) => l.text.includes('p0w0'))).toBe(true);
    expect(findings.list().filter((f) => f.code === 'unsupported_css_property')).toEqual([]);
  });

  it('derives the column count from column-width (CSS Multi-column §3.4)', () => {
    const style = { ...initialStyle(), columnWidth: 150, columnGap: { pt: 10, pct: 0 } };
    // floor((500 + 10) / (150 + 10)) = 3 columns, (500 - 20) / 3 = 160 wide.
    expect(columnSizes(style, 500)).toEqual({ count: 3, width: 160, gap: 10 });
    // A column-count caps it; a width wider than the box still gives one column, as wide as the box.
    expect(columnSizes({ ...style, columnCount: 2 }, 500)).toEqual({ count: 2, width: 245, gap: 10 });
    expect(columnSizes({ ...style, columnWidth: 900 }, 500)).toEqual({ count: 1, width: 500, gap: 10 });
    // column-gap: normal is 1em.
    expect(columnSizes({ ...initialStyle(), columnCount: 2, fontSize: 10 }, 210).gap).toBe(10);

    const { flow } = layOutHtml(
      `<div style="column-width: 150pt; column-gap: 10pt; width: 500pt">${paragraphs(6, () => 20)}</div>`,
      'p { margin: 0; font-size: 9pt }',
    );
    const xs = [...new Set(lines(flow).map((l) => Math.round(l.x)))].sort((a, b) => a - b);
    expect(xs).toHaveLength(3);
    expect((xs[1] as number) - (xs[0] as number)).toBe(170);
  });

  it('starts a new column at break-before: column, and a new page only at a page break', () => {
    const { flow, pages } = layOutHtml(
      `<div style="column-count: 3; width: 450pt">
        <p>first</p><p style="break-before: column">second</p><p style="break-after: column">third</p><p>fourth</p>
      </div><p style="break-before: column">after</p>`,
      'p { margin: 0 }',
    );
    const at = new Map(lines(flow).map((l) => [l.text.trim(), l]));
    const x = (word: string) => Math.round((at.get(word) as PlacedLine).x);
    expect(new Set([x('first'), x('second'), x('fourth')]).size).toBe(3);
    expect(x('third')).toBe(x('second'));
    expect((at.get('fourth') as PlacedLine).y).toBeCloseTo((at.get('first') as PlacedLine).y, 5);
    // Outside columns a column break breaks nothing.
    expect(pages).toHaveLength(1);
  });

  it('names what it does not do: a spanner deeper than a child, something unbreakable taller than a page', () => {
    const { findings } = layOutHtml(
      `<div style="column-count: 2"><section><h2 style="column-span: all">Deep</h2><p>text</p></section>
        <div style="height: 1200pt"></div></div>`,
    );
    const seen = findings.list().map((f) => `${f.code}: ${f.message}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^unsupported_css_value: column-span: all on a <h2> that is not a child/),
        expect.stringMatching(/^content_overflow: A <div> in 2 columns holds something that cannot be broken/),
      ]),
    );
  });

  it('sizes a shrink-to-fit multi-column box as its columns side by side', () => {
    const style = { ...initialStyle(), columnCount: 3, columnGap: { pt: 10, pct: 0 } };
    expect(multicolIntrinsicWidths(style, { min: 20, max: 50 })).toEqual({ min: 80, max: 170 });
    // A column-width is the columns' width, or the content's min-content width when that is wider.
    const wide = { ...initialStyle(), columnWidth: 100, columnGap: { pt: 10, pct: 0 } };
    expect(multicolIntrinsicWidths(wide, { min: 20, max: 50 })).toEqual({ min: 20, max: 100 });
    expect(multicolIntrinsicWidths(wide, { min: 120, max: 150 })).toEqual({ min: 120, max: 120 });

    const { flow } = layOutHtml(
      `<div style="float: left; column-count: 2; column-gap: 10pt; border: 1pt solid red"><p>alpha beta</p><p>gamma</p></div>`,
      'p { margin: 0 }',
    );
    const two = lines(flow);
    expect(two).toHaveLength(2);
    // Each column as wide as the longest line; the second starts a gap after it.
    const widest = Math.max(...two.map((l) => l.right - l.x));
    expect((two[1] as PlacedLine).x - (two[0] as PlacedLine).x).toBeCloseTo(widest + 10, 1);
  });

  it('keeps a break-inside: avoid block whole in one column', () => {
    const { flow } = layOutHtml(
      `<div style="column-count: 2; width: 400pt">
        ${paragraphs(1, () => 30, 'a')}<div style="break-inside: avoid">${paragraphs(3, () => 20, 'k')}</div>${paragraphs(1, () => 30, 'z')}
      </div>`,
      'p { margin: 0; font-size: 10pt }',
    );
    const all = lines(flow);
    expect(new Set(all.map((l) => Math.round(l.x))).size).toBe(2);
    // Without the rule the block would be cut to balance the columns; with it, its lines share one column.
    expect(new Set(all.filter((l) => l.text.startsWith('k')).map((l) => Math.round(l.x))).size).toBe(1);
  });
});

describe('multi-column layout, end to end', () => {
  it('renders a two-column datasheet with spanning headings to a PDF: every word, columns side by side on every page', async () => {
    const body = paragraphs(30, (i) => 40 + (i % 5) * 9);
    const html = `<h1>Datasheet</h1>
      <div class="cols"><h2 class="span">Overview</h2>${body}<h2 class="span">Ordering</h2><p>Last words here.</p></div>`;
    const css = `.cols { column-count: 2; column-gap: 0.3in; column-rule: 0.5pt solid #999 }
      .span { column-span: all } p { margin: 0 0 6pt; font-size: 9pt }`;
    const render = (styles: string) =>
      renderReport({
        template: { html, css: styles },
        data: {},
        engine: 'quire',
        metadata: { creationDate: new Date('2026-01-01T00:00:00Z') },
      });
    const { bytes, warnings } = await render(css);
    const texts = await pageTexts(bytes);
    const printed = texts.join(' ').split(/\s+/).filter(Boolean);
    const expected = body
      .replace(/<\/?p>/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
    for (const word of [...expected, 'Overview', 'Ordering', 'Last', 'words']) expect(printed).toContain(word);
    // Every page prints two columns side by side (pdftotext -layout keeps them on one text line), and the second
    // column of a page goes on where the first ends: the words of a page's first column come before its second's.
    expect(texts.length).toBeGreaterThanOrEqual(2);
    for (const text of texts) expect(text).toMatch(/p\d+w\d+ +\S*\s{3,}p\d+w\d+/);
    const order = (word: string) => {
      const [, p, w] = /p(\d+)w(\d+)/.exec(word) as RegExpExecArray;
      return Number(p) * 1000 + Number(w);
    };
    for (const text of texts) {
      const rows = text.split('\n').filter((row) => /p\d+w\d+.*\s{3,}p\d+w\d+/.test(row));
      const left = rows.map((row) => order(row.trim().split(/\s+/)[0] as string));
      const right = rows.map((row) => order(row.trim().split(/\s+/).pop() as string));
      expect(Math.max(...left)).toBeLessThan(Math.min(...right));
    }
    expect(warnings.map((w) => w.message).join('\n')).not.toMatch(/column/);
  });
});
