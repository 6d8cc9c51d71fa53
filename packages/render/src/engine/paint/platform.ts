import type { PdfDocumentConstructor, SvgToPdfkit } from './pdfkit-types';

/**
 * What the painter needs of its environment. Node loads pdfkit and the SVG renderer with `require` (next to
 * the font parse cache); a browser entry hands in pdfkit's standalone build instead (paint/platform-browser.ts).
 */
export interface PaintPlatform {
  PDFDocument: PdfDocumentConstructor;
  svgToPdfkit: SvgToPdfkit;
  /**
   * Throws unless this zlib data inflates cleanly, synchronously. pdfkit decodes a PNG's pixels asynchronously and
   * throws out of reach when they are corrupt (and never finishes the document), so PNG data is checked with this
   * first; without it, pdfkit is handed PNGs unchecked.
   */
  checkInflates?(data: Uint8Array): void;
  /**
   * Runs pdfkit work that embeds images (an image, an SVG with images) so that it completes within the call. pdfkit decodes PNGs with alpha
   * through zlib's asynchronous inflate and writes the image when that finishes: the order of the objects in
   * the file would depend on timing, and the same input would not always give the same bytes.
   */
  embedNow?(embed: () => void): void;
  /**
   * An image's pixels, for a `filter` to change them: RGBA, 8 bits a channel, rows top to bottom as stored (EXIF
   * orientation not applied); undefined when this platform cannot decode the format or the bytes are not an image.
   */
  decodeImage?(bytes: Uint8Array, format: 'png' | 'jpeg'): DecodedImage | undefined;
}

export interface DecodedImage {
  width: number;
  height: number;
  data: Uint8Array;
}
