/**
 * `@quire/render/browser`: the same render paths in a browser, for the template builder's live preview: pdfmake
 * (the default here) or Quire's own engine (`engine: 'quire'`, a lazy chunk with pdfkit's standalone build). The
 * converter, the layout and the PDF writer are the ones Node uses; only the fonts arrive differently (the page
 * hands over their bytes, since a browser has no font files to read).
 */
import { assertJsonDepth, createTemplateEngine, type TemplateEngine } from '@quire/core';
import pdfMake from 'pdfmake/build/pdfmake';
import { barcodeSvg } from './barcode';
import { toBase64 } from './convert/images';
import { toVisualOrder } from './fonts/bidi';
import { installBrowserTableCache } from './fonts/browser-table-cache';
import type { FontFaces } from './fonts/font-set';
import { FontRegistry, type FontRegistryOptions } from './fonts/registry';
import { assertHtmlNesting } from './nesting';
import { assertPdfWithin } from './output/limits';
import { collectImages } from './pdf/images';
import { renderPdf } from './pdf/render-pdf';
import type { RenderOptions, RenderResult } from './types';

export { convertHtml } from './convert/index';
export { browserTableCacheStats } from './fonts/browser-table-cache';
export type { FontFaces } from './fonts/font-set';
export { FontRegistry } from './fonts/registry';
export type * from './types';

export interface BrowserRenderOptions extends Omit<RenderOptions, 'format' | 'engine'> {
  /** The font families to draw with, as bytes (fetch them once and reuse the registry). */
  fonts: FontRegistry;
  /** `pdfmake` (default) or `quire`, Quire's own layout engine, as `renderReport` takes them. */
  engine?: 'pdfmake' | 'quire';
  /**
   * Deflate the PDF's streams, as the service does (default true). A preview that is shown at once and never
   * saved can skip it: the pages are drawn the same, in about a third less time.
   */
  compress?: boolean;
}

const FACES = ['normal', 'bold', 'italics', 'bolditalics'] as const;
const installed = new WeakSet<FontRegistry>();

/** Hands a registry's fonts to pdfmake's virtual file system, once per registry. */
function install(fonts: FontRegistry): void {
  if (installed.has(fonts)) return;
  const vfs: Record<string, string> = {};
  const definitions: Record<string, Record<string, string>> = {};
  for (const [family, faces] of Object.entries(fonts.pdfmakeFonts())) {
    definitions[family] = {};
    for (const face of FACES) {
      const bytes = (faces as Record<string, Uint8Array>)[face];
      const name = `${family.replace(/\W+/g, '-')}-${face}.ttf`;
      vfs[name] = toBase64(bytes as Uint8Array);
      (definitions[family] as Record<string, string>)[face] = name;
    }
  }
  pdfMake.addVirtualFileSystem(vfs);
  pdfMake.addFonts(definitions as never);
  installed.add(fonts);
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
  const templateDone = performance.now();
  if (options.engine === 'quire') return renderWithQuire(options, engine, bodyHtml, started, templateDone);
  const images = await collectImages([bodyHtml], options.assets, options.loadImage);
  install(options.fonts);
  // Decoded font tables are kept for the page: each document after the first skips decoding them again.
  await installBrowserTableCache(pdfMake as never, options.fonts.resolveFamily(undefined));
  const pdf = await renderPdf({
    template: options.template,
    data: options.data,
    bodyHtml,
    engine,
    fonts: options.fonts,
    images,
    ...(options.metadata ? { metadata: options.metadata } : {}),
    barcode: barcodeSvg,
    shape: toVisualOrder,
    write: async (definition) => {
      const buffer = await (
        pdfMake.createPdf(
          (options.compress === false ? { ...(definition as object), compress: false } : definition) as never,
        ) as unknown as { getBuffer(): Promise<Uint8Array> }
      ).getBuffer();
      return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    },
  });
  assertPdfWithin(options.limits, pdf.bytes, pdf.pages);
  return result(pdf, started, templateDone);
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
