import { describe, expect, it } from 'vitest';
import { defaultFonts } from '../render';
import { loadBundledFonts } from './bundled';
import type { FontFaces } from './font-set';
import { FontRegistry } from './registry';

const bundled = loadBundledFonts();
const fonts = new FontRegistry(bundled);
const font = (family: string) => bundled[family]?.normal as Uint8Array;

/** The metric-compatible families, in the order they are bundled. */
const SUBSTITUTES = ['Arimo', 'Tinos', 'Cousine', 'Carlito', 'Gelasio', 'Caladea'];

describe('the bundled fonts', () => {
  it('are the Noto families, monochrome emoji and the metric-compatible substitutes, read once', () => {
    expect(Object.keys(bundled)).toEqual([
      'Noto Sans',
      'Noto Serif',
      'Noto Sans Mono',
      'Noto Sans Arabic',
      'Noto Sans Hebrew',
      'Noto Emoji',
      'Noto Sans Symbols 2',
      ...SUBSTITUTES,
    ]);
    for (const family of SUBSTITUTES)
      expect(Object.keys(bundled[family] ?? {})).toEqual(['normal', 'bold', 'italics', 'bolditalics']);
    expect(Object.keys(bundled['Noto Sans'] ?? {})).toEqual(['normal', 'bold', 'italics', 'bolditalics']);
    expect(Object.keys(bundled['Noto Serif'] ?? {})).toEqual(['normal', 'bold', 'italics', 'bolditalics']);
    expect(Object.keys(bundled['Noto Sans Arabic'] ?? {})).toEqual(['normal', 'bold']);
    expect(loadBundledFonts()['Noto Sans']?.normal).toBe(font('Noto Sans'));
    expect(fonts.families()).toEqual(Object.keys(bundled));
  });

  it('are read by the default registry only when a name or a character needs them, keeping their order', () => {
    // Its own registry: the process-wide default may have read families for other tests already.
    const registry = new FontRegistry({ 'Noto Sans': bundled['Noto Sans'] as FontFaces });
    for (const family of Object.keys(bundled).slice(1))
      registry.registerDeferred(family, () => bundled[family] as FontFaces);
    expect(registry.families()).toEqual(Object.keys(bundled));
    expect(registry.families().filter((f) => registry.isRead(f))).toEqual(['Noto Sans']);

    expect(registry.resolveFamily('Arial, sans-serif')).toBe('Arimo');
    expect(registry.splitByCoverage('Total שלום', 'Noto Sans').map((run) => run.font)).toEqual([
      'Noto Sans',
      'Noto Sans Hebrew',
    ]);
    // Hebrew was looked for along the fallbacks: Noto Serif and Noto Sans Arabic before Noto Sans Hebrew.
    expect(registry.families().filter((f) => registry.isRead(f))).toEqual([
      'Noto Sans',
      'Noto Serif',
      'Noto Sans Arabic',
      'Noto Sans Hebrew',
      'Arimo',
    ]);
    // Reading a family does not move it: the fallback order is the same whatever was read first.
    expect(registry.families()).toEqual(Object.keys(bundled));
    expect(registry.fallbacks()).toEqual(fonts.fallbacks());

    expect(defaultFonts().isRead('Noto Sans')).toBe(true);
    expect(defaultFonts().families()).toEqual(expect.arrayContaining(Object.keys(bundled)));
  });
});

