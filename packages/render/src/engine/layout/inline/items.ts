import type { AtomicInlineBox, BlockLevelBox } from '../../boxes/box';
import { type ComputedStyle, resolveLength } from '../../style/computed-style';
import { paragraphLevels } from '../../text/bidi';
import { fontFeatures } from '../../text/font-features';
import { lineBreaks, NO_BREAK } from '../../text/line-breaks';
import type { BatchShaping } from '../../text/shaper';
import type { TextShaping } from '../../text/shaper-types';
import type { IntrinsicWidths, LayoutContext } from '../context';
import type { FontFaceRef, Fragment, ShapedGlyph } from '../fragment';
import { type InlineBoxInfo, type InlineContent, isBidiControl } from './collect';
import { applyTrims, itemTrims, punctuationTrims, type Trim } from './punctuation-trim';

/**
 * The second step: the paragraph cut into the pieces line breaking moves around, each measured. A text piece is
 * a word (text between two UAX #14 break opportunities) or a run of spaces or a tab, in one style, one font and
 * one bidi level, shaped as a whole (kerning, ligatures and Arabic joining happen inside words).
 */

export interface TextItem {
  kind: 'text';
  /** Range in the paragraph's text. */
  start: number;
  end: number;
  /** What the glyphs draw: the range without soft hyphens, plus a hyphen when broken there. */
  text: string;
  style: ComputedStyle;
  owner: InlineBoxInfo;
  link: string | undefined;
  font: FontFaceRef;
  level: number;
  /** A run of spaces (U+0020): collapsible or pre-wrap ones hang at the end of a line. */
  space: boolean;
  hangs: boolean;
  tab: boolean;
  /** A tab's space advance (spacing included), which its tab stops are multiples of. */
  tabSpace?: number;
  /** Made when first needed (see glyphsOf): measuring intrinsic sizes and breaking lines need only widths. */
  glyphs: readonly ShapedGlyph[] | null;
  width: number;
  breakAfter: boolean;
  /** Ends with a soft hyphen (U+00AD) that shows as a hyphen when the line breaks after it. */
  softHyphen: boolean;
  /** An Arabic word going on across an inline boundary joins the letters on the other side (ZWJ when shaping). */
  joinBefore: boolean;
  joinAfter: boolean;
  x: number;
  /** The paragraph's fullwidth marks to trim, when this item holds one (punctuation-trim.ts). */
  trims?: Map<number, Trim>;
}

export interface EdgeItem {
  kind: 'open' | 'close';
  info: InlineBoxInfo;
  width: number;
  x: number;
}

export interface AtomicItem {
  kind: 'atomic';
  start: number;
  atomic: AtomicInlineBox;
  owner: InlineBoxInfo;
  /** Border-box fragment at (0, 0) (null when measuring intrinsic widths) and margins. */
  fragment: Fragment | null;
  margin: [number, number, number, number];
  width: number;
  /** Margin-box min- and max-content widths, when the paragraph was built to find its intrinsic widths. */
  intrinsic: IntrinsicWidths | null;
  /** Margin-box height and its baseline from the margin box's top. */
  height: number;
  baseline: number;
  level: number;
  breakAfter: boolean;
  x: number;
}

export interface BreakItem {
  kind: 'break';
  start: number;
  owner: InlineBoxInfo;
  width: number;
  x: number;
}

export type Item = TextItem | EdgeItem | AtomicItem | BreakItem;

/** What lines are broken for: layout at a width, or finding the min-content or max-content width. */
export type LayoutMode = 'layout' | 'min' | 'max';

export interface Paragraph {
  text: string;
  items: Item[];
  /** Embedding levels per UTF-16 unit, or null when everything is left to right at level 0. */
  levels: Uint8Array | null;
  baseLevel: number;
  breaks: Uint8Array;
  root: InlineBoxInfo;
  /** Some inline box paints a background or borders. */
  painted: boolean;
}

const SPACE = 0x20;
const TAB = 0x09;
const SHY = '\u00ad';

/** Whether lines may wrap inside text of this style. */
export const wraps = (style: ComputedStyle): boolean => style.whiteSpace !== 'nowrap' && style.whiteSpace !== 'pre';

const hangs = (style: ComputedStyle): boolean => style.whiteSpace !== 'break-spaces';

/** Whether a line may break at `at`, or after the bidi controls that follow it (UAX #14 attaches them before). */
function breakAt(text: string, breaks: Uint8Array, at: number): boolean {
  let q = at;
  while (breaks[q] === NO_BREAK && q < text.length && isBidiControl(text.charCodeAt(q))) q++;
  return breaks[q] !== NO_BREAK;
}

