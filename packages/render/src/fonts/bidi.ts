import bidiFactory from 'bidi-js';

/**
 * Right-to-left text for pdfmake.
 *
 * pdfmake and pdfkit place text left to right, word by word. fontkit, which pdfkit asks to shape each word (each
 * piece of text between spaces or line-break opportunities), detects the piece's script and, for Arabic, Hebrew
 * and the other right-to-left scripts, shapes it (joins Arabic letters) in the order it is given and then REVERSES
 * the whole piece, brackets and punctuation included. So text must reach pdfmake:
 *   - in visual order as a whole (the Unicode bidirectional algorithm: embedding levels, reordering, mirrored
 *     brackets), so that words and numbers come out in the right places; but
 *   - with every run of right-to-left letters put back in logical order (fontkit reverses and shapes it), and
 *   - with each such run a piece of its own: a zero-width space (U+200B, a line-break opportunity for pdfmake,
 *     drawn as nothing) separates it from any adjacent bracket, punctuation or digit, which fontkit must not
 *     reverse with it.
 * The caller then splits the result into font runs (FontRegistry.splitByCoverage) and each run at whitespace into
 * separate pdfmake texts, since fontkit would also move a right-to-left word's trailing space to its other side.
 */

type Direction = 'ltr' | 'rtl';

const bidi = bidiFactory();

// The scripts fontkit lays out right to left (its Script.RTL table); fontkit reverses any piece whose first
// character with a real script (not Common or Inherited) is one of them.
const RTL_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Cypriot}\p{Script=Kharoshthi}\p{Script=Phoenician}\p{Script=Lydian}\p{Script=Avestan}\p{Script=Imperial_Aramaic}\p{Script=Inscriptional_Pahlavi}\p{Script=Inscriptional_Parthian}\p{Script=Old_South_Arabian}\p{Script=Old_Turkic}\p{Script=Meroitic_Cursive}\p{Script=Meroitic_Hieroglyphs}\p{Script=Manichaean}\p{Script=Mende_Kikakui}\p{Script=Nabataean}\p{Script=Old_North_Arabian}\p{Script=Palmyrene}\p{Script=Psalter_Pahlavi}]/u;
// Explicit right-to-left marks and embeddings: RLM, ALM, RLE, RLO, RLI.
const RTL_CONTROL = /[\u200f\u061c\u202b\u202e\u2067]/;
const MARK = /[\p{M}\u200c\u200d]/u;
const WHITESPACE = /\s/u;
const ZWSP = '\u200b';

/** Whether the text needs the bidirectional algorithm (it has right-to-left letters or explicit RTL controls). */
export function hasRtl(text: string): boolean {
  return RTL_SCRIPT.test(text) || RTL_CONTROL.test(text);
}

/**
 * A paragraph's direction by its first strong character (HTML's dir="auto"); 'ltr' when it has none. Pass it to
 * {@link toVisualOrder} for every line of a paragraph that was broken into lines, so that they agree.
 */
export function directionOf(text: string): Direction {
  if (!hasRtl(text)) return 'ltr';
  const first = bidi.getEmbeddingLevels(text.replace(/[\ud800-\udfff]/g, '!'), 'auto').paragraphs[0];
  return first && (first.level & 1) === 1 ? 'rtl' : 'ltr';
}

interface VisualChar {
  /** The character as drawn (a mirrored bracket in right-to-left text); one code point. */
  ch: string;
  level: number;
}

/**
 * bidi-js works on UTF-16 code units and types a lone surrogate as left-to-right. Characters outside the BMP are
 * replaced, for the algorithm only, by two BMP characters of the same bidirectional class.
 */
function bmpStandIn(codePoint: number, ch: string): string {
  if (RTL_SCRIPT.test(ch)) return /\p{Script=Arabic}/u.test(ch) ? '\u0627\u0627' : '\u05d0\u05d0';
  if (/\p{Nd}/u.test(ch)) return '00';
  if (/\p{M}/u.test(ch)) return '\u0300\u0300';
  if (/\p{L}/u.test(ch) || (codePoint >= 0x20000 && codePoint <= 0x3ffff)) return 'aa';
  if (/\p{Cf}/u.test(ch)) return '\u200b\u200b';
  return '!!'; // emoji and other symbols: other neutral, not mirrored
}

/** The code points of one line in visual (left-to-right) order, with their resolved embedding levels. */
function visualChars(text: string, direction?: Direction): VisualChar[] {
  let safe = text;
  if (/[\ud800-\udfff]/.test(text)) {
    safe = '';
    for (const ch of text) safe += ch.length === 2 ? bmpStandIn(ch.codePointAt(0) as number, ch) : ch;
  }
  const embedding = bidi.getEmbeddingLevels(safe, direction ?? 'auto');
  const order = Array.from({ length: safe.length }, (_, i) => i);
  for (const [start, end] of bidi.getReorderSegments(safe, embedding)) {
    const flipped = order.slice(start, (end as number) + 1).reverse();
    order.splice(start as number, flipped.length, ...flipped);
  }
  const mirrored = bidi.getMirroredCharactersMap(safe, embedding.levels);
  const out: VisualChar[] = [];
  for (let p = 0; p < order.length; p++) {
    const i = order[p] as number;
    const unit = text.charCodeAt(i);
    const level = embedding.levels[i] as number;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      out.push({ ch: text.slice(i, i + 2), level });
      if (order[p + 1] === i + 1) p++;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      // The low half of a pair that was reversed: its high half comes next and carries the character.
      if (order[p + 1] === i - 1) {
        out.push({ ch: text.slice(i - 1, i + 1), level });
        p++;
      } else out.push({ ch: text[i] as string, level });
    } else out.push({ ch: mirrored.get(i) ?? (text[i] as string), level });
  }
  return out;
}

