import type { ShapedGlyph } from '../fragment';
import type { Item, TextItem } from './items';

/**
 * Fullwidth punctuation side by side takes half its room (CSS Text 4 `text-spacing-trim`, whose initial value
 * Chromium draws): a closing mark (」。，）) followed by another mark keeps only its inked half, and an opening mark
 * (「（《) after an opening or middle one loses its blank half before. "名称「发票」。" is half an em shorter than
 * its characters' advances add up to; a line of Chinese with a few such pairs is an em or more shorter. Only glyphs
 * a full em wide are trimmed: proportional quotes in a Latin font are not fullwidth punctuation.
 */

type Kind = 'open' | 'close' | 'middle';

const KINDS = new Map<number, Kind>();
for (const c of '「『（【〔〈《〘〖〝｛［‘“') KINDS.set(c.codePointAt(0) as number, 'open');
// Full stops, commas and the colon and semicolon of simplified Chinese (set in the left half) close as brackets do.
for (const c of '」』）】〕〉》〙〗〞〟｝］’”、。，．：；！？') KINDS.set(c.codePointAt(0) as number, 'close');
for (const c of '・･·‧') KINDS.set(c.codePointAt(0) as number, 'middle');

// Most paragraphs have none of these marks: they are not walked.
const ANY_MARK = /[\u00b7\u2018\u2019\u201c\u201d\u2027\u3000-\u303f\u30fb\uff01-\uff65]/;

/** How a mark is trimmed: `end`, its blank second half; `start`, its blank first half. */
export type Trim = 'start' | 'end';

/**
 * The marks of a paragraph's text to trim, by their offset in it: a closing mark before any other mark, an opening
 * mark after an opening or middle one. Whether each is fullwidth is the glyph's to say (`applyTrims`).
 */
export function punctuationTrims(text: string): Map<number, Trim> | null {
  if (!ANY_MARK.test(text)) return null;
  const trims = new Map<number, Trim>();
  for (let i = 0; i + 1 < text.length; i++) {
    const here = KINDS.get(text.charCodeAt(i));
    if (here === undefined) continue;
    const next = KINDS.get(text.charCodeAt(i + 1));
    if (next === undefined) continue;
    if (here === 'close') trims.set(i, 'end');
    if (next === 'open' && here !== 'close') trims.set(i + 1, 'start');
  }
  return trims.size > 0 ? trims : null;
}

/** Whether an item of a left-to-right line holds a mark to trim. */
export function itemTrims(item: Item, trims: Map<number, Trim>): boolean {
  if (item.kind !== 'text' || item.space || item.tab || item.level & 1) return false;
  for (let i = item.start; i < item.end; i++) if (trims.has(i)) return true;
  return false;
}

/**
 * The item's glyphs with its fullwidth marks trimmed: an end trim takes half the advance, a start trim moves the
 * glyph back half as far too. Glyphs are matched to the text by their code points (one glyph a mark).
 */
export function applyTrims(
  item: TextItem,
  glyphs: readonly ShapedGlyph[],
  trims: Map<number, Trim>,
  letterSpacing: number,
): readonly ShapedGlyph[] {
  let offset = item.start;
  let changed: ShapedGlyph[] | null = null;
  glyphs.forEach((glyph, i) => {
    const trim = glyph.codePoints.length === 1 ? trims.get(offset) : undefined;
    const natural = glyph.advance - letterSpacing;
    if (trim !== undefined && Math.abs(natural - item.style.fontSize) < item.style.fontSize * 0.05) {
      const half = natural / 2;
      changed ??= glyphs.slice();
      changed[i] = {
        ...glyph,
        advance: glyph.advance - half,
        dx: trim === 'start' ? glyph.dx - half : glyph.dx,
      };
    }
    for (const cp of glyph.codePoints) offset += cp > 0xffff ? 2 : 1;
  });
  return changed ?? glyphs;
}
