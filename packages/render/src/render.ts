import { createHash } from 'node:crypto';
import {
  assertJsonDepth,
  createTemplateEngine,
  QuireError,
  type RenderWarning,
  type ReportFormat,
  type TemplateEngine,
} from '@quire/core';
import { barcodeSvg } from './barcode';
import { renderWithQuireEngine } from './engine/document/render-document';
import { nodePlatform } from './engine/paint/platform-node';
import { toVisualOrder } from './fonts/bidi';
import { bundledFamilies, optionalFontFamilies, readBundledFamily, readOptionalFamily } from './fonts/bundled';
import { FontRegistry } from './fonts/registry';
import { assertHtmlNesting } from './nesting';
import { compileEmail } from './output/email';
import { htmlDocument } from './output/html';
import { assertHtmlBodyWithin, assertHtmlWithin, assertPdfWithin } from './output/limits';
import { collectImages } from './pdf/images';
import { assertPageArea } from './pdf/page-area';
import { renderPdf } from './pdf/render-pdf';
import type { EngineName, RenderOptions, RenderResult } from './types';

export interface RenderContext {
  /** Fonts to draw with; default: the bundled Noto families. */
  fonts?: FontRegistry;
  /** The Chromium engine for `engine: 'chromium'`; launched on first use when not given. */
  chromium?: () => Promise<ChromiumRenderer>;
}

/** What renderReport needs of the optional Chromium engine. */
export interface ChromiumRenderer {
  renderPdf(input: {
    html: string;
    css?: string;
    headerHtml?: string;
    footerHtml?: string;
    page: NonNullable<RenderOptions['template']['page']>;
    metadataTitle?: string;
  }): Promise<{ bytes: Uint8Array; pages: number }>;
}

let bundled: FontRegistry | undefined;

/** The bundled fonts, parsed once per process. */
export function defaultFonts(): FontRegistry {
  if (!bundled) {
    bundled = new FontRegistry();
    // Noto Sans, the default, now; the other bundled families (some 13 MB) and the installed optional packages
    // (@quire/fonts-cjk) the first time a template names them or a character needs them.
    const [first, ...rest] = bundledFamilies();
    if (first) bundled.register(first, readBundledFamily(first));
    for (const family of rest) bundled.registerDeferred(family, () => readBundledFamily(family));
    for (const optional of optionalFontFamilies())
      bundled.registerDeferred(optional.family, () => readOptionalFamily(optional), optional.aliases);
  }
  return bundled;
}

// Registries with a team's fonts added, by the fonts' bytes: a team's next render does not parse them again.
const extended = new Map<string, FontRegistry>();
const EXTENDED_KEPT = 16;

/** The fonts a render draws with: the context's (or the bundled ones) and the render's own families. */
export function fontsFor(options: RenderOptions, context: RenderContext = {}): FontRegistry {
  return withFonts(context.fonts ?? defaultFonts(), options.fonts);
}

/** The registry with a render's extra families added (the last few kept), or an `invalid_font` error. */
function withFonts(base: FontRegistry, fonts: RenderOptions['fonts']): FontRegistry {
  if (!fonts || Object.keys(fonts).length === 0) return base;
  // Kept only over the bundled fonts: the key is the extra fonts' bytes alone.
  const key = base === defaultFonts() ? digest(fonts) : undefined;
  const kept = key === undefined ? undefined : extended.get(key);
  if (key !== undefined && kept) {
    extended.delete(key);
    extended.set(key, kept);
    return kept;
  }
  let registry: FontRegistry;
  try {
    registry = base.extended(fonts);
  } catch (error) {
    throw new QuireError('invalid_font', { message: (error as Error).message });
  }
  if (key !== undefined) {
    extended.set(key, registry);
    if (extended.size > EXTENDED_KEPT) extended.delete(extended.keys().next().value as string);
  }
  return registry;
}

/**
 * A key for a render's fonts: each face's length and a sample of its bytes (its first and last 64 KB and 64 windows
 * of 1 KB between), not all of them: a team's 20 MB CJK face would cost tens of milliseconds a render to hash whole.
 * Two different fonts of one length that agree on every sampled byte do not occur in practice.
 */
