/// <reference path="../../fonts/fontkit.d.ts" />
import { create, type Font } from 'fontkit';
import { keepCodePointsPerUse } from '../../fonts/glyph-code-points';
import type { FontRegistry } from '../../fonts/registry';
import type { FontFaceRef, ShapedGlyph } from '../layout/fragment';
import type { ComputedStyle } from '../style/computed-style';
import { mirrorForRtl } from './bidi';
import { hasMissingSpace, withFallbackSpaces } from './fallback-spaces';
import { holdsMark, leanSettings } from './idle-mark-features';
import { languageScript, languageScriptName } from './opentype-language';
import { type ScriptPiece, STRONG, scriptPieces } from './script-pieces';
import type { FaceMetrics, ShapedRun, TextShaping } from './shaper-types';
import { caseRuns, SMALL_CAPS_SCALE, type SmallCapsPlan, smallCapsPlan } from './small-caps';
import { isMarker, isUpright, UPRIGHT } from './upright';
import { standsUpright } from './vertical-orientation';

/** A word shaped by fontkit, in font units, kept for the process and scaled per use. */
interface ShapedWord {
  ids: Uint16Array;
  /** Advance, x offset and y offset (font units, y up) of each glyph. */
  advances: Float64Array;
  /** Each glyph's own advance (hmtx, font units), before kerning and other positioning changed it. */
  nominals: Float64Array;
  dxs: Float64Array;
  dys: Float64Array;
  codePoints: number[][];
  width: number;
  /** The width at the last size asked for (points, every advance in whole CSS pixels: pixelAdvance). */
  sized?: { fontSize: number; width: number };
  /** The glyphs scaled to the last size asked for, frozen and shared by every fragment that draws the word. */
  scaled?: { fontSize: number; glyphs: readonly ShapedGlyph[] };
  /**
   * A number composed from its characters' glyphs (composeWord): the single-character words, in order. Its own
   * ids, advances, offsets and code points are then empty: read the parts.
   */
  parts?: SingleGlyph[];
  /** Per glyph, the fraction of the font size it is drawn at (synthesised small capitals); absent when all 1. */
  scales?: Float64Array;
  /** Glyphs that take letter-spacing (they stand for characters and advance) and word-spacing (spaces). */
  lettered: number;
  spaces: number;
}

/** A face as parsed once for the process: fontkit's font, its shaped words and its metrics in font units. */
interface ParsedFace {
  font: Font;
  /** fontkit's getter reads the head table on every call. */
  unitsPerEm: number;
  /** Shaped words by direction and features, then by text (two levels: no key strings built per lookup). */
  words: Map<string, Map<string, ShapedWord>>;
  wordCount: number;
  /**
   * Numbers, apart (see composeWord): they are cheap to compose again and mostly seen once (amounts, row
   * numbers), so a long table's numbers do not push its words out of `words`.
   */
  numbers: Map<string, ShapedWord>;
  ascent: number;
  descent: number;
  lineGap: number;
  underlinePosition: number;
  underlineThickness: number;
  xHeight: number;
  /** The OpenType features the face has (GSUB and GPOS), read when first asked. */
  features?: ReadonlySet<string>;
  /** The OpenType language systems its GSUB and GPOS name, read when first asked. */
  languages?: ReadonlySet<string>;
  /** Each style's features as this face shapes them: a language it has no lookups for left out (featuresFor). */
  featuresFor?: WeakMap<string[], string[] | undefined>;
}

interface FontTables {
  hhea: { ascent: number; descent: number; lineGap: number };
  'OS/2'?: {
    typoAscender: number;
    typoDescender: number;
    typoLineGap: number;
    xHeight?: number;
    fsSelection?: { useTypoMetrics?: boolean };
  };
  post?: { underlinePosition: number; underlineThickness: number };
}

