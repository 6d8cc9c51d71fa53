import type { PageSetup } from '@quire/core';
import { drawCodesInHtml } from '../codes';

/** Chromium's header and footer templates start at a tiny font size; this is the size they get instead. */
export const RUNNING_TEXT_FONT_SIZE = '10pt';

/** Chromium prints its own date, title and URL in a header or footer left without a template. */
export const EMPTY_RUNNING_TEMPLATE = '<span></span>';

/**
 * The page setup's margins are the PDF's margins, as with the pdfmake engine: the browser's own 8px body margin
 * would come on top. Colours and backgrounds print as they are.
 */
const DOCUMENT_DEFAULTS = 'body{margin:0;-webkit-print-color-adjust:exact;print-color-adjust:exact}';
const BROWSER_DEFAULTS = 'body{-webkit-print-color-adjust:exact;print-color-adjust:exact}';

/**
 * The rendered body HTML as a complete document, with the template's CSS and the PDF's title. QR codes and
 * barcodes, elements a browser does not know, are drawn as inline SVG.
 */
export function buildDocument(input: { html: string; css?: string; title?: string; browserMargins?: boolean }): string {
  const defaults = input.browserMargins ? BROWSER_DEFAULTS : DOCUMENT_DEFAULTS;
  const title = input.title === undefined ? '' : `<title>${escapeText(input.title)}</title>`;
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    `${title}<style>${defaults}${escapeStyle(input.css ?? '')}</style></head>` +
    `<body>${drawCodesInHtml(input.html)}</body></html>`
  );
}

/**
 * A header or footer as a Chromium template. The template is printed in the page margin in a document of its own,
 * so it gets the template's CSS again, a readable default font size, and side padding equal to the page margins
 * so that it lines up with the body. Page numbers are already `<span class="pageNumber">` and `totalPages`.
 */
export function buildRunningTemplate(input: { html: string; css?: string; page: PageSetup }): string {
  const { left, right } = input.page.margins;
  // The defaults come first so the template's own CSS can override them.
  const defaults =
    `.quire-running{box-sizing:border-box;width:100%;padding:0 ${right}mm 0 ${left}mm;` +
    `font-size:${RUNNING_TEXT_FONT_SIZE};-webkit-print-color-adjust:exact;print-color-adjust:exact}`;
  return (
    `<style>${defaults}${escapeStyle(input.css ?? '')}</style>` +
    `<div class="quire-running">${drawCodesInHtml(input.html)}</div>`
  );
}

/** True when a header or footer has something to print. */
export function hasRunningContent(html: string | undefined): html is string {
  return html !== undefined && html.trim() !== '';
}

/** CSS cannot end its <style> element early. */
function escapeStyle(css: string): string {
  return css.replace(/<\/style/gi, '<\\/style');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
