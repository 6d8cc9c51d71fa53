import type { Findings } from '../findings';
import type { Matrix } from '../style/transforms';
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
  /**
   * Whether the table row being painted is followed on this page by its group's next row, which draws the edge
   * they share (layout/fragment.ts, CollapsedSides.shared). Set for each piece and each row of a row group.
   */
  rowContinues?: boolean;
}

const LIVE_LINK = /^(https?:|mailto:)/i;

/**
 * Link annotations, cut to the clips painted around them (a piece's clip, overflow): a link in a table row cut
 * by the page's edge is live only where the row shows. Rectangles are given in the space being painted, which
 * transforms (`pushMatrix`) may turn or scale; a link covers the bounds of its rectangle on the page, as a PDF
 * link is an upright rectangle.
 */
export class Links {
  private readonly clips: Rect[] = [];
  private readonly matrices: Matrix[] = [];

  constructor(private readonly doc: PdfDocument) {}

  /** Painting goes on through `m` (PDF's `cm`: x' = a x + c y + e, y' = b x + d y + f) until popMatrix(). */
  pushMatrix(m: Matrix): void {
    const outer = this.matrices[this.matrices.length - 1];
    this.matrices.push(outer ? compose(outer, m) : m);
  }

  popMatrix(): void {
    this.matrices.pop();
  }

  pushClip(rect: Rect): void {
    const outer = this.clips[this.clips.length - 1];
    const onPage = this.onPage(rect);
    this.clips.push(outer ? intersect(outer, onPage) : onPage);
  }

  popClip(): void {
    this.clips.pop();
  }

  /** A live link over a rectangle of the page: http, https and mailto only. */
  add(href: string, rect: Rect): void {
    const url = href.trim();
    if (!LIVE_LINK.test(url)) return;
    const clip = this.clips[this.clips.length - 1];
    const onPage = this.onPage(rect);
    const area = clip ? intersect(clip, onPage) : onPage;
    if (area.width <= 0 || area.height <= 0) return;
    this.doc.link(area.x, area.y, area.width, area.height, url);
  }

  /** A rectangle of the space being painted as the upright rectangle it covers on the page. */
  private onPage(rect: Rect): Rect {
    const m = this.matrices[this.matrices.length - 1];
    if (!m) return rect;
    const [a, b, c, d, e, f] = m;
    const xs: number[] = [];
    const ys: number[] = [];
    for (const [x, y] of [
      [rect.x, rect.y],
      [rect.x + rect.width, rect.y],
      [rect.x, rect.y + rect.height],
      [rect.x + rect.width, rect.y + rect.height],
    ] as const) {
      xs.push(a * x + c * y + e);
      ys.push(b * x + d * y + f);
    }
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
  }
}

/** `outer` after `inner`: what painting through `inner` inside `outer` does to a point. */
function compose(outer: Matrix, inner: Matrix): Matrix {
  const [a, b, c, d, e, f] = outer;
  const [ia, ib, ic, id, ie, iff] = inner;
  return [
    a * ia + c * ib,
    b * ia + d * ib,
    a * ic + c * id,
    b * ic + d * id,
    a * ie + c * iff + e,
    b * ie + d * iff + f,
  ];
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
