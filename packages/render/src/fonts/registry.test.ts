import { describe, expect, it } from 'vitest';
import { loadBundledFonts } from './bundled';
import { FontRegistry } from './registry';

const fonts = new FontRegistry(loadBundledFonts());

describe('the font registry', () => {
  it('maps CSS families, generic names and common fonts to the bundled families', () => {
    expect(fonts.resolveFamily(undefined)).toBe('Noto Sans');
    expect(fonts.resolveFamily('Helvetica, Arial, sans-serif')).toBe('Noto Sans');
    expect(fonts.resolveFamily('"Times New Roman", serif')).toBe('Noto Serif');
    expect(fonts.resolveFamily("'Courier New', monospace")).toBe('Noto Sans Mono');
    expect(fonts.resolveFamily('Unknown Brand, Georgia')).toBe('Noto Serif');
    expect(fonts.resolveFamily('Unknown Brand')).toBe('Noto Sans');
    expect(fonts.resolveFamily('noto serif')).toBe('Noto Serif');
  });

  it('splits text by glyph coverage, keeping words and spaces in one run', () => {
    expect(fonts.splitByCoverage('Price Ωμέγα Привет', 'Noto Sans')).toEqual([
      { text: 'Price Ωμέγα Привет', font: 'Noto Sans' },
    ]);
    expect(fonts.splitByCoverage('Total שקל חדש 120', 'Noto Sans')).toEqual([
      { text: 'Total ', font: 'Noto Sans' },
      { text: 'שקל חדש ', font: 'Noto Sans Hebrew' },
      { text: '120', font: 'Noto Sans' },
    ]);
    expect(fonts.splitByCoverage('مرحبا بالعالم', 'Noto Serif')).toEqual([
      { text: 'مرحبا بالعالم', font: 'Noto Sans Arabic' },
    ]);
  });

  it('handles characters outside the BMP and reports what no font can draw', () => {
    const runs = fonts.splitByCoverage('a😀b', 'Noto Sans');
    expect(runs.map((r) => r.text).join('')).toBe('a😀b');
    expect(fonts.missingGlyphs('Hello 漢字 😀 Ωμέγα')).toEqual(['漢', '字', '😀']);
    expect(fonts.missingGlyphs('plain text\n')).toEqual([]);
  });

  it('registers user fonts and rejects bytes that are not a font', () => {
    const custom = new FontRegistry(loadBundledFonts());
    custom.register('Brand', { normal: loadBundledFonts()['Noto Serif']?.normal as Uint8Array });
    expect(custom.resolveFamily('Brand, sans-serif')).toBe('Brand');
    expect(() => custom.register('Broken', { normal: new TextEncoder().encode('not a font at all') })).toThrowError(
      /"Broken" is not a TrueType, OpenType or WOFF font/,
    );
    const faces = custom.pdfmakeFonts().Brand;
    expect(faces?.bold).toBe(faces?.normal);
  });

  it('knows each family’s natural line height for pdfmake', () => {
    expect(fonts.naturalLineHeight('Noto Sans')).toBeCloseTo(1.362, 2);
    expect(fonts.naturalLineHeight('Nope')).toBeCloseTo(1.362, 2);
  });

  it('returns the same pdfmake font object every time, so parsed fonts can be reused', () => {
    expect(fonts.pdfmakeFonts()).toBe(fonts.pdfmakeFonts());
  });
});
