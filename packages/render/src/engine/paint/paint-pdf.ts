import type { PdfMetadata } from '../../types';
import type { Findings } from '../findings';
import type { FontFaceRef, PageFragments } from '../layout/fragment';
import { ContentWriter } from './content';
import { DocumentFonts } from './fonts';
import { paintCanvas, paintPiece } from './fragments';
import { DocumentImages } from './images';
import { Links, type PaintContext } from './paint-context';
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
  for (const page of pages) {
    doc.addPage({ size: [page.width, page.height], margin: 0 });
    cw.startPage();
    if (page.canvas) paintCanvas(ctx, page.canvas);
    for (const piece of page.pieces) paintPiece(ctx, piece);
    cw.flush();
    count++;
    drain();
  }
  doc.end();
  drain();
  await finished;
  return { bytes: concat(chunks), pages: count };
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
