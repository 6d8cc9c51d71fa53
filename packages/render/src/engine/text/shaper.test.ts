import { describe, expect, it } from 'vitest';
import { loadBundledFonts } from '../../fonts/bundled';
import { FontRegistry } from '../../fonts/registry';
import { initialStyle } from '../style/computed-style';
import { createTextShaping, shapingStats } from './shaper';

const shaping = createTextShaping(new FontRegistry(loadBundledFonts()));
const style = (overrides: Partial<ReturnType<typeof initialStyle>> = {}) => ({ ...initialStyle(), ...overrides });

describe('createTextShaping', () => {
  it('picks the face for a style: family list, bold from 600, italics', () => {
    expect(shaping.faceFor(style())).toEqual({ family: 'Noto Sans', face: 'normal' });
    expect(shaping.faceFor(style({ fontFamily: ['brand', 'serif'], fontWeight: 600 }))).toEqual({
      family: 'Noto Serif',
      face: 'bold',
    });
    // Noto Sans Mono has no italic faces: its bold, slanted when painted, as Chromium draws it.
    expect(shaping.faceFor(style({ fontFamily: ['monospace'], fontStyle: 'oblique', fontWeight: 700 }))).toEqual({
      family: 'Noto Sans Mono',
      face: 'bold',
      syntheticItalic: true,
    });
    // The same object every time, so that fonts compare by identity.
    expect(shaping.faceFor(style())).toBe(shaping.faceFor(style()));
  });

  it('draws a space the font lacks as its space glyph, as wide as that space (an ideographic space an em)', () => {
    const font = shaping.faceFor(style());
    // The bundled fonts have no U+3000 (only the optional CJK package does): not a .notdef box, but a blank of
    // 1em = 16px at 12pt, which keeps its code point for the text layer.
    const [, ideographic] = shaping.shape('a\u3000b', font, 12, 'ltr').glyphs;
    const [, space] = shaping.shape('a b', font, 12, 'ltr').glyphs;
    expect(ideographic?.id).toBe(space?.id);
    expect(ideographic?.id).not.toBe(0);
    expect(ideographic?.advance).toBe(12);
    expect(ideographic?.codePoints).toEqual([0x3000]);
    // Spaces the font has keep its own glyphs and widths.
    expect(shaping.shape('a\u2003b', font, 12, 'ltr').glyphs[1]?.id).not.toBe(space?.id);
  });

  it('advances each glyph by whole CSS pixels, kerning rounded apart, as Chromium on Linux lays text out', () => {
    const font = shaping.faceFor(style());
    // 8.5pt Noto Sans (11.33px): B 7.16, a 6.36, s 5.43, a 6.36, l 2.92, t 4.09, space 2.95 px → 7+6+5+6+3+4+3.
    const basalt = shaping.shape('Basalt ', font, 8.5, 'ltr');
    expect(basalt.glyphs.map((g) => g.advance / 0.75)).toEqual([7, 6, 5, 6, 3, 4, 3]);
    expect(basalt.width).toBe(34 * 0.75);
    expect(shaping.measure('Basalt ', font, 8.5, 'ltr', undefined, 0, 0)).toBe(34 * 0.75);
    // T is 6.30px and kerned by -0.79px before e: 6 - 1, not round(5.51) = 6.
    expect(shaping.shape('Team', font, 8.5, 'ltr').glyphs[0]?.advance).toBe(5 * 0.75);
    // Numbers composed from their digits' glyphs are whole pixels too.
    const amount = shaping.shape('4,218.37', font, 8.5, 'ltr');
    expect(amount.glyphs.every((g) => Number.isInteger(g.advance / 0.75))).toBe(true);
    expect(shaping.measure('4,218.37', font, 8.5, 'ltr', undefined, 0, 0)).toBe(amount.width);
  });

  it('has metrics as Chromium on Linux: typo metrics rounded to whole pixels', () => {
    // Noto Sans: USE_TYPO_METRICS, ascender 1069, descender -293, no line gap; 12pt = 16px → 17px + 5px.
    const m = shaping.metrics(shaping.faceFor(style()), 12);
    expect(m.ascent).toBe(12.75);
    expect(m.descent).toBe(3.75);
    expect(m.lineGap).toBe(0);
    expect(m.underlinePosition).toBeCloseTo(1.2, 5);
    expect(m.underlineThickness).toBeCloseTo(0.6, 5);
    expect(m.xHeight).toBeCloseTo(0.536 * 12, 5);
  });

  it('shapes with kerning and ligatures, scaled to the size', () => {
    const font = shaping.faceFor(style());
    const office = shaping.shape('office', font, 10, 'ltr');
    expect(office.glyphs.map((g) => g.codePoints)).toContainEqual([0x66, 0x66, 0x69]);
    const apart = shaping.shape('office', font, 10, 'ltr', ['-liga']);
    expect(apart.glyphs).toHaveLength(6);
    const av = shaping.shape('AV', font, 10, 'ltr');
    const a = shaping.shape('A', font, 10, 'ltr');
    const v = shaping.shape('V', font, 10, 'ltr');
    expect(av.width).toBeLessThan(a.width + v.width);
    expect(shaping.shape('AV', font, 20, 'ltr').width).toBeCloseTo(av.width * 2, 5);
  });

  it('joins Arabic letters and gives right-to-left glyphs in visual order', () => {
    const [run] = shaping.itemize('سلام', style());
    expect(run?.font.family).toBe('Noto Sans Arabic');
    const font = run?.font ?? shaping.faceFor(style());
    const word = shaping.shape('سلام', font, 12, 'rtl');
    const isolated = [...'سلام'].map((ch) => shaping.shape(ch, font, 12, 'rtl').glyphs[0]?.id);
    // Joined forms differ from the isolated ones; the last letter (م) is drawn leftmost.
    expect(word.glyphs.map((g) => g.id)).not.toEqual([...isolated].reverse());
    expect(word.glyphs[0]?.codePoints).toEqual([0x645]);
  });

  it('draws numbers from their digits’ glyphs exactly as OpenType shaping would', () => {
    for (const family of ['sans-serif', 'serif', 'monospace']) {
      const font = shaping.faceFor(style({ fontFamily: [family], fontWeight: 700 }));
      for (const number of ['1,234.56', '12/10/2025', '-7%', '3:45+1']) {
        // With `kern` named the word goes through fontkit (another cache entry); without, it is composed.
        expect(shaping.shape(number, font, 11, 'ltr').glyphs).toEqual(
          shaping.shape(number, font, 11, 'ltr', ['kern']).glyphs,
        );
      }
    }
  });

  it('draws every number at a size with its characters’ shared glyphs, and keeps numbers apart from words', () => {
    const font = shaping.faceFor(style());
    const a = shaping.shape('1,234.56', font, 9, 'ltr').glyphs;
    const b = shaping.shape('6.54', font, 9, 'ltr').glyphs;
    // The same frozen glyph object for the same character: a table of amounts keeps references, not copies.
    expect(b[0]).toBe(a[7]);
    expect(b[1]).toBe(a[5]);
    expect(Object.isFrozen(a)).toBe(true);
    expect(shaping.shape('1,234.56', font, 9, 'ltr').glyphs).toBe(a);
    // Another size has glyphs of its own.
    const six = shaping.shape('6.54', font, 12, 'ltr').glyphs[0];
    expect(six).not.toBe(b[0]);
    expect(six?.advance).toBeCloseTo(((b[0]?.advance ?? 0) * 12) / 9, 0);
    // Thousands of distinct numbers do not push the words out of the word cache.
    shaping.shape('Customer', font, 9, 'ltr');
    for (let i = 0; i < 60_000; i++) shaping.shape(String(i), font, 9, 'ltr');
    const before = shapingStats();
    shaping.shape('Customer', font, 9, 'ltr');
    expect(shapingStats().hits).toBe(before.hits + 1);
  });

  it('draws digits with the features of font-variant-numeric, still composed from their characters', () => {
    // Gelasio (Georgia's stand-in) has proportional digits by default and tabular ones with tnum.
    const font = { family: 'Gelasio', face: 'normal' as const };
    const plain = shaping.shape('1111', font, 10, 'ltr');
    const tabular = shaping.shape('1111', font, 10, 'ltr', ['tnum']);
    expect(tabular.width).toBeGreaterThan(plain.width * 1.2);
    // Each digit's own glyph under the feature: a number's glyphs are shared with every other number's.
    const other = shaping.shape('41', font, 10, 'ltr', ['tnum']);
    expect(other.glyphs[1]).toBe(tabular.glyphs[0]);
    // The same as OpenType shaping gives for the whole number (a feature outside the digit set goes through fontkit).
    expect(shaping.shape('12.50', font, 10, 'ltr', ['tnum']).glyphs).toEqual(
      shaping.shape('12.50', font, 10, 'ltr', ['tnum', 'kern']).glyphs,
    );
  });

  it('splits text into runs by the fonts that have its characters', () => {
    // Chromium looks in the generic family's own font (sans-serif: Arial, Arimo here) before it falls back by
    // character: Arimo has Hebrew; Arabic is Noto Sans Arabic's.
    const runs = shaping.itemize('Hello שלום world مرحبا', style());
    expect(runs.map((r) => [r.text, r.font.family])).toEqual([
      ['Hello ', 'Noto Sans'],
      ['שלום', 'Arimo'],
      [' world ', 'Noto Sans'],
      ['مرحبا', 'Noto Sans Arabic'],
    ]);
    // Then its standard font, Times New Roman (Tinos): Hebrew in a Georgia (Gelasio) paragraph.
    expect(shaping.itemize('Hello שלום', style({ fontFamily: ['Georgia'] })).map((r) => r.font.family)).toEqual([
      'Gelasio',
      'Tinos',
    ]);
    // Spaces between words of a fallback font are the primary font's, as Chromium draws them.
    expect(shaping.itemize('مرحبا بالعالم', style()).map((r) => [r.text, r.font.family])).toEqual([
      ['مرحبا', 'Noto Sans Arabic'],
      [' ', 'Noto Sans'],
      ['بالعالم', 'Noto Sans Arabic'],
    ]);
    expect(shaping.missing('a\u{10FFFD}b')).toEqual(['\u{10FFFD}']);
  });

  it('caches shaped words for the process, and shapes new words in batches identical to one by one', () => {
    // Faces and their shaped words are kept per font byte array for the process, which the suite's files share:
    // copies of the bytes make faces whose caches hold only what this test shaped.
    const copies = Object.entries(loadBundledFonts()).map(([family, faces]) => [
      family,
      Object.fromEntries(Object.entries(faces).map(([face, bytes]) => [face, (bytes as Uint8Array).slice()])),
    ]);
    const shaping = createTextShaping(new FontRegistry(Object.fromEntries(copies)));
    const font = shaping.faceFor(style({ fontWeight: 700 }));
    const before = shapingStats();
    shaping.shape('cached', font, 12, 'ltr');
    shaping.shape('cached', font, 30, 'ltr');
    const after = shapingStats();
    expect(after.misses - before.misses).toBe(1);
    expect(after.hits - before.hits).toBe(1);

    // Words shaped in one batch come out as when shaped one by one (`kern` is on anyway: another cache key).
    const glyphs = (r: { glyphs: ReadonlyArray<{ id: number; advance: number; dx: number; dy: number }> }) =>
      r.glyphs.map((g) => [g.id, g.advance.toFixed(6), g.dx.toFixed(6), g.dy.toFixed(6)]);
    for (const [words, direction, family] of [
      [['Tally', 'Wave', 'effort', 'ﬁnal', 'Ça'], 'ltr', ['serif']],
      [['مرحبا', 'بالعالم', 'الأسطر', 'لا'], 'rtl', ['noto sans arabic']],
    ] as const) {
      const font = shaping.faceFor(style({ fontFamily: [...family], fontStyle: 'italic' }));
      const single = words.map((w) => glyphs(shaping.shape(w, font, 12, direction, ['kern'])));
      shaping.prepare([...words], font, direction);
      const hits = shapingStats().hits;
      const batched = words.map((w) => glyphs(shaping.shape(w, font, 12, direction)));
      expect(shapingStats().hits - hits).toBe(words.length);
      expect(batched).toEqual(single);
    }
  });
});
