/// <reference types="vite/client" />
import { TemplateContent, type TemplateContentInput } from '@quire/core';
// The pdf.js worker from the package, as a Vite host serves it (`?url`): never a CDN.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { PdfFontSource } from '../../pdf/fonts';

/**
 * What the PDF stories share: the fonts and the pdf.js worker served by Storybook itself, PDFs made by the same
 * in-browser engine the preview uses, and what a play function reads back from a PDF and from painted pages.
 */

/** The pdf.js worker's URL, for `workerSrc`. */
export const PDF_WORKER = workerUrl;

/**
 * The bundled fonts, served by Storybook under /quire-fonts/ (.storybook/quire-fonts.ts) as `npx quire-react-fonts`
 * lays them out for a host. Relative to the page in a static build (which may be served under a sub-path).
 */
export const STORY_FONTS: PdfFontSource = { baseUrl: `${import.meta.env.BASE_URL}quire-fonts` };

/** A PDF of a template, made in the browser with the bundled fonts (as the service makes it, same engine). */
export async function renderStoryPdf(
  template: TemplateContentInput,
  data?: Record<string, unknown>,
): Promise<{ bytes: Uint8Array; pages: number }> {
  const { createPdfEngine } = await import('../../pdf/engine');
  const content = TemplateContent.parse(template);
  const render = await createPdfEngine(STORY_FONTS).render(content, data ?? content.sample_data, {});
  return { bytes: render.bytes, pages: render.pages };
}

/** The text of each page of a PDF, read with pdf.js: what a play function checks a PDF says. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const { getDocument, GlobalWorkerOptions } = await import('pdfjs-dist');
  GlobalWorkerOptions.workerSrc = PDF_WORKER;
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false }).promise;
  try {
    const texts: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      texts.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replace(/\s+/g, ' '),
      );
    }
    return texts;
  } finally {
    await doc.destroy();
  }
}

/** The painted pages of the PDF viewers in an element. */
export const pageCanvases = (root: HTMLElement): HTMLCanvasElement[] =>
  Array.from(root.querySelectorAll<HTMLCanvasElement>('canvas.quire-pdf-page'));

/** How much of a painted page is not white: a page that was painted has ink, a blank canvas none. */
export function inkOf(canvas: HTMLCanvasElement): number {
  const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
  if (!data || data.length === 0) return 0;
  let ink = 0;
  for (let i = 0; i < data.length; i += 4) if ((data[i] as number) < 200 || (data[i + 2] as number) < 200) ink++;
  return ink / (data.length / 4);
}

/** Which font files the page fetched, and from where (the Resource Timing entries). */
export const fetchedFonts = (): URL[] =>
  performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.pathname.endsWith('.ttf'));
