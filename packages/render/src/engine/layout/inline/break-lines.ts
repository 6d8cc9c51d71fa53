import type { Findings } from '../../findings';
import { canHyphenate, hyphenationPoints } from '../../text/hyphenate';
import { NO_BREAK } from '../../text/line-breaks';
import type { TextShaping } from '../../text/shaper-types';
import type { ShapedGlyph } from '../fragment';
import {
  glyphsOf,
  type Item,
  type LayoutMode,
  type Paragraph,
  sliceItem,
  type TextItem,
  withAdvance,
  wraps,
} from './items';

/**
 * The third step: greedy line breaking (as browsers do) at UAX #14 opportunities, hyphenation points and, for
 * overflow-wrap and word-break, between grapheme clusters. Spaces at the end of a line hang (take no room).
 */

export interface Line {
  /** Items in logical order. */
  items: Item[];
  /** Width of the items, trailing hanging spaces excluded. */
  width: number;
  /** Ended by a forced break (a `<br>` or a preserved newline). */
  forced: boolean;
}

export interface BreakOptions {
  shaping: TextShaping;
  /** Width of the line boxes; the first is `firstIndent` narrower (text-indent). */
  width: number;
  firstIndent: number;
  mode: LayoutMode;
  /** Where to report words too long for their line (layout only). */
  findings?: Findings;
  line?: number;
}

// Widths are sums of floats, and a flex item's width comes back from Yoga as a 32-bit float (some 1e-5 off for a
// width of a hundred points): a line that fits exactly must not be broken by rounding. A thousandth of a point is
// far below what prints (Chromium's own layout unit is 1/64 px, 0.0117pt); a flex item with one line of Korean
// broke its last syllable onto a second line that overlapped what followed.
const EPSILON = 1e-3;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The paragraph's lines from item `from` (the first line, when 0 and `first` is left true). */
export function breakLines(paragraph: Paragraph, options: BreakOptions, from = 0, first = true): Line[] {
  const lines: Line[] = [];
  let i = from;
  while (i < paragraph.items.length) {
    const next = breakLine(paragraph, i, first && lines.length === 0, options.width, options);
    lines.push(next.line);
    i = next.end;
  }
  return lines;
}

/**
 * One line from item `i` in a line box `lineWidth` wide (floats make line boxes of different widths): the line
 * and the index of the item the next line starts with.
 */
export function breakLine(
  paragraph: Paragraph,
  i: number,
  first: boolean,
  lineWidth: number,
  options: BreakOptions,
): { line: Line; end: number } {
  const { items } = paragraph;
  const available = lineWidth - (first ? options.firstIndent : 0);
  const startX = first ? options.firstIndent : 0;
  let width = 0;
  let hasContent = false;
  let lastBreak = -1;
  let end = -1;
  let forced = false;
  let j = i;
  while (j < items.length) {
    const item = items[j] as Item;
    if (item.kind === 'break') {
      end = j + 1;
      forced = true;
      break;
    }
    if (item.kind !== 'text' && item.kind !== 'atomic') {
      width += item.width;
      j++;
      continue;
    }
    if (item.kind === 'text' && item.hangs) {
      width += item.width;
      if (item.breakAfter) lastBreak = j;
      j++;
      continue;
    }
    if (item.kind === 'text' && item.tab) setTabWidth(options.shaping, item, startX + width);
    if (width + item.width <= available + EPSILON) {
      width += item.width;
      hasContent = true;
      if (item.breakAfter) lastBreak = j;
      j++;
      continue;
    }
    // The item does not fit.
    const room = available - width;
    if (item.kind === 'text' && !item.space && !item.tab) {
      const split =
        (item.style.wordBreak === 'break-all'
          ? splitAtGraphemes(paragraph, options.shaping, item, room, false)
          : null) ??
        (item.style.hyphens === 'auto'
          ? splitAtHyphen(paragraph, options.shaping, item, room, !hasContent && lastBreak < i)
          : null);
      if (split) {
        items.splice(j, 1, split[0], split[1]);
        end = j + 1;
        break;
      }
    }
    if (lastBreak >= i) {
      end = lastBreak + 1;
      break;
    }
    if (item.kind === 'text' && !item.space && !item.tab && emergencyBreaks(item, options.mode)) {
      const split = splitAtGraphemes(paragraph, options.shaping, item, room, !hasContent);
      if (split) {
        items.splice(j, 1, split[0], split[1]);
        end = j + 1;
        break;
      }
      if (hasContent) {
        end = j;
        break;
      }
    }
    // Nothing allows a break before the next opportunity: the line overflows.
    if (item.kind === 'text' && options.findings && wraps(item.style))
      reportLongWord(paragraph, item, available, options);
    width += item.width;
    hasContent = true;
    if (item.breakAfter) lastBreak = j;
    j++;
  }
  if (end < 0) end = items.length;
  // Closing edges of boxes whose content ends the line stay on it.
  while (end < items.length && (items[end] as Item).kind === 'close') end++;
  const lineItems = items.slice(i, end);
  if (!forced && end < items.length) hyphenateEnd(paragraph, options.shaping, lineItems);
  return { line: { items: lineItems, width: trimEnd(lineItems), forced }, end };
}

