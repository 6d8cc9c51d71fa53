/// <reference path="./svg-to-pdfkit.d.ts" />
/// <reference path="./jpeg-js.d.ts" />
import decodeJpeg from 'jpeg-js/lib/decoder.js';
import PDFDocument from 'pdfkit/js/pdfkit.standalone';
import svgToPdfkitModule from 'pdfmake/js/3rd-party/svg-to-pdfkit.js';
import type { PdfDocumentConstructor } from './pdfkit-types';
import type { PaintPlatform } from './platform';
import type { PngChecks } from './png-checks';

// A CommonJS module marked __esModule: bundlers in Node's mode (a "type": "module" package) hand over its exports
// object as the default import, others its `default`.
const svgToPdfkit = typeof svgToPdfkitModule === 'function' ? svgToPdfkitModule : svgToPdfkitModule.default;

/** pdfkit's standalone build: the same pdfkit as Node's, bundled with the stream, zlib and Buffer it needs. */
export const browserPDFDocument = PDFDocument as unknown as PdfDocumentConstructor;

/**
 * Browsers: pdfkit's standalone build and the svg-to-pdfkit that pdfmake ships; PNG data checked ahead
 * (png-checks.ts). PNGs with alpha are embedded when pdfkit's own inflate finishes, so their objects may sit
 * elsewhere in the file than in Node's (the pages are the same). JPEG pixels decode here for a `filter`; PNG
 * pixels would need a synchronous inflate browsers do not have, so a filtered PNG is reported instead.
 */
export function browserPlatform(pngs: PngChecks): PaintPlatform {
  return {
    PDFDocument: browserPDFDocument,
    svgToPdfkit,
    checkInflates: (data) => pngs.checkInflates(data),
    decodeImage(bytes, format) {
      if (format !== 'jpeg') return undefined;
      try {
        return decodeJpeg(bytes, { useTArray: true, formatAsRGBA: true });
      } catch {
        return undefined;
      }
    },
  };
}
