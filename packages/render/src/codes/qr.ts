/// <reference path="./pdfmake-qr.d.ts" />
import type { QrLevel } from '@quire/core';
import * as qrEncoder from 'pdfmake/js/qrEnc.js';

// pdfmake's encoder without a `fit` draws 5-unit modules, the first rectangle being the background.
const MODULE = 5;

type Encoder = { measure: (node: { qr: string; eccLevel?: string }) => { _width?: number; _canvas?: Rect[] } };
type Rect = { x: number; y: number; w: number; h: number };

/**
 * The module matrix of a QR code as SVG: one path of horizontal runs of dark modules on a white square, in a
 * viewBox one unit per module. pdfmake's own encoder draws it (the one its PDFs use, and ten times faster than
 * bwip-js's): the same code in every output. The text is encoded as pdfmake encodes it (UTF-8 bytes when not
 * numeric or alphanumeric); whether it fits is the caller's to check first, as the encoder throws.
 */
export function qrSvgMarkup(text: string, level: QrLevel): string {
  const node = encoder().measure({ qr: text, eccLevel: level });
  const size = (node._width ?? 0) / MODULE;
  let path = '';
  let run: { x: number; y: number; w: number } | null = null;
  const flush = () => {
    if (run) path += `M${run.x} ${run.y}h${run.w}v1h-${run.w}z`;
  };
  for (const rect of (node._canvas ?? []).slice(1)) {
    const x = rect.x / MODULE;
    const y = rect.y / MODULE;
    if (run && run.y === y && run.x + run.w === x) run.w++;
    else {
      flush();
      run = { x, y, w: 1 };
    }
  }
  flush();
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="#ffffff"/><path d="${path}"/></svg>`
  );
}

/** Bundlers give the CommonJS module's `exports.default`; Node's ES module loader gives `exports`. */
function encoder(): Encoder {
  const loaded = (qrEncoder as unknown as { default: Encoder | { default: Encoder } }).default;
  return 'measure' in loaded ? loaded : loaded.default;
}
