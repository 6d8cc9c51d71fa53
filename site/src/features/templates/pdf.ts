import { configurePdfViewer, installPdfPreview } from '@quire/react';
import { PDF_FONTS_PATH, PDF_WORKER_PATH } from '../../../build/pdf-paths';

let configured = false;

/**
 * pdf.js's worker and the builder's exact PDF preview, with the fonts and worker the site serves (as the visitor's
 * builder sets them): once per page, before a viewer or the builder mounts.
 */
export function configureTemplatePdf(): void {
  if (configured) return;
  configured = true;
  configurePdfViewer({ workerSrc: PDF_WORKER_PATH });
  installPdfPreview({ fonts: { baseUrl: PDF_FONTS_PATH } });
}
