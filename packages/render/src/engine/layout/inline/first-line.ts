import type { BlockBox } from '../../boxes/box';
import type { ComputedStyle } from '../../style/computed-style';
import type { LayoutContext } from '../context';
import type { BreakOptions, Line } from './break-lines';
import { breakLine } from './break-lines';
import { type InlineContent, type InlineEvent, transformText } from './collect';
import { buildParagraph, type Item, type Paragraph } from './items';

/**
 * `::first-line` (CSS Pseudo-Elements 4 §2.1): the first formatted line of a block container in the pseudo-
 * element's style. Which text is on that line depends on the style (small capitals are wider), so the paragraph is
 * built twice: once with every text run in the first line's style, from which the first line is broken, and once
 * as it is, from which the lines after it are broken, starting where the first one ended. Both are built from the
 * same text and events, so their items line up.
 */

/** What `::first-line` may change (its applicable properties that a text run's layout and paint read). */
const LINE_PROPERTIES = [
  'fontFamily',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'lineHeight',
  'letterSpacing',
  'wordSpacing',
  'fontVariantNumeric',
  'fontVariantCaps',
  'fontVariantLigatures',
  'fontVariantPosition',
  'fontVariantEastAsian',
  'fontFeatureSettings',
  'color',
  'textShadow',
  'textDecoration',
] as const satisfies ReadonlyArray<keyof ComputedStyle>;

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * A text run's style on the first line: the pseudo-element's value of each property it changes, where the run's
 * element inherited the block's value (a `<b>` keeps its weight, an `<em>` its italics).
 */
function overlay(block: ComputedStyle, line: ComputedStyle): ((style: ComputedStyle) => ComputedStyle) | null {
  const changed = LINE_PROPERTIES.filter((key) => !same(block[key], line[key]));
  if (changed.length === 0) return null;
  const made = new Map<ComputedStyle, ComputedStyle>();
  return (style) => {
    let restyled = made.get(style);
    if (!restyled) {
      const copy: Record<string, unknown> = { ...style };
      for (const key of changed) if (same(style[key], block[key])) copy[key] = line[key];
      restyled = copy as unknown as ComputedStyle;
      made.set(style, restyled);
    }
    return restyled;
  };
}

/** The paragraph with every text run in the first line's style, or null when the pseudo-element changes nothing. */
export function firstLineParagraph(
  box: BlockBox,
  content: InlineContent,
  contentWidth: number,
  ctx: LayoutContext,
): Paragraph | null {
  if (!box.firstLine) return null;
  let { text } = content;
  if (box.firstLine.textTransform !== box.style.textTransform) {
    const transformed = transformFirstLine(content, box.style, box.firstLine.textTransform);
    if (transformed === null) {
      ctx.findings.add({
        code: 'unsupported_css_value',
        message:
          box.style.textTransform === 'none'
            ? 'text-transform on ::first-line is not applied here: it would change the number of letters (ß, ligatures) (the rest of the rule is)'
            : "text-transform on ::first-line is not applied over the block's own text-transform (the rest of the rule is)",
        ...(box.line !== undefined ? { line: box.line } : {}),
      });
    } else text = transformed;
  }
  const restyle = overlay(box.style, box.firstLine);
  if (!restyle && text === content.text) return null;
  const events = restyle
    ? content.events.map(
        (event): InlineEvent => (event.kind === 'text' ? { ...event, style: restyle(event.style) } : event),
      )
    : content.events;
  return buildParagraph({ ...content, text, events }, contentWidth, ctx, 'layout');
}

/**
 * The paragraph's text with the first line's text-transform applied to the runs that inherit the block's (a run
 * with its own keeps it), when the block has none; null when it cannot be: the block's own transform has replaced
 * the letters written, or the transform changes the number of UTF-16 units (the two paragraphs' items must line up).
 * The whole text is transformed, but only the first line is broken from it.
 */
function transformFirstLine(
  content: InlineContent,
  block: ComputedStyle,
  transform: ComputedStyle['textTransform'],
): string | null {
  if (block.textTransform !== 'none') return null;
  const parts: string[] = [];
  let at = 0;
  let afterLetter = false;
  for (const event of content.events) {
    if (event.kind !== 'text') continue;
    const inherited = event.style.textTransform === block.textTransform;
    const before = content.text.slice(at, event.start);
    if (before) afterLetter = false;
    parts.push(before);
    const source = content.text.slice(event.start, event.end);
    let text = source;
    if (inherited) [text, afterLetter] = transformText(source, transform, afterLetter);
    else afterLetter = /[\p{L}\p{N}]$/u.test(source);
    if (text.length !== source.length) return null;
    parts.push(text);
    at = event.end;
  }
  parts.push(content.text.slice(at));
  return parts.join('');
}

/**
 * The first line broken from the first-line paragraph, and the index of the item the next line starts with (the
 * same in both paragraphs); null when the two do not line up (a family the first line changes falls back to other
 * fonts elsewhere, or the first line ends inside a word it splits), and the block is then laid out without it.
 */
export function breakFirstLine(
  first: Paragraph,
  paragraph: Paragraph,
  lineWidth: number,
  options: BreakOptions,
): { line: Line; next: number } | null {
  if (!lineUp(first, paragraph)) return null;
  const count = first.items.length;
  const { line, end } = breakLine(first, 0, true, lineWidth, options);
  return first.items.length === count ? { line, next: end } : null;
}

function lineUp(a: Paragraph, b: Paragraph): boolean {
  if (a.items.length !== b.items.length) return false;
  for (let i = 0; i < a.items.length; i++) {
    const x = a.items[i] as Item;
    const y = b.items[i] as Item;
    if (x.kind !== y.kind) return false;
    if ((x.kind === 'text' || x.kind === 'atomic') && x.start !== (y as typeof x).start) return false;
  }
  return true;
}