describe('the font registry', () => {
  it('maps CSS families, generic names and common fonts to the bundled families', () => {
    expect(fonts.resolveFamily(undefined)).toBe('Noto Sans');
    expect(fonts.resolveFamily('')).toBe('Noto Sans');
    // Names with a metric-compatible substitute get it, so lines break where they break with the real font.
    expect(fonts.resolveFamily('Helvetica, Arial, sans-serif')).toBe('Arimo');
    expect(fonts.resolveFamily('Calibri, sans-serif')).toBe('Carlito');
    expect(fonts.resolveFamily('Cambria')).toBe('Caladea');
    expect(fonts.resolveFamily('Verdana, sans-serif')).toBe('Noto Sans');
    expect(fonts.resolveFamily('system-ui')).toBe('Noto Sans');
    expect(fonts.resolveFamily('Inter, Roboto')).toBe('Noto Sans');
    expect(fonts.resolveFamily('"Times New Roman", serif')).toBe('Tinos');
    expect(fonts.resolveFamily("'Courier New', monospace")).toBe('Cousine');
    expect(fonts.resolveFamily(' MENLO , Consolas')).toBe('Noto Sans Mono');
    expect(fonts.resolveFamily('Unknown Brand, Georgia')).toBe('Gelasio');
    expect(fonts.resolveFamily('Unknown Brand')).toBe('Noto Sans');
    expect(fonts.resolveFamily("'noto   serif'")).toBe('Noto Serif');
    expect(fonts.resolveFamily('"Noto Sans Hebrew", sans-serif')).toBe('Noto Sans Hebrew');
  });

  it('takes aliases, a default family and the fallback order as options', () => {
    const custom = new FontRegistry(bundled, {
      defaultFamily: 'Noto Serif',
      aliases: { 'Brand Sans': 'Noto Sans Mono', Georgia: 'Noto Sans', Ghost: 'Not Registered' },
      fallbacks: ['Noto Sans Hebrew', 'Noto Sans', 'Missing Family'],
    });
    expect(custom.resolveFamily('Unknown')).toBe('Noto Serif');
    expect(custom.resolveFamily('"brand sans", serif')).toBe('Noto Sans Mono');
    expect(custom.resolveFamily('Georgia')).toBe('Noto Sans'); // an alias wins over the built-in names
    expect(custom.resolveFamily('Ghost, serif')).toBe('Noto Serif'); // an alias of nothing registered is skipped
    expect(custom.fallbacks()).toEqual(['Noto Sans Hebrew', 'Noto Sans']);
    expect(custom.splitByCoverage('مرحبا', 'Noto Serif')).toEqual([{ text: 'مرحبا', font: 'Noto Serif' }]);
    expect(fonts.fallbacks()).toEqual([
      'Noto Sans',
      'Noto Serif',
      'Noto Sans Arabic',
      'Noto Sans Hebrew',
      'Noto Sans Mono',
      'Noto Emoji',
      'Noto Sans Symbols 2',
      ...SUBSTITUTES,
    ]);
  });

  it('splits Latin, Cyrillic, Greek, Arabic, Hebrew and CJK text by glyph coverage', () => {
    expect(fonts.splitByCoverage('Price Ωμέγα Привет, 42.', 'Noto Sans')).toEqual([
      { text: 'Price Ωμέγα Привет, 42.', font: 'Noto Sans' },
    ]);
    expect(fonts.splitByCoverage('Total שקל חדש 120 and مرحبا بالعالم! Ωμέγα 漢字.', 'Noto Sans')).toEqual([
      { text: 'Total ', font: 'Noto Sans' },
      // Spaces and digits the current font has stay in its run.
      { text: 'שקל חדש 120 ', font: 'Noto Sans Hebrew' },
      { text: 'and ', font: 'Noto Sans' },
      { text: 'مرحبا بالعالم! ', font: 'Noto Sans Arabic' },
      // No family has CJK: it stays in the given family (and missingGlyphs reports it).
      { text: 'Ωμέγα 漢字.', font: 'Noto Sans' },
    ]);
    expect(fonts.splitByCoverage('مرحبا بالعالم', 'Noto Serif')).toEqual([
      { text: 'مرحبا بالعالم', font: 'Noto Sans Arabic' },
    ]);
    // A CSS name is resolved first.
    expect(fonts.splitByCoverage('abc', 'monospace')).toEqual([{ text: 'abc', font: 'Noto Sans Mono' }]);
    expect(fonts.missingGlyphs('Total שקל مرحبا Ωμέγα Привет 漢字 漢')).toEqual(['漢', '字']);
  });

  it('draws a space the text’s font lacks with a font that has it (the ideographic space in Latin text)', () => {
    // The default fonts include the CJK package's, installed in this repository.
    expect(defaultFonts().splitByCoverage('5678\u3000FAX', 'Noto Serif')).toEqual([
      { text: '5678', font: 'Noto Serif' },
      { text: '\u3000', font: 'Noto Sans SC' },
      { text: 'FAX', font: 'Noto Serif' },
    ]);
    // A space it has stays with it.
    expect(fonts.splitByCoverage('a\u2009b', 'Noto Serif')).toEqual([{ text: 'a\u2009b', font: 'Noto Serif' }]);
  });

  it('keeps a fallback run going while its font can draw, and returns to the given family when it can', () => {
    // Arabic-Indic digits only Noto Sans Arabic has; the Arabic comma too.
    expect(fonts.splitByCoverage('Sum ١٢٣، total', 'Noto Sans')).toEqual([
      { text: 'Sum ', font: 'Noto Sans' },
      { text: '١٢٣، ', font: 'Noto Sans Arabic' },
      { text: 'total', font: 'Noto Sans' },
    ]);
    // Combining marks stay with their letter.
    expect(fonts.splitByCoverage('שָׁלוֹם', 'Noto Sans')).toEqual([{ text: 'שָׁלוֹם', font: 'Noto Sans Hebrew' }]);
  });

  it('falls back character by character along the CSS list before its own fallbacks', () => {
    const stack = fonts.resolveStack('"Noto Sans Mono", Ghost, "Courier New", monospace');
    expect(stack).toEqual(['Noto Sans Mono', 'Cousine']);
    // Noto Sans Mono has no Hebrew; Courier New (Cousine) has, and comes before the fallbacks' Noto Sans Hebrew.
    expect(fonts.splitByCoverage('code שלום', 'Noto Sans Mono', stack)).toEqual([
      { text: 'code ', font: 'Noto Sans Mono' },
      { text: 'שלום', font: 'Cousine' },
    ]);
    expect(fonts.splitByCoverage('code שלום', 'Noto Sans Mono')).toEqual([
      { text: 'code ', font: 'Noto Sans Mono' },
      { text: 'שלום', font: 'Noto Sans Hebrew' },
    ]);
  });

  it('walks code points: surrogate pairs are never split', () => {
    const runs = fonts.splitByCoverage('a😀b 👍🏽 שלום 𝐀', 'Noto Sans');
    expect(runs.map((r) => r.text).join('')).toBe('a😀b 👍🏽 שלום 𝐀');
    for (const run of runs) expect(run.text).not.toMatch(/^[\udc00-\udfff]|[\ud800-\udbff]$/);
    // Emoji, skin tones included, in the monochrome emoji font.
    expect(runs.slice(0, 4)).toEqual([
      { text: 'a', font: 'Noto Sans' },
      { text: '😀', font: 'Noto Emoji' },
      { text: 'b ', font: 'Noto Sans' },
      { text: '👍🏽 ', font: 'Noto Emoji' },
    ]);
    expect(fonts.missingGlyphs('Hello 漢字 😀 Ωμέγα 👍🏽')).toEqual(['漢', '字']);
    expect(fonts.missingGlyphs('plain text\n\t\u200b\u200f\ufeff')).toEqual([]);
  });

  it('registers user fonts and rejects bytes that are not a font, naming the family', () => {
    const custom = new FontRegistry(bundled);
    custom.register('Brand', { normal: font('Noto Serif'), bold: bundled['Noto Serif']?.bold as Uint8Array });
    expect(custom.resolveFamily('Brand, sans-serif')).toBe('Brand');
    expect(custom.families()).toContain('Brand');
    expect(custom.fallbacks().at(-1)).toBe('Brand');
    expect(() => custom.register('Broken', { normal: new TextEncoder().encode('not a font at all') })).toThrowError(
      /"Broken" is not a TrueType, OpenType or WOFF font/,
    );
    expect(() => custom.register('Cut', { normal: font('Noto Sans').slice(0, 2000) })).toThrowError(/"Cut"/);
    expect(() => custom.register('Half', { normal: font('Noto Sans'), bold: new Uint8Array(100) })).toThrowError(
      /"Half" is not a TrueType, OpenType or WOFF font \(its bold face\)/,
    );
    expect(custom.families()).not.toContain('Broken');
    expect(custom.families()).not.toContain('Half');
  });

  it('fills every face for pdfmake and keeps the same objects', () => {
    const custom = new FontRegistry(bundled);
    custom.register('Brand', { normal: font('Noto Serif'), bold: bundled['Noto Serif']?.bold as Uint8Array });
    const faces = custom.pdfmakeFonts();
    expect(faces.Brand?.italics).toBe(faces.Brand?.normal);
    expect(faces.Brand?.bolditalics).toBe(bundled['Noto Serif']?.bold);
    expect(faces['Noto Sans']?.bolditalics).toBe(bundled['Noto Sans']?.bolditalics);
    expect(faces['Noto Sans Mono']?.italics).toBe(font('Noto Sans Mono'));
    expect(custom.pdfmakeFonts()).toBe(faces);
    custom.register('Other', { normal: font('Noto Sans') });
    expect(custom.pdfmakeFonts()).not.toBe(faces);
    expect(custom.pdfmakeFonts()['Noto Sans']?.normal).toBe(font('Noto Sans'));
  });

  it('measures text, fallback fonts included, and knows each family’s natural line height', () => {
    const latin = fonts.textWidth('Hello', 'Noto Sans', 10, false);
    expect(latin).toBeGreaterThan(20);
    expect(latin).toBeLessThan(35);
    expect(fonts.textWidth('Hello', 'Noto Sans', 10, true)).toBeGreaterThan(latin);
    const hebrew = fonts.textWidth('שלום', 'Noto Sans', 10, false);
    expect(hebrew).toBeGreaterThan(15);
    expect(hebrew).toBeLessThan(30);
    expect(fonts.naturalLineHeight('Noto Sans')).toBeCloseTo(1.362, 2);
    expect(fonts.naturalLineHeight('Nope')).toBeCloseTo(1.362, 2);
  });
});