function digest(fonts: NonNullable<RenderOptions['fonts']>): string {
  const hash = createHash('sha256');
  for (const [family, faces] of Object.entries(fonts)) {
    hash.update(`${family}\0`);
    for (const face of ['normal', 'bold', 'italics', 'bolditalics'] as const) {
      const bytes = faces?.[face];
      hash.update(`${face}:${bytes?.byteLength ?? -1}\0`);
      if (bytes instanceof Uint8Array) for (const part of sampled(bytes)) hash.update(part);
    }
  }
  return hash.digest('hex');
}

const EDGE = 64 * 1024;
const WINDOWS = 64;
const WINDOW = 1024;

function sampled(bytes: Uint8Array): Uint8Array[] {
  if (bytes.byteLength <= 2 * EDGE + WINDOWS * WINDOW) return [bytes];
  const parts = [bytes.subarray(0, EDGE), bytes.subarray(bytes.byteLength - EDGE)];
  const step = Math.floor((bytes.byteLength - 2 * EDGE) / WINDOWS);
  for (let k = 0; k < WINDOWS; k++) parts.push(bytes.subarray(EDGE + k * step, EDGE + k * step + WINDOW));
  return parts;
}

// Template engines keep a parse cache; one per locale setting lets repeated renders of a template skip parsing.
const engines = new Map<string, TemplateEngine>();
function engineFor(options: RenderOptions): TemplateEngine {
  const key = `${options.locale}|${options.timeZone}|${options.currency}|${options.templateTimeoutMs}`;
  let engine = engines.get(key);
  if (!engine) {
    engine = createTemplateEngine({
      ...(options.locale ? { locale: options.locale } : {}),
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
      ...(options.currency ? { currency: options.currency } : {}),
      ...(options.templateTimeoutMs ? { limits: { renderMs: options.templateTimeoutMs } } : {}),
    });
    if (engines.size > 32) engines.clear();
    engines.set(key, engine);
  }
  return engine;
}

const ENGINE_NAMES: readonly EngineName[] = ['quire', 'pdfmake', 'chromium'];

const CONTENT_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  html: 'text/html; charset=utf-8',
  email: 'text/html; charset=utf-8',
};

// Chromium's header and footer templates fill elements of these classes with the page numbers.
const PAGE_NUMBER_MARK = '\u0001quire-page-number\u0001';
const PAGE_COUNT_MARK = '\u0001quire-page-count\u0001';

/**
 * Renders a template with data to a PDF, a standalone HTML file or an email. Template errors reject with a
 * TemplateError (line and column); what the engine had to ignore comes back as warnings.
 */
