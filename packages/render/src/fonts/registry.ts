import { create, type Font } from 'fontkit';
import type { FontFaces, FontSet, TextRun } from './font-set';

export interface FontRegistryOptions {
  /** The family used when a CSS font-family names nothing registered. Default: Noto Sans, else the first. */
  defaultFamily?: string;
  /** Families tried, in order, for characters the chosen family lacks. Default: every registered family. */
  fallbacks?: string[];
  /** Extra CSS names for registered families (`{ "Brand Sans": "Noto Sans" }`). */
  aliases?: Record<string, string>;
}

type PdfmakeFaces = { normal: Uint8Array; bold: Uint8Array; italics: Uint8Array; bolditalics: Uint8Array };

// CSS generic families and the common font names templates ask for, mapped to what Quire ships.
const GENERIC: Record<string, string[]> = {
  'noto sans': [
    'sans-serif',
    'helvetica',
    'arial',
    'system-ui',
    'roboto',
    'inter',
    'open sans',
    'helvetica neue',
    'segoe ui',
    'verdana',
    'tahoma',
    'calibri',
    'lato',
    '-apple-system',
    'ui-sans-serif',
    'liberation sans',
    'dejavu sans',
  ],
  'noto serif': [
    'serif',
    'times',
    'times new roman',
    'georgia',
    'garamond',
    'cambria',
    'palatino',
    'ui-serif',
    'book antiqua',
    'liberation serif',
  ],
  'noto sans mono': [
    'monospace',
    'courier',
    'courier new',
    'menlo',
    'consolas',
    'monaco',
    'ui-monospace',
    'sf mono',
    'liberation mono',
  ],
};

const isWhitespace = (cp: number) =>
  cp === 0x20 || cp === 0x09 || cp === 0x0a || cp === 0x0d || cp === 0xa0 || cp === 0x202f || cp === 0x2009;
const isControl = (cp: number) =>
  cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || (cp >= 0x200b && cp <= 0x200f) || cp === 0xfeff;

/** Parses font bytes with fontkit; a collection gives its first font. */
function parseFont(bytes: Uint8Array, family: string): Font {
  let parsed: ReturnType<typeof create>;
  try {
    parsed = create(bytes);
  } catch (error) {
    throw new Error(`The font "${family}" is not a TrueType, OpenType or WOFF font: ${(error as Error).message}`);
  }
  const font = 'fonts' in parsed ? parsed.fonts[0] : parsed;
  if (!font || typeof font.hasGlyphForCodePoint !== 'function')
    throw new Error(`The font "${family}" is not a TrueType, OpenType or WOFF font`);
  return font;
}

/**
 * The fonts a render draws with: families by name, what CSS names map to them, and per-character fallback so
 * that Greek in a Latin paragraph or Hebrew in a table still finds a font that has its glyphs. Each family's
 * font is parsed once and its coverage cached.
 */
export class FontRegistry implements FontSet {
  private readonly faces = new Map<string, FontFaces>();
  private readonly parsed = new Map<string, Font>();
  private readonly coverage = new Map<string, Map<number, boolean>>();
  private readonly names = new Map<string, string>();
  private readonly options: FontRegistryOptions;
  private pdfmake: Record<string, PdfmakeFaces> | undefined;
  private readonly advances = new Map<string, Map<number, number>>();

  constructor(families: Record<string, FontFaces> = {}, options: FontRegistryOptions = {}) {
    this.options = options;
    for (const [family, faces] of Object.entries(families)) this.register(family, faces);
  }

  /** Adds a family (TTF, OTF or WOFF bytes); throws a clear error when the bytes are not a font. */
  register(family: string, faces: FontFaces): this {
    for (const face of ['normal', 'bold', 'italics', 'bolditalics'] as const) {
      const bytes = faces[face];
      if (bytes) {
        const font = parseFont(bytes, family);
        if (face === 'normal') this.parsed.set(family, font);
      }
    }
    this.faces.set(family, faces);
    this.coverage.set(family, new Map());
    this.names.set(family.toLowerCase(), family);
    this.pdfmake = undefined;
    return this;
  }

  families(): string[] {
    return [...this.faces.keys()];
  }

  private get defaultFamily(): string {
    const wanted = this.options.defaultFamily;
    if (wanted && this.faces.has(wanted)) return wanted;
    if (this.faces.has('Noto Sans')) return 'Noto Sans';
    const first = this.families()[0];
    if (!first) throw new Error('No font is registered');
    return first;
  }