const ZWJ = '\u200d';
const JOINING = /^(?=[\p{L}\p{M}])[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}]$/u;

/**
 * Whether the Arabic letter at a segment's edge (`at`, looking `step` = -1 before it or +1 after it) continues a
 * word in the neighbouring segment: no break opportunity between two joining letters.
 */
function joinsAcross(text: string, breaks: Uint8Array, at: number, step: -1 | 1): boolean {
  if (breaks[at] !== NO_BREAK) return false;
  const inside = step === 1 ? at - 1 : at;
  let outside = step === 1 ? at : at - 1;
  while (outside >= 0 && outside < text.length && isBidiControl(text.charCodeAt(outside))) outside += step;
  const a = text[inside];
  const b = text[outside];
  // No joining script starts before Arabic (U+0600): most text is settled without the pattern.
  if (a === undefined || b === undefined || text.charCodeAt(inside) < 0x0600 || text.charCodeAt(outside) < 0x0600)
    return false;
  return JOINING.test(a) && JOINING.test(b);
}

/** The text a text item is shaped from: its own, with ZWJs where its word joins across an inline boundary. */
export function shapingText(item: TextItem): string {
  if (!item.joinBefore && !item.joinAfter) return item.text;
  return (item.joinBefore ? ZWJ : '') + item.text + (item.joinAfter ? ZWJ : '');
}

function charClass(unit: number): number {
  return unit === SPACE ? 1 : unit === TAB ? 2 : 0;
}

export function buildParagraph(
  content: InlineContent,
  contentWidth: number,
  ctx: LayoutContext,
  mode: 'layout' | 'intrinsic',
): Paragraph {
  const { text, events, root } = content;
  const direction = root.style.direction;
  const levels = paragraphLevels(text, direction);
  const baseLevel = direction === 'rtl' ? 1 : 0;
  const breaks = lineBreaks(text);
  const items: Item[] = [];
  let painted = false;
  for (const event of events) {
    switch (event.kind) {
      case 'open':
      case 'close':
        painted ||= event.info.painted;
        items.push({
          kind: event.kind,
          info: event.info,
          width: event.kind === 'open' ? event.info.startEdge : event.info.endEdge,
          x: 0,
        });
        break;
      case 'break':
        items.push({ kind: 'break', start: event.at, owner: event.owner, width: 0, x: 0 });
        break;
      case 'atomic':
        items.push(
          atomicItem(
            text,
            event.atomic,
            event.owner,
            event.at,
            levels ? (levels[event.at] as number) : 0,
            contentWidth,
            ctx,
            mode,
            breaks,
          ),
        );
        break;
      case 'text':
        textItems(items, ctx.shaping, text, event, levels, breaks);
        break;
    }
  }
  const trims = punctuationTrims(text);
  if (trims)
    for (const item of items)
      if (itemTrims(item, trims)) {
        (item as TextItem).trims = trims;
        shapeItem(ctx.shaping, item as TextItem);
      }
  return { text, items, levels, baseLevel, breaks, root, painted };
}

function textItems(
  items: Item[],
  shaping: TextShaping,
  text: string,
  event: { start: number; end: number; style: ComputedStyle; owner: InlineBoxInfo; link: string | undefined },
  levels: Uint8Array | null,
  breaks: Uint8Array,
): void {
  const { style } = event;
  const everySpace = style.whiteSpace === 'break-spaces';
  const first = items.length;
  let runStart = event.start;
  for (const run of shaping.itemize(text.slice(event.start, event.end), style)) {
    const runEnd = runStart + run.text.length;
    let pieceStart = runStart;
    let cls = charClass(text.charCodeAt(runStart));
    for (let p = runStart + 1; p <= runEnd; p++) {
      let cut = p === runEnd;
      let next = 0;
      if (!cut) {
        next = charClass(text.charCodeAt(p));
        cut =
          next !== cls ||
          cls === 2 ||
          (cls === 1 && everySpace) ||
          breaks[p] !== NO_BREAK ||
          (levels !== null && levels[p] !== levels[p - 1]);
      }
      if (!cut) continue;
      const item = textItem(text, pieceStart, p, event, run.font, levels ? (levels[pieceStart] as number) : 0, cls);
      if (item) {
        if (pieceStart === event.start) item.joinBefore = joinsAcross(text, breaks, pieceStart, -1);
        if (p === event.end) item.joinAfter = joinsAcross(text, breaks, p, 1);
        // break-spaces: a line may break after any preserved space.
        const opportunity = breakAt(text, breaks, p) || (everySpace && item.space);
        item.breakAfter = opportunity && wraps(style) && !(item.softHyphen && style.hyphens === 'none');
        items.push(item);
      }
      pieceStart = p;
      cls = next;
    }
    runStart = runEnd;
  }
  const pieces = items.slice(first) as TextItem[];
  if ('prepare' in shaping) prepareWords(shaping as BatchShaping, pieces);
  for (const item of pieces) shapeItem(shaping, item);
}

