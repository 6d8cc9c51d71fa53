/** The faces of one font family, as TTF, OTF or WOFF bytes. */
export interface FontFaces {
  normal: Uint8Array;
  bold?: Uint8Array;
  italics?: Uint8Array;
  bolditalics?: Uint8Array;
}

/** A stretch of text and the registered family that can draw all of it. */
export interface TextRun {
  text: string;
  font: string;
}

/** What the HTML converter needs to know about fonts. */
export interface FontSet {
  /** The registered family for a CSS `font-family` list (generic names included); the default when none matches. */
  resolveFamily(cssFamily: string | undefined): string;
  /**
   * Splits text into runs, each drawn by the first family that has glyphs for it: the given family, then the
   * registered fallbacks in order. Characters no family has stay in the given family (and are reported elsewhere).
   */
  splitByCoverage(text: string, family: string): TextRun[];
  /** The distinct characters (excluding whitespace and controls) that no registered family can draw. */
  missingGlyphs(text: string): string[];
  /** The width of a text in points, for sizing table columns to their longest words. */
  textWidth?(text: string, family: string, fontSize: number, bold: boolean): number;
}
