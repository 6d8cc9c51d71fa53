import type { BlockBox, InlineLevelBox, TextBox } from '../../boxes/box';
import type { ComputedStyle } from '../../style/computed-style';
import type { BlockContents, IntrinsicWidths, LayoutContext } from '../context';
import type { Fragment, LineFragment } from '../fragment';

/**
 * Blocks whose whole content is one run of text in one style (most table cells: a date, a quantity, a status) are
 * measured and laid out once per distinct text, style and width in a document, and copied after that. A ledger
 * repeats its dates, items and amounts row after row; measuring each cell's widths and breaking its lines again was
 * most of a long table's layout. What a block's layout reported (a word too long, a missing glyph) is not cached: a
 * block whose layout said anything is laid out every time, so that each says it at its own line.
 */

// Enough for the distinct cells of a long table; bounded so that a table of unique cells does not keep them all.
const MAX_ENTRIES = 4096;

/** What one text in one pair of styles measured and laid out to, by width. */
export interface TextEntry {
  widths?: IntrinsicWidths;
  /**
   * The lines laid out at one width (a column's cells share one), and at any others in `linesAt`: most texts are
   * laid out at one width only, and a Map for each of a long table's unique cells was a tenth of what caching
   * them kept.
   */
  linesWidth?: number;
  lines?: BlockContents;
  linesAt?: Map<number, BlockContents>;
}

/**
 * Per document (layout context): by the block's style, the text's style, then the text. Computed styles are shared
 * between elements that cascade alike, so equal objects mean equal styles; keys made of parts are looked up without
 * building a string per cell (concatenating and hashing them cost as much as the layout they saved).
 */
interface TextCaches {
  byStyle: WeakMap<ComputedStyle, WeakMap<ComputedStyle, Map<string, TextEntry>>>;
  size: number;
}

const caches = new WeakMap<LayoutContext, TextCaches>();

/** The block's only child when it is text (no marker, no ::first-line, no link, no inline box, break or image). */
function onlyText(box: BlockBox): TextBox | null {
  const { inlines } = box;
  if (inlines?.length !== 1 || box.marker || box.firstLine || box.link !== undefined) return null;
  const only = inlines[0] as InlineLevelBox;
  return only.type === 'text' && only.link === undefined ? only : null;
}

/**
 * The entry of a block whose content is one run of text, made when `make` (and the cache has room): what its inline
 * layout depends on is its style, the text's and the text. Undefined for any other block.
 */
export function textEntry(ctx: LayoutContext, box: BlockBox, make: boolean): TextEntry | undefined {
  const text = onlyText(box);
  if (!text) return undefined;
  let cache = caches.get(ctx);
  if (!cache) {
    cache = { byStyle: new WeakMap(), size: 0 };
    caches.set(ctx, cache);
  }
  let byText = cache.byStyle.get(box.style);
  let texts = byText?.get(text.style);
  let entry = texts?.get(text.text);
  if (entry || !make || cache.size >= MAX_ENTRIES) return entry;
  if (!byText) {
    byText = new WeakMap();
    cache.byStyle.set(box.style, byText);
  }
  if (!texts) {
    texts = new Map();
    byText.set(text.style, texts);
  }
  entry = {};
  texts.set(text.text, entry);
  cache.size++;
  return entry;
}

/** A copy of the lines laid out for the entry's text at this width, for the caller to place (and move) as its own. */
export function cachedLines(entry: TextEntry, width: number): BlockContents | undefined {
  const kept = entry.linesWidth === width ? entry.lines : entry.linesAt?.get(width);
  return kept && copyContents(kept);
}

/** Keeps a copy of lines just laid out, when they are only lines of text (what copyContents can copy). */
export function keepLines(entry: TextEntry, width: number, contents: BlockContents): void {
  if (contents.positioned || contents.floats) return;
  for (const line of contents.children) {
    if (line.kind !== 'line') return;
    for (const child of line.children) if (child.kind !== 'text') return;
  }
  if (entry.lines === undefined || entry.linesWidth === width) {
    entry.linesWidth = width;
    entry.lines = copyContents(contents);
  } else {
    entry.linesAt ??= new Map();
    entry.linesAt.set(width, copyContents(contents));
  }
}

// Lines are moved in place by the boxes that hold them (x and y): each use gets lines of its own. What a line holds
// stays where it was placed on it (runs are placed relative to their line and not moved after), so the runs, their
// glyph arrays, colours and decorations are shared.
function copyContents(contents: BlockContents): BlockContents {
  const copy: BlockContents = { children: contents.children.map(copyLine), height: contents.height };
  if (contents.firstBaseline !== undefined) copy.firstBaseline = contents.firstBaseline;
  if (contents.lastBaseline !== undefined) copy.lastBaseline = contents.lastBaseline;
  return copy;
}

function copyLine(fragment: Fragment): Fragment {
  return { ...(fragment as LineFragment) };
}
