import { createTemplateEngine } from '@quire/core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { pageTexts } from '../../../__fixtures__/pdf-tools';
import { defaultFonts, renderReport } from '../../../render';
import type { RenderTemplate } from '../../../types';
import { rasterize } from '../../../visual/rasterize';
import type { Findings } from '../../findings';
import type { PageFragments } from '../../layout/fragment';
import { paintPdfWith } from '../../paint/paint-pdf';
import { nodePlatform } from '../../paint/platform-node';
import { type EngineRenderInput, layoutDocument, shapingFor } from '../render-document';
import { windowSafeStyles } from './eligible';
import { scanLongTable } from './scan';
import { LONG_TABLE_ROWS, streamLongTable } from './stream';

const input = (template: RenderTemplate): EngineRenderInput => ({
  template,
  data: { client: 'Contoso' },
  bodyHtml: template.html,
  liquid: createTemplateEngine(),
  fonts: defaultFonts(),
  images: new Map(),
});

async function pdf(laid: { pages: Iterable<PageFragments>; findings: Findings; fonts: EngineRenderInput['fonts'] }) {
  const { bytes } = await paintPdfWith(nodePlatform(), laid.pages, {
    fonts: shapingFor(laid.fonts),
    metadata: { title: 'Ledger', creationDate: new Date('2026-03-04T00:00:00Z') },
    findings: laid.findings,
  });
  return bytes;
}

/** Each page's pixels at 40 dpi. */
async function pixels(bytes: Uint8Array): Promise<Buffer[]> {
  return (await rasterize(bytes, { dpi: 40 })).map((png) => PNG.sync.read(png).data);
}

/**
 * The same document laid out whole and a window of rows at a time (small windows, so that a few dozen rows make
 * many): the same pages, the same words on each, the same pixels, the same findings.
 */
async function expectSameDocument(template: RenderTemplate, windowRows = 9) {
  const whole = layoutDocument(input(template));
  const streamed = streamLongTable(input(template), { minRows: 20, windowRows });
  expect(streamed).not.toBeNull();
  const [a, b] = [await pdf(whole), await pdf(streamed as NonNullable<typeof streamed>)];
  const [textA, textB] = [await pageTexts(a), await pageTexts(b)];
  expect(textB.length).toBe(textA.length);
  expect(textB).toEqual(textA);
  const [pixA, pixB] = [await pixels(a), await pixels(b)];
  for (const [i, page] of pixA.entries()) expect(Buffer.compare(page, pixB[i] as Buffer), `page ${i + 1}`).toBe(0);
  expect(streamed?.findings.list()).toEqual(whole.findings.list());
  return { pages: textA.length, texts: textA };
}

const WORDS = ['audit', 'hosting', 'migration', 'support', 'training', 'design', 'review', 'licences'];
const rowsHtml = (count: number, cell: (i: number) => string = (i) => WORDS[i % WORDS.length] as string) =>
  Array.from(
    { length: count },
    (_, i) =>
      `<tr class="${i % 2 ? 'odd' : 'even'}"><td>${i + 1}</td><td>${cell(i)}</td><td class="num">${(i * 37.5).toFixed(2)}</td></tr>`,
  ).join('\n');

const LEDGER_CSS = `
@page { size: 105mm 148mm; margin: 12mm 10mm }
@page :first { margin-top: 25mm }
body { font-family: 'Noto Sans', sans-serif; font-size: 8pt }
table { width: 100%; border-collapse: collapse }
th, td { border: 1px solid #888; padding: 2px 3px; text-align: left }
th.num, td.num { text-align: right }
thead th { background: #1f4e79; color: #fff; border-bottom: 2px solid #000 }
tfoot td { font-weight: bold; border-top: 3px double #000 }
tr.odd td { background: #eef }
td:first-child { color: #666 }
`;

const ledger = (rows: string, extra = '') => ({
  name: 'Ledger',
  css: LEDGER_CSS + extra,
  html: `<h1>Ledger for Contoso</h1>
<p>Every line of the quarter, as booked.</p>
<table>
  <thead><tr><th>#</th><th>Item</th><th class="num">Amount</th></tr></thead>
  <tfoot><tr><td colspan="2">Total</td><td class="num">1,234.50</td></tr></tfoot>
  <tbody>
${rows}
  </tbody>
</table>
<p>Questions? <a href="https://example.com/help">Ask us</a>.</p>`,
  footer_html:
    '<p style="text-align:right; font-size:7pt">Page {{ page_number }} of {{ page_count }} · <a href="https://example.com">example.com</a></p>',
});

