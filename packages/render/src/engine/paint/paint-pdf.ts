import type { PdfMetadata } from '../../types';
import type { Findings } from '../findings';
import type { FontFaceRef, PageFragments, PagePiece } from '../layout/fragment';
import { ContentWriter } from './content';
import { DocumentFonts } from './fonts';
import { paintCanvas, paintPiece, paintPieces } from './fragments';
import { DocumentImages } from './images';
import { Links, type PaintContext } from './paint-context';
import type { PdfDocument, PdfPage, PdfRef } from './pdfkit-types';
import type { PaintPlatform } from './platform';
import type { FindCoveringFamily } from './svg-fonts';

export interface PaintOptions {
  /**
   * Font bytes for embedding; `resolveFamily` names the family of an SVG's `font-family` list (else it is used as
   * is), and `coveringFamily` the family that draws all of an SVG text (else its own family draws it).
   */
  fonts: {
    bytes(font: FontFaceRef): Uint8Array;
    resolveFamily?(cssFamily: string): string;
    coveringFamily?: FindCoveringFamily;
  };
  metadata: PdfMetadata;
  findings: Findings;
  /** Deflate the content streams. Default true. */
  compress?: boolean;
  /** Bytes of a background image's URL that is not a `data:` URL; without it (or when it has none) the image is reported. */
  resolveImage?: (url: string) => Uint8Array | undefined;
}

export interface PaintResult {
  bytes: Uint8Array;
  pages: number;
}

/**
 * Writes the pages to a PDF with pdfkit, one page at a time as `pages` yields them: pdfkit writes a page out when
 * the next one is added, and what it writes is taken at once, so a long document does not pile up in memory.
 * The same pages, metadata and creation date give the same bytes.
 */
export async function paintPdfWith(
  platform: PaintPlatform,
  pages: Iterable<PageFragments>,
  options: PaintOptions,
): Promise<PaintResult> {
  const { metadata } = options;
  const info: Record<string, string | Date> = {
    Producer: 'Quire',
    Creator: metadata.creator ?? 'Quire',
    // pdfkit derives the file ID from the info dictionary, so a fixed date gives identical files.
    CreationDate: metadata.creationDate ?? new Date(),
  };
  if (metadata.title) info.Title = metadata.title;
  if (metadata.author) info.Author = metadata.author;
  if (metadata.subject) info.Subject = metadata.subject;
  if (metadata.keywords) info.Keywords = metadata.keywords;
  const doc = new platform.PDFDocument({
    autoFirstPage: false,
    compress: options.compress ?? true,
    pdfVersion: '1.4',
    font: null,
    info,
  });

  const chunks: Uint8Array[] = [];
  const drain = () => {
    for (let chunk = doc.read(); chunk !== null; chunk = doc.read()) chunks.push(chunk);
  };
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('readable', drain);
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const cw = new ContentWriter(doc);
  const ctx: PaintContext = {
    doc,
    cw,
    fonts: new DocumentFonts(doc, (font) => options.fonts.bytes(font), {
      ...(options.fonts.resolveFamily ? { resolve: options.fonts.resolveFamily.bind(options.fonts) } : {}),
      ...(options.fonts.coveringFamily ? { covering: options.fonts.coveringFamily.bind(options.fonts) } : {}),
    }),
    images: new DocumentImages(doc, platform, options.resolveImage),
    platform,
    findings: options.findings,
    links: new Links(doc),
  };
  let count = 0;
  const waiting: Array<{ page: OpenPage; late: (pageCount: number) => PagePiece[] }> = [];
  for (const page of pages) {
    doc.addPage({ size: [page.width, page.height], margin: 0 });
    cw.startPage();
    if (page.canvas) paintCanvas(ctx, page.canvas);
    paintPieces(ctx, page.pieces);
    cw.flush();
    if (page.late) waiting.push({ page: keepOpen(doc.page as OpenPage), late: page.late });
    count++;
    drain();
  }
  if (waiting.length > 0) {
    // The last page's content is written out like the others', so that every page waiting is in the same state.
    (doc as unknown as { flushPages(): void }).flushPages();
    for (const { page, late } of waiting) {
      reopen(doc, page);
      cw.startPage();
      for (const piece of late(count)) paintPiece(ctx, piece);
      cw.flush();
      // A content stream even when nothing was drawn: pdfkit writes a reference without data as a dictionary.
      doc.addContent('\n');
      page.close();
      drain();
    }
  }
  doc.end();
  drain();
  await finished;
  return { bytes: concat(chunks), pages: count };
}

/** pdfkit's page as `keepOpen` leaves it: its content written, its dictionary and resources not yet. */
interface OpenPage extends PdfPage {
  content: PdfRef;
  dictionary: PdfRef & { data: { Contents: unknown } };
  end(): void;
  close(): void;
}

/**
 * pdfkit writes a page's dictionary, resources and content when the next page is added. A page whose running
 * parts wait for the page count has only its content written then; its dictionary and resources stay open for
 * the second content stream (`reopen`) and the fonts, images and links that stream adds.
 */
function keepOpen(page: OpenPage): OpenPage {
  const end = page.end;
  page.end = () => page.content.end();
  page.close = () => end.call(page);
  return page;
}

/** Makes `page` the document's current page again, with a second content stream drawn over the first. */
function reopen(doc: PdfDocument, page: OpenPage): void {
  const first = page.content;
  page.content = doc.ref({});
  // Content streams of a page are read as one: the second starts in the state the first ended in (the y-down
  // flip pdfkit set when it added the page, outside any q/Q).
  page.dictionary.data.Contents = [first, page.content];
  doc.page = page;
  // pdfkit's current transform, which its link annotations are placed by: the page's flip, as after addPage.
  (doc as unknown as { _ctm: number[] })._ctm = [1, 0, 0, -1, 0, page.height];
}

function concat(chunks: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const chunk of chunks) length += chunk.byteLength;
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
