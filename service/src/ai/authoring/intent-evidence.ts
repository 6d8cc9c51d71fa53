import { QuireError, type TemplateContent, type TemplateEngine } from '@quire/core';
import { assertHtmlNesting, type FontFaces, RenderLimitError } from '@quire/render';
import type { TemplateRenderer } from '../../templates/index';
import { type IntentEvidence, readEvidence } from '../intent/evidence';

const MM_PER_POINT = 25.4 / 72;

/** The first page's box of a PDF (pdfkit writes page objects uncompressed), in millimetres. */
export function firstPageMm(pdf: Uint8Array): { widthMm: number; heightMm: number } | undefined {
  const text = new TextDecoder('latin1').decode(pdf);
  const box = /\/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/.exec(text);
  if (!box) return undefined;
  const [x0, y0, x1, y1] = box.slice(1).map(Number) as [number, number, number, number];
  return { widthMm: (x1 - x0) * MM_PER_POINT, heightMm: (y1 - y0) * MM_PER_POINT };
}

/**
 * What a template shows with its sample, for the intent check: the engine's HTML of the body, header and footer
 * (the header and footer as on page 1, and again as on page 7 of 9 to tell whether they print page numbers) and,
 * for a document, the page box of the PDF the renderer prints (unless `printPage` is false: what a version shows
 * before a refinement needs no page). Undefined when it does not render: the render checks report why.
 */
export async function renderEvidence(
  renderer: TemplateRenderer,
  engine: TemplateEngine,
  content: TemplateContent,
  fonts?: Record<string, FontFaces>,
  options: { printPage?: boolean } = {},
): Promise<IntentEvidence | undefined> {
  const data = (content.sample_data ?? {}) as Record<string, unknown>;
  const kind = content.kind === 'email' ? 'email' : 'document';
  // Liquid synchronously: its time limit then counts its own time, not that of the renders running beside it.
  const onPage = (source: string | undefined, page: number, pages: number) =>
    source?.trim() ? engine.render(source, { ...data, page_number: page, page_count: pages }) : '';
  try {
    const body = engine.render(content.html, data);
    const [header, footer] = [onPage(content.header_html, 1, 1), onPage(content.footer_html, 1, 1)];
    // Read as the renderer reads it: HTML nested past its limits is refused (and reading it would recurse too deep).
    assertHtmlNesting(body);
    assertHtmlNesting(header, 'header_html');
    assertHtmlNesting(footer, 'footer_html');
    const other = `${onPage(content.header_html, 7, 9)}${onPage(content.footer_html, 7, 9)}`;
    const pdf =
      kind === 'document' && options.printPage !== false
        ? await renderer.render({ template: content, data, ...(fonts ? { fonts } : {}) })
        : undefined;
    const page = pdf ? firstPageMm(pdf.bytes) : undefined;
    return readEvidence({
      kind,
      body,
      header,
      footer,
      otherPageHeaderFooter: other,
      css: content.css ?? '',
      ...(page ? { page } : {}),
      sample: data,
    });
  } catch (error) {
    if (QuireError.isInstance(error) || error instanceof RenderLimitError) return undefined;
    throw error;
  }
}
