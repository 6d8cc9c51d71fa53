import { describe, expect, it } from 'vitest';
import type { LineFragment, TextFragment } from '../layout/fragment';
import { BLUE, page, paint, pdftotext, RED, rasterize, shape } from './__fixtures__/pages';

const line = (children: TextFragment[], y = 20): LineFragment => ({
  kind: 'line',
  x: 10,
  y,
  width: 180,
  height: 20,
  baseline: 15,
  children,
});

const withoutBidiControls = (text: string) => text.replace(/[\u202a-\u202e]/g, '').trim();

/** Leftmost and rightmost columns, topmost and bottommost rows with ink (darker than light grey). */
async function inkBounds(bytes: Uint8Array) {
  const raster = await rasterize(bytes, 144);
  let [left, right, top, bottom] = [Infinity, -Infinity, Infinity, -Infinity];
  for (let y = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; x++) {
      const [r, g, b] = raster.at(x, y);
      if (r + g + b < 400) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  return { left, right, top, bottom };
}

describe('glyph runs', () => {
  it('draws the shaped glyphs, ligatures included, and pdftotext extracts the text', async () => {
    const run = shape('office suite', { y: 15 });
    // Noto Sans forms "ffi" as one glyph: fewer glyphs than characters, and the ligature stands for three.
    expect(run.glyphs.length).toBeLessThan('office suite'.length);
    expect(run.glyphs.some((g) => g.codePoints.length === 3)).toBe(true);
    const { bytes, pages } = await paint([page([line([run])])]);
    expect(pages).toBe(1);
    expect((await pdftotext(bytes)).trim()).toBe('office suite');
  });

  it('extracts right-to-left text (glyphs in visual order) in logical order', async () => {
    const hebrew = shape('שלום עולם', { family: 'Noto Sans Hebrew', direction: 'rtl', y: 15 });
    const { bytes } = await paint([page([line([hebrew])])], { compress: false });
    expect(withoutBidiControls(await pdftotext(bytes))).toBe('שלום עולם');
    // One glyph a letter, each mapped to its own: the ToUnicode map is enough.
    expect(Buffer.from(bytes).toString('latin1')).not.toContain('/ActualText');
  });

  it('extracts Arabic exactly where one glyph draws several letters (ActualText, not doubled)', async () => {
    // Noto Sans Arabic draws ت and ث (and ب ن ي) with the same dotless glyphs, the dots apart.
    const bases = (text: string) =>
      shape(text, { family: 'Noto Sans Arabic', direction: 'rtl' })
        .glyphs.filter((g) => g.advance > 0)
        .map((g) => g.id);
    expect(bases('تتت')).toEqual(bases('ثثث'));
    const arabic = (text: string, y: number) => shape(text, { family: 'Noto Sans Arabic', direction: 'rtl', x: 10, y });
    // Either run first: whichever letter a shared glyph is mapped to, the other run still reads right.
    for (const order of [
      ['الربع الثالث', 'التوقعات'],
      ['التوقعات', 'الربع الثالث'],
    ]) {
      const runs = order.map((text, i) => line([arabic(text, 15)], 20 + 30 * i));
      const { bytes } = await paint([page(runs)], { compress: false });
      expect(withoutBidiControls(await pdftotext(bytes)).split('\n')).toEqual(order);
      expect(Buffer.from(bytes).toString('latin1')).toContain('/Span <</ActualText <FEFF');
    }
    // Arabic and Latin runs side by side on one line keep their words.
    const mixed = [{ ...shape('Q3:', { y: 15 }), x: 10 }, arabic('الربع الثالث', 15)];
    (mixed[1] as TextFragment).x = 40;
    const { bytes } = await paint([page([line(mixed)])]);
    const words = withoutBidiControls(await pdftotext(bytes)).split(/\s+/);
    expect(words).toEqual(expect.arrayContaining(['Q3:', 'الربع', 'الثالث']));
    expect(words).toHaveLength(3);
  });

  it('leaves plain Latin runs as they are, with no marked content', async () => {
    const { bytes } = await paint([page([line([shape('office suite, plain text', { y: 15 })])])], { compress: false });
    const pdf = Buffer.from(bytes).toString('latin1');
    expect(pdf).toContain(' TJ');
    expect(pdf).not.toContain('/ActualText');
    expect(pdf).not.toContain('BDC');
  });

  it('reads a run as its text where a glyph stands for no code point (a cluster’s second glyph)', async () => {
    const run = shape('abc', { y: 15 });
    const [a, b, c] = run.glyphs as [
      TextFragment['glyphs'][number],
      TextFragment['glyphs'][number],
      TextFragment['glyphs'][number],
    ];
    // Drawn as a mark would be: no advance of its own, over the glyph before it.
    const clustered: TextFragment = { ...run, glyphs: [a, { ...b, codePoints: [], advance: 0, dx: -a.advance }, c] };
    const { bytes } = await paint([page([line([clustered])])], { compress: false });
    expect((await pdftotext(bytes)).trim()).toBe('abc');
    expect(Buffer.from(bytes).toString('latin1')).toContain('/Span <</ActualText <FEFF006100620063>>> BDC');
    // The same glyph used later with its code point gets its mapping (it would extract as "d" otherwise), and
    // the first run still reads once.
    const later = shape('bd', { x: 60, y: 15 });
    const both = await paint([page([line([clustered, later])])]);
    expect((await pdftotext(both.bytes)).trim().split(/\s+/)).toEqual(['abc', 'bd']);
  });

  it('moves glyphs by their own advances (letter-spacing) and offsets (dx, dy)', async () => {
    const plain = shape('IIII', { y: 40, size: 20 });
    const spaced = shape('IIII', { y: 40, size: 20, letterSpacing: 10 });
    const [narrow, wide] = [
      await inkBounds((await paint([page([plain])])).bytes),
      await inkBounds((await paint([page([spaced])])).bytes),
    ];
    // Three gaps of 10pt more, at 2px per point.
    expect(wide.right - narrow.right).toBeGreaterThan(55);
    expect(wide.right - narrow.right).toBeLessThan(65);
    expect((await pdftotext((await paint([page([spaced])])).bytes)).replace(/\s/g, '')).toBe('IIII');

    const raised = { ...plain, glyphs: plain.glyphs.map((g, i) => (i === 3 ? { ...g, dx: 5, dy: -10 } : g)) };
    const moved = await inkBounds((await paint([page([raised])])).bytes);
    expect(narrow.top - moved.top).toBeGreaterThan(17);
    expect(moved.right - narrow.right).toBeGreaterThan(8);
  });

  it('paints a run’s baseline on a whole CSS pixel of the page, as Chromium does', async () => {
    // Laid out at 20.2 + 15 = 35.2pt (46.93px): drawn at 47px, 35.25pt.
    const { bytes } = await paint([page([line([shape('Row', { y: 15 })], 20.2)])], { compress: false });
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/1 0 0 -1 [\d.]+ 35\.25 Tm/);
  });

  it('reads letter-spaced capitals as words when their advances, in whole pixels, share no common spacing', async () => {
    // As the shaper lays them out: each advance rounded to whole CSS pixels, then letter-spacing (0.12em) added.
    const run = shape('BILL TO', { y: 15, size: 7 });
    const glyphs = run.glyphs.map((g) => ({ ...g, advance: Math.round(g.advance / 0.75) * 0.75 + 0.84 }));
    const spaced = { ...run, glyphs, width: glyphs.reduce((sum, g) => sum + g.advance, 0) };
    const { bytes } = await paint([page([line([spaced])])], { compress: false });
    expect((await pdftotext(bytes)).trim().split(/\s+/)).toEqual(['BILL', 'TO']);
  });

  it('paints text in its colour and alpha, leaves hidden runs out and draws transparent ones invisibly', async () => {
    const red = { ...shape('IIIII', { x: 10, y: 60, size: 60 }), color: { ...RED, a: 0.5 } };
    const hidden = { ...shape('secret', { x: 10, y: 120 }), hidden: true };
    const transparent = { ...shape('clear', { x: 10, y: 150 }), color: { ...RED, a: 0 } };
    const { bytes } = await paint([page([transparent, red, hidden])]);
    const raster = await rasterize(bytes);
    const stem = red.x + (red.glyphs[0]?.advance ?? 0) / 2;
    const [r, g, b] = raster.at(stem, 40);
    expect(r).toBeGreaterThan(240);
    expect(g).toBeGreaterThan(100);
    expect(g).toBeLessThan(160);
    expect(b).toBe(g);
    expect(await pdftotext(bytes)).not.toContain('secret');
    // Transparent text is invisible but still there to search.
    expect(await pdftotext(bytes)).toContain('clear');
    for (let x = 10; x < 40; x++) for (let y = 140; y < 152; y++) expect(raster.at(x, y)).toEqual([255, 255, 255]);
  });

  it('draws underline, overline and line-through in their colour and style', async () => {
    const decorated = (
      style: 'solid' | 'double' | 'dotted' | 'dashed' | 'wavy',
      lines: { underline?: boolean; overline?: boolean; lineThrough?: boolean },
    ) => ({
      ...shape('mmmmmmmm', { x: 10, y: 50, size: 30 }),
      decoration: { underline: false, overline: false, lineThrough: false, ...lines, style, color: BLUE },
    });
    const blueRows = async (run: TextFragment, x: number) => {
      const raster = await rasterize((await paint([page([run])])).bytes, 144);
      const rows: number[] = [];
      for (let y = 0; y < raster.height; y++) {
        const [r, g, b] = raster.at(x * 2, y);
        if (b > 200 && r < 100 && g < 100) rows.push(y / 2);
      }
      return rows;
    };
    // Solid underline: about 2pt thick (30 / 15), below the baseline (50).
    const under = await blueRows(decorated('solid', { underline: true }), 20);
    expect(under.length).toBeGreaterThan(2);
    expect(Math.min(...under)).toBeGreaterThan(50);
    expect(Math.max(...under)).toBeLessThan(58);
    // Overline above the x-height, line-through through the middle of the letters.
    expect(Math.max(...(await blueRows(decorated('solid', { overline: true }), 20)))).toBeLessThan(25);
    const through = await blueRows(decorated('solid', { lineThrough: true }), 20);
    expect(Math.min(...through)).toBeGreaterThan(35);
    expect(Math.max(...through)).toBeLessThan(50);
    // Double: two bands with a gap between them.
    const double = await blueRows(decorated('double', { underline: true }), 20);
    const gaps = double.filter((y, i) => i > 0 && y - (double[i - 1] as number) > 0.5);
    expect(gaps.length).toBe(1);
    // Dotted and dashed: blue and not blue alternate along the line.
    for (const style of ['dotted', 'dashed'] as const) {
      const run = decorated(style, { underline: true });
      const raster = await rasterize((await paint([page([run])])).bytes, 144);
      const y = under.reduce((s, v) => s + v, 0) / under.length;
      let changes = 0;
      let last = false;
      for (let x = 12; x < 10 + run.width; x += 0.5) {
        const [r, , b] = raster.at(x * 2, y * 2);
        const blue = b > 200 && r < 150;
        if (x > 12 && blue !== last) changes++;
        last = blue;
      }
      expect(changes, style).toBeGreaterThan(10);
    }
    expect((await blueRows(decorated('wavy', { underline: true }), 20)).length).toBeGreaterThan(0);
  });

  it('puts a link annotation over a run with an http(s) or mailto link, and none for other schemes', async () => {
    const linked = { ...shape('Quire', { y: 15 }), link: 'https://example.com/docs' };
    const mail = { ...shape('mail', { x: 60, y: 15 }), link: 'mailto:someone@example.com' };
    const script = { ...shape('no', { x: 120, y: 15 }), link: 'javascript:alert(1)' };
    const { bytes } = await paint([page([line([linked, mail, script])])], { compress: false });
    const pdf = Buffer.from(bytes).toString('latin1');
    expect(pdf).toContain('/URI (https://example.com/docs)');
    expect(pdf).toContain('/URI (mailto:someone@example.com)');
    expect(pdf).not.toContain('javascript');
    expect(pdf.match(/\/Subtype \/Link/g)).toHaveLength(2);
  });
});