  private lookup(name: string): string | undefined {
    const key = name
      .trim()
      .replace(/^['"]|['"]$/g, '')
      .trim()
      .toLowerCase();
    const direct = this.names.get(key);
    if (direct) return direct;
    for (const [alias, family] of Object.entries(this.options.aliases ?? {})) {
      if (alias.toLowerCase() === key && this.faces.has(family)) return family;
    }
    for (const [target, generic] of Object.entries(GENERIC)) {
      const family = this.names.get(target);
      if (family && generic.includes(key)) return family;
    }
    return undefined;
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

  hasGlyph(family: string, codePoint: number): boolean {
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

  private fallbackOrder(): string[] {
    return (this.options.fallbacks ?? this.families()).filter((f) => this.faces.has(f));
  }

  /** The family that draws a character: the preferred one when it can, else the first fallback that can. */
  private familyFor(codePoint: number, preferred: string): string | undefined {
    if (this.hasGlyph(preferred, codePoint)) return preferred;
    for (const family of this.fallbackOrder())
      if (family !== preferred && this.hasGlyph(family, codePoint)) return family;
    return undefined;
  }

  splitByCoverage(text: string, family: string): TextRun[] {
    const runs: TextRun[] = [];
    let current: TextRun | undefined;
    for (const ch of text) {
      const cp = ch.codePointAt(0) as number;
      let font: string;
      // Spaces and controls stay with the run they are in, so that runs do not fragment at every space; a run in a
      // fallback family goes on in it while it can, so that a Greek word stays in one font.
      if (isWhitespace(cp) || isControl(cp)) font = current?.font ?? family;
      else if (this.hasGlyph(family, cp)) font = family;
      else if (current && current.font !== family && this.hasGlyph(current.font, cp)) font = current.font;
      else font = this.familyFor(cp, family) ?? family;
      if (current && current.font === font) current.text += ch;
      else {
        current = { text: ch, font };
        runs.push(current);
      }
    }
    return runs;
  }

  missingGlyphs(text: string): string[] {
    const missing = new Set<string>();
    const all = this.fallbackOrder();
    for (const ch of text) {
      const cp = ch.codePointAt(0) as number;
      if (isWhitespace(cp) || isControl(cp) || missing.has(ch)) continue;
      if (!all.some((family) => this.hasGlyph(family, cp))) missing.add(ch);
    }
    return [...missing];
  }

  textWidth(text: string, family: string, fontSize: number, bold: boolean): number {
    const font = this.parsed.get(family) ?? this.parsed.get(this.defaultFamily);
    if (!font) return text.length * fontSize * 0.6;
    let advances = this.advances.get(family);
    if (!advances) {
      advances = new Map();
      this.advances.set(family, advances);
    }
    let units = 0;
    for (const ch of text) {
      const cp = ch.codePointAt(0) as number;
      let width = advances.get(cp);
      if (width === undefined) {
        width = font.hasGlyphForCodePoint(cp) ? font.glyphForCodePoint(cp).advanceWidth : font.unitsPerEm * 0.6;
        advances.set(cp, width);
      }
      units += width;
    }
    // Bold faces run about 6% wider; close enough for sizing columns.
    return (units / font.unitsPerEm) * fontSize * (bold ? 1.06 : 1);
  }

  /** pdfmake's line height is a multiple of the font's own (ascent + descent + line gap); CSS's of the font size. */
  naturalLineHeight(family: string): number {
    const font = this.parsed.get(family) ?? this.parsed.get(this.defaultFamily);
    if (!font) return 1.2;
    return (font.ascent - font.descent + font.lineGap) / font.unitsPerEm;
  }

  /**
   * The families for pdfmake, every face filled in (missing faces fall back to the nearest one). The same object
   * and the same byte arrays are returned every time, so that parsed fonts can be reused across documents.
   */
  pdfmakeFonts(): Record<string, PdfmakeFaces> {
    if (this.pdfmake) return this.pdfmake;
    const out: Record<string, PdfmakeFaces> = {};
    for (const [family, f] of this.faces) {
      const bold = f.bold ?? f.normal;
      const italics = f.italics ?? f.normal;
      out[family] = { normal: f.normal, bold, italics, bolditalics: f.bolditalics ?? (f.bold ? bold : italics) };
    }
    this.pdfmake = out;
    return out;
  }
}
