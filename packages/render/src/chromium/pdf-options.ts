import { type PageSetup, pageDimensions } from '@quire/core';
import type { Page } from 'playwright-core';
import { buildRunningTemplate, EMPTY_RUNNING_TEMPLATE, hasRunningContent } from './html-document';

export type PdfOptions = NonNullable<Parameters<Page['pdf']>[0]>;

/** Quire's page setup (millimetres, portrait dimensions turned by orientation) as Chromium's print options. */
export function toPdfOptions(input: {
  page: PageSetup;
  css?: string;
  headerHtml?: string;
  footerHtml?: string;
  asBrowserPrints?: boolean;
}): PdfOptions {
  const { page } = input;
  const { width_mm, height_mm } = pageDimensions(page);
  const options: PdfOptions = {
    width: `${width_mm}mm`,
    height: `${height_mm}mm`,
    margin: {
      top: `${page.margins.top}mm`,
      right: `${page.margins.right}mm`,
      bottom: `${page.margins.bottom}mm`,
      left: `${page.margins.left}mm`,
    },
    printBackground: true,
    // The template's page setup decides the paper, not an @page rule in its CSS, as with the pdfmake engine.
    preferCSSPageSize: input.asBrowserPrints === true,
  };
  const header = hasRunningContent(input.headerHtml) ? input.headerHtml : undefined;
  const footer = hasRunningContent(input.footerHtml) ? input.footerHtml : undefined;
  if (header === undefined && footer === undefined) return options;
  const template = (html: string | undefined) =>
    html === undefined ? EMPTY_RUNNING_TEMPLATE : buildRunningTemplate({ html, css: input.css, page });
  return { ...options, displayHeaderFooter: true, headerTemplate: template(header), footerTemplate: template(footer) };
}
