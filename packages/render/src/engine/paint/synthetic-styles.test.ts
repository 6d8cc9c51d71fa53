import { describe, expect, it } from 'vitest';
import { contentStreams, pageTexts, pdfFonts } from '../../__fixtures__/pdf-tools';
import { readBundledFamily } from '../../fonts/bundled';
import type { FontFaces } from '../../fonts/font-set';
import { renderReport } from '../../render';
import { fakeBoldStroke } from './text';

const render = async (html: string, fonts?: Record<string, FontFaces>) =>
  (await renderReport({ template: { name: 'bold', html }, data: {}, engine: 'quire', ...(fonts ? { fonts } : {}) }))
    .bytes;

const ARABIC = 'شركة الأفق للتجارة والمقاولات المحدودة';

describe('bold text in a font the text falls back to', () => {
  it('is the regular face emboldened with a stroke, as Chromium on Linux draws it', async () => {
    // Arial (Arimo here) has no Arabic: Noto Sans Arabic is a fallback the style does not list.
    const bytes = await render(`<p dir="rtl" style="font-family: Arial; font-weight: bold">${ARABIC}</p>`);
    const fonts = await pdfFonts(bytes);
    expect(fonts).toContain('NotoSansArabic-Regular');
    expect(fonts).not.toContain('NotoSansArabic-Bold');
    // Fill and stroke (2 Tr), the stroke as wide as Skia's fake bold at 16px: 1/24 - 7/27 of (1/24 - 1/32) of 12pt.
    const stroke = fakeBoldStroke(12);
    expect(stroke).toBeCloseTo(12 * (1 / 24 - (7 / 27) * (1 / 24 - 1 / 32)), 9);
    const width = /2 Tr\n([\d.]+) w\n/.exec(contentStreams(bytes))?.[1];
    expect(Number(width)).toBeCloseTo(stroke, 3);
    // The text reads as it did.
    expect((await pageTexts(bytes))[0]?.replace(/[\u202a-\u202e]/g, '')).toContain('المحدودة');
  });

  it('keeps the real bold face of a family the style lists, and of the primary family', async () => {
    const listed = await render(
      `<p dir="rtl" style="font-family: Arial, 'Noto Sans Arabic'; font-weight: bold">${ARABIC} Total</p>`,
    );
    expect(await pdfFonts(listed)).toEqual(expect.arrayContaining(['NotoSansArabic-Bold', 'Arimo-Bold']));
    expect(contentStreams(listed)).not.toMatch(/2 Tr/);
  });

  it('leaves regular text in a fallback font as it was', async () => {
    const bytes = await render(`<p dir="rtl" style="font-family: Arial">${ARABIC}</p>`);
    expect(await pdfFonts(bytes)).toContain('NotoSansArabic-Regular');
    expect(contentStreams(bytes)).not.toMatch(/2 Tr/);
  });
});

describe('italic and bold a face does not have', () => {
  it('slants italic text in a fallback font by a quarter, as Skia does', async () => {
    const bytes = await render(`<p dir="rtl" style="font-family: Arial; font-style: italic">${ARABIC}</p>`);
    expect(await pdfFonts(bytes)).toContain('NotoSansArabic-Regular');
    expect(contentStreams(bytes)).toMatch(/1 0 0\.25 -1 [\d.]+ [\d.]+ Tm/);
    // The Latin text of the same paragraph is Arimo's own italic, upright in its matrix.
    const latin = await render('<p style="font-family: Arial; font-style: italic">Total</p>');
    expect(await pdfFonts(latin)).toContain('Arimo-Italic');
    expect(contentStreams(latin)).not.toMatch(/1 0 0\.25 -1/);
  });

  it('emboldens a family of one face, as Chromium does, where it was drawn regular', async () => {
    const brand = { normal: readBundledFamily('Noto Sans Mono').normal };
    const bytes = await render('<p style="font-family: Brand; font-weight: bold">Invoice total</p>', { Brand: brand });
    expect(await pdfFonts(bytes)).toEqual(['NotoSansMono-Regular']);
    expect(contentStreams(bytes)).toMatch(/2 Tr\n[\d.]+ w\n/);
    expect((await pageTexts(bytes))[0]).toContain('Invoice total');
  });
});
