import { getStarter, starters, TemplateError } from '@quire/core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { pageTexts, pdfInfo } from './__fixtures__/pdf-tools';
import { check } from './check/check';
import { renderReport } from './render';
import { rasterize } from './visual/rasterize';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const squash = (s: string) => s.replace(/\s+/g, ' ');

describe('every starter', () => {
  for (const starter of starters.filter((s) => s.kind === 'document')) {
    it(`renders ${starter.id} to a PDF that holds its data`, async () => {
      const result = await renderReport({ template: starter, data: starter.sample_data });
      expect(result.contentType).toBe('application/pdf');
      expect(text(result.bytes.subarray(0, 5))).toBe('%PDF-');
      const pages = await pageTexts(result.bytes);
      expect(pages.length).toBe(result.pages);
      const all = squash(pages.join(' '));
      // The starter's own top-level strings (names, numbers) appear in the PDF.
      const strings = Object.values(starter.sample_data)
        .flatMap((v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : []))
        .filter(
          (v): v is string =>
            typeof v === 'string' &&
            v.length > 3 &&
            v.length < 40 &&
            !/^\d{4}-\d\d-\d\d/.test(v) &&
            !/^https?:/.test(v),
        );
      const found = strings.filter((s) => all.includes(squash(s)));
      expect(found.length).toBeGreaterThanOrEqual(Math.min(3, strings.length));
      expect(result.warnings.filter((w) => w.code !== 'content_overflow')).toEqual([]);
      if (starter.footer_html.includes('page_count')) {
        for (const [i, page] of pages.entries()) expect(squash(page)).toContain(`${i + 1} of ${pages.length}`);
      }
    });
  }

  it('renders the email starter as email HTML', async () => {
    const starter = getStarter('order-confirmation');
    if (!starter) throw new Error('missing starter');
    const result = await renderReport({ template: starter, data: starter.sample_data });
    expect(result.format).toBe('email');
    expect(result.pages).toBeNull();
    const html = text(result.bytes);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain(String((starter.sample_data.order as { number: string }).number));
    expect(html).not.toContain('<mj-');
  });
});

function longTable(rows: number, footer = 'Page {{ page_number }} of {{ page_count }}') {
  return {
    template: {
      name: 'Ledger',
      html: `<h1>Ledger</h1><table style="width:100%"><thead><tr><th>Row</th><th>Account</th><th>Amount</th></tr></thead>
<tbody>{% for r in rows %}<tr><td>Row {{ r.n }}</td><td>{{ r.account }}</td><td>amount-{{ r.n }}</td></tr>{% endfor %}</tbody></table>`,
      css: 'td, th { padding: 3px; border-bottom: 1px solid #ccc; } th { background: #eee; }',
      footer_html: `<p style="text-align:right; font-size:8pt">${footer}</p>`,
    },
    data: {
      rows: Array.from({ length: rows }, (_, i) => ({
        n: String(i + 1).padStart(4, '0'),
        account: `Account ${i % 7}`,
      })),
    },
  };
}

describe.each(['pdfmake', 'quire'] as const)('long tables (%s)', (engine) => {
  it('repeat the header row on every page, never split a row, and number every page', async () => {
    const result = await renderReport({ ...longTable(300), engine });
    const pages = await pageTexts(result.bytes);
    expect(pages.length).toBeGreaterThan(3);
    for (const [i, page] of pages.entries()) {
      expect(page).toMatch(/Row\s+Account\s+Amount/);
      expect(squash(page)).toContain(`Page ${i + 1} of ${pages.length}`);
    }
    for (let n = 1; n <= 300; n++) {
      const id = String(n).padStart(4, '0');
      const where = pages.findIndex((p) => p.includes(`Row ${id}`));
      expect(where, `row ${id}`).toBeGreaterThanOrEqual(0);
      // The row's cells are on one line of one page.
      expect(pages[where]).toMatch(new RegExp(`Row ${id}\\s+Account \\d\\s+amount-${id}`));
    }
  });

  it('render a row taller than a page without hanging', async () => {
    const tall = Array.from({ length: 120 }, (_, i) => `line ${i}`).join('<br>');
    const result = await renderReport({
      template: {
        html: `<table><thead><tr><th>H</th></tr></thead><tbody><tr><td>${tall}</td></tr><tr><td>after</td></tr></tbody></table>`,
      },
      data: {},
      engine,
    });
    const all = (await pageTexts(result.bytes)).join('\n');
    expect(all).toContain('line 119');
    expect(all).toContain('after');
  });
});

