import type { Findings } from '../findings';
import type { ContentWriter } from './content';
import type { DocumentFonts } from './fonts';
import type { DocumentImages } from './images';
import type { PdfDocument } from './pdfkit-types';
import type { PaintPlatform } from './platform';

/** What painting a fragment needs: the document, the page's content, the document's fonts and images. */
export interface PaintContext {
  doc: PdfDocument;
  cw: ContentWriter;
  fonts: DocumentFonts;
  images: DocumentImages;
  platform: PaintPlatform;
  findings: Findings;
  /** A live link over a rectangle of the page (http, https and mailto only). */
  link(href: string, x: number, y: number, width: number, height: number): void;
}

const LIVE_LINK = /^(https?:|mailto:)/i;

export function linker(doc: PdfDocument): PaintContext['link'] {
  return (href, x, y, width, height) => {
    if (!LIVE_LINK.test(href.trim()) || width <= 0 || height <= 0) return;
    doc.link(x, y, width, height, href.trim());
  };
}
