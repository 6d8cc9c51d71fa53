import { describe, expect, it } from 'vitest';
import { contentStreams, pageTexts, pdfFonts } from '../../__fixtures__/pdf-tools';
import { renderReport } from '../../render';
import { fakeBoldStroke } from './text';

const render = async (html: string) =>
  (await renderReport({ template: { name: 'bold', html }, data: {}, engine: 'quire' })).bytes;

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
