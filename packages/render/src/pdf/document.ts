import { PageSetup, type PageSetupInput, pageDimensions, type TemplateEngine } from '@quire/core';
import { type ConvertOptions, convertHtml, type PdfNode, Warnings } from '../convert/index';
import type { PdfMetadata, RenderTemplate } from '../types';

const PT_PER_MM = 72 / 25.4;

export interface PageGeometry {
  width: number;
  height: number;
  contentHeight: number;
  /** [left, top, right, bottom] in points, as pdfmake wants them. */
  margins: [number, number, number, number];
  contentWidth: number;
}

export function pageGeometry(input: PageSetupInput | undefined): PageGeometry {
  const page = PageSetup.parse(input ?? {});
  const { width_mm, height_mm } = pageDimensions(page);
  const m = page.margins;
  const margins: [number, number, number, number] = [m.left, m.top, m.right, m.bottom].map((v) => v * PT_PER_MM) as [
    number,
    number,
    number,
    number,
  ];
  const width = width_mm * PT_PER_MM;
  const height = height_mm * PT_PER_MM;
  return {
    width,
    height,
    margins,
    contentWidth: width - margins[0] - margins[2],
    contentHeight: height - margins[1] - margins[3],
  };
}

export interface DocumentInput {
  template: RenderTemplate;
  data: Record<string, unknown>;
  /** The body HTML after Liquid. */
  bodyHtml: string;
  engine: TemplateEngine;
  convert: Omit<ConvertOptions, 'css' | 'contentWidth' | 'warnings'>;
  metadata?: PdfMetadata;
  defaultFont: string;
  warnings?: Warnings;
}

export interface BuiltDocument {
  definition: Record<string, unknown>;
  warnings: Warnings;
  geometry: PageGeometry;
}

/**
 * The pdfmake document for a template: page setup, converted body, and running header and footer rendered for
 * every page with `page_number` and `page_count`, in the template's fonts, colours and images.
 */
export function buildDocument(input: DocumentInput): BuiltDocument {
  const warnings = input.warnings ?? new Warnings();
  const geometry = pageGeometry(input.template.page);
  const css = input.template.css ?? '';
  const box = { contentWidth: geometry.contentWidth, contentHeight: geometry.contentHeight };
  const body = convertHtml(input.bodyHtml, { ...input.convert, css, ...box, warnings });
  const [left, top, right, bottom] = geometry.margins;

  // Header and footer HTML depends only on the page numbers; converting each distinct result once is enough.
  const running = (source: string | undefined, place: 'header' | 'footer') => {
    if (!source?.trim()) return undefined;
    const compiled = input.engine.parse(source);
    const cache = new Map<string, PdfNode[]>();
    return (currentPage: number, pageCount: number): PdfNode => {
      const html = input.engine.render(compiled, { ...input.data, page_number: currentPage, page_count: pageCount });
      let content = cache.get(html);
      if (!content) {
        content = convertHtml(html, { ...input.convert, css, ...box, warnings, part: `${place}_html` }).content;
        cache.set(html, content);
      }
      // Running content sits in the page margin, a third of the way in from the paper's edge.
      const offset = place === 'header' ? Math.min(top / 3, 28) : Math.min(bottom / 3, 14);
      return { stack: content, margin: [left, offset, right, 0] };
    };
  };

  const meta = input.metadata ?? {};
  const definition: Record<string, unknown> = {
    pageSize: { width: geometry.width, height: geometry.height },
    pageMargins: geometry.margins,
    content: body.content,
    defaultStyle: { font: input.defaultFont, fontSize: 12, lineHeight: 1 },
    info: {
      title: meta.title ?? input.template.name ?? 'Report',
      ...(meta.author ? { author: meta.author } : {}),
      ...(meta.subject ? { subject: meta.subject } : {}),
      ...(meta.keywords ? { keywords: meta.keywords } : {}),
      creator: meta.creator ?? 'Quire',
      producer: 'Quire (pdfmake)',
      creationDate: meta.creationDate ?? new Date(),
    },
  };
  const header = running(input.template.header_html, 'header');
  const footer = running(input.template.footer_html, 'footer');
  if (header) definition.header = header;
  if (footer) definition.footer = footer;
  return { definition, warnings, geometry };
}

/** Counts the pages of a PDF from its page objects (pdfkit writes them uncompressed). */
export function countPages(bytes: Uint8Array): number {
  const text = new TextDecoder('latin1').decode(bytes);
  return (text.match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}
