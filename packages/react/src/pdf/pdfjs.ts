/**
 * pdf.js (pdfjs-dist), loaded with the first PDF shown: parses PDF bytes in its worker and paints pages on
 * canvases. The worker is served from this package (`dist/pdf.worker.min.mjs`, copied there by the build), never
 * from a CDN; hosts whose bundler moves files elsewhere say where it is with `workerSrc`.
 */
import { getDocument, type PDFDocumentProxy, PDFWorker, type RenderTask } from 'pdfjs-dist';

let port: { src: string; worker: Worker; pdfWorker: PDFWorker } | null = null;

/** The worker beside this chunk in the package's dist (resolved only when no `workerSrc` is given). */
const packagedWorker = () => new URL('./pdf.worker.min.mjs', import.meta.url).href;

/**
 * The pdf.js worker every document of the page shares, started once per worker URL. It is ours, not a
 * document's: closing a document (each new preview closes the last) leaves it running for the next one.
 */
function ensureWorker(workerSrc: string | undefined): PDFWorker {
  const src = workerSrc ?? packagedWorker();
  if (port?.src === src) return port.pdfWorker;
  port?.pdfWorker.destroy();
  port?.worker.terminate();
  const worker = new Worker(src, { type: 'module' });
  port = { src, worker, pdfWorker: PDFWorker.create({ port: worker }) };
  return port.pdfWorker;
}

export interface OpenedPdf {
  pages: number;
  /** Paints page `n` (from 1) on a canvas `cssWidth` CSS pixels wide, sharp on the screen's pixel ratio. */
  paint(n: number, canvas: HTMLCanvasElement, cssWidth: number): { done: Promise<void>; cancel(): void };
  close(): Promise<void>;
}

/** Opens PDF bytes (a copy goes to the worker: the caller's bytes stay usable). */
export async function openPdf(bytes: Uint8Array, workerSrc?: string): Promise<OpenedPdf> {
  const worker = ensureWorker(workerSrc);
  const task = getDocument({ data: bytes.slice(), isEvalSupported: false, worker });
  const doc: PDFDocumentProxy = await task.promise;
  return {
    pages: doc.numPages,
    paint(n, canvas, cssWidth) {
      let render: RenderTask | null = null;
      let cancelled = false;
      const done = (async () => {
        const page = await doc.getPage(n);
        if (cancelled) return;
        const base = page.getViewport({ scale: 1 });
        const ratio = typeof devicePixelRatio === 'number' && devicePixelRatio > 0 ? devicePixelRatio : 1;
        const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${cssWidth}px`;
        canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
        render = page.render({ canvas, viewport });
        await render.promise;
      })();
      return {
        done,
        cancel() {
          cancelled = true;
          render?.cancel();
        },
      };
    },
    close: () => doc.destroy(),
  };
}