export async function renderReport(options: RenderOptions, context: RenderContext = {}): Promise<RenderResult> {
  const started = performance.now();
  const { template, data } = options;
  const format: ReportFormat = options.format ?? (template.kind === 'email' ? 'email' : 'pdf');
  // Data and documents nested past Quire's limits are refused here, whatever the format or engine, before any
  // part of the renderer recurses into them.
  assertJsonDepth(data, 'data');
  if (options.engine !== undefined && !ENGINE_NAMES.includes(options.engine)) {
    throw new QuireError('validation_failed', {
      param: 'engine',
      message: `There is no engine "${String(options.engine)}"; use ${ENGINE_NAMES.join(', ')}.`,
    });
  }
  const engine = engineFor(options);
  const bodyHtml = engine.render(template.html, data);
  // Quire's own engine keeps the nesting limit as it parses the body (engine/parse/html.ts), so the body is not
  // read once more for it; every other output reads it first.
  const ownEngine = format === 'pdf' && options.engine !== 'chromium' && options.engine !== 'pdfmake';
  if (!ownEngine) assertHtmlNesting(bodyHtml);
  const templateDone = performance.now();
  const { limits } = options;
  if (format !== 'pdf') assertHtmlBodyWithin(limits, bodyHtml);
  const encoder = new TextEncoder();
  const finish = (
    bytes: Uint8Array,
    pages: number | null,
    warnings: RenderWarning[],
    layoutDone: number,
  ): RenderResult => {
    const end = performance.now();
    return {
      bytes,
      contentType: CONTENT_TYPES[format],
      format,
      pages,
      warnings,
      timings: {
        template_ms: round(templateDone - started),
        layout_ms: round(layoutDone - templateDone),
        output_ms: round(end - layoutDone),
        total_ms: round(end - started),
      },
    };
  };

  if (format === 'email') {
    if (template.kind !== 'email') {
      throw new QuireError('validation_failed', {
        param: 'format',
        message: 'Only templates of kind email can be rendered as email.',
      });
    }
    const { html, warnings } = await compileEmail(bodyHtml);
    const bytes = encoder.encode(html);
    assertHtmlWithin(limits, bytes);
    return finish(bytes, null, warnings, templateDone);
  }

  const pageVars = (n: number | string, count: number | string) => ({ ...data, page_number: n, page_count: count });
  const header = template.header_html?.trim() ? template.header_html : undefined;
  const footer = template.footer_html?.trim() ? template.footer_html : undefined;
  // The running header and footer as on the first page (the PDF converter checks every page's own).
  const firstPage = (source: string | undefined, part: 'header_html' | 'footer_html') => {
    if (!source) return undefined;
    const html = engine.render(source, pageVars(1, 1));
    assertHtmlNesting(html, part);
    return html;
  };
  const headerHtml = firstPage(header, 'header_html');
  const footerHtml = firstPage(footer, 'footer_html');
  const images = await collectImages([bodyHtml, headerHtml ?? '', footerHtml ?? ''], options.assets, options.loadImage);

  if (format === 'html') {
    const html = htmlDocument({
      title: options.metadata?.title ?? template.name ?? 'Report',
      bodyHtml,
      ...(headerHtml ? { headerHtml } : {}),
      ...(footerHtml ? { footerHtml } : {}),
      ...(template.css ? { css: template.css } : {}),
      ...(template.page ? { page: template.page } : {}),
      images,
    });
    const bytes = encoder.encode(html);
    assertHtmlWithin(limits, bytes);
    return finish(bytes, null, [], performance.now());
  }

  assertPageArea(template.page);
  if (options.engine === 'chromium') {
    if (!context.chromium)
      throw new QuireError('validation_failed', {
        param: 'engine',
        message: 'The Chromium engine is not set up in this process.',
      });
    const chromium = await context.chromium();
    const marks = (source: string | undefined) =>
      source
        ? engine
            .render(source, pageVars(PAGE_NUMBER_MARK, PAGE_COUNT_MARK))
            .replaceAll(PAGE_NUMBER_MARK, '<span class="pageNumber"></span>')
            .replaceAll(PAGE_COUNT_MARK, '<span class="totalPages"></span>')
        : undefined;
    const layoutDone = performance.now();
    const chromiumHeader = marks(header);
    const chromiumFooter = marks(footer);
    const { bytes, pages } = await chromium.renderPdf({
      html: bodyHtml,
      ...(template.css ? { css: template.css } : {}),
      ...(chromiumHeader ? { headerHtml: chromiumHeader } : {}),
      ...(chromiumFooter ? { footerHtml: chromiumFooter } : {}),
      page: template.page ?? {},
      ...(options.metadata?.title ? { metadataTitle: options.metadata.title } : {}),
    });
    assertPdfWithin(limits, bytes, pages);
    return finish(bytes, pages, [], layoutDone);
  }

  const fonts = fontsFor(options, context);
  // Quire's own engine is the default; pdfmake stays selectable while templates move over.
  if (options.engine !== 'pdfmake') {
    const pdf = await renderWithQuireEngine(
      {
        template,
        data,
        bodyHtml,
        liquid: engine,
        fonts,
        images,
        ...(options.metadata ? { metadata: options.metadata } : {}),
      },
      nodePlatform(),
    );
    assertPdfWithin(limits, pdf.bytes, pdf.pages);
    return finish(pdf.bytes, pdf.pages, pdf.warnings, pdf.layoutDone);
  }
  const pdf = await renderPdf({
    template,
    data,
    bodyHtml,
    engine,
    fonts,
    images,
    ...(options.metadata ? { metadata: options.metadata } : {}),
    barcode: barcodeSvg,
    shape: toVisualOrder,
    // pdfmake is loaded the first time a render asks for its engine: Quire's own does not need it.
    write: async (definition) => (await import('./pdf/pdfmake-node')).writePdf(definition, fonts.pdfmakeFonts()),
  });
  assertPdfWithin(limits, pdf.bytes, pdf.pages);
  return finish(pdf.bytes, pdf.pages, pdf.warnings, pdf.layoutDone);
}

const round = (n: number) => Math.round(n * 100) / 100;
