// fontkit 2 ships no types; this is the part Quire uses.
declare module 'fontkit' {
  export interface Font {
    postscriptName: string;
    familyName: string;
    unitsPerEm: number;
    ascent: number;
    descent: number;
    lineGap: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): { advanceWidth: number };
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font | { fonts: Font[] };
}
