import { QuireError, type TemplateContent, type TemplateEngine, TemplateError } from '@quire/core';

const PARTS = ['html', 'header_html', 'footer_html'] as const;

/**
 * Throws 422 template_syntax_error (naming the part, with line and column) unless the Liquid of the body, header
 * and footer parses. Applied to every version that becomes published, since reports render it; a draft saved
 * with `publish: false` may be broken while someone is still writing it.
 */
export function assertParses(engine: TemplateEngine, content: TemplateContent): void {
  for (const part of PARTS) {
    try {
      engine.parse(content[part]);
    } catch (error) {
      if (!QuireError.isInstance(error)) throw error;
      const { line, column, ...details } = error.details as { line?: number; column?: number };
      throw new TemplateError(error.code as ConstructorParameters<typeof TemplateError>[0], {
        message: `${part}: ${error.message}`,
        param: part,
        details,
        ...(line === undefined ? {} : { line }),
        ...(column === undefined ? {} : { column }),
        cause: error,
      });
    }
  }
}
