import { bwipToSvg } from '#barcode-writer';

const SYMBOLOGIES: Record<string, string> = {
  code128: 'code128',
  code39: 'code39',
  ean13: 'ean13',
  ean8: 'ean8',
  upca: 'upca',
  itf14: 'itf14',
};

/** Draws a barcode as SVG with bwip-js (no canvas, so it runs in Node and browsers). */
export function barcodeSvg(type: string, value: string, heightPt: number): string {
  const bcid = SYMBOLOGIES[type.toLowerCase()];
  if (!bcid) throw new Error(`unknown barcode type "${type}"`);
  // bwip-js measures bar height in millimetres; the human-readable text is drawn below the bars.
  return bwipToSvg({
    bcid,
    text: value,
    height: Math.max(4, (heightPt * 25.4) / 72 - 4),
    includetext: true,
    textxalign: 'center',
  });
}
