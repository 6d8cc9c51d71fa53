import type { Font } from 'fontkit';
import type { FontkitRun } from './shaper';

/**
 * Unicode spaces a font lacks, drawn as its own space glyph at the width the character stands for, as HarfBuzz
 * does (hb-ot-shape-fallback.cc, `_hb_ot_shape_fallback_spaces`) and so Chromium: an ideographic space (U+3000)
 * in Latin text with no CJK font installed is a blank an em wide, not a .notdef box. The widths are HarfBuzz's.
 */

type Width = number | 'space' | 'half-space' | 'figure' | 'punctuation';

const WIDTHS = new Map<number, Width>([
  [0x00a0, 'space'],
  [0x2000, 1 / 2],
  [0x2001, 1],
  [0x2002, 1 / 2],
  [0x2003, 1],
  [0x2004, 1 / 3],
  [0x2005, 1 / 4],
  [0x2006, 1 / 6],
  [0x2007, 'figure'],
  [0x2008, 'punctuation'],
  [0x2009, 1 / 5],
  [0x200a, 1 / 16],
  [0x202f, 'half-space'],
  [0x205f, 4 / 18],
  [0x3000, 1],
]);

const NOTDEF = 0;

/** Whether a run drew a space the font lacks (as .notdef): only then is it copied and mended. */
export function hasMissingSpace(run: FontkitRun): boolean {
  for (const glyph of run.glyphs) {
    if (glyph.id === NOTDEF && glyph.codePoints.length === 1 && WIDTHS.has(glyph.codePoints[0] as number)) return true;
  }
  return false;
}

/**
 * The run with each .notdef that stands for a space the font lacks turned into the font's space glyph, advancing
 * as far as that space should; the glyph keeps its own code point, so the text layer says what the template said.
 * A font with no space glyph either is left as it is (the box is then reported as a missing glyph elsewhere).
 */
export function withFallbackSpaces(font: Font, run: FontkitRun): FontkitRun {
  const space = font.glyphForCodePoint(0x20) as unknown as { id: number; advanceWidth: number };
  if (space.id === NOTDEF) return run;
  const glyphs = run.glyphs.slice();
  const positions = run.positions.slice();
  for (let i = 0; i < glyphs.length; i++) {
    const glyph = glyphs[i] as FontkitRun['glyphs'][number];
    const cp = glyph.codePoints[0] as number;
    const width = glyph.id === NOTDEF && glyph.codePoints.length === 1 ? WIDTHS.get(cp) : undefined;
    if (width === undefined) continue;
    const advance = advanceOf(font, width, space.advanceWidth);
    glyphs[i] = { id: space.id, codePoints: [cp], advanceWidth: advance } as FontkitRun['glyphs'][number];
    positions[i] = { ...(positions[i] as FontkitRun['positions'][number]), xAdvance: advance };
  }
  return { glyphs, positions };
}

function advanceOf(font: Font, width: Width, space: number): number {
  if (typeof width === 'number') return width * font.unitsPerEm;
  if (width === 'space') return space;
  if (width === 'half-space') return space / 2;
  // A figure space is as wide as a digit, a punctuation space as a full stop (or a comma), in fonts that have them.
  const probes = width === 'figure' ? [0x30] : [0x2e, 0x2c];
  for (const cp of probes) {
    const glyph = font.glyphForCodePoint(cp) as unknown as { id: number; advanceWidth: number };
    if (glyph.id !== NOTDEF) return glyph.advanceWidth;
  }
  return space;
}