/** overflow-wrap: anywhere (also for min-content), break-word and word-break: break-word (layout only). */
function emergencyBreaks(item: TextItem, mode: LayoutMode): boolean {
  const { overflowWrap, wordBreak } = item.style;
  if (overflowWrap === 'anywhere' || wordBreak === 'break-all') return true;
  return mode === 'layout' && (overflowWrap === 'break-word' || wordBreak === 'break-word');
}

/** Tab stops every tab-size spaces from the start edge of the block (CSS Text 3 §4.2). */
function setTabWidth(shaping: TextShaping, item: TextItem, x: number): void {
  const glyph = glyphsOf(shaping, item)[0];
  if (!glyph) return;
  const { style } = item;
  const space = item.tabSpace ?? glyph.advance;
  item.tabSpace = space;
  const stop = style.tabSize * space;
  if (stop <= 0) {
    setTab(item, glyph, 0);
    return;
  }
  let next = Math.ceil((x + EPSILON) / stop) * stop;
  // A tab narrower than half a space goes on to the next stop.
  if (next - x < space / 2) next += stop;
  setTab(item, glyph, next - x);
}

function setTab(item: TextItem, glyph: ShapedGlyph, advance: number): void {
  item.width = advance;
  item.glyphs = [withAdvance(glyph, advance), ...(item.glyphs ?? []).slice(1)];
}

/**
 * Zeroes the spaces that hang at the end of a line (copies in the line's own list: a line broken again where a float
 * moved it keeps the paragraph's items whole) and returns the line's width without them.
 */
function trimEnd(items: Item[]): number {
  let width = 0;
  for (const item of items) width += item.width;
  for (let k = items.length - 1; k >= 0; k--) {
    const item = items[k] as Item;
    if (item.kind === 'close' || item.kind === 'break') continue;
    if (item.kind !== 'text' || !item.hangs) break;
    width -= item.width;
    const glyphs = item.glyphs?.map((glyph) => (glyph.advance === 0 ? glyph : withAdvance(glyph, 0))) ?? null;
    items[k] = { ...item, width: 0, glyphs };
  }
  return width;
}

/** A line broken after a soft hyphen shows a hyphen there. */
function hyphenateEnd(paragraph: Paragraph, shaping: TextShaping, items: Item[]): void {
  for (let k = items.length - 1; k >= 0; k--) {
    const item = items[k] as Item;
    if (item.kind === 'close' || item.kind === 'open') continue;
    if (item.kind === 'text' && item.softHyphen && item.style.hyphens !== 'none') {
      items[k] = sliceItem(shaping, paragraph.text, item, item.start, item.end, true);
    }
    return;
  }
}

/**
 * Breaks a word between grapheme clusters so that its first part fits in `room` (at least one cluster when
 * `atLeastOne`); null when no cluster fits or the word is a single cluster.
 *
 * A word of thousands of characters is broken once per line, so each break costs what one line holds, not what the
 * word holds: clusters are segmented in a window that grows only while the head still fits, and a long tail is not
 * shaped until it is short enough to be the last part (its width is the word's less the head's until then).
 */