describe('page setup and metadata', () => {
  it.each(['pdfmake', 'quire'] as const)(
    'uses the template page size, orientation and the metadata (%s)',
    async (engine) => {
      const a4Landscape = await renderReport({
        template: { name: 'Wide', html: '<p>x</p>', page: { size: 'A4', orientation: 'landscape' } },
        data: {},
        metadata: { author: 'Ada Lovelace', subject: 'Quarterly' },
        engine,
      });
      const info = await pdfInfo(a4Landscape.bytes);
      expect(Math.round(info.widthPt)).toBe(842);
      expect(Math.round(info.heightPt)).toBe(595);
      expect(info).toMatchObject({ title: 'Wide', author: 'Ada Lovelace', subject: 'Quarterly', creator: 'Quire' });
      const custom = await renderReport({
        template: { html: '<p>x</p>', page: { size: 'custom', width_mm: 100, height_mm: 150 } },
        data: {},
        engine,
      });
      const c = await pdfInfo(custom.bytes);
      expect(Math.round(c.widthPt)).toBe(283);
      expect(Math.round(c.heightPt)).toBe(425);
    },
  );

  it.each(['pdfmake', 'quire'] as const)('breaks pages where the CSS says (%s)', async (engine) => {
    const result = await renderReport({
      engine,
      template: {
        html: '<p>one</p><div style="page-break-before: always">two</div><p style="break-after: page">three</p><p>four</p>',
      },
      data: {},
    });
    const pages = (await pageTexts(result.bytes)).map((p) => squash(p).trim());
    expect(pages).toEqual(['one', 'two three', 'four']);
  });
});

describe('text', () => {
  it.each(['pdfmake', 'quire'] as const)(
    'keeps Latin, Cyrillic and Greek text in order and reports characters no font has (%s)',
    async (engine) => {
      const result = await renderReport({
        engine,
        // Cuneiform: no bundled font (nor the CJK package) has it.
        template: { html: '<p>Ärger Ωμέγα Привет 𒀀𒀁</p>' },
        data: {},
      });
      const [page] = await pageTexts(result.bytes);
      expect(page).toContain('Ärger Ωμέγα Привет');
      expect(result.warnings.map((w) => w.code)).toContain('missing_glyphs');
      expect(result.warnings.find((w) => w.code === 'missing_glyphs')?.message).toContain('𒀀');
    },
  );

  it.each(['pdfmake', 'quire'] as const)(
    'draws Arabic and Hebrew right to left, shaped, with numbers and Latin in their places (%s)',
    async (engine) => {
      const result = await renderReport({
        engine,
        template: {
          html: '<p>שלום עולם</p><p>مرحبا بالعالم</p><p dir="rtl">החשבונית מספר 42 שולמה במלואה</p><p>Total: 120 ₪</p>',
        },
        data: {},
      });
      expect(result.warnings).toEqual([]);
      const [page] = await pageTexts(result.bytes);
      // pdftotext reads right-to-left lines back in logical order: what a reader reads.
      // (It wraps them in directional marks, and spaces the number in a right-to-left line loosely.)
      const lines = (page ?? '')
        .replace(/[\u202a-\u202e]/g, '')
        .split('\n')
        .map((l) => squash(l).trim())
        .filter(Boolean);
      expect(lines[0]).toBe('שלום עולם');
      expect(lines[1]).toBe('مرحبا بالعالم');
      expect(lines[2]).toMatch(/^החשבונית מספר ?42 ?שולמה במלואה$/);
      expect(lines[3]).toBe('Total: 120 ₪');
    },
  );

  it.each(['pdfmake', 'quire'] as const)('lays out flex rows side by side (%s)', async (engine) => {
    const result = await renderReport({
      engine,
      template: {
        html: '<div style="display:flex; gap: 20px"><div style="flex:1">Left column</div><div style="flex:1">Right column</div></div>',
      },
      data: {},
    });
    const [page] = await pageTexts(result.bytes);
    expect(page).toMatch(/Left column\s+Right column/);
  });
});

