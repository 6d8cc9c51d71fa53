import type { RenderWarning } from '@quire/client';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { TemplateDraft } from '../builder/types';

/** A PDF rendered in the browser, for the preview and for `api.render('pdf')`. */
export interface PdfRender {
  bytes: Uint8Array;
  pages: number;
  warnings: RenderWarning[];
  ms: number;
}

/** The in-browser PDF engine (`@quire/render/browser`), loaded on first use. */
export interface PdfEngine {
  render(draft: TemplateDraft, data: Record<string, unknown>, options: { signal?: AbortSignal }): Promise<PdfRender>;
}

/** What the PDF view is given: the draft and data to render, debounced by the view itself. */
export interface PdfViewProps {
  draft: TemplateDraft;
  data: Record<string, unknown>;
  /** Milliseconds to wait after the last change before rendering. */
  debounceMs: number;
  onRender(render: PdfRender): void;
  onError(error: unknown): void;
}

/**
 * The PDF preview plugs in here: `load` imports the engine (a lazy chunk: the layout engine and fonts), `View` shows the
 * pages (a lazy chunk: pdf.js). While it is null, the builder offers the HTML preview only and
 * `api.render('pdf')` rejects with `pdf_preview_unavailable`.
 */
export interface PdfSlot {
  load(): Promise<PdfEngine>;
  View: LazyExoticComponent<ComponentType<PdfViewProps>>;
}

export const previewSlots: { pdf: PdfSlot | null } = {
  pdf: null,
};