function splitAtGraphemes(
  paragraph: Paragraph,
  shaping: TextShaping,
  item: TextItem,
  room: number,
  atLeastOne: boolean,
): [TextItem, TextItem] | null {
  const length = item.end - item.start;
  const perChar = length > 0 ? item.width / length : 0;
  let window = Math.min(length, Math.max(64, perChar > 0 ? Math.ceil((2 * room) / perChar) + 16 : length));
  for (;;) {
    const bounds = clusterBounds(paragraph.text, item.start, item.start + window, item.end);
    if (bounds.length === 0) return null;
    const last = bounds[bounds.length - 1] as number;
    // The whole window fits and the word goes on: look further.
    if (window < length && last < item.end) {
      const head = sliceItem(shaping, paragraph.text, item, item.start, last, false);
      if (head.width <= room + EPSILON) {
        window = Math.min(length, window * 2);
        continue;
      }
    }
    // The longest head that fits: widths grow with the cluster count, so search.
    let lo = 0;
    let hi = bounds.length - 1;
    let best: TextItem | null = null;
    let bestAt = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const head = sliceItem(shaping, paragraph.text, item, item.start, bounds[mid] as number, false);
      if (head.width <= room + EPSILON) {
        best = head;
        bestAt = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (!best) {
      if (!atLeastOne) return null;
      bestAt = 0;
      best = sliceItem(shaping, paragraph.text, item, item.start, bounds[0] as number, false);
    }
    return [best, tailOf(paragraph, shaping, item, bounds[bestAt] as number, best.width)];
  }
}

/** The cluster boundaries inside [start, to) of a word ending at `end` (`to` itself when it is one). */
function clusterBounds(text: string, start: number, to: number, end: number): number[] {
  const bounds: number[] = [];
  // One character more than the window, so that a cluster ending at the window's edge is known to end there.
  const slice = text.slice(start, Math.min(end, to + 1));
  for (const { index } of segmenter.segment(slice)) {
    if (index > 0 && start + index <= to && start + index < end) bounds.push(start + index);
  }
  return bounds;
}

// Tails longer than this are measured as the word less its head, and shaped once they are shorter.
const LAZY_TAIL = 512;

function tailOf(paragraph: Paragraph, shaping: TextShaping, item: TextItem, at: number, headWidth: number): TextItem {
  if (item.end - at <= LAZY_TAIL) return sliceItem(shaping, paragraph.text, item, at, item.end, false);
  const raw = paragraph.text.slice(at, item.end).replaceAll('\u00ad', '');
  return {
    ...item,
    start: at,
    text: raw,
    joinBefore: false,
    glyphs: null,
    width: Math.max(0, item.width - headWidth),
  };
}

/** hyphens: auto: breaks a word at its last hyphenation point whose first part, with a hyphen, fits. */
function splitAtHyphen(
  paragraph: Paragraph,
  shaping: TextShaping,
  item: TextItem,
  room: number,
  atFirstPoint: boolean,
): [TextItem, TextItem] | null {
  const { lang } = item.style;
  if (!canHyphenate(lang) || item.text !== paragraph.text.slice(item.start, item.end)) return null;
  const points = hyphenationPoints(item.text, lang);
  for (let k = points.length - 1; k >= 0; k--) {
    const at = item.start + (points[k] as number);
    const head = sliceItem(shaping, paragraph.text, item, item.start, at, true);
    // Alone on its line and too wide even in part, a word still breaks at its first hyphenation point (as it
    // would at the first opportunity after an overflow); min-content is its widest part.
    if (head.width <= room + EPSILON || (atFirstPoint && k === 0)) {
      return [head, sliceItem(shaping, paragraph.text, item, at, item.end, false)];
    }
  }
  return null;
}

function reportLongWord(paragraph: Paragraph, item: TextItem, available: number, options: BreakOptions): void {
  const { text, breaks } = paragraph;
  let start = item.start;
  while (start > 0 && breaks[start] === NO_BREAK && text[start - 1] !== '\n' && text[start - 1] !== ' ') start--;
  let end = item.end;
  while (end < text.length && breaks[end] === NO_BREAK && text[end] !== '\n') end++;
  const whole = text.slice(start, end).trim().replaceAll('\ufffc', '');
  // A word of thousands of characters is named by its start.
  const word = whole.length > 80 ? `${whole.slice(0, 40)}… (${whole.length} characters)` : whole;
  options.findings?.add({
    code: 'word_too_long',
    message: `The word "${word}" is wider than its line (${available.toFixed(1)}pt) and overflows it; overflow-wrap: anywhere or word-break: break-all would break it`,
    ...(options.line !== undefined ? { line: options.line } : {}),
  });
}