describe('outside the subset', () => {
  it.each(['pdfmake', 'quire'] as const)(
    'ignores what it cannot draw, says so, and never crashes (%s)',
    async (engine) => {
      const result = await renderReport({
        engine,
        template: {
          html: `<style>.x { position: absolute; float: left; color: red } p::first-line { color: red } @font-face { font-family: X }</style>
<div class="x">kept</div><iframe src="https://example.com"></iframe><p>unclosed <b>bold <i>both</p><table><tr><td>no tbody</td></tr></table>
<img src="https://example.com/logo.png" alt="Logo"><blink>old</blink>`,
        },
        data: {},
      });
      const codes = result.warnings.map((w) => `${w.code}: ${w.message}`).join('\n');
      // Quire's engine positions and floats boxes; pdfmake cannot.
      if (engine === 'pdfmake') expect(codes).toMatch(/"?position"?/);
      if (engine === 'pdfmake') expect(codes).toMatch(/"?float"?/);
      else expect(codes).not.toMatch(/float/);
      // Quire's engine draws ::first-line; pdfmake cannot.
      if (engine === 'pdfmake') expect(codes).toContain('::first-line');
      else expect(codes).not.toContain('::first-line');
      expect(codes).toContain('@font-face');
      expect(codes).toContain('<iframe>');
      expect(codes).toContain('image_not_loaded');
      const [page] = await pageTexts(result.bytes);
      expect(squash(page ?? '')).toContain('kept');
      expect(squash(page ?? '')).toContain('no tbody');
      expect(squash(page ?? '')).toContain('Logo');
    },
  );

  it.each(['pdfmake', 'quire'] as const)(
    'draws images from data URLs, named assets and a caller loader only (%s)',
    async (engine) => {
      // A 1x1 red PNG.
      const png = Uint8Array.from(
        atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='),
        (c) => c.charCodeAt(0),
      );
      const requested: string[] = [];
      const result = await renderReport({
        engine,
        template: {
          html: '<img src="logo" width="20"><img src="https://cdn.example/pic.png" width="20"><img src="asset:logo" width="10">',
        },
        data: {},
        assets: { logo: png },
        loadImage: async (url) => {
          requested.push(url);
          return png;
        },
      });
      expect(requested).toEqual(['https://cdn.example/pic.png']);
      expect(result.warnings).toEqual([]);
    },
  );
});

describe('backgrounds (quire)', () => {
  it("paints body's background over the page area of every page, as Chromium prints it, not the margins", async () => {
    const result = await renderReport({
      engine: 'quire',
      template: {
        html: '<p>one</p><p style="break-before: page">two</p>',
        css: 'body { background: #eef }',
        page: { size: 'custom', width_mm: 100, height_mm: 150, margins: { top: 20, right: 18, bottom: 20, left: 18 } },
      },
      data: {},
    });
    expect(result.pages).toBe(2);
    expect(result.warnings).toEqual([]);
    // 72 dpi: one pixel per point. The page area runs from (51, 56.7) to (232.4, 368.5).
    for (const png of await rasterize(result.bytes, { dpi: 72 })) {
      const image = PNG.sync.read(png);
      const at = (x: number, y: number) => [
        ...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 3),
      ];
      expect(at(3, 3)).toEqual([255, 255, 255]);
      expect(at(image.width - 3, image.height - 3)).toEqual([255, 255, 255]);
      expect(at(54, 60)).toEqual([0xee, 0xee, 0xff]);
      expect(at(229, 365)).toEqual([0xee, 0xee, 0xff]);
      // Far below the text: the canvas, not the body's box.
      expect(at(140, 300)).toEqual([0xee, 0xee, 0xff]);
    }
  });
});

