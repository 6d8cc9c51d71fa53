import type { FontFaceRef, ShapedGlyph } from '../fragment';

/**
 * A text run of several words ("Customer 482") joins its words' glyphs into an array of its own. The words'
 * glyph objects are shared already (the shaper's caches), so two runs of the same text in the same face and size
 * usually hold the same glyphs: they share one frozen array of exactly the run's length. A 20,000-row table has a
 * few thousand distinct cell texts, not 120,000 arrays (each with room for 17 glyphs or more, as push leaves them).
 */
const MAX_RUNS = 8_192;
const runs = new Map<string, readonly ShapedGlyph[]>();

export function sharedRun(
  font: FontFaceRef,
  fontSize: number,
  text: string,
  glyphs: ShapedGlyph[],
): readonly ShapedGlyph[] {
  const key = `${font.family}\u0000${font.face}\u0000${fontSize}\u0000${text}`;
  const known = runs.get(key);
  if (known && sameGlyphs(known, glyphs)) return known;
  // Kept a bounded number at a time, as the shaper's own caches are.
  if (runs.size >= MAX_RUNS) runs.clear();
  const exact = Object.freeze(glyphs.slice());
  runs.set(key, exact);
  return exact;
}

// The same objects, not equal values: justified or letter-spaced glyphs are objects of their own.
function sameGlyphs(a: readonly ShapedGlyph[], b: readonly ShapedGlyph[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