// Characters no font draws a glyph for (spaces, controls, joiners), which no family need cover.
const INVISIBLE = /[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const WORDS_PER_FACE = 50_000;
// Spaces between words (not no-break spaces or joiners, which belong to the word's own shaping).
const SPACES = / /;
const SPACE_PIECES = /( +)/;
const SPACE_PIECES_ONLY = /^ +$/;
// Numbers are composed from their characters' glyphs, cheap to redo, but each composed anew is a word and its
// glyph arrays for the old generation when a long table's cells hold it: a 2,000-row ledger has some 5,500 numbers,
// which 512 kept made anew every render (2 MB more for the old generation; 8,192 keep about 1.5 MB a face at most).
const NUMBERS_PER_FACE = 8192;
const parsedFaces = new WeakMap<Uint8Array, ParsedFace>();
const stats = { hits: 0, misses: 0 };

/** Shaped-word cache hits and misses since the process started (for tests and benchmarks). */
export function shapingStats(): { hits: number; misses: number } {
  return { ...stats };
}

function parseFace(bytes: Uint8Array): ParsedFace {
  let face = parsedFaces.get(bytes);
  if (face) return face;
  const font = keepCodePointsPerUse(create(bytes) as Font);
  const tables = font as unknown as FontTables;
  const os2 = tables['OS/2'];
  // Chromium on Linux (Skia over FreeType) takes hhea's ascender, descender and line gap, or OS/2's typo
  // metrics when the font sets USE_TYPO_METRICS.
  const typo = os2?.fsSelection?.useTypoMetrics === true;
  const xHeight = os2?.xHeight || xHeightOfGlyph(font);
  face = {
    font,
    unitsPerEm: font.unitsPerEm,
    words: new Map(),
    wordCount: 0,
    numbers: new Map(),
    ascent: typo && os2 ? os2.typoAscender : tables.hhea.ascent,
    descent: -(typo && os2 ? os2.typoDescender : tables.hhea.descent),
    lineGap: typo && os2 ? os2.typoLineGap : tables.hhea.lineGap,
    underlinePosition: -(tables.post?.underlinePosition ?? -font.unitsPerEm * 0.1),
    underlineThickness: tables.post?.underlineThickness || font.unitsPerEm * 0.05,
    xHeight,
  };
  parsedFaces.set(bytes, face);
  return face;
}

function xHeightOfGlyph(font: Font): number {
  const glyph = font.glyphForCodePoint(0x78) as unknown as { bbox?: { maxY: number } };
  return glyph.bbox?.maxY || font.unitsPerEm / 2;
}

const NO_FEATURES: Record<'ltr' | 'rtl', string> = { ltr: 'ltr', rtl: 'rtl' };

function wordsOf(face: ParsedFace, direction: 'ltr' | 'rtl', features: string[] | undefined): Map<string, ShapedWord> {
  const variant = features?.length ? `${direction}${features.join(',')}` : NO_FEATURES[direction];
  let words = face.words.get(variant);
  if (!words) {
    words = new Map();
    face.words.set(variant, words);
  }
  return words;
}

export interface FontkitRun {
  glyphs: Array<{ id: number; codePoints: number[] }>;
  positions: Array<{ xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }>;
}

function layoutRun(
  face: ParsedFace,
  text: string,
  direction: 'ltr' | 'rtl',
  features: string[] | undefined,
): FontkitRun {
  return layoutDirected(face.font, text, direction, features);
}

/**
 * One run of one direction shaped by fontkit (Arabic joined, right-to-left brackets mirrored), its glyphs in
 * visual order, positions in font units. Also what SVG text is shaped with (paint/svg-bidi.ts).
 */
export function layoutDirected(font: Font, text: string, direction: 'ltr' | 'rtl', features?: string[]): FontkitRun {
  const language = languageOf(features);
  // Text of no script (a space, digits) takes the language's: fontkit would take the default script, under which
  // the language's lookups do not apply (Noto Sans KR's Korean space is wider).
  const script = language && !STRONG.test(text) ? languageScript(language) : undefined;
  const input = direction === 'rtl' ? mirrorForRtl(text) : text;
  const settings = featureSettings(features);
  const lean = leanSettings(font, input, settings);
  let run = lean && (font.layout(input, lean, script, language, direction) as unknown as FontkitRun);
  if (!run || holdsMark(font, run.glyphs)) {
    run = font.layout(input, settings, script, language, direction) as unknown as FontkitRun;
  }
  return hasMissingSpace(run) ? withFallbackSpaces(font, run) : run;
}

/** The OpenType language system among a style's features (`@KOR`: font-features.ts), if any. */
const languageOf = (features: string[] | undefined): string | undefined => {
  if (!features) return undefined;
  for (const feature of features) if (feature.charCodeAt(0) === AT) return feature.slice(1);
  return undefined;
};
const AT = 0x40;

/** The features without the language system; undefined when nothing else is left. */
function withoutLanguage(features: string[]): string[] | undefined {
  const rest = features.filter((feature) => feature.charCodeAt(0) !== AT);
  return rest.length > 0 ? rest : undefined;
}

/**
 * The families Chromium looks in for a character the first family lacks, before it falls back by character: the
 * listed ones, a generic name also as the font Chromium's settings give it (sans-serif: Arial, serif: Times New
 * Roman), then its standard font (Times New Roman). Hebrew in a Georgia paragraph is drawn by Tinos, in a sans-serif
 * one by Arimo, each in its own bold and italic; Arabic, which neither has, by fallback.
 */
function chromiumFallbackList(families: readonly string[]): string {
  const list: string[] = [];
  for (const family of families) {
    list.push(family);
    const generic = CHROMIUM_GENERICS[family.trim().toLowerCase()];
    if (generic) list.push(generic);
  }
  list.push(STANDARD_FAMILY);
  return list.join(',');
}
const STANDARD_FAMILY = '"Times New Roman"';
const CHROMIUM_GENERICS: Record<string, string> = { 'sans-serif': 'Arial', serif: STANDARD_FAMILY };

/**
 * A style's features as a face shapes them: the language left out when the face has no lookups for it, so that
 * the words of every language the face treats alike share its caches (one array per style and face).
 */
function featuresFor(face: ParsedFace, features: string[] | undefined): string[] | undefined {
  const language = languageOf(features);
  if (!features || !language) return features;
  face.featuresFor ??= new WeakMap();
  if (face.featuresFor.has(features)) return face.featuresFor.get(features);
  face.languages ??= languageSystems(face.font);
  const own = face.languages.has(language) ? features : withoutLanguage(features);
  face.featuresFor.set(features, own);
  return own;
}

function languageSystems(font: Font): ReadonlySet<string> {
  const tags = new Set<string>();
  type ScriptList = Array<{ script?: { langSysRecords?: Array<{ tag: string }> } }>;
  const tables = font as unknown as { GSUB?: { scriptList?: ScriptList }; GPOS?: { scriptList?: ScriptList } };
  try {
    for (const table of [tables.GSUB, tables.GPOS])
      for (const record of table?.scriptList ?? [])
        for (const system of record.script?.langSysRecords ?? []) tags.add(system.tag.trim());
  } catch {
    // Tables fontkit cannot read: it shapes with no language system either.
  }
  return tags;
}

/** A word of `n` glyphs, every slot still zero. */
function emptyWord(n: number): ShapedWord {
  return {
    ids: new Uint16Array(n),
    advances: new Float64Array(n),
    nominals: new Float64Array(n),
    dxs: new Float64Array(n),
    dys: new Float64Array(n),
    codePoints: new Array(n),
    width: 0,
    lettered: 0,
    spaces: 0,
  };
}

/** A shaped word from glyphs `from`..`to` (exclusive) of a fontkit run, in the run's (visual) order. */
function toWord(run: FontkitRun, from: number, to: number): ShapedWord {
  const n = to - from;
  const word = emptyWord(n);
  for (let i = 0; i < n; i++) {
    const glyph = run.glyphs[from + i] as { id: number; codePoints: number[]; advanceWidth?: number };
    const position = run.positions[from + i] as { xAdvance: number; xOffset: number; yOffset: number };
    word.ids[i] = glyph.id;
    word.advances[i] = position.xAdvance;
    word.nominals[i] = glyph.advanceWidth ?? position.xAdvance;
    word.dxs[i] = position.xOffset;
    word.dys[i] = position.yOffset;
    word.codePoints[i] = glyph.codePoints;
    word.width += position.xAdvance;
    if (glyph.codePoints.length > 0 && position.xAdvance > 0) word.lettered++;
    // Spaces that advance: fontkit draws invisible characters (ZWJ, ZWSP…) as a space glyph of no width.
    if ((glyph.codePoints[0] === 0x20 || glyph.codePoints[0] === 0xa0) && position.xAdvance > 0) word.spaces++;
  }
  return word;
}

const PX = 0.75;

/**
 * A glyph's advance in points at a scale (points per font unit), as Chromium on Linux lays text out: without
 * subpixel positioning, Skia gives HarfBuzz each glyph's own advance rounded to whole CSS pixels, and what the
 * font's positioning adds or takes (kerning) is whole pixels too. A line of 8.5pt Noto Sans is then up to a few
 * percent wider or narrower than the font's exact advances, enough to wrap a word elsewhere.
 */
export function pixelAdvance(advance: number, nominal: number, scale: number): number {
  const own = Math.round((nominal * scale) / PX);
  return (own + Math.round(((advance - nominal) * scale) / PX)) * PX;
}

/** A word's width in points at a size: the sum of its glyphs' pixelAdvance (kept for the last size asked). */
function widthAt(word: ShapedWord, fontSize: number, scale: number): number {
  if (word.sized?.fontSize === fontSize) return word.sized.width;
  let width = 0;
  if (word.parts) {
    for (const part of word.parts) width += widthAt(part, fontSize, scale);
  } else {
    for (let i = 0; i < word.ids.length; i++)
      width += pixelAdvance(word.advances[i] as number, word.nominals[i] as number, scale);
  }
  word.sized = { fontSize, width };
  return width;
}

/**
 * A word's glyphs in points at a size: made once per word and size and then shared (a 20,000-row table draws
 * "Customer" 20,000 times from one array). Frozen, so that a change meant for one use fails loudly.
 */
function scaledGlyphs(word: ShapedWord, fontSize: number, scale: number): readonly ShapedGlyph[] {
  if (word.scaled?.fontSize === fontSize) return word.scaled.glyphs;
  if (word.parts) return composedGlyphs(word, word.parts, fontSize, scale);
  const glyphs: ShapedGlyph[] = new Array(word.ids.length);
  for (let i = 0; i < glyphs.length; i++) {
    glyphs[i] = Object.freeze({
      id: word.ids[i] as number,
      advance: pixelAdvance(word.advances[i] as number, word.nominals[i] as number, scale),
      dx: (word.dxs[i] as number) * scale,
      // Font units go up, the engine's y goes down.
      dy: -(word.dys[i] as number) * scale,
      codePoints: word.codePoints[i] as number[],
      ...(word.scales && word.scales[i] !== 1 && { scale: word.scales[i] as number }),
    });
  }
  Object.freeze(glyphs);
  word.scaled = { fontSize, glyphs };
  return glyphs;
}

/**
 * A composed number's glyphs: its characters' own frozen glyphs, shared by every number at the size (a table of
 * 20,000 amounts keeps an array of references per amount, not a glyph object per digit).
 */
function composedGlyphs(word: ShapedWord, parts: SingleGlyph[], fontSize: number, scale: number): ShapedGlyph[] {
  const glyphs: ShapedGlyph[] = new Array(parts.length);
  for (let i = 0; i < parts.length; i++) glyphs[i] = singleGlyph(parts[i] as SingleGlyph, fontSize, scale);
  Object.freeze(glyphs);
  word.scaled = { fontSize, glyphs };
  return glyphs;
}

/** A single character's scaled glyph, kept per size (a face has some 17 of them: digits and punctuation). */
function singleGlyph(single: SingleGlyph, fontSize: number, scale: number): ShapedGlyph {
  single.sizes ??= new Map();
  let glyph = single.sizes.get(fontSize);
  if (!glyph) {
    glyph = scaledGlyphs(single, fontSize, scale)[0] as ShapedGlyph;
    single.sizes.set(fontSize, glyph);
  }
  return glyph;
}

function remember(face: ParsedFace, words: Map<string, ShapedWord>, text: string, word: ShapedWord): void {
  // Bounded: when a face has kept too many words, it starts afresh (a long-running process sees endless words).
  if (face.wordCount >= WORDS_PER_FACE) {
    for (const variant of face.words.values()) variant.clear();
    face.wordCount = 0;
  }
  words.set(text, word);
  face.wordCount++;
}

function shapeWord(
  face: ParsedFace,
  text: string,
  direction: 'ltr' | 'rtl',
  features: string[] | undefined,
): ShapedWord {
  const words = wordsOf(face, direction, features);
  // Left-to-right numbers, with no feature or only features that change digits one by one, are composed.
  const plain = direction === 'ltr' && digitFeaturesOnly(features);
  const cached = words.get(text) ?? (plain ? face.numbers.get(numberKey(text, features)) : undefined);
  if (cached) {
    stats.hits++;
    return cached;
  }
  stats.misses++;
  if (isUpright(features)) {
    const word = uprightWord(face, text, features as string[]);
    remember(face, words, text, word);
    return word;
  }
  const plan = capsPlan(face, features);
  if (plan) {
    const word = plannedWord(face, text, direction, plan);
    remember(face, words, text, word);
    return word;
  }
  const composable = plain && NUMERIC.test(text) ? numericGlyphs(face, features) : null;
  if (composable) {
    const word = composeWord(composable, text);
    if (face.numbers.size >= NUMBERS_PER_FACE) face.numbers.clear();
    face.numbers.set(numberKey(text, features), word);
    return word;
  }
  const language = languageOf(features);
  const pieces = language ? scriptPieces(text, languageScriptName(language)) : null;
  if (pieces) {
    const word = languageApart(face, pieces, direction, features as string[]);
    remember(face, words, text, word);
    return word;
  }
  const run = layoutRun(face, text, direction, features);
  const word = toWord(run, 0, run.glyphs.length);
  remember(face, words, text, word);
  return word;
}

/**
 * A word set upright in vertical text (text/upright.ts), shaped with its vertical forms (`vert`) and no ligatures.
 * What stands upright in mixed vertical text too (CJK, kana: text/vertical-orientation.ts) keeps the advance it
 * has there, as Chromium sets it; the rest (Latin, digits) advances by the face's ascent plus descent, as Chromium
 * advances a font without vertical metrics, without the offsets that kerning gave it side by side. (fontkit misreads
 * version 1.1 vhea tables, so the fonts' own vertical advances are not read.)
 */
function uprightWord(face: ParsedFace, text: string, features: string[]): ShapedWord {
  const own = features.filter((feature) => feature !== UPRIGHT);
  const run = layoutRun(face, text, 'ltr', [...own, '-liga', '-clig']);
  const word = toWord(run, 0, run.glyphs.length);
  const height = face.ascent + face.descent;
  let codePoint = 0;
  word.width = 0;
  for (let i = 0; i < word.ids.length; i++) {
    codePoint = word.codePoints[i]?.[0] ?? codePoint;
    if (!standsUpright(codePoint)) {
      word.advances[i] = height;
      word.nominals[i] = height;
      word.dxs[i] = 0;
      word.dys[i] = 0;
    }
    word.width += word.advances[i] as number;
  }
  return word;
}

/** A word whose pieces outside its script are shaped with no language system, as browsers shape them. */
function languageApart(
  face: ParsedFace,
  pieces: ScriptPiece[],
  direction: 'ltr' | 'rtl',
  features: string[],
): ShapedWord {
  const plain = withoutLanguage(features);
  return joinPieces(
    pieces.map((piece) => {
      const run = layoutRun(face, piece.text, direction, piece.inScript ? features : plain);
      return { word: toWord(run, 0, run.glyphs.length), scale: 1 };
    }),
    direction,
  );
}

/** What shaping with `features` must do about capitals features the face lacks (text/small-caps.ts). */
function capsPlan(face: ParsedFace, features: string[] | undefined): SmallCapsPlan | null {
  if (!features?.length) return null;
  face.features ??= new Set(face.font.availableFeatures);
  return smallCapsPlan(features, face.features);
}

/**
 * A word shaped by a capitals plan: with the features the face has, and where it lacks small capitals, cut into
 * case runs each shaped alone, the small ones in capitals and scaled down (as Chromium does, no kerning across
 * the cut).
 */
function plannedWord(face: ParsedFace, text: string, direction: 'ltr' | 'rtl', plan: SmallCapsPlan): ShapedWord {
  if (!plan.lower && !plan.upper) {
    const run = layoutRun(face, text, direction, plan.features);
    return toWord(run, 0, run.glyphs.length);
  }
  const pieces = caseRuns(text, plan).map((piece) => {
    const run = layoutRun(face, piece.text, direction, plan.features);
    return { word: toWord(run, 0, run.glyphs.length), scale: piece.small ? SMALL_CAPS_SCALE : 1 };
  });
  return joinPieces(pieces, direction);
}

/** One word of pieces shaped apart (in logical order), each scaled by its own factor. */
function joinPieces(pieces: Array<{ word: ShapedWord; scale: number }>, direction: 'ltr' | 'rtl'): ShapedWord {
  // A right-to-left word's glyphs go right to left: its last piece comes first.
  if (direction === 'rtl') pieces.reverse();
  const word = emptyWord(pieces.reduce((n, piece) => n + piece.word.ids.length, 0));
  const scales = new Float64Array(word.ids.length);
  let at = 0;
  for (const { word: piece, scale } of pieces) {
    for (let i = 0; i < piece.ids.length; i++, at++) {
      word.ids[at] = piece.ids[i] as number;
      word.advances[at] = (piece.advances[i] as number) * scale;
      word.nominals[at] = (piece.nominals[i] as number) * scale;
      word.dxs[at] = (piece.dxs[i] as number) * scale;
      word.dys[at] = (piece.dys[i] as number) * scale;
      word.codePoints[at] = piece.codePoints[i] as number[];
      scales[at] = scale;
    }
    word.width += piece.width * scale;
    word.lettered += piece.lettered;
    word.spaces += piece.spaces;
  }
  if (scales.some((scale) => scale !== 1)) word.scales = scales;
  return word;
}

// Numbers: the words that change from one render to the next (amounts, dates, invoice numbers).
const NUMERIC_CHARS = '0123456789.,:/-+%';
const NUMERIC = /^[0-9.,:/+%-]+$/;

// Features that change each digit on its own (its form or width: tabular, old-style, slashed zero), and the
// ligature switches letter-spacing turns off: numbers shaped with them are still their characters side by side.
const DIGIT_FEATURES = new Set(['tnum', 'pnum', 'lnum', 'onum', 'zero', '-liga', '-clig']);
const digitFeaturesOnly = (features: string[] | undefined): boolean =>
  !features?.length || features.every((f) => DIGIT_FEATURES.has(f) || f.charCodeAt(0) === AT);
const featuresKey = (features: string[] | undefined): string => (features?.length ? features.join(',') : '');
const numberKey = (text: string, features: string[] | undefined): string =>
  features?.length ? `${features.join(',')}\u0000${text}` : text;

/** One character's glyph as shaped alone, with its scaled glyph per size once a composed number drew it. */
type SingleGlyph = ShapedWord & { sizes?: Map<number, ShapedGlyph> };
const numeric = new WeakMap<ParsedFace, Map<string, Map<string, SingleGlyph> | null>>();

/**
 * The glyphs of digits and number punctuation, when the face shapes them with no interaction between neighbours
 * (no kerning, ligature or contextual form among them; checked once per face by shaping every ordered pair), so
 * that a number's glyphs are its characters' glyphs side by side and need no OpenType shaping. Null otherwise.
 */
function numericGlyphs(face: ParsedFace, features: string[] | undefined): Map<string, SingleGlyph> | null {
  let byFeatures = numeric.get(face);
  if (!byFeatures) {
    byFeatures = new Map();
    numeric.set(face, byFeatures);
  }
  const key = featuresKey(features);
  let glyphs = byFeatures.get(key);
  if (glyphs !== undefined) return glyphs;
  glyphs = new Map();
  for (const ch of NUMERIC_CHARS) {
    const run = layoutRun(face, ch, 'ltr', features);
    glyphs.set(ch, toWord(run, 0, run.glyphs.length));
  }
  let pairs = '';
  for (const a of NUMERIC_CHARS) for (const b of NUMERIC_CHARS) pairs += a + b;
  const run = layoutRun(face, pairs, 'ltr', features);
  let independent = run.glyphs.length === pairs.length;
  for (let i = 0; independent && i < pairs.length; i++) {
    const single = glyphs.get(pairs[i] as string) as SingleGlyph;
    const position = run.positions[i] as { xAdvance: number; xOffset: number; yOffset: number };
    independent =
      single.ids.length === 1 &&
      single.ids[0] === (run.glyphs[i] as { id: number }).id &&
      single.advances[0] === position.xAdvance &&
      single.dxs[0] === position.xOffset &&
      single.dys[0] === position.yOffset;
  }
  if (!independent) glyphs = null;
  byFeatures.set(key, glyphs);
  return glyphs;
}

// A composed number's glyphs are its parts': it keeps no arrays of its own (numbers are most of a long table's
// words, and are composed again once NUMBERS_PER_FACE is passed).
const NO_IDS = new Uint16Array(0);
const NO_POSITIONS = new Float64Array(0);
const NO_CODE_POINTS: number[][] = [];

function composeWord(glyphs: Map<string, SingleGlyph>, text: string): ShapedWord {
  const n = text.length;
  const parts: SingleGlyph[] = new Array(n);
  let width = 0;
  let lettered = 0;
  for (let i = 0; i < n; i++) {
    const single = glyphs.get(text[i] as string) as SingleGlyph;
    parts[i] = single;
    width += single.advances[0] as number;
    lettered += single.lettered;
  }
  return {
    ids: NO_IDS,
    advances: NO_POSITIONS,
    nominals: NO_POSITIONS,
    dxs: NO_POSITIONS,
    dys: NO_POSITIONS,
    codePoints: NO_CODE_POINTS,
    width,
    parts,
    lettered,
    spaces: 0,
  };
}

const BATCH = 64;
const units = (codePoints: number[]): number => {
  let n = 0;
  for (const cp of codePoints) n += cp > 0xffff ? 2 : 1;
  return n;
};

/**
 * Shapes the words not cached yet in a few fontkit calls, joined by spaces, and caches each word's glyphs: one
 * call costs about as much as shaping 5 single words (fontkit plans the features afresh every call), so a
 * paragraph of new words is shaped several times faster. A batch whose glyphs cannot be cut back into its words
 * exactly (a glyph across a space) is left for word-by-word shaping.
 */
function prepareWords(
  face: ParsedFace,
  words: string[],
  direction: 'ltr' | 'rtl',
  features: string[] | undefined,
): void {
  // Words with capitals features the font lacks are shaped in pieces (plannedWord), upright ones glyph by glyph
  // (uprightWord), not in batches.
  if (capsPlan(face, features) || isUpright(features)) return;
  const cache = wordsOf(face, direction, features);
  let missing: string[] = [];
  for (const word of words) if (!cache.has(word)) missing.push(word);
  if (missing.length < 2) return;
  const numeric = direction === 'ltr' && digitFeaturesOnly(features) && numericGlyphs(face, features) !== null;
  const language = languageOf(features);
  missing = [...new Set(missing)].filter(
    (word) =>
      word &&
      !word.includes(' ') &&
      !(numeric && NUMERIC.test(word)) &&
      !(language && scriptPieces(word, languageScriptName(language)) !== null),
  );
  if (missing.length < 2) return;
  for (let from = 0; from + 1 < missing.length; from += BATCH) {
    const batch = missing.slice(from, from + BATCH);
    const run = layoutRun(face, batch.join(' '), direction, features);
    const n = run.glyphs.length;
    // Walk the glyphs in logical order (a right-to-left run comes reversed).
    const at = (k: number) => (direction === 'rtl' ? n - 1 - k : k);
    const cuts: Array<[number, number]> = [];
    let word = 0;
    let consumed = 0;
    let start = 0;
    let ok = true;
    for (let k = 0; k < n && ok; k++) {
      const glyph = run.glyphs[at(k)] as { codePoints: number[] };
      if (consumed === (batch[word] as string).length) {
        ok = glyph.codePoints.length === 1 && glyph.codePoints[0] === 0x20 && word + 1 < batch.length;
        cuts.push([start, k]);
        word++;
        consumed = 0;
        start = k + 1;
        continue;
      }
      consumed += units(glyph.codePoints);
      ok = consumed <= (batch[word] as string).length;
    }
    if (!ok || word !== batch.length - 1 || consumed !== (batch[word] as string).length) continue;
    cuts.push([start, n]);
    stats.misses += batch.length;
    cuts.forEach(([a, b], k) => {
      // Back to the run's order: a right-to-left word's glyphs are the mirror image of its logical range.
      const [from, to] = direction === 'rtl' ? [n - b, n - a] : [a, b];
      remember(face, cache, batch[k] as string, toWord(run, from, to));
    });
  }
}

/** `['liga', '-kern']` → fontkit's `{ liga: true, kern: false }` (a leading minus turns a default feature off). */
function featureSettings(features: string[] | undefined): Record<string, boolean> | undefined {
  if (!features?.length) return undefined;
  let settings: Record<string, boolean> | undefined;
  for (const feature of features) {
    if (feature.charCodeAt(0) === AT || isMarker(feature)) continue; // the language system (layoutDirected)
    settings ??= {};
    if (feature.startsWith('-')) settings[feature.slice(1)] = false;
    else settings[feature] = true;
  }
  return settings;
}

type Face = FontFaceRef['face'];

/**
 * The TextShaping of a FontRegistry. Faces are parsed once per process (keyed by their byte arrays, which the
 * registry hands out unchanged) and shaped words are kept per face for the process, so a second render of the
 * same template shapes nothing.
 */
/** TextShaping, plus shaping many words ahead in few calls (the inline layout uses it when it can). */
export interface BatchShaping extends TextShaping {
  prepare(words: string[], font: FontFaceRef, direction: 'ltr' | 'rtl', features?: string[]): void;
  /**
   * The width `shape` would give, letter-spacing added to every glyph that stands for characters and advances
   * and word-spacing to every space, without making the glyphs (line breaking and intrinsic sizes need widths).
   */
  measure(
    text: string,
    font: FontFaceRef,
    fontSize: number,
    direction: 'ltr' | 'rtl',
    features: string[] | undefined,
    letterSpacing: number,
    wordSpacing: number,
  ): number;
}

export function createTextShaping(registry: FontRegistry): BatchShaping {
  const refs = new Map<string, FontFaceRef>();
  const faces = new Map<FontFaceRef, ParsedFace>();
  const familyOf = new WeakMap<string[], string>();
  const stackOf = new WeakMap<string[], string[]>();
  // Per family, whether its normal face covers each BMP code unit: 0 not yet asked, 1 yes, 2 no.
  const coverage = new Map<string, Uint8Array>();
  const metricsCache = new Map<FontFaceRef, Map<number, FaceMetrics>>();

  const ref = (family: string, face: Face, syntheticBold = false, syntheticItalic = false): FontFaceRef => {
    const key = `${family}\u0000${face}${syntheticBold ? '\u0000b' : ''}${syntheticItalic ? '\u0000i' : ''}`;
    let found = refs.get(key);
    if (!found) {
      found = { family, face };
      if (syntheticBold) found.syntheticBold = true;
      if (syntheticItalic) found.syntheticItalic = true;
      refs.set(key, found);
    }
    return found;
  };

  /**
   * The face text in `wanted` is drawn with, as Chromium picks it: the family's own bold, italic or bold italic
   * face where it has one, else a face it has, emboldened or slanted when painted. A family the text falls back to
   * (`listed` false) has only its regular face: Chromium on Linux asks fontconfig for a font by character and
   * language alone and gets that face, so bold fallback text keeps the regular advances.
   */
  const styledRef = (family: string, wanted: Face, listed: boolean): FontFaceRef => {
    if (wanted === 'normal') return ref(family, 'normal');
    const bold = wanted === 'bold' || wanted === 'bolditalics';
    const italic = wanted === 'italics' || wanted === 'bolditalics';
    const has = (face: Face) => listed && registry.hasFace(family, face);
    if (has(wanted)) return ref(family, wanted);
    if (bold && italic) {
      if (has('bold')) return ref(family, 'bold', false, true);
      if (has('italics')) return ref(family, 'italics', true);
    }
    return ref(family, 'normal', bold, italic);
  };

  const bytes = (font: FontFaceRef): Uint8Array => {
    const family = registry.pdfmakeFonts()[font.family];
    if (!family) throw new Error(`The font "${font.family}" is not registered`);
    return family[font.face];
  };

  const parsed = (font: FontFaceRef): ParsedFace => {
    let face = faces.get(font);
    if (!face) {
      face = parseFace(bytes(font));
      faces.set(font, face);
    }
    return face;
  };

  const faceOf = (style: ComputedStyle): Face => {
    const bold = style.fontWeight >= 600;
    const italic = style.fontStyle !== 'normal';
    return bold ? (italic ? 'bolditalics' : 'bold') : italic ? 'italics' : 'normal';
  };

  const faceFor = (style: ComputedStyle): FontFaceRef => {
    let family = familyOf.get(style.fontFamily);
    if (family === undefined) {
      family = registry.resolveFamily(style.fontFamily.join(','));
      familyOf.set(style.fontFamily, family);
    }
    return styledRef(family, faceOf(style), true);
  };

  /** Whether the family's normal face draws every character (checked per UTF-16 unit; surrogates say no). */
  const coversAll = (text: string, family: string): boolean => {
    let known = coverage.get(family);
    if (!known) {
      known = new Uint8Array(0x10000);
      coverage.set(family, known);
    }
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      let has = known[unit] as number;
      if (has === 0) {
        has = unit >= 0xd800 && unit <= 0xdfff ? 2 : registry.hasGlyph(family, unit) || unit < 0x20 ? 1 : 2;
        known[unit] = has;
      }
      if (has === 2) return false;
    }
    return true;
  };

  return {
    faceFor,
    itemize(text, style) {
      const primary = faceFor(style);
      if (coversAll(text, primary.family)) return [{ text, font: primary }];
      let stack = stackOf.get(style.fontFamily);
      if (stack === undefined) {
        stack = registry.resolveStack(chromiumFallbackList(style.fontFamily));
        stackOf.set(style.fontFamily, stack);
      }
      const runs: Array<{ text: string; font: FontFaceRef }> = [];
      for (const run of registry.splitByCoverage(text, primary.family, stack)) {
        // Another family than the primary one: listed in the style's stack, or a fallback.
        const font =
          run.font === primary.family ? primary : styledRef(run.font, faceOf(style), stack.includes(run.font));
        if (font === primary || !SPACES.test(run.text) || !coversAll(' ', primary.family)) {
          runs.push({ text: run.text, font });
          continue;
        }
        // Chromium shapes a run with the primary font first and only what it lacks with a fallback: the spaces
        // between Hebrew or Arabic words are the primary font's (their width, in whole pixels, differs).
        for (const piece of run.text.split(SPACE_PIECES)) {
          if (piece) runs.push({ text: piece, font: SPACE_PIECES_ONLY.test(piece) ? primary : font });
        }
      }
      // Back together where a space and the primary font's next run meet.
      return runs.reduce<typeof runs>((joined, run) => {
        const last = joined[joined.length - 1];
        if (last?.font === run.font) last.text += run.text;
        else joined.push({ ...run });
        return joined;
      }, []);
    },
    shape(text, font, fontSize, direction, styleFeatures): ShapedRun {
      const face = parsed(font);
      const features = featuresFor(face, styleFeatures);
      const word = shapeWord(face, text, direction, features);
      const scale = fontSize / face.unitsPerEm;
      const glyphs = scaledGlyphs(word, fontSize, scale);
      return { font, fontSize, glyphs, width: widthAt(word, fontSize, scale), text };
    },
    measure(text, font, fontSize, direction, styleFeatures, letterSpacing, wordSpacing) {
      const face = parsed(font);
      const features = featuresFor(face, styleFeatures);
      const word = shapeWord(face, text, direction, features);
      const width = widthAt(word, fontSize, fontSize / face.unitsPerEm);
      return width + letterSpacing * word.lettered + wordSpacing * word.spaces;
    },
    prepare(words, font, direction, features) {
      const face = parsed(font);
      prepareWords(face, words, direction, featuresFor(face, features));
    },
    metrics(font, fontSize) {
      let bySize = metricsCache.get(font);
      if (!bySize) {
        bySize = new Map();
        metricsCache.set(font, bySize);
      }
      let metrics = bySize.get(fontSize);
      if (!metrics) {
        const face = parsed(font);
        const em = face.unitsPerEm;
        // Chromium on Linux rounds ascent, descent and line gap to whole CSS pixels (1px = 0.75pt).
        const px = fontSize / 0.75;
        const wholePx = (units: number) => Math.round((units / em) * px) * 0.75;
        metrics = {
          ascent: wholePx(face.ascent),
          descent: wholePx(face.descent),
          lineGap: wholePx(face.lineGap),
          underlinePosition: (face.underlinePosition / em) * fontSize,
          underlineThickness: (face.underlineThickness / em) * fontSize,
          xHeight: (face.xHeight / em) * fontSize,
        };
        bySize.set(fontSize, metrics);
      }
      return metrics;
    },
    bytes,
    resolveFamily: (cssFamily) => registry.resolveFamily(cssFamily),
    coveringFamily(text, cssFamily) {
      const own = registry.resolveFamily(cssFamily);
      const points = [...new Set(text)].filter((ch) => !INVISIBLE.test(ch)).map((ch) => ch.codePointAt(0) as number);
      const lacks = (family: string) => points.filter((cp) => !registry.hasGlyph(family, cp));
      const ownLacks = lacks(own);
      if (ownLacks.length === 0) return { family: own, fallback: false, lacking: [] };
      let best = { family: own, fallback: false, lacking: ownLacks };
      for (const family of [...registry.resolveStack(cssFamily), ...registry.fallbacks()]) {
        const lacking = lacks(family);
        if (lacking.length < best.lacking.length) best = { family, fallback: family !== own, lacking };
        if (lacking.length === 0) break;
      }
      return { ...best, lacking: best.lacking.map((cp) => String.fromCodePoint(cp)) };
    },
    missing(text) {
      return registry.missingGlyphs(text);
    },
  };
}