describe('other formats and errors', () => {
  it('writes one standalone HTML file without scripts', async () => {
    const result = await renderReport({
      template: {
        name: 'Memo',
        html: '<h1 onclick="alert(1)">{{ title }}</h1><script>alert(2)</script><img src="logo"><a href="javascript:alert(3)">x</a>',
        css: 'h1 { color: #123456; }',
        footer_html: '<p>Page {{ page_number }} of {{ page_count }}</p>',
        page: { size: 'Letter' },
      },
      data: { title: 'Hello <world>' },
      format: 'html',
      assets: { logo: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"></svg>') },
    });
    const html = text(result.bytes);
    expect(result.contentType).toBe('text/html; charset=utf-8');
    expect(html).toContain('<h1>Hello &lt;world&gt;</h1>');
    expect(html).toContain('h1 { color: #123456; }');
    expect(html).toContain('@page { size: 215.9mm 279.4mm');
    expect(html).toContain('src="data:image/svg+xml;base64,');
    expect(html).toContain('Page 1 of 1');
    expect(html).not.toMatch(/<script|onclick|javascript:/i);
  });

  it("draws an inline SVG without a size at a browser's default 300 by 150 pixels", async () => {
    // pdfmake refuses an SVG with neither width, height nor viewBox; it used to fail the whole render.
    const result = await renderReport({
      template: { html: '<p>Before</p><svg><circle cx="10" cy="10" r="8" fill="#c00"/></svg><p>After</p>' },
      data: {},
    });
    expect(result.pages).toBe(1);
    expect(squash((await pageTexts(result.bytes)).join(' '))).toContain('After');
  });

  it('leaves out a QR code too long for any QR code, with a warning that check reports as an error', async () => {
    // pdfmake threw a bare string for it, which failed the whole render.
    const html = `<p>Pay here</p><qr-code value="${'x'.repeat(3_000)}"></qr-code><qr-code value="short"></qr-code>`;
    const result = await renderReport({ template: { html }, data: {} });
    expect(result.pages).toBe(1);
    expect(result.warnings).toEqual([
      {
        code: 'qr_failed',
        message:
          "A QR code cannot hold 3000 characters at error correction level M; it was left out (in the template's HTML)",
        line: 1,
      },
    ]);
    const checked = await check({ template: { html }, data: {} });
    expect(checked.findings).toContainEqual(expect.objectContaining({ code: 'qr_failed', severity: 'error' }));
  });

  it('rejects a template error with its line and column', async () => {
    const error = await renderReport({
      template: { html: '<p>\n  {{ total | money: "EURO" }}</p>' },
      data: { total: 5 },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TemplateError);
    expect(error).toMatchObject({ code: 'invalid_filter_argument', line: 2, column: 3 });
  });

  it('refuses an engine it does not have, rather than rendering with another', async () => {
    const error = await renderReport({
      template: { html: '<p>Hi</p>' },
      data: {},
      engine: 'prince' as unknown as 'quire',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'validation_failed', message: expect.stringContaining('no engine "prince"') });
  });

  it('refuses a page whose margins leave no room for content, on every PDF engine, naming the margins', async () => {
    const refusal = (
      engine: 'quire' | 'pdfmake',
      margins: { top: number; bottom: number; left: number; right: number },
    ) =>
      renderReport({ template: { html: '<p>Hi</p>', page: { size: 'A4', margins } }, data: {}, engine }).catch(
        (e: unknown) => e,
      );
    for (const engine of ['quire', 'pdfmake'] as const) {
      expect(await refusal(engine, { top: 150, bottom: 150, left: 10, right: 10 })).toMatchObject({
        code: 'validation_failed',
        param: 'page.margins',
        message:
          "The page's margins leave no room for content: the page is 297mm high and its top and bottom margins take 300mm.",
      });
      expect(await refusal(engine, { top: 10, bottom: 10, left: 110, right: 100 })).toMatchObject({
        code: 'validation_failed',
        param: 'page.margins',
        message: expect.stringContaining('210mm wide'),
      });
    }
    // A page a pixel wide still prints.
    const narrow = await renderReport({
      template: { html: '<p>Hi</p>', page: { margins: { top: 10, bottom: 10, left: 104.5, right: 104.5 } } },
      data: {},
    });
    expect(narrow.pages).toBeGreaterThan(0);
  });
});

describe('tables with percentage widths', () => {
  it('render inside a flex item next to an item without a width', async () => {
    const result = await renderReport({
      template: {
        html: '<div class="top"><p>Left</p><div class="b"><table><tr><td class="w">Right cell</td><td>Other</td></tr></table></div></div>',
        css: '.top { display: flex } .b { flex: 1 } .w { width: 45% }',
      },
      data: {},
    });
    expect(result.pages).toBe(1);
    const [text] = await pageTexts(result.bytes);
    expect(text).toContain('Right cell');
  });
});
