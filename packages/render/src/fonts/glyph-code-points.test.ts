import { describe, expect, it } from 'vitest';
import { pageTexts } from '../__fixtures__/pdf-tools';
import { renderReport } from '../render';

// Letters that differ only by their dots share a base glyph in Noto Sans Arabic: ح and ج (with a dot mark), medial
// ب and ي. A process that rendered one of them before must not give later documents its code points.
const FIRST = 'حمد حبيب';
const LATER = 'جمد جبيب';

const svg = (text: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="40"><text x="290" y="30" direction="rtl" font-size="16">${text}</text></svg>`;

const textOf = async (engine: 'quire' | 'pdfmake', html: string) => {
  const { bytes } = await renderReport({ engine, template: { name: 'arabic', html }, data: {} });
  const [page = ''] = await pageTexts(bytes);
  return page
    .replace(/[\u202a-\u202e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
};

describe('the code points of a shared glyph, document after document', () => {
  it("SVG text in Quire's engine says the letters of its own document", async () => {
    expect(await textOf('quire', svg(FIRST))).toBe(FIRST);
    expect(await textOf('quire', svg(LATER))).toBe(LATER);
  });

  it('the pdfmake engine says the letters of its own document', async () => {
    const html = (text: string) => `<p dir="rtl" lang="ar">${text}</p>`;
    expect(await textOf('pdfmake', html(FIRST))).toBe(FIRST);
    expect(await textOf('pdfmake', html(LATER))).toBe(LATER);
  });
});
