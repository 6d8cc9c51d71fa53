import type { ComputedStyle, ContentPart, CounterChange } from './computed-style';
import { counterText } from './counter-styles';

/**
 * CSS counters as the style stage meets elements in document order (CSS Lists 3 §4): a counter that an element
 * resets is seen by the element, its descendants and its following siblings and theirs, and goes out of scope when
 * their parent ends. `counter-increment` or `counter-set` of a counter nobody reset creates one on the element.
 */
export class Counters {
  private readonly instances = new Map<string, number[]>();
  /**
   * The counters created in each open list of siblings, to drop when that list ends; null for a list that has
   * created none (nearly all: every element with children opens one).
   */
  private readonly levels: Array<string[] | null> = [null];

  /** The element's counter-reset, counter-increment and counter-set, in that order. */
  apply(style: ComputedStyle): void {
    // Called for every element: nothing is made unless it has counters.
    const { counterReset, counterIncrement, counterSet } = style;
    if (counterReset) for (const change of counterReset) this.create(change);
    if (counterIncrement)
      for (const { name, value } of counterIncrement) this.change(name, (current) => current + value);
    if (counterSet) for (const { name, value } of counterSet) this.change(name, () => value);
  }

  /** Before an element's children: they are a new list of siblings. */
  enter(): void {
    this.levels.push(null);
  }

  /** After them: the counters their resets created go out of scope. */
  leave(): void {
    const names = this.levels.pop();
    if (names) for (const name of names) this.instances.get(name)?.pop();
  }

  /** The innermost counter's value (0 when there is none, as an implied reset would give). */
  value(name: string): number {
    return this.instances.get(name)?.at(-1) ?? 0;
  }

  /** Every nested counter of the name, outermost first (for `counters()`). */
  values(name: string): number[] {
    const stack = this.instances.get(name);
    return stack && stack.length > 0 ? [...stack] : [0];
  }

  private create({ name, value }: CounterChange): void {
    let stack = this.instances.get(name);
    if (!stack) {
      stack = [];
      this.instances.set(name, stack);
    }
    stack.push(value);
    const level = this.levels.length - 1;
    const names = this.levels[level] ?? [];
    names.push(name);
    this.levels[level] = names;
  }

  private change(name: string, update: (current: number) => number): void {
    const stack = this.instances.get(name);
    if (!stack || stack.length === 0) this.create({ name, value: 0 });
    const instances = this.instances.get(name) as number[];
    instances[instances.length - 1] = update(instances[instances.length - 1] as number);
  }
}

// Chromium's default `quotes` for English: double quotes outside, single inside.
const QUOTES: Array<[string, string]> = [
  ['\u201c', '\u201d'],
  ['\u2018', '\u2019'],
];

/** Nesting of open-quote and close-quote across the document. */
export interface QuoteDepth {
  depth: number;
}

/**
 * The text a ::before or ::after box shows: its `content` parts with the element's attributes, the counters as
 * they stand and the quotes at their depth. Null when it generates no box (`none`, `normal`).
 */
export function contentText(
  content: ComputedStyle['content'],
  attrs: Record<string, string>,
  counters: Counters,
  quotes: QuoteDepth,
): string | null {
  if (content === 'none' || content === 'normal') return null;
  let text = '';
  for (const part of content) text += partText(part, attrs, counters, quotes);
  return text;
}

function partText(part: ContentPart, attrs: Record<string, string>, counters: Counters, quotes: QuoteDepth): string {
  switch (part.kind) {
    case 'string':
      return part.value;
    case 'attr':
      return attrs[part.name] ?? '';
    case 'counter':
      return counterText(part.style, counters.value(part.name));
    case 'counters':
      return counters
        .values(part.name)
        .map((value) => counterText(part.style, value))
        .join(part.separator);
    case 'quote': {
      if (!part.open) quotes.depth = Math.max(0, quotes.depth - 1);
      const pair = QUOTES[Math.min(quotes.depth, QUOTES.length - 1)] as [string, string];
      if (part.open) quotes.depth++;
      return part.draw ? (part.open ? pair[0] : pair[1]) : '';
    }
  }
}
