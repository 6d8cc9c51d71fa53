import { describe, expect, it } from 'vitest';
import { pageTexts } from '../__fixtures__/pdf-tools';
import { renderReport } from '../render';
import { splitLongWords, WORD_PIECE } from './long-words';

describe('splitLongWords', () => {
  it('leaves text without long words whole', () => {
    expect(splitLongWords('A short sentence.')).toEqual(['A short sentence.']);
    const words = 'word '.repeat(100);
    expect(splitLongWords(words)).toEqual([words]);
  });

  it('cuts a long word into pieces that join back into the text', () => {
    const text = `see ${'x'.repeat(WORD_PIECE * 2 + 5)} here`;
    const pieces = splitLongWords(text);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBe(3);
    for (const piece of pieces)
      expect(Math.max(...piece.split(/\s/).map((w) => w.length))).toBeLessThanOrEqual(WORD_PIECE);
  });

  it('never separates a combining mark or an emoji half from its character', () => {
    const text = 'e\u0301'.repeat(100) + '😀'.repeat(100);
    const pieces = splitLongWords(text);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) {
      expect(piece).not.toMatch(/^\p{M}/u);
      expect(piece).not.toMatch(/^[\udc00-\udfff]/);
    }
  });
});

describe('a very long unbroken word', () => {
  it('wraps across lines and pages of a heading instead of exhausting memory, on pdfmake', async () => {
    // A token of 20,000 characters: pdfmake measured every prefix of it for every line, and ran out of memory
    // past about 2,000.
    const token = 'x'.repeat(20_000);
    const result = await renderReport({
      template: { html: '<h1>{{ token }}</h1><p>after</p>' },
      data: { token },
      engine: 'pdfmake',
    });
    expect(result.pages).toBeGreaterThan(10);
    const text = (await pageTexts(result.bytes)).join('').replace(/\s+/g, '');
    expect(text).toBe(`${token}after`);
  });
});

describe("a very long unbroken word, on Quire's engine", () => {
  const token = 'x'.repeat(20_000);

  it('runs off the line as in a browser, and says so', async () => {
    const result = await renderReport({ template: { html: '<h1>{{ token }}</h1><p>after</p>' }, data: { token } });
    expect(result.pages).toBe(1);
    expect(result.warnings.map((w) => w.code)).toContain('word_too_long');
  });

  it('wraps across lines and pages when the template allows it (overflow-wrap: anywhere)', async () => {
    const result = await renderReport({
      template: { html: '<h1 style="overflow-wrap: anywhere">{{ token }}</h1><p>after</p>' },
      data: { token },
    });
    expect(result.pages).toBeGreaterThan(10);
    expect(result.warnings.map((w) => w.code)).not.toContain('word_too_long');
    const text = (await pageTexts(result.bytes)).join('').replace(/\s+/g, '');
    expect(text).toBe(`${token}after`);
  });
});
