// Minimal typings for fontkit 2 (the package ships none). Only what the font layer uses.
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    codePoints: number[];
    advanceWidth: number;
  }

  export interface GlyphRun {
    glyphs: Glyph[];
    advanceWidth: number;
    direction: 'ltr' | 'rtl';
    script: string;
  }

  export interface Font {
    type: string;
    postscriptName: string | null;
    familyName: string | null;
    numGlyphs: number;
    unitsPerEm: number;
    ascent: number;
    descent: number;
    lineGap: number;
    capHeight: number;
    xHeight: number;
    characterSet: number[];
    /** The OpenType feature tags of the GSUB and GPOS tables. */
    availableFeatures: string[];
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
    layout(
      text: string,
      features?: string[] | Record<string, boolean>,
      script?: string,
      language?: string,
      direction?: 'ltr' | 'rtl',
    ): GlyphRun;
  }

  export interface FontCollection {
    type: 'TTC' | 'DFont';
    fonts: Font[];
    getFont(postscriptName: string): Font | null;
  }

  export interface FontFormat {
    probe(buffer: Uint8Array): boolean;
    new (stream: unknown): Font | FontCollection;
  }

  export function create(buffer: Uint8Array, postscriptName?: string): Font | FontCollection;
  export function registerFormat(format: FontFormat): void;
}
