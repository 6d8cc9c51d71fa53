import type { RenderWarning } from '@quire/core';
import { assertHtmlNesting } from '../nesting';

export interface EmailOutput {
  html: string;
  warnings: RenderWarning[];
}

/**
 * Compiles a template of kind email: Liquid has already run, MJML makes it into email-safe HTML. Invalid MJML is
 * reported as warnings (MJML's soft validation) rather than failing the report.
 */
export async function compileEmail(mjml: string): Promise<EmailOutput> {
  // MJML's parser and components follow the document by recursion.
  assertHtmlNesting(mjml);
  // MJML weighs about 50 MB once loaded: only processes that render emails pay for it.
  const { default: mjml2html } = await import('mjml');
  const result = await mjml2html(mjml, { validationLevel: 'soft', keepComments: false });
  const warnings = result.errors.map((e) => ({
    code: 'mjml_invalid',
    message: e.formattedMessage ?? e.message,
    ...(e.line ? { line: e.line } : {}),
  }));
  return { html: result.html, warnings };
}
