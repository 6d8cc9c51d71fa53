import type { PdfDocumentConstructor, SvgToPdfkit } from './pdfkit-types';

/**
 * What the painter needs of its environment. Node loads pdfkit and the SVG renderer with `require` (next to
 * the font parse cache); a browser entry hands in pdfkit's standalone build instead.
 */
export interface PaintPlatform {
  PDFDocument: PdfDocumentConstructor;
  svgToPdfkit: SvgToPdfkit;
}
