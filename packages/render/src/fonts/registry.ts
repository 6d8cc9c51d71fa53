/// <reference path="./fontkit.d.ts" />
import { create, type Font } from 'fontkit';
import type { FontFaces, FontSet, TextRun } from './font-set';

export interface FontRegistryOptions {
  /** The family used when a CSS font-family names nothing registered. Default: Noto Sans, else the first. */
  defaultFamily?: string;
  /**
   * Families tried, in order, for characters the chosen family lacks. Default: Noto Sans, Noto Serif, Noto Sans
   * Arabic, Noto Sans Hebrew, Noto Sans Mono (those registered), then every other registered family, so that a
   * registered CJK font, say, serves Chinese text in any paragraph.
   */
  fallbacks?: string[];
  /** Extra CSS names for registered families (`{ "Brand Sans": "Noto Sans" }`); they win over the built-in ones. */
  aliases?: Record<string, string>;
}

/** One family's faces for `pdfmake.setFonts`, every face filled in. */
export type PdfmakeFaces = { normal: Uint8Array; bold: Uint8Array; italics: Uint8Array; bolditalics: Uint8Array };

const FACES = ['normal', 'bold', 'italics', 'bolditalics'] as const;
const DEFAULT_FAMILY = 'Noto Sans';
const DEFAULT_FALLBACKS = [
  'Noto Sans',
  'Noto Serif',
  'Noto Sans Arabic',
  'Noto Sans Hebrew',
  'Noto Sans Mono',
  'Noto Emoji',
  'Noto Sans Symbols 2',
];

// CSS generic families and the font names templates commonly ask for, mapped to what Quire ships.
const GENERIC: Record<string, string> = {};
const generic = (family: string, names: string[]) => {
  for (const name of names) GENERIC[name] = family;
};
generic('Noto Sans', [
  'sans-serif',
  'system-ui',
  'ui-sans-serif',
  '-apple-system',
  'blinkmacsystemfont',
  'roboto',
  'inter',
  'open sans',
  'segoe ui',
  'verdana',
  'tahoma',
  'lato',
  'dejavu sans',
  'cursive',
  'fantasy',
]);
generic('Noto Serif', ['serif', 'ui-serif', 'garamond', 'palatino', 'book antiqua']);
generic('Noto Sans Mono', ['monospace', 'ui-monospace', 'menlo', 'consolas', 'monaco', 'sf mono', 'dejavu sans mono']);

// Metric-compatible substitutes (as fontconfig's 30-metric-aliases.conf picks them).
generic('Arimo', ['arial', 'helvetica', 'helvetica neue', 'liberation sans', 'albany', 'nimbus sans', 'arial nova']);
generic('Tinos', ['times new roman', 'times', 'liberation serif', 'thorndale', 'nimbus roman', 'tms rmn']);
generic('Cousine', ['courier new', 'courier', 'liberation mono', 'cumberland', 'nimbus mono ps']);
generic('Carlito', ['calibri']);
generic('Gelasio', ['georgia']);
generic('Caladea', ['cambria']);
generic('Noto Emoji', ['emoji', 'apple color emoji', 'segoe ui emoji', 'noto color emoji', 'twemoji']);

/** The substitutes above whose glyphs have the advances of the fonts they stand for. */
const METRIC_COMPATIBLE = new Set(['Arimo', 'Tinos', 'Cousine', 'Carlito', 'Gelasio', 'Caladea']);
/** CSS's generic family names (CSS Fonts 4 §4.1.1), which every browser draws with a font of its own choosing. */
const CSS_GENERIC = new Set([
  'sans-serif',
  'serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-sans-serif',
  'ui-serif',
  'ui-monospace',
  'emoji',
]);

/** The family names above (lower case) and the bundled family each stands for: the fidelity gate shows Chromium the same. */
export const familyAliases = (): Readonly<Record<string, string>> => ({ ...GENERIC });