/**
 * A line as a reader sees it, left to right: the Unicode bidirectional algorithm's visual order with mirrored
 * brackets. Without a direction, the first strong character decides the paragraph's (HTML's dir="auto").
 * This is the order for checks and comparisons; to draw with pdfmake use {@link toVisualOrder}.
 */
export function displayOrder(text: string, direction?: Direction): string {
  if (!hasRtl(text)) return text;
  return perLine(text, (line) =>
    visualChars(line, direction)
      .map((c) => c.ch)
      .join(''),
  );
}

const LINE_BREAK = /(\r\n|[\n\r\u0085\u2028\u2029])/;

/** Applies a one-line transformation to each line, keeping the line breaks where they are. */
function perLine(text: string, transform: (line: string) => string): string {
  if (!LINE_BREAK.test(text)) return transform(text);
  return text
    .split(LINE_BREAK)
    .map((part, i) => (i % 2 === 1 ? part : transform(part)))
    .join('');
}

/** A character fontkit would reverse along with an adjacent right-to-left letter. */
function joinsRtlRun(c: VisualChar): boolean {
  if (RTL_SCRIPT.test(c.ch)) return true;
  if (c.ch.length > 1) return false;
  const type = bidi.getBidiCharTypeName(c.ch);
  if (type === 'R' || type === 'AL') return true;
  // Combining marks, ZWJ and ZWNJ in right-to-left text belong to the letter they follow logically.
  return (c.level & 1) === 1 && MARK.test(c.ch);
}

/**
 * One line of text in the order to hand to pdfmake so that pdfkit + fontkit draw it correctly (see the top of
 * this file): visual order, each run of right-to-left letters back in logical order for fontkit to shape and
 * reverse, and a zero-width space between such a run and an adjacent non-space character. Left-to-right text
 * is returned unchanged. Without a direction, the first strong character decides the paragraph's.
 *
 * Each line (between line breaks) is ordered on its own. pdfmake wraps a line from its first (leftmost)
 * character, so a right-to-left paragraph that would wrap must be broken into lines first, in logical order
 * ({@link breakLines}), and the lines passed here joined by line breaks.
 */
export function toVisualOrder(text: string, direction?: Direction): string {
  if (!hasRtl(text)) return text;
  return perLine(text, (line) => pdfkitOrder(line, direction));
}

function pdfkitOrder(text: string, direction?: Direction): string {
  const chars = visualChars(text, direction);
  let out = '';
  let i = 0;
  while (i < chars.length) {
    const start = i;
    if (!joinsRtlRun(chars[i] as VisualChar)) {
      while (i < chars.length && !joinsRtlRun(chars[i] as VisualChar)) i++;
      for (let k = start; k < i; k++) out += (chars[k] as VisualChar).ch;
      continue;
    }
    while (i < chars.length && joinsRtlRun(chars[i] as VisualChar)) i++;
    const run = chars.slice(start, i);
    // A run fontkit would not reverse (Arabic punctuation alone, say) stays in visual order.
    if (!run.some((c) => RTL_SCRIPT.test(c.ch))) {
      for (const c of run) out += c.ch;
      continue;
    }
    const before = out.at(-1);
    if (before !== undefined && !WHITESPACE.test(before) && before !== ZWSP) out += ZWSP;
    for (let k = run.length - 1; k >= 0; k--) out += (run[k] as VisualChar).ch;
    const after = chars[i];
    if (after && !WHITESPACE.test(after.ch)) out += ZWSP;
  }
  return out;
}

/**
 * Breaks a paragraph into lines in logical order, at spaces, so that each line measures at most `maxWidth`
 * (a word longer than that gets a line of its own). For right-to-left paragraphs, which must be ordered line by
 * line: `toVisualOrder(breakLines(text, width, measure).join('\n'), direction)`. Leave pdfmake a little room
 * (measure with unshaped advances, such as FontRegistry.textWidth, runs a few percent off for Arabic).
 */
export function breakLines(text: string, maxWidth: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(LINE_BREAK).filter((_, i) => i % 2 === 0)) {
    let line = '';
    for (const word of paragraph.split(/(?<=\s)(?=\S)/u)) {
      const candidate = line + word;
      if (line && measure(candidate.trimEnd()) > maxWidth) {
        lines.push(line.trimEnd());
        line = word;
      } else line = candidate;
    }
    lines.push(line.trimEnd());
  }
  return lines;
}
