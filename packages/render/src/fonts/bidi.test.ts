import { describe, expect, it } from 'vitest';
import { pageTexts } from '../__fixtures__/pdf-tools';
import { pdfmakeLine, renderPdf, useFonts } from './__fixtures__/pdfmake';
import { breakLines, directionOf, displayOrder, hasRtl, toVisualOrder } from './bidi';
import { loadBundledFonts } from './bundled';
import { FontRegistry } from './registry';

const ZW = '\u200b';
const bidiControls = /[\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

describe('right-to-left text: the order a reader sees', () => {
  it('knows which text needs the bidirectional algorithm', () => {
    expect(hasRtl('Invoice 42 (draft)')).toBe(false);
    expect(hasRtl('Total: 120 ₪ שקל')).toBe(true);
    expect(hasRtl('مرحبا')).toBe(true);
    expect(hasRtl('Invoice 42\u200f')).toBe(true);
  });

  it('reverses right-to-left runs, keeps numbers and Latin left to right, and mirrors brackets', () => {
    expect(displayOrder('שלום עולם')).toBe('םלוע םולש');
    expect(displayOrder('Total: 120 ₪ שקל')).toBe('Total: 120 ₪ לקש');
    expect(displayOrder('המחיר (כולל מע״מ): 120 ₪.', 'rtl')).toBe('.₪ 120 :(מ״עמ ללוכ) ריחמה');
    expect(displayOrder('Invoice שולמה', 'rtl')).toBe('המלוש Invoice');
    expect(displayOrder('Invoice שולמה')).toBe('Invoice המלוש');
  });

  it('keeps characters outside the BMP whole', () => {
    expect(displayOrder('שלום 😀 עולם')).toBe('םלוע 😀 םולש');
    expect(displayOrder('𝐀 שלום', 'rtl')).toBe('םולש 𝐀');
  });
});

describe('right-to-left text: the order to hand pdfmake', () => {
  it('leaves left-to-right text alone', () => {
    expect(toVisualOrder('Invoice 42 (draft)')).toBe('Invoice 42 (draft)');
  });

  it('orders words visually but keeps each right-to-left word logical, for fontkit to shape and reverse', () => {
    expect(toVisualOrder('שלום עולם')).toBe('עולם שלום');
    expect(toVisualOrder('مرحبا بالعالم')).toBe('بالعالم مرحبا');
    expect(toVisualOrder('Total: 120 ₪ שקל')).toBe('Total: 120 ₪ שקל');
    expect(toVisualOrder('שָׁלוֹם')).toBe('שָׁלוֹם'); // points follow their letters
  });

  it('separates right-to-left words from the brackets and punctuation fontkit must not reverse with them', () => {
    expect(toVisualOrder('(שלום)', 'rtl')).toBe(`(${ZW}שלום${ZW})`);
    expect(toVisualOrder('המחיר (כולל מע״מ): 120 ₪.', 'rtl')).toBe(`.₪ 120 :(${ZW}מע״מ כולל${ZW}) המחיר`);
    // Arabic punctuation is part of the word; Arabic-Indic digits are reversed for fontkit to put back.
    expect(toVisualOrder('كيف حالك؟', 'rtl')).toBe('حالك؟ كيف');
    expect(toVisualOrder('السعر ١٢٣ دولار.', 'rtl')).toBe(`.${ZW}دولار ٣٢١ السعر`);
  });
});

describe('right-to-left text in a PDF', () => {
  const registry = new FontRegistry(loadBundledFonts());
  useFonts(registry);

  it('comes out in reading order, and fontkit shapes Arabic in logical order', async () => {
    const lines: Array<[string, ('ltr' | 'rtl')?]> = [
      ['مرحبا بالعالم'],
      ['שלום עולם'],
      ['Total: 120 ₪ שקל'],
      ['كيف حالك؟ مرحبا بالعالم', 'rtl'],
      ['המחיר כולל מע״מ', 'rtl'],
    ];
    const bytes = await renderPdf({
      defaultStyle: { font: 'Noto Sans', fontSize: 14 },
      content: lines.map(([text, direction]) => ({ text: pdfmakeLine(registry, text, 'Noto Sans', direction) })),
    });
    const text = (await pageTexts(bytes))[0]?.replace(bidiControls, '') ?? '';
    const got = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    // pdftotext puts right-to-left text back in logical order only when the words were drawn right to left.
    expect(got[0]).toBe('مرحبا بالعالم');
    expect(got[1]).toBe('שלום עולם');
    expect(got[2]).toMatch(/Total: 120 ₪/);
    expect(got[2]).toMatch(/שקל/);
    expect(got[3]).toBe('كيف حالك؟ مرحبا بالعالم');
    expect(got[4]).toBe('המחיר כולל מע״מ');
  });

  it('draws the pieces pdfmake gets with the right fonts', () => {
    expect(pdfmakeLine(registry, 'Total: 120 ₪ שקל', 'Noto Sans')).toEqual([
      { text: 'Total:', font: 'Noto Sans' },
      { text: ' ', font: 'Noto Sans' },
      { text: '120', font: 'Noto Sans' },
      { text: ' ', font: 'Noto Sans' },
      { text: '₪', font: 'Noto Sans' },
      { text: ' ', font: 'Noto Sans' },
      { text: 'שקל', font: 'Noto Sans Hebrew' },
    ]);
  });
});

describe('right-to-left paragraphs', () => {
  it('orders each line on its own and keeps the line breaks in place', () => {
    expect(toVisualOrder('שלום עולם\nabc', 'rtl')).toBe('עולם שלום\nabc');
    expect(displayOrder('abc\nשלום עולם\r\nxyz')).toBe('abc\nםלוע םולש\r\nxyz');
  });

  it('knows a paragraph’s direction by its first strong character', () => {
    expect(directionOf('Invoice 42')).toBe('ltr');
    expect(directionOf('123 שלום, Invoice')).toBe('rtl');
    expect(directionOf('Invoice שולמה')).toBe('ltr');
  });

  it('breaks a paragraph into lines in logical order before it is ordered line by line', async () => {
    const registry = new FontRegistry(loadBundledFonts());
    useFonts(registry);
    const words = 'אחד שתיים שלוש ארבע חמש שש שבע שמונה תשע עשר';
    const measure = (text: string) => registry.textWidth(text, 'Noto Sans', 14, false);
    const lines = breakLines(words, measure('אחד שתיים שלוש') + 1, measure);
    expect(lines).toEqual(['אחד שתיים שלוש', 'ארבע חמש שש', 'שבע שמונה תשע', 'עשר']);
    expect(breakLines('a b\nc', 1000, measure)).toEqual(['a b', 'c']);
    const paragraph = lines.join('\n');
    const bytes = await renderPdf({
      defaultStyle: { font: 'Noto Sans', fontSize: 14 },
      content: [{ text: pdfmakeLine(registry, paragraph, 'Noto Sans', directionOf(paragraph)), alignment: 'right' }],
    });
    const got = ((await pageTexts(bytes))[0] ?? '')
      .replace(bidiControls, '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(got).toEqual(lines);
  });
});
