/// <reference path="./linebreak.d.ts" />
import LineBreaker from 'linebreak';
import { BoundedCache } from './bounded-cache';

/** Before index i of a text: no break, a break opportunity, or a mandatory break (after a newline). */
export const NO_BREAK = 0;
export const SOFT_BREAK = 1;
export const FORCED_BREAK = 2;

// Room for a long table's distinct cells twice over: at 5,000 a 2,000-row ledger's 3,600 texts pushed each other
// out of the recent half every render, and each was broken again (2 MB more a render for the old generation).
const cache = new BoundedCache<string, Uint8Array>(10_000);

/**
 * Line-break opportunities of a text as Chromium finds them: entry i says whether a line may (1) or must (2) break
 * before the UTF-16 index i (entries 0 and text.length stay 0). UAX #14, except between two printable ASCII
 * characters, where Chromium has a table of its own (ASCII_BREAKS_AFTER). Kept for the process per text, since the
 * same paragraphs (table cells, repeated labels) come back render after render; the array is shared, do not modify it.
 */
export function lineBreaks(text: string): Uint8Array {
  let breaks = cache.get(text);
  if (breaks) return breaks;
  breaks = new Uint8Array(text.length + 1);
  const breaker = new LineBreaker(text);
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
    if (bk.position > 0 && bk.position < text.length) breaks[bk.position] = bk.required ? FORCED_BREAK : SOFT_BREAK;
  }
  for (let i = 1; i < text.length; i++) {
    const before = text.charCodeAt(i - 1);
    const after = text.charCodeAt(i);
    if (isTableChar(before) && isTableChar(after))
      breaks[i] = asciiBreak(text, i, before, after) ? SOFT_BREAK : NO_BREAK;
  }
  cache.set(text, breaks);
  return breaks;
}

/**
 * Chromium (Blink's text_break_iterator.cc) breaks between two printable ASCII characters by a table of its own
 * rather than by UAX #14: for each character, the characters a line may start with after it; one without a row
 * allows none. So no break after `/` (a URL or "and/or" stays whole where UAX #14 would break before a letter), nor
 * after `!` or `}` before a letter, nor inside `C++`; after `-` before most of what can start a word, and after `?`
 * before a digit too. Read back from Chromium itself (line-breaks.chromium.test.ts checks every pair against the
 * system Chromium, and prints the rows should they change).
 */
export const ASCII_BREAKS_AFTER: Readonly<Record<string, string>> = (() => {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\^_`abcdefghijklmnopqrstuvwxyz{|~';
  const rows: Record<string, string> = {
    // Before a digit too when a letter or digit comes before the hyphen (asciiBreak).
    '-': `"#%&'(*+-<=>@${letters}`,
    '?': `#$%&(*+-0123456789<=>@${letters}`,
  };
  for (const c of '!"#%&)*+,.:;=>\\]|}~') rows[c] = '(<[{';
  return rows;
})();

const FIRST = 0x21;
const LAST = 0x7e;
const isTableChar = (unit: number): boolean => unit >= FIRST && unit <= LAST;

/** The table as bits: row (the character before) times column (the one after). */
const TABLE = (() => {
  const size = LAST - FIRST + 1;
  const bits = new Uint8Array(size * size);
  for (const [before, afters] of Object.entries(ASCII_BREAKS_AFTER))
    for (const after of afters) bits[(before.charCodeAt(0) - FIRST) * size + after.charCodeAt(0) - FIRST] = 1;
  return bits;
})();

const HYPHEN = 0x2d;
const isDigit = (unit: number): boolean => unit >= 0x30 && unit <= 0x39;
const isAlphanumeric = (unit: number): boolean =>
  isDigit(unit) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a);

function asciiBreak(text: string, i: number, before: number, after: number): boolean {
  // A hyphen before a digit is a minus sign unless a letter or digit comes before it: "ABCD-1234" and "1234-5678"
  // (long URLs, references) break there, "-1" and "(-1)" do not.
  if (before === HYPHEN && isDigit(after)) return i >= 2 && isAlphanumeric(text.charCodeAt(i - 2));
  return TABLE[(before - FIRST) * (LAST - FIRST + 1) + after - FIRST] === 1;
}
