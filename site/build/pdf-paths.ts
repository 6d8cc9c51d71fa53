/** Where the site serves the PDF preview's fonts and pdf.js's worker (see pdf-assets.ts). */
export const PDF_FONTS_PATH = '/quire-fonts';
export const PDF_WORKER_PATH = '/pdf.worker.min.mjs';
