import { compareData, createTemplateEngine, inferTemplateVariables, QuireError, TemplateError } from '@quire/core';
import { fontsFor, type RenderContext, renderReport } from '../render';
import type { RenderOptions, RenderResult } from '../types';
import { fontFindings } from './fonts-used';

export type FindingSeverity = 'error' | 'warning' | 'info';

export interface Finding {
  code: string;
  severity: FindingSeverity;
  message: string;
  /** The data path a finding is about (`invoice.items[2].price`). */
  path?: string;
  line?: number;
  column?: number;
}

export interface CheckResult {
  /** No findings of severity error. */
  ok: boolean;
  /** Pages of the PDF, when the template rendered. */
  pages: number | null;
  findings: Finding[];
}

const WARNING_SEVERITY: Record<string, FindingSeverity> = {
  missing_glyphs: 'error',
  image_not_loaded: 'error',
  font_not_loaded: 'error',
  content_overflow: 'warning',
  barcode_failed: 'error',
  qr_failed: 'error',
  mjml_invalid: 'error',
};

/**
 * What is wrong with a template and its data before anyone reads the report: template errors, data the template
 * needs and does not get, data it never uses, HTML/CSS outside the supported subset, characters no font can draw,
 * images that failed to load, content wider than the page, fonts drawn otherwise than a browser would, and the page
 * count. The builder and the AI loop use it.
 */
export function check(options: RenderOptions, context: RenderContext = {}): Promise<CheckResult> {
  return checkWith(options, context, () => renderReport(options, context));
}

/**
 * `check` of a report already rendered with these options (`renderReport(options, context)`): the same findings,
 * without rendering the report a second time. For callers that need the report's bytes as well as its findings.
 */
export function checkRendered(
  options: RenderOptions,
  rendered: RenderResult,
  context: RenderContext = {},
): Promise<CheckResult> {
  return checkWith(options, context, async () => rendered);
}

async function checkWith(
  options: RenderOptions,
  context: RenderContext,
  render: () => Promise<RenderResult>,
): Promise<CheckResult> {
  const findings: Finding[] = [];
  const engine = createTemplateEngine();
  try {
    const { schema } = inferTemplateVariables(engine, options.template);
    const comparison = compareData(schema, options.data);
    for (const path of comparison.missing) {
      findings.push({
        code: 'missing_variable',
        severity: 'warning',
        path,
        message: `The data has no ${path}, which the template prints`,
      });
    }
    for (const path of comparison.unexpected) {
      findings.push({ code: 'unused_variable', severity: 'info', path, message: `The template never uses ${path}` });
    }
    for (const m of comparison.mismatched) {
      findings.push({
        code: 'type_mismatch',
        severity: 'warning',
        path: m.path,
        message: `${m.path} is ${m.actual}; the template uses it as ${m.expected}`,
      });
    }
  } catch (error) {
    if (error instanceof TemplateError) {
      findings.push(templateFinding(error));
      return { ok: false, pages: null, findings };
    }
    throw error;
  }
  let pages: number | null = null;
  try {
    const result = await render();
    pages = result.pages;
    for (const w of result.warnings) {
      findings.push({
        code: w.code,
        severity: WARNING_SEVERITY[w.code] ?? 'warning',
        message: w.message,
        ...(w.line ? { line: w.line } : {}),
        ...(w.column ? { column: w.column } : {}),
      });
    }
    // Quire's engine draws PDFs; what it draws with other fonts than a browser would is said, where.
    const format = options.format ?? (options.template.kind === 'email' ? 'email' : 'pdf');
    if (format === 'pdf' && options.engine !== 'pdfmake' && options.engine !== 'chromium') {
      const html = engine.render(options.template.html, options.data);
      findings.push(
        ...fontFindings(html, options.template.css ?? '', options.template.page, fontsFor(options, context)),
      );
    }
    if (pages !== null)
      findings.push({
        code: 'page_count',
        severity: 'info',
        message: `The report has ${pages} page${pages === 1 ? '' : 's'}`,
      });
  } catch (error) {
    if (QuireError.isInstance(error)) findings.push(templateFinding(error));
    else throw error;
  }
  return { ok: !findings.some((f) => f.severity === 'error'), pages, findings };
}

function templateFinding(error: QuireError): Finding {
  const line = error.details.line as number | undefined;
  const column = error.details.column as number | undefined;
  return {
    code: error.code,
    severity: 'error',
    message: error.message,
    ...(line ? { line } : {}),
    ...(column ? { column } : {}),
  };
}
