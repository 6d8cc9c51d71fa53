/**
 * `@quire/render/browser`: the same render paths in a browser, for the template builder's live preview: Quire's
 * own engine (the default, as in Node) or pdfmake (`engine: 'pdfmake'`), each a lazy chunk loaded by its first
 * render, so a page downloads one of them. The layout and the PDF writer are the ones Node uses; only the fonts
 * arrive differently (the page hands over their bytes, since a browser has no font files to read).
 */
import { assertJsonDepth, createTemplateEngine, type TemplateEngine } from '@quire/core';
import type { FontFaces } from './fonts/font-set';
import { FontRegistry, type FontRegistryOptions } from './fonts/registry';
import { assertHtmlNesting } from './nesting';
import { assertPdfWithin } from './output/limits';
import { collectImages } from './pdf/images';
import { assertPageArea } from './pdf/page-area';
import type { RenderOptions, RenderResult } from './types';

export { convertHtml } from './convert/index';
export { browserTableCacheStats } from './fonts/browser-table-cache';
export type { FontFaces } from './fonts/font-set';
export { FontRegistry } from './fonts/registry';
export type * from './types';

export interface BrowserRenderOptions extends Omit<RenderOptions, 'format' | 'engine' | 'fonts'> {
  /** The font families to draw with, as bytes (fetch them once and reuse the registry). */
  fonts: FontRegistry;
  /** `quire`, Quire's own layout engine (default), or `pdfmake`, as `renderReport` takes them. */
  engine?: 'pdfmake' | 'quire';
  /**
   * Deflate the PDF's streams, as the service does (default true). A preview that is shown at once and never
   * saved can skip it: the pages are drawn the same, in about a third less time.
   */
  compress?: boolean;
}

/** Builds a font registry from font files the page fetched (TTF, OTF or WOFF bytes). */
export function createFontRegistry(families: Record<string, FontFaces>, options?: FontRegistryOptions): FontRegistry {
  return new FontRegistry(families, options);
}

/** Renders a template to PDF bytes in the browser, exactly as `renderReport` does in Node with the same fonts. */
export async function renderPdfInBrowser(options: BrowserRenderOptions): Promise<RenderResult> {
  const started = performance.now();
  const engine = createTemplateEngine({
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    ...(options.currency ? { currency: options.currency } : {}),
  });
  assertJsonDepth(options.data, 'data');
  const bodyHtml = engine.render(options.template.html, options.data);
  assertHtmlNesting(bodyHtml);
  assertPageArea(options.template.page);
  const templateDone = performance.now();
  if (options.engine === 'pdfmake') {
    const images = await collectImages([bodyHtml], options.assets, options.loadImage);
    const { renderWithPdfmakeInBrowser } = await import('./pdf/render-browser-pdfmake');
    const pdf = await renderWithPdfmakeInBrowser(options, engine, bodyHtml, images);
    assertPdfWithin(options.limits, pdf.bytes, pdf.pages);
    return result(pdf, started, templateDone);
  }
  return renderWithQuire(options, engine, bodyHtml, started, templateDone);
}

/** Quire's engine, as `renderReport` runs it in Node: its header and footer and their images as Node has them. */
async function renderWithQuire(
  options: BrowserRenderOptions,
  engine: TemplateEngine,
  bodyHtml: string,
  started: number,
  templateDone: number,
): Promise<RenderResult> {
  const { template, data } = options;
  const firstPage = (source: string | undefined, part: 'header_html' | 'footer_html') => {
    if (!source?.trim()) return '';
    const html = engine.render(source, { ...data, page_number: 1, page_count: 1 });
    assertHtmlNesting(html, part);
    return html;
  };
  const running = [firstPage(template.header_html, 'header_html'), firstPage(template.footer_html, 'footer_html')];
  const images = await collectImages([bodyHtml, ...running], options.assets, options.loadImage);
  const { renderWithQuireEngineInBrowser } = await import('./engine/document/render-browser');
  const pdf = await renderWithQuireEngineInBrowser(
    {
      template,
      data,
      bodyHtml,
      liquid: engine,
      fonts: options.fonts,
      images,
      ...(options.metadata ? { metadata: options.metadata } : {}),
      ...(options.compress === false ? { compress: false } : {}),
    },
    running,
  );
  assertPdfWithin(options.limits, pdf.bytes, pdf.pages);
  return result(pdf, started, templateDone);
}

function result(
  pdf: { bytes: Uint8Array; pages: number; warnings: RenderResult['warnings']; layoutDone: number },
  started: number,
  templateDone: number,
): RenderResult {
  const end = performance.now();
  return {
    bytes: pdf.bytes,
    contentType: 'application/pdf',
    format: 'pdf',
    pages: pdf.pages,
    warnings: pdf.warnings,
    timings: {
      template_ms: templateDone - started,
      layout_ms: pdf.layoutDone - templateDone,
      output_ms: end - pdf.layoutDone,
      total_ms: end - started,
    },
  };
}
