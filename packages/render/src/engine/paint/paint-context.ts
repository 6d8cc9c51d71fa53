import type { Findings } from '../findings';
import type { ContentWriter, Rect } from './content';
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
  links: Links;
}

const LIVE_LINK = /^(https?:|mailto:)/i;

/**
 * Link annotations, cut to the clips painted around them (a piece's clip, overflow): a link in a table row cut
 * by the page's edge is live only where the row shows.
 */
export class Links {
  private readonly clips: Rect[] = [];

  constructor(private readonly doc: PdfDocument) {}

  pushClip(rect: Rect): void {
    const outer = this.clips[this.clips.length - 1];
    this.clips.push(outer ? intersect(outer, rect) : rect);
  }

  popClip(): void {
    this.clips.pop();
  }

  /** A live link over a rectangle of the page: http, https and mailto only. */
  add(href: string, rect: Rect): void {
    const url = href.trim();
    if (!LIVE_LINK.test(url)) return;
    const clip = this.clips[this.clips.length - 1];
    const area = clip ? intersect(clip, rect) : rect;
    if (area.width <= 0 || area.height <= 0) return;
    this.doc.link(area.x, area.y, area.width, area.height, url);
  }
}

function intersect(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return {
    x,
    y,
    width: Math.min(a.x + a.width, b.x + b.width) - x,
    height: Math.min(a.y + a.height, b.y + b.height) - y,
  };
}
