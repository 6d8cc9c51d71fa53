/**
 * The PDF engine in the browser: @quire/render's browser entry (the converter, layout and PDF writer the service
 * uses) with the fonts the service uses. A lazy chunk: the layout engine and the font parser load with the first PDF.
 */
import { createFontRegistry, type FontRegistry, renderPdfInBrowser } from '@quire/render/browser';
import type { TemplateDraft } from '../builder/types';
import type { PdfEngine, PdfRender } from '../preview/slots';
import { FontLoadError, fetchBundledFonts, type PdfFontSource } from './fonts';

// One registry per font source for the life of the page: the fonts are fetched and parsed once.
const registries = new Map<string, Promise<FontRegistry>>();
const loaders = new WeakMap<object, Promise<FontRegistry>>();

function registryFor(source: PdfFontSource): Promise<FontRegistry> {
  const create = (load: () => Promise<Parameters<typeof createFontRegistry>[0]>) =>
    load().then(
      (families) => createFontRegistry(families),
      (error: unknown) => {
        throw error instanceof FontLoadError
          ? error
          : new FontLoadError(String((error as Error)?.message ?? error), { cause: error });
      },
    );
  if ('baseUrl' in source) {
    let found = registries.get(source.baseUrl);
    if (!found) {
      found = create(() => fetchBundledFonts(source.baseUrl));
      // A failed fetch is tried again next time (the host may have been starting).
      found.catch(() => registries.delete(source.baseUrl));
      registries.set(source.baseUrl, found);
    }
    return found;
  }
  let found = loaders.get(source);
  if (!found) {
    found = create(() => source.load());
    found.catch(() => loaders.delete(source));
    loaders.set(source, found);
  }
  return found;
}

const aborted = () => new DOMException('The render was superseded', 'AbortError');

/** A PDF engine drawing with the given fonts. */
export function createPdfEngine(fonts: PdfFontSource): PdfEngine {
  return {
    async render(draft: TemplateDraft, data: Record<string, unknown>, options: { signal?: AbortSignal } = {}) {
      const registry = await registryFor(fonts);
      if (options.signal?.aborted) throw aborted();
      const started = performance.now();
      // Shown at once and never saved: the streams are left uncompressed (the same pages, a third less time).
      const result = await renderPdfInBrowser({ template: draft, data, fonts: registry, compress: false });
      const render: PdfRender = {
        bytes: result.bytes,
        pages: result.pages ?? 0,
        warnings: result.warnings,
        ms: performance.now() - started,
      };
      return render;
    },
  };
}

/** Loads the fonts ahead of the first render (when the PDF tab is about to open, say). */
export async function preloadFonts(fonts: PdfFontSource): Promise<void> {
  await registryFor(fonts);
}
