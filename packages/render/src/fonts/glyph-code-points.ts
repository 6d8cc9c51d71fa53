interface GlyphLike {
  codePoints: number[];
}
interface GlyphSource {
  getGlyph(id: number, codePoints?: number[]): GlyphLike | null;
}

/**
 * fontkit keeps one glyph object per glyph id for the life of a parsed font, with the code points of the first text
 * that made it, and every later shaping of other text to the same glyph gets those. Arabic letters that differ only
 * by their dots (ج and ح, medial ب, ت and ي) are one base glyph and a mark, so once a process had shaped ح, every
 * later document's ج said ح to text extraction (pdfkit's ToUnicode and Quire's SVG text read the glyph's code
 * points). Glyph objects now say what the text being shaped says: a glyph asked for with other code points than
 * its cached object's is a view of that object with its own code points (what the object has measured and drawn is
 * shared through the prototype).
 */
export function keepCodePointsPerUse<T extends object>(font: T): T {
  const source = font as unknown as GlyphSource;
  if (typeof source.getGlyph !== 'function') return font;
  const getGlyph = source.getGlyph.bind(font);
  source.getGlyph = (id: number, codePoints: number[] = []) => {
    const glyph = getGlyph(id, codePoints);
    if (!glyph || codePoints.length === 0 || sameCodePoints(glyph.codePoints, codePoints)) return glyph;
    return Object.create(glyph, {
      codePoints: { value: codePoints, enumerable: true, writable: true },
      isLigature: { value: codePoints.length > 1, enumerable: true, writable: true },
    }) as GlyphLike;
  };
  return font;
}

function sameCodePoints(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
