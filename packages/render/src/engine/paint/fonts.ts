import type { FontFaceRef, ShapedGlyph } from '../layout/fragment';
import type { PdfDocument, PdfEmbeddedFont } from './pdfkit-types';
import type { FindCoveringFamily } from './svg-fonts';

/** A face embedded in the document, with what drawing its glyphs needs. */
export interface DocumentFace {
  pdf: PdfEmbeddedFont;
  /** 4-digit hex of each subset glyph id, made once. */
  hex: string[];
  /** Subset glyph id of each font glyph id included so far. */
  subsetIds: number[];
  /** Subset glyph ids whose ToUnicode code points are known. */
  mapped: boolean[];
  /** Per em: ascent and descent (positive), underline offset below the baseline, strike-out above, thickness. */
  ascent: number;
  descent: number;
  underline: number;
  strikeout: number;
  /**
   * Per em, above the baseline: the middle of the ideographic em box (OS/2's typographic ascender and descender),
   * where a glyph standing upright in vertical text is centred along the line (paint/text.ts).
   */
  emCentre: number;
  /** The TJ operators of plain runs already drawn in this document, by their glyph array (paint/text.ts). */
  runs?: WeakMap<readonly ShapedGlyph[], DrawnRun>;
}

/** A plain run's operators between its text matrix and ET, and its character spacing, at one size. */
export interface DrawnRun {
  fontSize: number;
  text: string;
  tc: string;
  /** The content's bytes (paint/content.ts writes bytes; Latin-1 text). */
  body: Uint8Array;
}

/**
 * The document's fonts: each face registered with pdfkit once, from the same byte array every time (so the
 * parse cache serves pdfkit the parsed font), and embedded as a subset of the glyphs drawn.
 */
export class DocumentFonts {
  private readonly faces = new Map<string, DocumentFace>();
  private readonly byRef = new WeakMap<FontFaceRef, DocumentFace>();

  constructor(
    private readonly doc: PdfDocument,
    private readonly bytes: (font: FontFaceRef) => Uint8Array,
    private readonly families: { resolve?: (cssFamily: string) => string; covering?: FindCoveringFamily } = {},
  ) {}

  /**
   * The registered family of a CSS `font-family` list as SVG text names it (`Arial, sans-serif`, `'Noto Serif'`),
   * resolved as HTML text's is; undefined when this document cannot resolve names (the list is then tried name by name).
   */
  familyOf(cssFamily: string): string | undefined {
    return this.families.resolve?.(cssFamily);
  }

  /** The family that draws all of an SVG text; undefined when this document cannot tell (its own family draws it). */
  get coveringFamily(): FindCoveringFamily | undefined {
    return this.families.covering;
  }

  face(ref: FontFaceRef): DocumentFace {
    // Runs share their font's reference object (layout/inline/items.ts): a run of a face already asked for is
    // found without its key being built (every run painted asks).
    const known = this.byRef.get(ref);
    if (known) return known;
    const key = `${ref.family}\u0000${ref.face}`;
    let face = this.faces.get(key);
    if (!face) {
      face = this.embed(key, this.bytes(ref));
      this.faces.set(key, face);
    }
    this.byRef.set(ref, face);
    return face;
  }

  /** The pdfkit font name of a face, for the SVG renderer's text (undefined when the face cannot be had). */
  nameOf(ref: FontFaceRef): string | undefined {
    try {
      this.face(ref);
      return `${ref.family}\u0000${ref.face}`;
    } catch {
      return undefined;
    }
  }

  /** The face of a name {@link nameOf} or {@link anyName} gave; undefined for any other name. */
  faceNamed(name: string): DocumentFace | undefined {
    return this.faces.get(name);
  }

  /** Any face the document already uses, for SVG text in a family it does not have. */
  anyName(): string | undefined {
    return this.faces.keys().next().value;
  }

  /**
   * Adds a glyph to the face's subset; the first time, records its own advance (for the PDF's widths) and the
   * code points it stands for (for the ToUnicode map, which text extraction reads). A glyph with no code points
   * (the second glyph of a cluster) maps to nothing until a use of it with code points comes along.
   */
  glyph(face: DocumentFace, id: number, codePoints: readonly number[]): number {
    const known = face.subsetIds[id];
    if (known !== undefined && (face.mapped[known] === true || codePoints.length === 0)) return known;
    const pdf = face.pdf;
    const gid = pdf.subset.includeGlyph(id);
    face.subsetIds[id] = gid;
    if (pdf.widths[gid] === undefined) {
      // fontkit keeps the first glyph object made for an id, for every document that shares the parsed font, and
      // pdfkit maps text it draws itself (SVG text) to that object's code points: made without them, the glyph
      // would be drawn but not found by text extraction in later documents.
      pdf.widths[gid] = pdf.font.getGlyph(id, codePoints as number[]).advanceWidth * pdf.scale;
      pdf.unicode[gid] = codePoints as number[];
    } else if (codePoints.length > 0 && face.mapped[gid] !== true) {
      pdf.unicode[gid] = codePoints as number[];
    }
    if (codePoints.length > 0) face.mapped[gid] = true;
    // Two faces with the same font (one family under two names) share pdfkit's font but not this array.
    if (face.hex[gid] === undefined) face.hex[gid] = gid.toString(16).padStart(4, '0');
    return gid;
  }

  private embed(key: string, bytes: Uint8Array): DocumentFace {
    this.doc.registerFont(key, bytes);
    this.doc.font(key);
    const pdf = this.doc._font;
    const font = pdf.font;
    const em = font.unitsPerEm;
    const os2 = font['OS/2'];
    const strikeout = os2?.yStrikeoutPosition;
    return {
      pdf,
      hex: [],
      subsetIds: [],
      mapped: [],
      ascent: font.ascent / em,
      descent: Math.abs(font.descent) / em,
      underline: -font.underlinePosition / em,
      strikeout: (strikeout && strikeout > 0 ? strikeout : font.xHeight / 2) / em,
      emCentre:
        os2 && os2.typoAscender > 0
          ? (os2.typoAscender + os2.typoDescender) / 2 / em
          : (font.ascent + font.descent) / 2 / em,
    };
  }
}
