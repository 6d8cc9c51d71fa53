/// <reference path="./jpeg-js.d.ts" />
import { createRequire } from 'node:module';
// pdfkit gets its fonts from the parsed-font cache (same byte arrays → same parsed font), installed on import.
import '../../fonts/parse-cache';
import type { PdfDocumentConstructor, SvgToPdfkit } from './pdfkit-types';
import type { DecodedImage, PaintPlatform } from './platform';

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
  // The SVG and image readers load with the first document that has an SVG or an image to decode: kept for the
  // process, they would be heap that every long report's peak multiplies (text/idle-mark-features.ts says why).
  let svgToPdfkit: SvgToPdfkit | undefined;
  let PNG: typeof import('pngjs').PNG | undefined;
  let decodeJpeg: typeof import('jpeg-js/lib/decoder.js').default | undefined;
  const zlib = require('node:zlib') as Zlib;
  platform = {
    PDFDocument,
    svgToPdfkit(...args) {
      svgToPdfkit ??= (fromPdfmake('./3rd-party/svg-to-pdfkit.js') as { default: SvgToPdfkit }).default;
      svgToPdfkit(...args);
    },
    checkInflates: (data) => void zlib.inflateSync(data),
    embedNow(embed) {
      // png-js (pdfkit's PNG reader) calls zlib.inflate on the shared CommonJS module object: answered at once here.
      const inflate = zlib.inflate;
      zlib.inflate = (data, callback) => {
        let result: Uint8Array;
        try {
          result = zlib.inflateSync(data);
        } catch (error) {
          callback(error as Error);
          return;
        }
        callback(null, result);
      };
      try {
        embed();
      } finally {
        zlib.inflate = inflate;
      }
    },
    decodeImage(bytes, format): DecodedImage | undefined {
      try {
        if (format === 'jpeg') {
          decodeJpeg ??= require('jpeg-js/lib/decoder.js') as typeof import('jpeg-js/lib/decoder.js').default;
          return decodeJpeg(bytes, { useTArray: true, formatAsRGBA: true });
        }
        // pngjs gives every colour type and depth as 8-bit RGBA (palettes, grey and 16-bit rescaled).
        PNG ??= (require('pngjs') as typeof import('pngjs')).PNG;
        const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
        return { width: png.width, height: png.height, data: png.data };
      } catch {
        return undefined;
      }
    },
  };
  return platform;
}

interface Zlib {
  inflate(data: Uint8Array, callback: (error: Error | null, result?: Uint8Array) => void): void;
  inflateSync(data: Uint8Array): Uint8Array;
}
