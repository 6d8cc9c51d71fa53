import PDFDocument from 'pdfkit/js/pdfkit.standalone';
import svgToPdfkitModule from 'pdfmake/js/3rd-party/svg-to-pdfkit.js';
import type { PdfDocumentConstructor } from './pdfkit-types';
import type { PaintPlatform } from './platform';

/**
 * Browsers: pdfkit's standalone build (the same pdfkit as Node's, bundled with the stream, zlib and Buffer it
 * needs) and the svg-to-pdfkit that pdfmake ships. Without a synchronous inflate, PNG data is not checked before
 * pdfkit decodes it; and PNGs with alpha are embedded when pdfkit's inflate finishes, so their objects may sit
 * elsewhere in the file than in Node's (the pages are the same).
 */
// A CommonJS module marked __esModule: bundlers in Node's mode (a "type": "module" package) hand over its exports
// object as the default import, others its `default`.
const svgToPdfkit = typeof svgToPdfkitModule === 'function' ? svgToPdfkitModule : svgToPdfkitModule.default;

export const browserPlatform: PaintPlatform = {
  PDFDocument: PDFDocument as unknown as PdfDocumentConstructor,
  svgToPdfkit,
};
