import type { Findings } from '../findings';
import type { CssDeclaration } from '../parse/css';
import { LOGICAL_LONGHANDS } from './flow-relative';
import { LONGHANDS } from './longhands';
import { ALIASES, SHORTHANDS } from './shorthands';

/** A declaration the cascade can use: its property resolved to a longhand, a shorthand or a custom property. */
export interface PreparedDeclaration {
  property: string;
  kind: 'longhand' | 'shorthand' | 'custom';
  value: string;
  important: boolean;
  part: string;
  line: number;
}

// Properties without any effect on a printed page (interaction, animation, screen rendering, Outlook's own), and
// e-mail tools' hints that no browser reads either (Premailer's, Apple Mail's old colour-scheme name).
const NO_EFFECT_IN_PRINT =
  /^(cursor|pointer-events|user-select|-webkit-user-select|-moz-user-select|-ms-user-select|resize|scroll-.*|overscroll-.*|touch-action|caret-color|accent-color|will-change|transition.*|animation.*|-webkit-tap-highlight-color|-webkit-font-smoothing|-moz-osx-font-smoothing|text-rendering|-webkit-text-size-adjust|-ms-text-size-adjust|-moz-text-size-adjust|text-size-adjust|print-color-adjust|-webkit-print-color-adjust|color-adjust|color-scheme|mso-.*|-ms-interpolation-mode|speak|appearance|-webkit-appearance|-moz-appearance|-premailer-.*|supported-color-schemes)$/;

/**
 * Resolves a declaration's property (aliases such as `word-wrap` and `page-break-before` to their new names);
 * a property the engine does not compute is reported once, here, and dropped.
 */
export function prepareDeclaration(
  declaration: CssDeclaration,
  part: string,
  findings: Findings,
): PreparedDeclaration | null {
  const { value, important, line } = declaration;
  if (declaration.property.startsWith('--'))
    return { property: declaration.property, kind: 'custom', value, important, part, line };
  const property = ALIASES[declaration.property] ?? declaration.property;
  if (value === '') {
    findings.add({
      code: 'unsupported_css_value',
      message: `${property} has an empty value; it is ignored.`,
      part,
      line,
    });
    return null;
  }
  // `overflow` is both: a shorthand of one longhand, so that `overflow: hidden auto` keeps its first value.
  if (SHORTHANDS[property]) return { property, kind: 'shorthand', value, important, part, line };
  if (LONGHANDS[property] || LOGICAL_LONGHANDS[property])
    return { property, kind: 'longhand', value, important, part, line };
  if (!NO_EFFECT_IN_PRINT.test(property)) {
    findings.add({
      code: 'unsupported_css_property',
      message: `The CSS property "${property}" is not supported and was ignored ("${property}: ${value}").`,
      part,
      line,
    });
  }
  return null;
}
