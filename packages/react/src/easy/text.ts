/**
 * Text as the reader sees it (entities decoded, white space collapsed, trimmed) mapped back to the source's
 * bytes, so that changing a word rewrites that word and nothing around it: the indentation, the line breaks and
 * the entities of the rest of the run stay as they were written.
 */

// The named entities templates use; a run with any other keeps its text to Boss Mode (it could not be written
// back the same way).
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  para: '¶',
  middot: '·',
  bull: '•',
  times: '×',
  divide: '÷',
  deg: '°',
  plusmn: '±',
  shy: '\u00ad',
  zwj: '\u200d',
  zwnj: '\u200c',
};

/** A run's text as shown, with, for each character shown, the source range it stands for. */
export interface DisplayText {
  text: string;
  /** `[start, end)` in the source for each character of `text`. */
  map: [number, number][];
}

const SPACE = /[ \t\n\r\f]/;

/**
 * Decodes `source[start, end)` for display: entities decoded, each stretch of white space one space, no space at
 * either end. Null when the run holds an entity this cannot write back.
 */
export function displayText(source: string, start: number, end: number): DisplayText | null {
  const chars: { c: string; from: number; to: number }[] = [];
  let i = start;
  while (i < end) {
    const c = source[i] as string;
    if (c === '&') {
      const match = /^&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/i.exec(source.slice(i, Math.min(end, i + 40)));
      if (match) {
        const body = match[1] as string;
        let decoded: string | undefined;
        if (body[0] === '#') {
          const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
          decoded = code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
        } else {
          decoded = NAMED[body.toLowerCase()];
        }
        if (decoded === undefined) return null;
        chars.push({ c: decoded, from: i, to: i + match[0].length });
        i += match[0].length;
        continue;
      }
    }
    if (SPACE.test(c)) {
      let j = i;
      while (j < end && SPACE.test(source[j] as string)) j++;
      chars.push({ c: ' ', from: i, to: j });
      i = j;
      continue;
    }
    // A surrogate pair is one character of text.
    const code = source.codePointAt(i) as number;
    const width = code > 0xffff ? 2 : 1;
    chars.push({ c: source.slice(i, i + width), from: i, to: i + width });
    i += width;
  }
  while (chars.length && chars[0]?.c === ' ') chars.shift();
  while (chars.length && chars[chars.length - 1]?.c === ' ') chars.pop();
  return { text: chars.map((ch) => ch.c).join(''), map: chars.map((ch) => [ch.from, ch.to]) };
}

/**
 * Text as source: `&`, `<` and `>` as entities, a no-break space as `&nbsp;`, and a `{` that would start Liquid
 * (`{{`, `{%`) as `&#123;`, so that what a person types is shown as typed and never runs as a template.
 */
export function encodeText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;')
    .replace(/\{(?=[{%])/g, '&#123;');
}

/** Splits a string into characters as `displayText` counts them (code points). */
const characters = (text: string): string[] => Array.from(text);

/**
 * The smallest change to the source that turns the run's displayed text into `next`: the characters both share
 * at the start and at the end keep their bytes; only what changed between them is written (encoded). Null when
 * nothing changes.
 */
export function textSplice(shown: DisplayText, next: string): { start: number; end: number; insert: string } | null {
  const was = characters(shown.text);
  // HTML's white space only: a no-break space is text and stays.
  const now = characters(next.replace(/[ \t\n\r\f]+/g, ' ').replace(/^ | $/g, ''));
  if (was.join('') === now.join('')) return null;
  let head = 0;
  while (head < was.length && head < now.length && was[head] === now[head]) head++;
  let tail = 0;
  while (
    tail < was.length - head &&
    tail < now.length - head &&
    was[was.length - 1 - tail] === now[now.length - 1 - tail]
  ) {
    tail++;
  }
  const middle = now.slice(head, now.length - tail).join('');
  // A run shows at least one character (white space alone is not a run Easy Mode offers).
  if (was.length === 0) return null;
  const removedFrom = head;
  const removedTo = was.length - tail; // exclusive
  let start: number;
  let end: number;
  if (removedFrom < removedTo) {
    start = (shown.map[removedFrom] as [number, number])[0];
    end = (shown.map[removedTo - 1] as [number, number])[1];
  } else if (removedFrom > 0) {
    // Pure insertion after character head-1.
    start = end = (shown.map[removedFrom - 1] as [number, number])[1];
  } else {
    start = end = (shown.map[0] as [number, number])[0];
  }
  return { start, end, insert: encodeText(middle) };
}
