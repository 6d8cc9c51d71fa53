import type { PdfDocumentConstructor, SvgToPdfkit } from './pdfkit-types';

/**
 * What the painter needs of its environment. Node loads pdfkit and the SVG renderer with `require` (next to
 * the font parse cache); a browser entry hands in pdfkit's standalone build instead.
 */
export interface PaintPlatform {
  PDFDocument: PdfDocumentConstructor;
  svgToPdfkit: SvgToPdfkit;
  /**
   * Synchronous zlib inflate (throws on bad data). pdfkit decodes a PNG's pixels asynchronously and throws out
   * of reach when they are corrupt (and never finishes the document), so PNG data is checked with this first.
   */
  inflate?(data: Uint8Array): Uint8Array;
}