describe('a long table laid out a window of rows at a time', () => {
  it('prints the pages the whole document prints: header rows repeated, footer with the page count, collapsed borders', async () => {
    const { pages, texts } = await expectSameDocument(ledger(rowsHtml(120)));
    expect(pages).toBeGreaterThan(5);
    expect(texts[0]).toContain('Ledger for Contoso');
    expect(texts[pages - 1]).toContain('Questions? Ask us.');
    texts.forEach((text, i) => {
      expect(text).toContain(`Page ${i + 1} of ${pages}`);
      expect(text).toContain('Amount');
    });
  });

  it('goes on inside a row taller than a page, and among rows of many heights', async () => {
    const cell = (i: number) =>
      i === 47
        ? Array.from({ length: 90 }, (_, k) => `line ${k + 1} of the longest note`).join('<br>')
        : Array.from({ length: (i % 5) + 1 }, () => WORDS[i % WORDS.length]).join(' and ');
    await expectSameDocument(ledger(rowsHtml(90, cell)));
  });

  it('does the same with separated borders, a caption and windows of other sizes', async () => {
    const template = {
      css: `body { font-size: 9pt } table { border-spacing: 4px 2px; border: 2px solid #246 } td { border: 1px dotted #999 }
            caption { font-weight: bold }`,
      html: `<table><caption>Shipments</caption>${rowsHtml(150)}</table>`,
    };
    for (const windowRows of [8, 23, 60]) await expectSameDocument(template, windowRows);
  });

  it('counts every row of the table for structural selectors: zebra stripes, first and last rows, rows of a type', async () => {
    const structural = `
      tbody tr:nth-child(even) td { background: #dde }
      tbody tr:nth-child(3n+1) td:last-child { color: #a00 }
      tbody tr:first-child td { border-top: 3px solid #0a0 }
      tbody tr:last-child td { border-bottom: 4px solid #a0a }
      tbody tr:nth-last-child(2) td { font-weight: bold }
      tbody tr:nth-of-type(5n) td { font-style: italic }
      tbody tr:nth-last-of-type(3) td { text-decoration: underline }`;
    for (const windowRows of [9, 14]) await expectSameDocument(ledger(rowsHtml(70), structural), windowRows);
  });

  it('does the same with the fixed table layout, whose columns come from the header row', async () => {
    const fixed = '\ntable { table-layout: fixed } thead th:first-child { width: 15% } td { overflow-wrap: anywhere }';
    await expectSameDocument(
      ledger(
        rowsHtml(80, (i) => (i % 7 === 3 ? 'x'.repeat(60) : 'item')),
        fixed,
      ),
    );
  });

  it('is how renderReport prints a table of thousands of rows: every row, every page numbered', async () => {
    const rows = LONG_TABLE_ROWS + 100;
    const template = ledger(
      '{% for r in rows %}<tr><td>{{ r }}</td><td>item {{ r }}</td><td class="num">{{ r | times: 2 }}</td></tr>\n{% endfor %}',
    );
    const data = { client: 'Contoso', rows: Array.from({ length: rows }, (_, i) => i + 1) };
    expect(
      streamLongTable({ ...input(template), bodyHtml: createTemplateEngine().render(template.html, data) }),
    ).not.toBeNull();
    const report = await renderReport({ template, data, engine: 'quire' });
    const texts = await pageTexts(report.bytes);
    expect(report.pages).toBe(texts.length);
    const printed = new Set(texts.join('\n').match(/item \d+/g));
    expect(printed.size).toBe(rows);
    for (const [i, text] of texts.entries()) expect(text).toContain(`Page ${i + 1} of ${texts.length}`);
    expect(texts[texts.length - 1]).toContain('Questions? Ask us.');
    expect(report.warnings).toEqual([]);
  });

  it('finds the rows of the longest row group by their offsets, implied ends included', () => {
    const html = `<table><tr><td>a</td></tr></table><table><TBODY><tr><td>1<tr><td>2</td></tr>
      <tr><td><table><tr><td>in</td></tr></table></td></tr></tbody></table><p>after</p>`;
    const found = scanLongTable(html, 3);
    expect(found).not.toBeNull();
    const { starts, end, rowspan } = found as NonNullable<typeof found>;
    expect(starts).toHaveLength(4);
    expect(html.slice(starts[0], starts[1])).toBe('<tr><td>1');
    expect(html.slice(starts[2], end)).toContain('<td>in</td>');
    expect(html.slice(end)).toMatch(/^<\/tbody><\/table><p>after/);
    expect(rowspan).toBe(false);
    expect(scanLongTable(html, 4)).toBeNull();
    expect(scanLongTable('<table><tr><td rowspan="2">x</td></tr><tr><td>y</td></tr></table>', 2)?.rowspan).toBe(true);
  });

  it('lays out whole what a window could read differently', () => {
    expect(windowSafeStyles('td:first-child { color: red } th.num:last-child { x: y } td + td { a: b }')).toBe(true);
    expect(windowSafeStyles('tr:nth-child(even) td { a: b } tbody tr:last-child { c: d } .x:only-child { e: f }')).toBe(
      true,
    );
    expect(
      windowSafeStyles(".logo { background: url(data:image/png;base64,iVBO+Rw0K~Gg) } q::before { content: '+ a' }"),
    ).toBe(true);
    // Only selectors are read for combinators: a value's + is arithmetic, and [class~=x] an attribute's word.
    expect(windowSafeStyles('td { width: calc(100% + 2px) } .x { margin: calc(1em + var(--gap)) }')).toBe(true);
    expect(windowSafeStyles('[class~=total] td { a: b } { width: calc(1px + 2px) }')).toBe(true);
    for (const css of [
      'tr + tr td { border-top: 1px solid }',
      'tr ~ .total { font-weight: bold }',
      'tr { counter-increment: row }',
      'tr:has(.late) { color: red }',
      'tr:nth-child(2n of .late) { color: red }',
      'table { column-count: 2 }',
      'td span { position: absolute }',
      'td span { position: var(--placed) }',
      'td:not(tr + tr td) { color: red }',
      'tr { & + & { border-top: 1px solid } }',
      '@media print { tr ~ tr { color: red } }',
      '{ position: fixed }',
    ])
      expect(windowSafeStyles(css), css).toBe(false);

    const cases: Array<[string, Partial<RenderTemplate>]> = [
      ['rows by their neighbours', { css: 'tr + tr td { border-top: 1px solid }' }],
      ['a row spanning rows', { html: `<table><tr><td rowspan="2">x</td></tr>${rowsHtml(40)}</table>` }],
      ['a table in a flex container', { html: `<div style="display:flex"><table>${rowsHtml(40)}</table></div>` }],
      ['a float beside the table', { html: `<div style="float:right">note</div><table>${rowsHtml(40)}</table>` }],
      ['a fixed box', { html: `<div style="position:fixed; top:0">draft</div><table>${rowsHtml(40)}</table>` }],
      ['a table too wide for the page', { html: `<table style="width:2000px">${rowsHtml(40)}</table>` }],
      ['a fixed layout from a body row', { css: 'table { table-layout: fixed; width: 100% }' }],
      [
        'a box placed absolutely',
        { html: `<table>${rowsHtml(40)}<tr><td><i style="position: absolute">x</i></td></tr></table>` },
      ],
      ['a row not shown', { html: `<table>${rowsHtml(40)}<tr style="display:none"><td>x</td></tr></table>` }],
      ['a style attribute counting', { html: `<table>${rowsHtml(40)}<tr style="counter-increment: x"></tr></table>` }],
    ];
    for (const [name, change] of cases) {
      const template = { html: `<table>${rowsHtml(40)}</table>`, ...change };
      expect(streamLongTable(input(template), { minRows: 20, windowRows: 9 }), name).toBeNull();
    }
    // Below the threshold a table is laid out whole.
    expect(streamLongTable(input({ html: `<table>${rowsHtml(LONG_TABLE_ROWS - 1)}</table>` }))).toBeNull();
    expect(streamLongTable(input({ html: `<table>${rowsHtml(LONG_TABLE_ROWS)}</table>` }))).not.toBeNull();
  });
});
