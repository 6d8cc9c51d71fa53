import type { RenderWarning, TemplateEngine } from '@quire/core';
import type { BarcodeToSvg, TextShaper } from '../convert/index';
import { Warnings } from '../convert/index';
import type { FontSet } from '../fonts/font-set';
import type { PdfMetadata, RenderTemplate } from '../types';
import { buildDocument, countPages } from './document';

/** What the PDF path needs of a font registry, beyond what the converter needs. */
export interface PdfFonts extends FontSet {
  naturalLineHeight(family: string): number;
}

export interface PdfRenderInput {
  template: RenderTemplate;
  data: Record<string, unknown>;
  bodyHtml: string;
  engine: TemplateEngine;
  fonts: PdfFonts;
  images: Map<string, Uint8Array>;
  metadata?: PdfMetadata;
  barcode: BarcodeToSvg;
  shape: TextShaper;
  /** Writes the pdfmake document: pdfmake's server build in Node, its browser build in browsers. */
  write: (definition: Record<string, unknown>) => Promise<Uint8Array>;
}

export interface PdfRenderOutput {
  bytes: Uint8Array;
  pages: number;
  warnings: RenderWarning[];
  /** When the layout was done and writing began (performance.now()). */
  layoutDone: number;
}

/** The pdfmake path shared by Node and browsers: convert, check glyphs, write, count pages. */
export async function renderPdf(input: PdfRenderInput): Promise<PdfRenderOutput> {
  const warnings = new Warnings();
  const { fonts } = input;
  const { definition } = buildDocument({
    template: input.template,
    data: input.data,
    bodyHtml: input.bodyHtml,
    engine: input.engine,
    convert: {
      fonts,
      images: input.images,
      barcode: input.barcode,
      shape: input.shape,
      naturalLineHeight: (family) => fonts.naturalLineHeight(family),
    },
    ...(input.metadata ? { metadata: input.metadata } : {}),
    defaultFont: fonts.resolveFamily(undefined),
    warnings,
  });
  const missing = fonts.missingGlyphs(visibleText(input.bodyHtml));
  if (missing.length) {
    warnings.add(
      'missing_glyphs',
      `No registered font can draw ${missing.slice(0, 20).join(' ')}${missing.length > 20 ? ' …' : ''}; register a font that covers them`,
    );
  }
  const layoutDone = performance.now();
  const bytes = await input.write(definition);
  return { bytes, pages: countPages(bytes), warnings: warnings.list(), layoutDone };
}

/** Text outside tags, with the common entities decoded: what a reader could see. */
function visibleText(html: string): string {
  return html
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|#34|nbsp);/g, ' ');
}
