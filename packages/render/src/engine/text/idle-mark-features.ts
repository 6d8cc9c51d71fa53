import type { Font } from 'fontkit';

/**
 * fontkit applies the `mark` and `mkmk` features to every run, and reading a feature's lookups decodes each of
 * them whole: Noto Sans's mark-to-base tables hold anchors for every base glyph, some 3 MB a face, kept for the
 * process once the first word is shaped. V8 sizes its heap by what stays alive (a megabyte kept costs about four
 * of a long report's peak), so a report in Noto Sans and Noto Sans Bold paid some 25 MB of peak memory for
 * accents it never drew. Those lookups only move mark glyphs; a run that holds none is shaped with the two
 * features off, and shaped again with them when its glyphs turn out to hold a mark after all (the font's GDEF
 * glyph class: a precomposed letter a font decomposes). A face whose `mark` or `mkmk` lookups are of any other
 * type, or that has no GDEF glyph classes or has feature variations, is always shaped with both.
 */

const MARK_FEATURES = ['mark', 'mkmk'] as const;
// GPOS lookup types that move only marks: mark-to-base, mark-to-ligature, mark-to-mark; 9 is an extension.
const MARK_LOOKUP_TYPES = new Set([4, 5, 6]);
const EXTENSION = 9;
const MARK_CLASS = 3;
// A character of Unicode's mark categories (Mn, Mc, Me) always reaches the font as a mark.
const COMBINING = /\p{M}/u;

interface ClassDef {
  version: number;
  startGlyph?: number;
  classValueArray?: ArrayLike<number>;
  classRangeRecord?: Array<{ start: number; end: number; class: number }>;
}

interface FontInternals {
  GDEF?: { glyphClassDef?: ClassDef | null };
  GPOS?: {
    version?: number;
    featureVariations?: unknown;
    featureList?: Array<{ tag: string; feature: { lookupListIndexes: number[] } }>;
  };
  _getTableStream?(tag: string): { buffer: Uint8Array; pos: number } | null;
}

const faces = new WeakMap<Font, ClassDef | null>();

/** The face's GDEF glyph classes when its mark features can be left out of runs without marks, else null. */
function markClasses(font: Font): ClassDef | null {
  if (faces.has(font)) return faces.get(font) ?? null;
  let classes: ClassDef | null = null;
  try {
    classes = qualifies(font as unknown as FontInternals);
  } catch {
    // Tables fontkit cannot read as expected: shape as fontkit does.
    classes = null;
  }
  faces.set(font, classes);
  return classes;
}

function qualifies(font: FontInternals): ClassDef | null {
  const classes = font.GDEF?.glyphClassDef;
  const gpos = font.GPOS;
  if (!classes || !gpos?.featureList || gpos.featureVariations) return null;
  const indexes = new Set<number>();
  for (const record of gpos.featureList)
    if ((MARK_FEATURES as readonly string[]).includes(record.tag))
      for (const index of record.feature.lookupListIndexes) indexes.add(index);
  if (indexes.size === 0) return null; // nothing to save
  const types = lookupTypes(font, indexes);
  return types && [...types].every((type) => MARK_LOOKUP_TYPES.has(type)) ? classes : null;
}

/**
 * The types of the GPOS lookups at `indexes`, read from the table's bytes (fontkit decodes a lookup whole, its
 * subtables too, which is what is being spared). Null when the bytes are not what the OpenType layout says.
 */
function lookupTypes(font: FontInternals, indexes: Set<number>): Set<number> | null {
  const stream = font._getTableStream?.('GPOS');
  if (!stream) return null;
  const bytes = stream.buffer;
  const base = stream.pos;
  const u16 = (at: number) => {
    if (at < 0 || at + 2 > bytes.length) throw new RangeError('GPOS out of bounds');
    return ((bytes[at] as number) << 8) | (bytes[at + 1] as number);
  };
  const lookupList = base + u16(base + 8);
  const count = u16(lookupList);
  const types = new Set<number>();
  for (const index of indexes) {
    if (index >= count) return null;
    const lookup = lookupList + u16(lookupList + 2 + 2 * index);
    const type = u16(lookup);
    if (type !== EXTENSION) {
      types.add(type);
      continue;
    }
    const subtables = u16(lookup + 4);
    for (let i = 0; i < subtables; i++) {
      const extension = lookup + u16(lookup + 6 + 2 * i);
      if (u16(extension) !== 1) return null;
      types.add(u16(extension + 2));
    }
  }
  return types;
}

function classOf(glyph: number, def: ClassDef): number {
  if (def.version === 1 && def.classValueArray && def.startGlyph !== undefined) {
    const i = glyph - def.startGlyph;
    return i >= 0 && i < def.classValueArray.length ? (def.classValueArray[i] as number) : 0;
  }
  if (def.version === 2 && def.classRangeRecord) {
    for (const range of def.classRangeRecord) if (range.start <= glyph && glyph <= range.end) return range.class;
  }
  return 0;
}

/**
 * The feature settings to try first for `text`: the caller's with `mark` and `mkmk` off, when the face qualifies,
 * the text has no combining character and the caller set neither feature. Undefined to shape as asked at once.
 */
export function leanSettings(
  font: Font,
  text: string,
  settings: Record<string, boolean> | undefined,
): Record<string, boolean> | undefined {
  if (settings && MARK_FEATURES.some((tag) => tag in settings)) return undefined;
  if (COMBINING.test(text) || !markClasses(font)) return undefined;
  return { ...settings, mark: false, mkmk: false };
}

/** Whether a run shaped with `leanSettings` holds a mark glyph, so that it has to be shaped with its marks placed. */
export function holdsMark(font: Font, glyphs: ReadonlyArray<{ id: number }>): boolean {
  const classes = markClasses(font);
  if (!classes) return true;
  for (const glyph of glyphs) if (classOf(glyph.id, classes) === MARK_CLASS) return true;
  return false;
}
