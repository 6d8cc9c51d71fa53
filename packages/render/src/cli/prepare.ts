import type { ReportFormat, TemplateEngineOptions } from '@quire/core';
import type { EngineName, RenderOptions } from '../types';
import { oneOf } from './args';
import { CliError, formatSourceError, templateErrorPosition } from './errors';
import { filesBeside } from './files-beside';
import { loadData, loadTemplate, locateTemplateError, type TemplateSource } from './template-source';

export const FORMATS: readonly ReportFormat[] = ['pdf', 'html', 'email'];
export const ENGINES: readonly EngineName[] = ['quire', 'pdfmake', 'chromium'];

/** The flags that shape a render, as `render`, `check` and a batch share them. */
export interface RenderFlags {
  data?: string | undefined;
  format?: string | undefined;
  engine?: string | undefined;
  locale?: string | undefined;
  'time-zone'?: string | undefined;
  currency?: string | undefined;
  css?: string | undefined;
  header?: string | undefined;
  footer?: string | undefined;
  page?: string | undefined;
  orientation?: string | undefined;
}

export interface PreparedRender {
  source: TemplateSource;
  /** The options of the render, with the data of --data, else the sample data, else {}. */
  options: RenderOptions & { format: ReportFormat };
}

/** Loads the template and data a command names and turns the flags into render options. */
export async function prepareRender(
  command: string,
  spec: string,
  flags: RenderFlags,
  cwd: string,
  { needsData = true } = {},
): Promise<PreparedRender> {
  const format = oneOf(command, 'format', flags.format, FORMATS);
  const engine = oneOf(command, 'engine', flags.engine, ENGINES);
  const source = await loadTemplate(spec, flags, cwd, command);
  const data = flags.data !== undefined ? await loadData(flags.data, cwd) : needsData ? (source.sampleData ?? {}) : {};
  const { template } = source;
  const assets = source.folder
    ? await filesBeside([template.html, template.css, template.header_html, template.footer_html], source.folder)
    : {};
  return {
    source,
    options: {
      template: source.template,
      data,
      format: format ?? (source.template.kind === 'email' ? 'email' : 'pdf'),
      ...(engine ? { engine } : {}),
      ...(flags.locale ? { locale: flags.locale } : {}),
      ...(flags['time-zone'] ? { timeZone: flags['time-zone'] } : {}),
      ...(flags.currency ? { currency: flags.currency } : {}),
      ...(Object.keys(assets).length > 0 ? { assets } : {}),
    },
  };
}

export function engineOptions(options: RenderOptions): TemplateEngineOptions {
  return {
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    ...(options.currency ? { currency: options.currency } : {}),
  };
}

/**
 * A template error becomes a CliError whose message points into the template like a compiler's
 * (`invoice.html:2:5: ...` and the line with a caret); any other error is returned as it is.
 */
export function explainTemplateError(error: unknown, source: TemplateSource, options: RenderOptions): unknown {
  const position = templateErrorPosition(error);
  if (!position) return error;
  const location = locateTemplateError(source, position, options.data, engineOptions(options));
  return new CliError(formatSourceError(location, (error as Error).message), { cause: error });
}

export function extensionFor(format: ReportFormat): string {
  return format === 'pdf' ? 'pdf' : 'html';
}
