import { createRequire } from 'node:module';
import type { toSVG as ToSvg } from 'bwip-js/browser';

/**
 * Node: bwip-js (a 2 MB script) is required when the first barcode is drawn, so a process that renders none
 * does not hold it. Browsers import it with the engine's chunk (bwip-browser.ts).
 */
const require = createRequire(import.meta.url);
let toSvg: typeof ToSvg | undefined;

export function bwipToSvg(options: Parameters<typeof ToSvg>[0]): string {
  toSvg ??= (require('bwip-js/browser') as { toSVG: typeof ToSvg }).toSVG;
  return toSvg(options);
}
