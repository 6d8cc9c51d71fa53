/**
 * The parts of pdfkit 0.19 the painter uses, public and internal (the glyph encoding of `EmbeddedFont` and the
 * page's resource dictionaries), typed here because the painter writes content streams itself.
 */

export interface PdfRef {
  end(chunk?: string): void;
}

export interface PdfPage {
  width: number;
  height: number;
  resources: PdfRef;
  fonts: Record<string, PdfRef>;
  xobjects: Record<string, PdfRef>;
  ext_gstates: Record<string, PdfRef>;
}

/** fontkit's font, as far as the painter reads it. */
export interface FontkitFont {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  underlinePosition: number;
  xHeight: number;
  'OS/2'?: { yStrikeoutPosition?: number; typoAscender: number; typoDescender: number };
  getGlyph(
    id: number,
    codePoints?: number[],
  ): { advanceWidth: number; path: { commands: Array<{ command: string; args: number[] }> } };
}

/** pdfkit's EmbeddedFont: a subset, its widths (1000 per em) and ToUnicode code points, indexed by subset id. */
export interface PdfEmbeddedFont {
  id: string;
  font: FontkitFont;
  scale: number;
  subset: { includeGlyph(glyphId: number): number };
  widths: number[];
  unicode: number[][];
  ref(): PdfRef;
  /** Text as subset glyph ids (4-digit hex) and their positions (1000 per em), as svg-to-pdfkit draws it. */
  encode(text: string): [string[], PdfGlyphPosition[]];
}

/** A glyph's place as pdfkit's encode gives it: 1000 per em; advanceWidth is the glyph's own (the PDF's width). */
export interface PdfGlyphPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

export interface PdfImage {
  label: string;
  width: number;
  height: number;
  /** A JPEG's EXIF orientation (1 to 8), which `image()` applies. */
  orientation?: number;
  obj?: PdfRef;
  embed(doc: PdfDocument): void;
}

export interface PdfDocumentOptions {
  autoFirstPage: boolean;
  compress: boolean;
  pdfVersion: '1.4' | '1.5' | '1.6' | '1.7';
  /** null: no default font (pdfkit would load Helvetica's metrics otherwise). */
  font: null;
  info: Record<string, string | Date>;
}

export interface PdfDocument {
  page: PdfPage;
  _font: PdfEmbeddedFont;
  /** The fonts `font(name)` finds by name (and embeds when the document ends). */
  _fontFamilies: Record<string, PdfEmbeddedFont>;
  _ctmStack: unknown[];
  /** pdfkit's ExtGStates for opacity, by `${fill}_${stroke}`: [dictionary, name]. */
  _opacityRegistry: Record<string, [unknown, string]>;
  _doOpacity(fill: number | null, stroke: number | null): void;
  addPage(options: { size: [number, number]; margin: number }): PdfDocument;
  /** Content for the current page: a string gets a newline added; bytes are written as they are. */
  addContent(data: string | Uint8Array): PdfDocument;
  registerFont(name: string, src: Uint8Array): PdfDocument;
  font(name: string): PdfDocument;
  ref(data: Record<string, unknown>): PdfRef;
  openImage(src: ArrayBuffer): PdfImage;
  image(src: PdfImage, x: number, y: number, options: { width: number; height: number }): PdfDocument;
  link(x: number, y: number, width: number, height: number, url: string): PdfDocument;
  restore(): PdfDocument;
  read(): Uint8Array | null;
  on(event: 'end' | 'readable', listener: () => void): PdfDocument;
  on(event: 'error', listener: (error: Error) => void): PdfDocument;
  end(): void;
}

export type PdfDocumentConstructor = new (options: PdfDocumentOptions) => PdfDocument;

export interface SvgToPdfkitOptions {
  width: number;
  height: number;
  assumePt: boolean;
  preserveAspectRatio: string;
  warningCallback(message: string): void;
  fontCallback(family: string, bold: boolean, italic: boolean): string;
  /** What to hand pdfkit's `openImage` for an `<image>`'s href. */
  imageCallback(href: string): ArrayBuffer;
}

export type SvgToPdfkit = (doc: PdfDocument, svg: string, x: number, y: number, options: SvgToPdfkitOptions) => void;
