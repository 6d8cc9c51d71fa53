import { lazy } from 'react';
import { type PdfSlot, type PdfViewProps, previewSlots } from '../preview/slots';
import type { PdfFontSource } from './fonts';
import { PdfPreviewCore } from './PdfPreview';

export interface PdfPreviewOptions {
  /** Where the fonts come from: `{ baseUrl }` where the bundled fonts are served, or `{ load }`. */
  fonts: PdfFontSource;
  /** The pdf.js worker's URL (see `configurePdfViewer`). */
  workerSrc?: string;
}

/**
 * The builder's PDF preview: `<TemplatePreview>` offers the PDF format, and `api.render('pdf')` renders, with
 * the in-browser engine drawing with these fonts. The engine and pdf.js load when first used.
 */
export function pdfPreviewSlot(options: PdfPreviewOptions): PdfSlot {
  const load = () => import('./engine').then(({ createPdfEngine }) => createPdfEngine(options.fonts));
  let engine: ReturnType<typeof load> | null = null;
  const shared = () => {
    engine ??= load();
    engine.catch(() => {
      engine = null;
    });
    return engine;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per slot when it is installed, not per render: the view bound to the slot's fonts and shared engine.
  function PdfSlotView(props: PdfViewProps) {
    return (
      <PdfPreviewCore
        draft={props.draft}
        data={props.data}
        engine={shared}
        fonts={options.fonts}
        debounceMs={props.debounceMs}
        workerSrc={options.workerSrc}
        onRender={props.onRender}
        onError={(error) => props.onError(error)}
      />
    );
  }
  return { load: shared, View: lazy(async () => ({ default: PdfSlotView })) };
}

/** Turns the builder's PDF preview on for the whole page (call once, before the builder mounts). */
export function installPdfPreview(options: PdfPreviewOptions): void {
  previewSlots.pdf = pdfPreviewSlot(options);
}
