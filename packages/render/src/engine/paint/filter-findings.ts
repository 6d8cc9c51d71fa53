import type { FilterSource } from './content';
import type { PaintContext } from './paint-context';

/**
 * Says what a `filter` could not do to what is being painted, at its declaration: by default the innermost one
 * around what is painted (the painter knows no other place in the template).
 */
export function reportFilter(ctx: PaintContext, message: string, at: FilterSource | null = ctx.cw.filterAt): void {
  ctx.findings.add({
    code: 'unsupported_css_value',
    message: `filter: ${message}`,
    ...(at ? { part: at.part, line: at.line } : {}),
  });
}
