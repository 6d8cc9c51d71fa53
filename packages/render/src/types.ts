import type { PageSetupInput, RenderWarning, ReportFormat, ReportTimings, TemplateKind } from '@quire/core';
import type { FontFaces } from './fonts/font-set';
import type { OutputLimits } from './output/limits';

export type { OutputLimitName, OutputLimits } from './output/limits';

/** What a render needs of a template: Quire's template fields, most of them optional. */
export interface RenderTemplate {
  name?: string;
  kind?: TemplateKind;
  /** HTML with Liquid (MJML with Liquid for emails). */
  html: string;
  css?: string;
  header_html?: string;
  footer_html?: string;
  page?: PageSetupInput;
}

/**
 * `quire`: Quire's own layout engine (CSS laid out by Quire, written with pdfkit). `pdfmake`: the HTML-to-pdfmake
 * converter it replaces. `chromium`: the optional browser engine.
 */
export type EngineName = 'quire' | 'pdfmake' | 'chromium';

/** Bytes of an image or font handed to the renderer by name: `<img src="logo">` or `src="asset:logo"`. */
export type Assets = Record<string, Uint8Array>;

export interface PdfMetadata {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  creator?: string;
  /** Defaults to the time of the render. */
  creationDate?: Date;
}

export interface RenderOptions {
  template: RenderTemplate;
  data: Record<string, unknown>;
  /** Default: `pdf` for documents, `email` for templates of kind email. */
  format?: ReportFormat;
  /** Default: quire. */
  engine?: EngineName;
  assets?: Assets;
  /**
   * Fetches an image the template names by URL. Without one, no image is ever fetched from the network and
   * remote images are reported as warnings.
   */
  loadImage?: (url: string) => Promise<Uint8Array | undefined>;
  metadata?: PdfMetadata;
  /** BCP 47 locale, IANA time zone and ISO 4217 currency for the template's filters. */
  locale?: string;
  timeZone?: string;
  currency?: string;
  /** Milliseconds the Liquid step may take; default @quire/core's. */
  templateTimeoutMs?: number;
  /** Caps on the output (PDF pages and bytes, HTML bytes); over one, the render fails with render_output_too_large. */
  limits?: OutputLimits;
  /**
   * Font families to draw with besides the bundled ones (a team's uploaded fonts), by family name: a template's
   * `font-family` names them. TTF, OTF or WOFF bytes; a face that is not a font fails the render with `invalid_font`.
   */
  fonts?: Record<string, FontFaces>;
}

export interface RenderResult {
  bytes: Uint8Array;
  contentType: string;
  format: ReportFormat;
  /** Pages of a PDF; null for HTML and email. */
  pages: number | null;
  timings: ReportTimings;
  warnings: RenderWarning[];
}