/** Has the segment's new words shaped in a few calls rather than one each (see BatchShaping). */
function prepareWords(shaping: BatchShaping, pieces: TextItem[]): void {
  let k = 0;
  while (k < pieces.length) {
    const { font, level } = pieces[k] as TextItem;
    const words: string[] = [];
    for (; k < pieces.length && (pieces[k] as TextItem).level === level; k++) {
      const item = pieces[k] as TextItem;
      if (item.space || item.tab) continue;
      if (item.font !== font) break;
      words.push(shapingText(item));
    }
    const style = (pieces[0] as TextItem).style;
    if (words.length > 1) shaping.prepare(words, font, level & 1 ? 'rtl' : 'ltr', fontFeatures(style));
  }
}

function textItem(
  text: string,
  start: number,
  end: number,
  event: { style: ComputedStyle; owner: InlineBoxInfo; link: string | undefined },
  font: FontFaceRef,
  level: number,
  cls: number,
): TextItem | null {
  const raw = text.slice(start, end);
  const drawn = raw.includes(SHY) ? raw.replaceAll(SHY, '') : raw;
  if (!drawn) return null;
  const item: TextItem = {
    kind: 'text',
    start,
    end,
    text: cls === 2 ? ' ' : drawn,
    style: event.style,
    owner: event.owner,
    link: event.link,
    font,
    level,
    space: cls === 1,
    hangs: cls === 1 && hangs(event.style),
    tab: cls === 2,
    glyphs: null,
    width: 0,
    breakAfter: false,
    softHyphen: raw.endsWith(SHY),
    joinBefore: false,
    joinAfter: false,
    x: 0,
  };
  return item;
}

/** (Re)measures a text item's `text` with letter- and word-spacing; its glyphs are made when needed. */
export function shapeItem(shaping: TextShaping, item: TextItem): void {
  const { style } = item;
  item.glyphs = null;
  if ('measure' in shaping && !item.tab && !item.trims) {
    const direction = item.level & 1 ? 'rtl' : 'ltr';
    const features = fontFeatures(style);
    const { letterSpacing, wordSpacing } = style;
    item.width = (shaping as BatchShaping).measure(
      shapingText(item),
      item.font,
      style.fontSize,
      direction,
      features,
      letterSpacing,
      wordSpacing,
    );
  } else item.width = glyphsOf(shaping, item).reduce((sum, glyph) => sum + glyph.advance, 0);
}

/** A text item's glyphs, shaped with letter- and word-spacing (made once; justification and tabs adjust them). */
export function glyphsOf(shaping: TextShaping, item: TextItem): readonly ShapedGlyph[] {
  if (item.glyphs) return item.glyphs;
  const { style } = item;
  const rtl = (item.level & 1) === 1;
  // Shared with every other use of the word at this size (frozen): changed below only in a copy.
  let { glyphs } = shaping.shape(
    shapingText(item),
    item.font,
    style.fontSize,
    rtl ? 'rtl' : 'ltr',
    fontFeatures(style),
  );
  // The joiners come out as empty glyphs at the word's logical ends (its visual ends, mirrored when right to left).
  const dropFirst = rtl ? item.joinAfter : item.joinBefore;
  const dropLast = rtl ? item.joinBefore : item.joinAfter;
  let to = glyphs.length;
  if (dropLast && glyphs[to - 1]?.advance === 0) to--;
  let from = 0;
  if (dropFirst && from < to && glyphs[0]?.advance === 0) from++;
  if (from > 0 || to < glyphs.length) glyphs = glyphs.slice(from, to);
  const letter = style.letterSpacing;
  const word = style.wordSpacing;
  if (letter !== 0 || word !== 0) {
    glyphs = glyphs.map((glyph) => {
      if (glyph.advance <= 0) return glyph;
      const cp = glyph.codePoints[0];
      let extra = 0;
      if (letter !== 0 && glyph.codePoints.length > 0) extra += letter;
      if (word !== 0 && (cp === SPACE || cp === 0xa0)) extra += word;
      return extra === 0 ? glyph : withAdvance(glyph, glyph.advance + extra);
    });
  }
  if (item.trims) glyphs = applyTrims(item, glyphs, item.trims, letter);
  item.glyphs = glyphs;
  return glyphs;
}

