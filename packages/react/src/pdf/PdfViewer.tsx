import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { bytesProp } from '../props/bytes';
import { uiSettingsShape } from '../props/shared';
import { fn, parseProps } from '../props/validate';
import { Standalone } from '../root/Standalone';
import { useUi } from '../root/ui-context';
import type { OpenedPdf } from './pdfjs';

/** What a paint reports: how long it took to get every page on screen, when that was, and the pages. */
export interface PdfPaint {
  /** Milliseconds from the bytes arriving (in the PDF preview: from the change) to the last page painted. */
  ms: number;
  /** `performance.now()` when the last page was on screen. */
  at: number;
  pages: number;
}

let workerSrcDefault: string | undefined;

/**
 * Where the pdf.js worker is, for every viewer of the page that is not told otherwise. By default it is the
 * worker this package ships beside its code (`@quire/react/pdf.worker.min.mjs`); bundlers that copy packages'
 * files elsewhere (or apps that use the package's sources) set its URL here once.
 */
export function configurePdfViewer(options: { workerSrc?: string | undefined }): void {
  workerSrcDefault = options.workerSrc;
}

export const PdfViewerProps = z
  .object({
    /** The PDF to show; null shows nothing (the last PDF stays while a new one is painted). */
    bytes: bytesProp().nullable(),
    /** The pdf.js worker's URL; default `configurePdfViewer`'s, else the one in this package. */
    workerSrc: z.string().min(1).optional(),
    /** Every PDF painted: the time from the bytes arriving to the last page on screen. */
    onPaint: fn<(paint: PdfPaint) => void>().optional(),
    onError: fn<(error: unknown) => void>().optional(),
    className: z.string().optional(),
    ...uiSettingsShape,
  })
  .strict();

export type PdfViewerProps = z.input<typeof PdfViewerProps>;

/**
 * A PDF shown as it prints, with pdf.js: every page on a canvas as wide as the viewer. A new PDF is painted off
 * screen and swapped in whole, so that the pages do not flicker while someone types; a newer PDF cancels the
 * painting of an older one.
 */
export function PdfViewer(input: PdfViewerProps) {
  const props = parseProps('PdfViewer', PdfViewerProps, input);
  return (
    <Standalone settings={props}>
      <PdfPages
        bytes={props.bytes}
        workerSrc={props.workerSrc}
        onPaint={props.onPaint}
        onError={props.onError}
        className={props.className}
      />
    </Standalone>
  );
}

export interface PdfPagesProps {
  bytes: Uint8Array | null;
  workerSrc?: string | undefined;
  onPaint?: ((paint: PdfPaint) => void) | undefined;
  onError?: ((error: unknown) => void) | undefined;
  className?: string | undefined;
}

/** The viewer without its own root: for the PDF preview and the report viewer. */
export function PdfPages(props: PdfPagesProps) {
  const { t } = useUi();
  const pagesRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [shown, setShown] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const callbacks = useRef(props);
  callbacks.current = props;

  // Follow the viewer's width (the pages are painted to it).
  useEffect(() => {
    const element = pagesRef.current;
    if (!element) return;
    const measure = () => {
      const next = Math.max(200, Math.floor(element.clientWidth || 640) - 24);
      setWidth((previous) => (Math.abs(previous - next) > 16 ? next : previous));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const { bytes } = props;
  useEffect(() => {
    const element = pagesRef.current;
    if (!bytes || !element || width === 0) return;
    const started = performance.now();
    let cancelled = false;
    let doc: OpenedPdf | null = null;
    const paints: { cancel(): void }[] = [];
    (async () => {
      const { openPdf } = await import('./pdfjs');
      if (cancelled) return;
      doc = await openPdf(bytes, callbacks.current.workerSrc ?? workerSrcDefault);
      if (cancelled) return;
      const canvases = Array.from({ length: doc.pages }, (_, i) => {
        const canvas = document.createElement('canvas');
        canvas.className = 'quire-pdf-page';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', t('pdf.page', { page: i + 1, pages: doc?.pages ?? 0 }));
        return canvas;
      });
      const jobs = canvases.map((canvas, i) => (doc as OpenedPdf).paint(i + 1, canvas, width));
      paints.push(...jobs);
      await Promise.all(jobs.map((job) => job.done));
      if (cancelled) return;
      element.replaceChildren(...canvases);
      setShown(doc.pages);
      setFailure(null);
      const at = performance.now();
      callbacks.current.onPaint?.({ ms: at - started, at, pages: doc.pages });
    })().catch((error: unknown) => {
      if (cancelled) return;
      setFailure(error instanceof Error ? error.message : String(error));
      callbacks.current.onError?.(error);
    });
    return () => {
      cancelled = true;
      for (const paint of paints) paint.cancel();
      void (doc as OpenedPdf | null)?.close();
    };
  }, [bytes, width, t]);

  return (
    <div className={`quire-pdf-viewer${props.className ? ` ${props.className}` : ''}`}>
      {failure ? (
        <p className="quire-problem" data-level="error" role="alert">
          {t('pdf.viewerFailed', { message: failure })}
        </p>
      ) : null}
      <div
        className="quire-pdf-pages"
        ref={pagesRef}
        role="document"
        aria-label={
          shown === null
            ? t('pdf.label')
            : `${t('pdf.label')}: ${shown === 1 ? t('pdf.onePage') : t('pdf.pages', { pages: shown })}`
        }
        data-pages={shown ?? undefined}
      />
    </div>
  );
}
