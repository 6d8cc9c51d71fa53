import bidiFactory from 'bidi-js';
import { hasRtl } from '../../fonts/bidi';

/**
 * UAX #9 for the inline layout: embedding levels are resolved once per paragraph (so that a word keeps the level
 * the whole paragraph gives it), lines are reordered one by one after breaking (rule L2), so a right-to-left
 * paragraph's first logical line is the top one.
 */

const bidi = bidiFactory();

// bidi-js works on UTF-16 code units and would type each half of a surrogate pair as left-to-right; for the
// algorithm only, each pair is replaced by two BMP characters of the same class.
function bmpStandIn(ch: string): string {
  const cp = ch.codePointAt(0) as number;
  // The supplementary planes' right-to-left blocks (Phoenician… Adlam, Arabic mathematical letters).
  if ((cp >= 0x10800 && cp < 0x11000) || (cp >= 0x1e800 && cp < 0x1f000)) return '\u05d0\u05d0';
  if (/\p{Nd}/u.test(ch)) return '00';
  if (/\p{M}/u.test(ch)) return '\u0300\u0300';
  if (/\p{L}/u.test(ch)) return 'aa';
  return '!!';
}

/**
 * The resolved embedding level of every UTF-16 unit of a paragraph whose base direction is `direction`, or null
 * when every unit is at level 0 (a left-to-right paragraph without right-to-left text: the common case, no work).
 */
export function paragraphLevels(text: string, direction: 'ltr' | 'rtl'): Uint8Array | null {
  if (direction === 'ltr' && !hasRtl(text)) return null;
  const safe = /[\ud800-\udfff]/.test(text) ? text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, bmpStandIn) : text;
  return bidi.getEmbeddingLevels(safe, direction).levels;
}

/**
 * Visual order (UAX #9 rule L2) of the items of one line, given each item's embedding level in logical order:
 * from the highest level down to the lowest odd one, every run at that level or higher is reversed.
 * Returns the items' logical indices from left to right.
 */
export function visualOrder(levels: ArrayLike<number>): number[] {
  const order = Array.from({ length: levels.length }, (_, i) => i);
  let highest = 0;
  let lowestOdd = 255;
  for (let i = 0; i < levels.length; i++) {
    const level = levels[i] as number;
    if (level > highest) highest = level;
    if (level & 1 && level < lowestOdd) lowestOdd = level;
  }
  for (let level = highest; level >= lowestOdd && level > 0; level--) {
    let i = 0;
    while (i < order.length) {
      if ((levels[order[i] as number] as number) < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && (levels[order[j] as number] as number) >= level) j++;
      for (let a = i, b = j - 1; a < b; a++, b--) {
        const t = order[a] as number;
        order[a] = order[b] as number;
        order[b] = t;
      }
      i = j;
    }
  }
  return order;
}

/** Text to shape right to left with its mirrored characters (brackets, `<`…) swapped (UAX #9 rule L4). */
export function mirrorForRtl(text: string): string {
  let out: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const mirror = bidi.getMirroredCharacter(text[i] as string);
    if (mirror) out = (out ?? text.slice(0, i)) + mirror;
    else if (out !== undefined) out += text[i];
  }
  return out ?? text;
}
