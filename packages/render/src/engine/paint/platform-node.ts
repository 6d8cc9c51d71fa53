import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
// pdfkit gets its fonts from the parsed-font cache (same byte arrays → same parsed font), installed on import.
import '../../fonts/parse-cache';
import type { PdfDocumentConstructor, SvgToPdfkit } from './pdfkit-types';
import type { PaintPlatform } from './platform';

let platform: PaintPlatform | undefined;

/**
 * pdfkit as pdfmake loads it (CommonJS): the one instance whose fontkit the parse cache sits in front of, and
 * the svg-to-pdfkit that pdfmake ships.
 */
export function nodePlatform(): PaintPlatform {
  if (platform) return platform;
  const require = createRequire(import.meta.url);
  const pdfmakeMain = require.resolve('pdfmake');
  const fromPdfmake = createRequire(pdfmakeMain);
  const PDFDocument = fromPdfmake(fromPdfmake.resolve('pdfkit')) as PdfDocumentConstructor;
  const svgModule = fromPdfmake('./3rd-party/svg-to-pdfkit.js') as { default: SvgToPdfkit };
  platform = { PDFDocument, svgToPdfkit: svgModule.default, inflate: (data) => inflateSync(data) };
  return platform;
}
