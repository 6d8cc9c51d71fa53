import { QuireError, type RenderWarning } from '@quire/core';
import { assertHtmlNesting } from '../nesting';

export interface EmailOutput {
  html: string;
  warnings: RenderWarning[];
}

/** The first tag of a document, after white space, comments, an XML declaration and a doctype. */
function firstTag(source: string): string | undefined {
  const rest = source.replace(/^(?:\s+|<!--[\s\S]*?-->|<\?xml[\s\S]*?\?>|<!doctype[^>]*>)*/i, '');
  return /^<([a-z][\w-]*)/i.exec(rest)?.[1]?.toLowerCase();
}

/**
 * Compiles a template of kind email: Liquid has already run, MJML makes it into email-safe HTML. Invalid MJML is
 * reported as warnings (MJML's soft validation) rather than failing the report; a body that is not MJML at all
 * (an HTML page, text) is a template error (template_render_error, 422), never a crash.
 */
export async function compileEmail(mjml: string): Promise<EmailOutput> {
  const root = firstTag(mjml);
  if (root !== 'mjml') {
    throw new QuireError('template_render_error', {
      message:
        'An email template is MJML: its body must be one <mjml> element (<mjml><mj-body>…</mj-body></mjml>), ' +
        `but it ${root ? `starts with <${root}>` : 'has no element'}. Write the email with mj-section, ` +
        'mj-column, mj-text and mj-button inside <mjml><mj-body>.',
      details: { found: root ?? null },
    });
  }
  // MJML's parser and components follow the document by recursion.
  assertHtmlNesting(mjml);
  // MJML weighs about 50 MB once loaded: only processes that render emails pay for it.
  const { default: mjml2html } = await import('mjml');
  let result: Awaited<ReturnType<typeof mjml2html>>;
  try {
    result = await mjml2html(mjml, { validationLevel: 'soft', keepComments: false });
  } catch (error) {
    if (QuireError.isInstance(error)) throw error;
    throw new QuireError('template_render_error', {
      message: `MJML could not compile the email: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
  const warnings = result.errors.map((e) => ({
    code: 'mjml_invalid',
    message: e.formattedMessage ?? e.message,
    ...(e.line ? { line: e.line } : {}),
  }));
  return { html: result.html, warnings };
}