// Character classes for splitting text into font runs.
const SPACE_OR_CONTROL = /[\p{White_Space}\p{Cc}]/u;
const INVISIBLE = /[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
const MARK = /\p{M}/u;
const NEUTRAL = /[\p{P}\p{N}\p{S}\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

const normalizeName = (name: string) =>
  name
    .trim()
    .replace(/^(['"])(.*)\1$/, '$2')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** Parses font bytes with fontkit, or throws an error that names the family and face. */
function parseFont(bytes: Uint8Array, family: string, face: string): Font {
  const notAFont = `The font "${family}" is not a TrueType, OpenType or WOFF font (its ${face} face)`;
  if (!(bytes instanceof Uint8Array) || bytes.byteLength < 12) throw new Error(notAFont);
  let parsed: ReturnType<typeof create>;
  try {
    parsed = create(bytes);
  } catch (error) {
    throw new Error(`${notAFont}: ${(error as Error).message}`);
  }
  if ('fonts' in parsed || typeof parsed.hasGlyphForCodePoint !== 'function') {
    throw new Error(`The font "${family}" is a font collection (its ${face} face); register one font of it instead`);
  }
  try {
    // Reading the head and maxp tables catches truncated or mangled files now rather than in the middle of a PDF.
    if (!(parsed.unitsPerEm > 0) || !(parsed.numGlyphs > 0)) throw new Error('no glyphs');
    parsed.hasGlyphForCodePoint(0x20);
  } catch (error) {
    throw new Error(`${notAFont}: ${(error as Error).message}`);
  }
  return parsed;
}

/**
 * The fonts a render draws with: families by name, what CSS names map to them, and per-character fallback so
 * that Greek in a Latin paragraph or Hebrew in a table still finds a font that has its glyphs. Each family's
 * normal face is parsed once (for coverage and metrics) and its coverage cached per code point.
 */
export class FontRegistry implements FontSet {
  private readonly faces = new Map<string, FontFaces>();
  private readonly parsed = new Map<string, Font>();
  private readonly coverage = new Map<string, Map<number, boolean>>();
  private readonly advances = new Map<string, Map<number, number>>();
  /** Lower-cased family and alias names, to the registered family. */
  private readonly names = new Map<string, string>();
  private readonly options: FontRegistryOptions;
  /** Families read and parsed the first time a character or a name asks for them (large CJK fonts). */
  private readonly deferred = new Map<string, () => FontFaces>();
  /** Every family, read or deferred, in the order it was registered (reading a deferred one does not move it). */
  private readonly listed: string[] = [];
  private pdfmake: Record<string, PdfmakeFaces> | undefined;
  private order: string[] | undefined;

  constructor(families: Record<string, FontFaces> = {}, options: FontRegistryOptions = {}) {
    this.options = options;
    for (const [family, faces] of Object.entries(families)) this.register(family, faces);
  }

  /**
   * Adds (or replaces) a family from TTF, OTF or WOFF bytes. Every face is checked with fontkit; bytes that are
   * not a font throw an Error that names the family.
   */
  register(family: string, faces: FontFaces): this {
    const name = family.trim();
    if (!name) throw new Error('A font family needs a name');
    if (!faces?.normal) throw new Error(`The font "${name}" has no normal face`);
    let normal: Font | undefined;
    for (const face of FACES) {
      const bytes = faces[face];
      if (bytes === undefined) continue;
      const font = parseFont(bytes, name, face);
      if (face === 'normal') normal = font;
    }
    this.deferred.delete(name);
    if (!this.faces.has(name) && !this.listed.includes(name)) this.listed.push(name);
    this.faces.set(name, { ...faces });
    this.parsed.set(name, normal as Font);
    this.coverage.set(name, new Map());
    this.advances.delete(name);
    this.names.set(normalizeName(name), name);
    this.pdfmake = undefined;
    this.order = undefined;
    return this;
  }

  /**
   * Adds a family whose bytes are read only when first needed: when a character no earlier family has is looked
   * for in it, or a CSS name resolves to it. Its `aliases` are CSS names that stand for it (lower case).
   */
  registerDeferred(family: string, load: () => FontFaces, aliases: string[] = []): this {
    if (!this.listed.includes(family)) this.listed.push(family);
    this.deferred.set(family, load);
    this.names.set(normalizeName(family), family);
    for (const alias of aliases)
      if (!this.names.has(normalizeName(alias))) this.names.set(normalizeName(alias), family);
    this.order = undefined;
    return this;
  }

  /** Whether the family is registered (a deferred one is read and parsed now). */
  private has(family: string): boolean {
    if (this.faces.has(family)) return true;
    const load = this.deferred.get(family);
    if (!load) return false;
    this.deferred.delete(family);
    this.register(family, load());
    return true;
  }

  /**
   * A registry with these families added to this one's (a team's fonts, a template's `@font-face` fonts): this one's
   * parsed fonts and caches are shared, not parsed again, and this one is left as it was.
   */
  extended(families: Record<string, FontFaces>): FontRegistry {
    const next = new FontRegistry({}, this.options);
    next.listed.push(...this.listed);
    for (const [name, faces] of this.faces) {
      next.faces.set(name, faces);
      next.parsed.set(name, this.parsed.get(name) as Font);
      next.coverage.set(name, this.coverage.get(name) as Map<number, boolean>);
    }
    for (const [key, name] of this.names) next.names.set(key, name);
    for (const [name, load] of this.deferred) next.deferred.set(name, load);
    for (const [family, faces] of Object.entries(families)) next.register(family, faces);
    return next;
  }

  /** Whether a family's bytes are read (a deferred family's are read when a name or a character first needs it). */
  isRead(family: string): boolean {
    return this.faces.has(family);
  }

  /** The registered families, in registration order. */
  families(): string[] {
    return [...this.listed];
  }

  private get defaultFamily(): string {
    const wanted = this.options.defaultFamily;
    if (wanted && this.faces.has(wanted)) return wanted;
    if (this.faces.has(DEFAULT_FAMILY)) return DEFAULT_FAMILY;
    const first = this.families()[0];
    if (!first) throw new Error('No font is registered');
    return first;
  }

  /** The registered family a single CSS family name stands for, if any. */
  private lookup(name: string): string | undefined {
    const key = normalizeName(name);
    if (!key) return undefined;
    const direct = this.names.get(key);
    if (direct && this.has(direct)) return direct;
    for (const [alias, family] of Object.entries(this.options.aliases ?? {})) {
      if (normalizeName(alias) === key && this.has(family)) return family;
    }
    const builtIn = GENERIC[key];
    return builtIn && this.has(builtIn) ? builtIn : undefined;
  }

  resolveFamily(cssFamily: string | undefined): string {
    if (cssFamily) {
      for (const name of cssFamily.split(',')) {
        const found = this.lookup(name);
        if (found) return found;
      }
    }
    return this.defaultFamily;
  }

  /**
   * Every registered family a CSS `font-family` list names, in its order: a character the first lacks is drawn by
   * the next that has it (CSS Fonts 4 §5.1, per-character fallback), before the registry's own fallbacks.
   */
  resolveStack(cssFamily: string | undefined): string[] {
    const stack: string[] = [];
    for (const name of cssFamily?.split(',') ?? []) {
      const found = this.lookup(name);
      if (found && !stack.includes(found)) stack.push(found);
    }
    return stack;
  }

  /**
   * How the first name of a CSS `font-family` list is drawn here: by a family of that name (`registered`), by a
   * family with its metrics (`metric-compatible`: Arial by Arimo), by the family a CSS generic name stands for
   * (`generic`), by another family for a name Quire knows (`substituted`: Roboto by Noto Sans), or, unknown, by
   * the next name of the list or the default (`missing`). `family` is the family that draws the list.
   */
  resolution(cssFamily: string[]): {
    first: string;
    family: string;
    how: 'registered' | 'metric-compatible' | 'generic' | 'substituted' | 'missing';
  } {
    const first = normalizeName(cssFamily[0] ?? '');
    const family = this.resolveFamily(cssFamily.join(','));
    const shown = (cssFamily[0] ?? '').trim().replace(/^(['"])(.*)\1$/, '$2');
    if (this.names.has(first) || Object.keys(this.options.aliases ?? {}).some((a) => normalizeName(a) === first))
      return { first: shown, family, how: 'registered' };
    const builtIn = GENERIC[first];
    if (!builtIn || !this.has(builtIn)) return { first: shown, family, how: 'missing' };
    if (CSS_GENERIC.has(first)) return { first: shown, family, how: 'generic' };
    return { first: shown, family, how: METRIC_COMPATIBLE.has(builtIn) ? 'metric-compatible' : 'substituted' };
  }

  /** Whether a registered family has a face of its own (not filled in from another, as pdfmakeFonts fills them). */
  hasFace(family: string, face: keyof FontFaces): boolean {
    return this.faces.get(family)?.[face] !== undefined;
  }

  /** Whether a registered family's normal face has a glyph for the code point (cached). */
  hasGlyph(family: string, codePoint: number): boolean {
    if (this.deferred.has(family)) this.has(family);
    const cache = this.coverage.get(family);
    const font = this.parsed.get(family);
    if (!cache || !font) return false;
    let has = cache.get(codePoint);
    if (has === undefined) {
      has = font.hasGlyphForCodePoint(codePoint);
      cache.set(codePoint, has);
    }
    return has;
  }

  /** The fallback families, in the order they are tried. */
  fallbacks(): string[] {
    if (!this.order) {
      const listed = this.options.fallbacks ?? [
        ...DEFAULT_FALLBACKS,
        ...this.families().filter((f) => !DEFAULT_FALLBACKS.includes(f)),
      ];
      this.order = [...new Set(listed)].filter((f) => this.faces.has(f) || this.deferred.has(f));
    }
    return this.order;
  }

  /**
   * The family that draws a character: the preferred one when it can, else the first of the stack (the rest of the
   * CSS list) that can, else the first fallback that can.
   */
  private familyFor(codePoint: number, preferred: string, stack?: readonly string[]): string | undefined {
    if (this.hasGlyph(preferred, codePoint)) return preferred;
    for (const family of stack ?? []) if (this.hasGlyph(family, codePoint)) return family;
    for (const family of this.fallbacks()) if (this.hasGlyph(family, codePoint)) return family;
    return undefined;
  }

  private registered(family: string): string {
    return this.faces.has(family) ? family : this.resolveFamily(family);
  }

  /**
   * Splits text into runs by glyph coverage, walking code points (a surrogate pair is never split). Spaces and
   * controls, and punctuation, digits, symbols and combining marks the current run's font has, stay in the current
   * run, so that runs do not fragment at every space or comma; a run in a fallback family goes on in it while it
   * can, so that a Greek word stays in one font. Adjacent runs of one font are merged.
   */
  splitByCoverage(text: string, family: string, stack?: readonly string[]): TextRun[] {
    const primary = this.registered(family);
    const runs: TextRun[] = [];
    let current: TextRun | undefined;
    for (const ch of text) {
      const cp = ch.codePointAt(0) as number;
      let font: string | undefined;
      if (current) {
        // A space goes with the text around it, unless that font lacks it (U+3000, the ideographic space, in a
        // Latin font): then, as Chromium does, it is drawn by a font that has it.
        if (SPACE_OR_CONTROL.test(ch) && (cp < 0x20 || this.hasGlyph(current.font, cp))) font = current.font;
        else if ((NEUTRAL.test(ch) || MARK.test(ch)) && this.hasGlyph(current.font, cp)) font = current.font;
        else if (current.font !== primary && !this.hasGlyph(primary, cp) && this.hasGlyph(current.font, cp))
          font = current.font;
      }
      font ??= this.familyFor(cp, primary, stack) ?? (MARK.test(ch) && current ? current.font : primary);
      if (current && current.font === font) current.text += ch;
      else {
        current = { text: ch, font };
        runs.push(current);
      }
    }
    return runs;
  }

  /** The distinct characters, in order of appearance, that no registered family can draw (spaces, controls and
   * invisible format characters excluded). */
  missingGlyphs(text: string): string[] {
    const missing = new Set<string>();
    const all = this.families();
    for (const ch of text) {
      if (missing.has(ch) || INVISIBLE.test(ch)) continue;
      const cp = ch.codePointAt(0) as number;
      if (!all.some((family) => this.hasGlyph(family, cp))) missing.add(ch);
    }
    return [...missing];
  }

  /** A character's advance in em, from the font that would draw it. */
  private advance(family: string, cp: number): number {
    let advances = this.advances.get(family);
    if (!advances) {
      advances = new Map();
      this.advances.set(family, advances);
    }
    let width = advances.get(cp);
    if (width === undefined) {
      const drawing = this.familyFor(cp, family) ?? family;
      const font = this.parsed.get(drawing) as Font;
      width = this.hasGlyph(drawing, cp) ? font.glyphForCodePoint(cp).advanceWidth / font.unitsPerEm : 0.6;
      advances.set(cp, width);
    }
    return width;
  }

  /** The width of a text in points (unshaped advances, fallback fonts included), for sizing table columns. */
  textWidth(text: string, family: string, fontSize: number, bold: boolean): number {
    if (this.faces.size === 0) return text.length * fontSize * 0.6;
    const primary = this.registered(family);
    let em = 0;
    for (const ch of text) em += this.advance(primary, ch.codePointAt(0) as number);
    // Bold faces run about 6% wider; close enough for sizing columns.
    return em * fontSize * (bold ? 1.06 : 1);
  }

  /** pdfmake's line height is a multiple of the font's own (ascent + descent + line gap); CSS's of the font size. */
  naturalLineHeight(family: string): number {
    const font = this.parsed.get(family) ?? this.parsed.get(this.defaultFamily);
    if (!font) return 1.2;
    return (font.ascent - font.descent + font.lineGap) / font.unitsPerEm;
  }

  /**
   * The families for pdfmake, every face filled in (a missing face falls back to the normal one; bold italics to
   * bold, then italics). The same object and the same byte arrays are returned every time, so that the font parse
   * cache (parse-cache.ts) recognises them across documents. pdfmake 0.3 cannot take bytes in `setFonts` (it
   * treats an object as a URL); put them in its virtual file system and pass their names (see pdf/pdfmake-node).
   */
  pdfmakeFonts(): Record<string, PdfmakeFaces> {
    if (this.pdfmake) return this.pdfmake;
    const out: Record<string, PdfmakeFaces> = {};
    for (const [family, f] of this.faces) {
      const bold = f.bold ?? f.normal;
      const italics = f.italics ?? f.normal;
      out[family] = { normal: f.normal, bold, italics, bolditalics: f.bolditalics ?? f.bold ?? italics };
    }
    this.pdfmake = out;
    return out;
  }
}