/** A copy of a glyph with another advance (glyphs are shared and frozen: see TextFragment.glyphs). */
export const withAdvance = (glyph: ShapedGlyph, advance: number): ShapedGlyph =>
  glyph.scale === undefined
    ? { id: glyph.id, advance, dx: glyph.dx, dy: glyph.dy, codePoints: glyph.codePoints }
    : { id: glyph.id, advance, dx: glyph.dx, dy: glyph.dy, codePoints: glyph.codePoints, scale: glyph.scale };

/** A new text item for part of another's range (a broken word), shaped; `hyphen` appends a hyphen glyph. */
export function sliceItem(
  shaping: TextShaping,
  paragraphText: string,
  item: TextItem,
  start: number,
  end: number,
  hyphen: boolean,
): TextItem {
  const raw = paragraphText.slice(start, end).replaceAll(SHY, '');
  const piece: TextItem = {
    ...item,
    start,
    end,
    text: hyphen ? `${raw}-` : raw,
    softHyphen: end === item.end && item.softHyphen,
    breakAfter: end === item.end ? item.breakAfter : true,
    joinBefore: start === item.start && item.joinBefore,
    joinAfter: end === item.end && item.joinAfter,
  };
  shapeItem(shaping, piece);
  return piece;
}

function atomicItem(
  text: string,
  atomic: AtomicInlineBox,
  owner: InlineBoxInfo,
  at: number,
  level: number,
  contentWidth: number,
  ctx: LayoutContext,
  mode: 'layout' | 'intrinsic',
  breaks: Uint8Array,
): AtomicItem {
  const breakAfter = breakAt(text, breaks, at + 1) && wraps(owner.style);
  if (mode === 'intrinsic') {
    const widths = ctx.intrinsicWidths(atomic.box);
    const s = atomic.box.style;
    const margin = (m: typeof s.marginLeft) => (m === 'auto' ? 0 : resolveLength(m, 0));
    const margins = margin(s.marginLeft) + margin(s.marginRight);
    return {
      kind: 'atomic',
      start: at,
      atomic,
      owner,
      fragment: null,
      margin: [0, 0, 0, 0],
      width: widths.max + margins,
      intrinsic: { min: widths.min + margins, max: widths.max + margins },
      height: 0,
      baseline: 0,
      level,
      breakAfter,
      x: 0,
    };
  }
  const { fragment, margin } = ctx.layoutBox(atomic.box, contentWidth, { shrinkToFit: true });
  const height = margin[0] + fragmentHeight(fragment) + margin[2];
  const inner = atomicBaseline(atomic.box, fragment);
  return {
    kind: 'atomic',
    start: at,
    atomic,
    owner,
    fragment,
    margin,
    width: margin[3] + fragmentWidth(fragment) + margin[1],
    intrinsic: null,
    height,
    baseline: inner === undefined ? height : margin[0] + inner,
    level,
    breakAfter,
    x: 0,
  };
}

const fragmentWidth = (f: Fragment): number => ('width' in f ? f.width : 0);
const fragmentHeight = (f: Fragment): number => ('height' in f ? f.height : 0);

/**
 * An atomic inline's baseline from its border box's top (CSS 2.1 §10.8.1): an inline-block's last line box,
 * unless it has none or its overflow is not visible; an inline table's first row's; none for replaced content
 * (the bottom margin edge is used).
 */
function atomicBaseline(box: BlockLevelBox, fragment: Fragment): number | undefined {
  if (box.type === 'replaced') return undefined;
  if (box.type === 'table') return lineBaseline(fragment, false);
  if (box.style.overflow !== 'visible') return undefined;
  return lineBaseline(fragment, true);
}

/** The baseline of the first or last line box inside a fragment, from its top; lines of nested atomics excluded. */
function lineBaseline(fragment: Fragment, last: boolean): number | undefined {
  if (fragment.kind === 'line') return fragment.baseline;
  if (fragment.kind !== 'box') return undefined;
  const children = fragment.children;
  for (let k = 0; k < children.length; k++) {
    const child = children[last ? children.length - 1 - k : k] as Fragment;
    if (child.kind === 'box' && child.role === 'inline-block') continue;
    const found = lineBaseline(child, last);
    if (found !== undefined) return child.y + found;
  }
  return undefined;
}
