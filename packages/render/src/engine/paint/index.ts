import type { PageFragments } from '../layout/fragment';
import { type PaintOptions, type PaintResult, paintPdfWith } from './paint-pdf';
import { nodePlatform } from './platform-node';

export type { PaintOptions, PaintResult } from './paint-pdf';
export { paintPdfWith } from './paint-pdf';
export type { PaintPlatform } from './platform';

/** Paints laid-out pages to a PDF (Node: pdfkit as pdfmake loads it). */
export function paintPdf(pages: Iterable<PageFragments>, options: PaintOptions): Promise<PaintResult> {
  return paintPdfWith(nodePlatform(), pages, options);
}
