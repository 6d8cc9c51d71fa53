import { NESTING_LIMITS, TemplateError } from '@quire/core';
import { Parser } from 'htmlparser2';

export interface HtmlNesting {
  /** How many elements sit inside one another at the deepest point (`<p>x</p>` is 1). */
  depth: number;
  /** Where the deepest element, or the first one past `stopAt`, opens: an offset into the HTML. */
  offset: number;
}

// Thrown from the parser's callback to stop at the first element past the limit: htmlparser2 keeps its stack of open
// elements with unshift, so reading on through a few million nested elements would take quadratic time.
const STOP = Symbol('stop');

/**
 * How deeply the elements of an HTML (or MJML) document nest, read by htmlparser2's streaming parser with the
 * converter's own options (so implied end tags such as a `<p>` closing the one before count as the converter
 * sees them), without building a tree and without recursion. It stops at the first element deeper than `stopAt`,
 * whose offset it gives; otherwise the offset is the deepest element's.
 */
export function htmlNesting(html: string, stopAt = Number.POSITIVE_INFINITY): HtmlNesting {
  let depth = 0;
  const deepest: HtmlNesting = { depth: 0, offset: 0 };
  const parser = new Parser(
    {
      onopentag() {
        depth++;
        if (depth <= deepest.depth) return;
        deepest.depth = depth;
        deepest.offset = parser.startIndex;
        if (depth > stopAt) throw STOP;
      },
      onclosetag() {
        depth--;
      },
    },
    { lowerCaseTags: true, recognizeSelfClosing: true, decodeEntities: true },
  );
  try {
    parser.end(html);
  } catch (error) {
    if (error !== STOP) throw error;
  }
  return deepest;
}

/**
 * Throws 422 template_too_deep when the elements of a template's HTML (or MJML), as Liquid made it, nest more than
 * {@link NESTING_LIMITS}.html deep: the PDF converter, pdfmake and MJML follow a document by recursion and would
 * overflow the call stack. The rendered HTML is what counts: a loop can nest elements its source shows once, and
 * the source alone can look deeper than it is (`{% if %}<div class="a">{% else %}<div>{% endif %}`).
 *
 * `part` names the part of the template (`html`, `header_html`, `footer_html`) in the error.
 */
export function assertHtmlNesting(html: string, part = 'html', limit: number = NESTING_LIMITS.html): void {
  const found = htmlNesting(html, limit);
  if (found.depth > limit) throw tooDeep(part, limit);
}

/**
 * The same limit, kept by a parser's own handler as it opens and closes elements (Quire's engine checks the body
 * while it parses it, instead of reading it once more first): throws template_too_deep at the first element past
 * the limit, so the parse stops there as htmlNesting's does.
 */
export class NestingGuard {
  private depth = 0;

  constructor(
    private readonly part = 'html',
    private readonly limit: number = NESTING_LIMITS.html,
  ) {}

  open(): void {
    if (++this.depth > this.limit) throw tooDeep(this.part, this.limit);
  }

  close(): void {
    this.depth--;
  }
}

function tooDeep(part: string, limit: number): TemplateError {
  const what = part === 'html' ? 'The template' : `The ${part.replace('_html', '')}`;
  return new TemplateError('template_too_deep', {
    message: `${what} nests HTML elements more than ${limit} deep once its Liquid has run; at most ${limit} may sit inside one another.`,
    ...(part === 'html' ? {} : { param: part }),
    details: { limit, part },
  });
}
