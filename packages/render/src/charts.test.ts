/**
 * Charts as @quire/core's filters write them (inline SVG), drawn by Quire's engine: their labels are real text in
 * the PDF, in the template's font, with nothing reported; the HTML output keeps the SVG.
 */
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { pageTexts, pdfFonts } from './__fixtures__/pdf-tools';
import { check } from './check/check';
import { renderReport } from './render';
import { rasterize } from './visual/rasterize';

const template = {
  name: 'Quarterly charts',
  css: 'body { font-family: Georgia, serif; font-size: 10pt; } .quire-chart { display: block; margin: 0 0 12px; }',
  html: `<h1>{{ report.title }}</h1>
{{ report.months | bar_chart: "month", "revenue", title: "Revenue by month", format: "money", color: "#1f4e79" }}
{{ report.months | line_chart: "month", "revenue", "costs", title: "Revenue and costs", height: 200 }}
{{ report.budget | pie_chart: "category", "amount", title: "Budget" }}
{{ report.returns | bar_chart: "month", "count", title: "Returns", height: 120 }}`,
};

const data = {
  report: {
    title: 'Northwind first half',
    months: [
      { month: 'January', revenue: 12000, costs: 8000 },
      { month: 'February', revenue: 15500, costs: 9000 },
      { month: 'March', revenue: 9800, costs: 9900 },
      { month: 'April', revenue: 18250, costs: 10000 },
      { month: 'May', revenue: 21000, costs: 12500 },
      { month: 'June', revenue: 19500, costs: 11800 },
    ],
    budget: [
      { category: 'Salaries & wages', amount: 52000 },
      { category: 'Rent', amount: 18000 },
      { category: 'Marketing', amount: 9500 },
    ],
    returns: [],
  },
};

const squash = (s: string) => s.replace(/\s+/g, ' ');

describe('charts drawn by Quire’s engine', () => {
  it('prints every label as text in the template’s font, on one page, with nothing reported', async () => {
    const result = await renderReport({ template, data });
    expect(result.warnings).toEqual([]);
    const pages = await pageTexts(result.bytes);
    expect(pages).toHaveLength(1);
    const text = squash(pages.join(' '));
    for (const label of [
      'Revenue by month',
      '$25K',
      '$21,000',
      'January',
      'June',
      'Revenue and costs',
      'Costs',
      'Budget',
      'Salaries & wages',
      '52,000 · 65.4%',
      'Returns',
      'No data',
    ]) {
      expect(text, label).toContain(label);
    }
    // The chart's text inherits Georgia (drawn by Gelasio) from the body, as in a browser.
    // Only the heading is bold: the regular face is the charts'.
    const fonts = await pdfFonts(result.bytes);
    expect(fonts).toContain('Gelasio-Regular');
    for (const font of fonts) expect(font).toMatch(/^Gelasio-/);
  });

  it('draws SVG text named in CSS terms in the family HTML text would get (Arial by Arimo)', async () => {
    const svg = (family: string, word: string) =>
      `<svg width="200" height="30"><text x="2" y="20" font-family="${family}" font-size="14">${word}</text></svg>`;
    const result = await renderReport({
      template: {
        name: 'svg fonts',
        html: `<h1 style="font-family: 'Courier New'">Title</h1>${svg('Arial, sans-serif', 'Metric')}${svg("'Times New Roman'", 'Serif')}${svg('NoSuchFont, monospace', 'Mono')}`,
      },
      data: {},
    });
    expect(result.warnings).toEqual([]);
    expect(squash((await pageTexts(result.bytes)).join(' '))).toContain('Title Metric Serif Mono');
    expect((await pdfFonts(result.bytes)).sort()).toEqual([
      'Arimo-Regular',
      'Cousine-Bold',
      'NotoSansMono-Regular',
      'Tinos-Regular',
    ]);
  });

  it('keeps its labels as text after other documents drew the same letters in the same face', async () => {
    // Glyphs of the bold and regular faces first met in HTML text of an earlier document (in a family no other
    // test here uses: fonts are parsed once per process).
    const css = template.css.replace('Georgia, serif', 'Calibri, sans-serif');
    const before = { name: 'before', css, html: '<h1>Other heading</h1><p>month by month, Costs</p>' };
    await renderReport({ template: before, data: {} });
    const bytes = (await renderReport({ template: { ...template, css }, data })).bytes;
    expect(await pdfFonts(bytes)).toContain('Carlito-Regular');
    const text = squash((await pageTexts(bytes)).join(' '));
    for (const label of ['Revenue by month', 'Revenue and costs', 'Costs', 'Budget', 'No data']) {
      expect(text, label).toContain(label);
    }
  });

  it('draws labels in a script the template’s font lacks in a font that has it, and reports what none has', async () => {
    const labels = {
      months: [
        { month: '一月', revenue: 10, costs: 4 },
        { month: '二月', revenue: 14, costs: 6 },
      ],
    };
    const html = '{{ months | bar_chart: "month", "revenue", title: "月別売上" }}';
    const result = await renderReport({ template: { name: 'ja', css: template.css, html }, data: labels });
    expect(result.warnings).toEqual([]);
    expect(squash((await pageTexts(result.bytes)).join(' '))).toMatch(/月別売上.*一月.*二月/);
    expect(await pdfFonts(result.bytes)).toEqual(expect.arrayContaining(['NotoSansSC-Bold', 'NotoSansSC-Regular']));

    const unknown = { months: [{ month: 'Private \ue000', revenue: 1, costs: 1 }] };
    const drawn = await renderReport({ template: { name: 'pua', html }, data: unknown });
    expect(drawn.warnings.map((w) => w.code)).toEqual(['missing_glyphs']);
    expect(drawn.warnings[0]?.message).toContain('"\ue000" (U+E000)');
  });

  it('checks clean: learned fields, no unsupported SVG, no warnings', async () => {
    const checked = await check({ template, data });
    expect(checked.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    expect(checked.pages).toBe(1);
  });

  it('paints the bars in the accent colour', async () => {
    const [page] = await rasterize((await renderReport({ template, data })).bytes, { dpi: 50 });
    const png = PNG.sync.read(page as Buffer);
    let accent = 0;
    for (let i = 0; i < png.data.length; i += 4) {
      const [r, g, b] = [png.data[i], png.data[i + 1], png.data[i + 2]] as [number, number, number];
      if (Math.abs(r - 0x1f) < 6 && Math.abs(g - 0x4e) < 6 && Math.abs(b - 0x79) < 6) accent++;
    }
    // Six bars of about 18 × 60 pixels at 50 dpi.
    expect(accent).toBeGreaterThan(1500);
  });

  it('keeps the SVG in the HTML output', async () => {
    const result = await renderReport({ template, data, format: 'html' });
    const html = new TextDecoder().decode(result.bytes);
    expect(html.match(/<svg [^>]*class="quire-chart"/g)).toHaveLength(4);
    expect(html).toContain('>Salaries &amp; wages</text>');
    expect(html).toContain('>No data</text>');
  });
});
