import { QuireError } from '@quire/core';

/**
 * Caps on one report's output. A render that goes over one fails with 422 `render_output_too_large`, whose details
 * name the limit (`pdf_max_pages`, `pdf_max_bytes` or `html_max_bytes`, the names of a plan's figures), its value
 * and what the report came to. Unset: no cap.
 */
export interface OutputLimits {
  /** Pages of one PDF. */
  pdfPages?: number;
  /** Bytes of one PDF. */
  pdfBytes?: number;
  /** Bytes of one HTML or email file. */
  htmlBytes?: number;
}

export type OutputLimitName = 'pdf_max_pages' | 'pdf_max_bytes' | 'html_max_bytes';

const fmt = (n: number) => n.toLocaleString('en-US');

function tooLarge(limit: OutputLimitName, max: number, actual: number, message: string): QuireError {
  return new QuireError('render_output_too_large', { message, details: { limit, max, actual } });
}

/**
 * The HTML a template produced, before it becomes a document: when the body alone is over the cap the whole file
 * will be too, and the check spares building (and inlining images into) a document that would be thrown away.
 */
export function assertHtmlBodyWithin(limits: OutputLimits | undefined, bodyHtml: string): void {
  const max = limits?.htmlBytes;
  // UTF-8 takes at most three bytes per UTF-16 code unit: only a body that might be over is measured exactly.
  if (max === undefined || bodyHtml.length <= max / 3) return;
  const bytes = new TextEncoder().encode(bodyHtml).byteLength;
  if (bytes > max) {
    throw tooLarge(
      'html_max_bytes',
      max,
      bytes,
      `The report's HTML body alone is ${fmt(bytes)} bytes, over the limit of ${fmt(max)} bytes.`,
    );
  }
}

export function assertHtmlWithin(limits: OutputLimits | undefined, bytes: Uint8Array): void {
  const max = limits?.htmlBytes;
  if (max !== undefined && bytes.byteLength > max) {
    throw tooLarge(
      'html_max_bytes',
      max,
      bytes.byteLength,
      `The report's HTML is ${fmt(bytes.byteLength)} bytes, over the limit of ${fmt(max)} bytes.`,
    );
  }
}

export function assertPdfWithin(limits: OutputLimits | undefined, bytes: Uint8Array, pages: number): void {
  const maxPages = limits?.pdfPages;
  if (maxPages !== undefined && pages > maxPages) {
    throw tooLarge(
      'pdf_max_pages',
      maxPages,
      pages,
      `The PDF has ${fmt(pages)} pages, over the limit of ${fmt(maxPages)} pages.`,
    );
  }
  const maxBytes = limits?.pdfBytes;
  if (maxBytes !== undefined && bytes.byteLength > maxBytes) {
    throw tooLarge(
      'pdf_max_bytes',
      maxBytes,
      bytes.byteLength,
      `The PDF is ${fmt(bytes.byteLength)} bytes, over the limit of ${fmt(maxBytes)} bytes.`,
    );
  }
}
