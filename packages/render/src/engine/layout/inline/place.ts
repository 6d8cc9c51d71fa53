import { hasUprightText, isTurnedStyle } from '../../boxes/vertical-flow';
import {
  BLACK,
  type BorderSide,
  type Color,
  type ComputedStyle,
  resolveLength,
  type TextDecoration,
} from '../../style/computed-style';
import { visualOrder } from '../../text/bidi';
import type { TextShaping } from '../../text/shaper-types';
import type { BoxFragment, Fragment, LineFragment, ShapedGlyph, TextFragment } from '../fragment';
import type { Line } from './break-lines';
import type { InlineBoxInfo } from './collect';
import { glyphsOf, type Item, type Paragraph, type TextItem, withAdvance } from './items';
import { sharedRun } from './shared-runs';
import type { VerticalBox, Verticals } from './vertical';

/**
 * The last step: a broken line made a line box. Its items are reordered for bidi (UAX #9 L2, after breaking),
 * aligned (text-align, justification, text-indent), given their vertical positions, and turned into fragments:
 * one box piece per painted inline box, then the text runs (adjacent items of one style merged) and atomic inlines.
 */

export type Align = 'left' | 'right' | 'center' | 'justify';

/** An outside list marker, drawn beside the first line. */
export interface OutsideMarker {
  fragments: TextFragment[];
  width: number;
  style: ComputedStyle;
  /** Where the marker's text starts, from the content box's left edge (negative: in the padding). */
  x: number;
}

export interface PlaceOptions {
  shaping: TextShaping;
  paragraph: Paragraph;
  verticals: Verticals;
  /** The content box's width and the first line's text-indent. */
  width: number;
  indent: number;
  rtl: boolean;
  align: Align;
  alignLast: Align;
  marker?: OutsideMarker | undefined;
}

const COLLAPSIBLE = new Set(['normal', 'nowrap', 'pre-line']);
const decorations = new WeakMap<ComputedStyle, (TextDecoration & { color: Color }) | null>();

function decorationOf(style: ComputedStyle): (TextDecoration & { color: Color }) | undefined {
  let decoration = decorations.get(style);
  if (decoration === undefined) {
    const d = style.textDecoration;
    decoration = d.underline || d.overline || d.lineThrough ? { ...d, color: d.color ?? style.color } : null;
    decorations.set(style, decoration);
  }
  return decoration ?? undefined;
}

/** Whether a line holds anything that gives it height (CSS 2.1 §9.4.2: else it is treated as zero-height). */
function hasContent(items: Item[]): boolean {
  for (const item of items) {
    if (item.kind === 'atomic' || item.kind === 'break') return true;
    if (item.kind === 'text' && !(item.space && COLLAPSIBLE.has(item.style.whiteSpace))) return true;
    if ((item.kind === 'open' || item.kind === 'close') && item.width !== 0) return true;
  }
  return false;
}

interface Bounds {
  top: number;
  bottom: number;
  align: 'top' | 'bottom' | null;
}

/** The line box for one line, or null when the line is empty (zero height, nothing to draw). */
export function placeLine(line: Line, first: boolean, last: boolean, options: PlaceOptions): LineFragment | null {
  const marker = first ? options.marker : undefined;
  if (!hasContent(line.items) && !marker) return null;
  const { paragraph, verticals } = options;
  const items = line.items;

  // Vertical: every inline box on the line (the root's strut included) and every atomic inline.
  const root = verticals.of(paragraph.root);
  let top = root.top;
  let bottom = root.bottom;
  let groups: Map<object, Bounds> | undefined;
  const include = (box: VerticalBox, boxTop: number, boxBottom: number) => {
    if (box.group === null) {
      top = Math.min(top, box.offset + boxTop);
      bottom = Math.max(bottom, box.offset + boxBottom);
      return;
    }
    groups ??= new Map();
    const g = groups.get(box.group);
    if (g) {
      g.top = Math.min(g.top, box.offset + boxTop);
      g.bottom = Math.max(g.bottom, box.offset + boxBottom);
    } else groups.set(box.group, { top: box.offset + boxTop, bottom: box.offset + boxBottom, align: box.align });
  };
  if (marker) {
    const markerBox = verticals.of({ ...paragraph.root, style: marker.style, parent: null });
    top = Math.min(top, markerBox.top);
    bottom = Math.max(bottom, markerBox.bottom);
  }
  // The boxes already taken in, made at the first box other than the root's: most lines (a table cell's) have none.
  let seen: Set<InlineBoxInfo> | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as Item;
    let info: InlineBoxInfo | null = 'info' in item ? item.info : item.owner;
    while (info && info !== paragraph.root && !seen?.has(info)) {
      seen ??= new Set<InlineBoxInfo>();
      seen.add(info);
      const box = verticals.of(info);
      include(box, box.top, box.bottom);
      info = info.parent;
    }
    if (item.kind === 'atomic') {
      const box = verticals.atomic(item);
      include(box, box.top, box.bottom);
    } else if (item.kind === 'text') {
      const fallback = verticals.fallbackBounds(item.style, item.font);
      if (fallback) include(verticals.of(item.owner), fallback[0], fallback[1]);
    }
  }
  if (groups) {
    for (const g of groups.values()) {
      const height = g.bottom - g.top;
      if (bottom - top >= height) continue;
      if (g.align === 'top') bottom = top + height;
      else top = bottom - height;
    }
  }
  const height = bottom - top;
  const baseline = -top;
  const baselineOf = (box: VerticalBox): number => {
    if (box.group === null) return baseline + box.offset;
    const g = groups?.get(box.group) as Bounds;
    return (g.align === 'top' ? -g.top : height - g.bottom) + box.offset;
  };

  // Horizontal: visual order, then alignment.
  const levels = paragraph.levels ? itemLevels(items, paragraph.baseLevel) : null;
  const order = levels ? visualOrder(levels) : null;
  const available = options.width - (first ? options.indent : 0);
  const lineStart = first && !options.rtl ? options.indent : 0;
  let align = last || line.forced ? options.alignLast : options.align;
  // An unbounded width (max-content layout) aligns everything at the start.
  let free = Number.isFinite(available) ? available - line.width : 0;
  if (align === 'justify') {
    if (free > 0 && justify(options.shaping, items, free)) free = 0;
    align = options.rtl ? 'right' : 'left';
  }
  let offset = align === 'right' ? free : align === 'center' ? free / 2 : 0;
  if (free < 0) offset = options.rtl ? free : 0;
  const spans = positionItems(items, order, lineStart + offset);

  const children: Fragment[] = [];
  if (spans && paragraph.painted) boxPieces(spans, verticals, baselineOf, options.width, children);
  let run: TextFragment | undefined;
  let runItem: TextItem | undefined;
  // The run's own array once a second item joins it: until then it is the first item's (shared) glyphs.
  let runGlyphs: ShapedGlyph[] | undefined;
  const endRun = () => {
    if (run && runGlyphs) run.glyphs = sharedRun(run.font, run.fontSize, run.text, runGlyphs);
    runGlyphs = undefined;
  };
  for (let k = 0; k < items.length; k++) {
    const item = items[order ? (order[k] as number) : k] as Item;
    if (item.kind === 'text') {
      if (item.width === 0 && item.space) continue;
      if (
        run &&
        runItem &&
        runItem.font === item.font &&
        runItem.style === item.style &&
        runItem.owner === item.owner &&
        runItem.link === item.link &&
        (runItem.level & 1) === (item.level & 1)
      ) {
        if (!runGlyphs) {
          runGlyphs = run.glyphs.slice();
          run.glyphs = runGlyphs;
        }
        for (const glyph of glyphsOf(options.shaping, item)) runGlyphs.push(glyph);
        run.width += item.width;
        run.text = item.level & 1 ? item.text + run.text : run.text + item.text;
        continue;
      }
      endRun();
      run = textFragment(item, glyphsOf(options.shaping, item), baselineOf(verticals.of(item.owner)));
      runItem = item;
      children.push(run);
    } else if (item.kind === 'atomic' && item.fragment) {
      endRun();
      run = runItem = undefined;
      const y = baselineOf(verticals.atomic(item)) - item.baseline + item.margin[0];
      const placed = { ...item.fragment, x: item.x + item.margin[3], y } as Fragment;
      if (placed.kind === 'box' && item.atomic.link && !placed.link) placed.link = item.atomic.link;
      children.push(placed);
    } else if (item.kind === 'open' || item.kind === 'close') {
      if (item.width !== 0) {
        endRun();
        run = runItem = undefined;
      }
    }
  }
  endRun();
  if (marker) {
    let mx = marker.x;
    for (const fragment of marker.fragments) {
      children.push({ ...fragment, x: mx, y: baseline });
      mx += fragment.width;
    }
  }
  // A copy of exactly its length: push leaves room for 17 children, and most lines have one or two.
  return { kind: 'line', x: 0, y: 0, width: options.width, height, baseline, children: children.slice() };
}

function textFragment(item: TextItem, glyphs: readonly ShapedGlyph[], y: number): TextFragment {
  const { style } = item;
  const fragment: TextFragment = {
    kind: 'text',
    x: item.x,
    y,
    width: item.width,
    font: item.font,
    fontSize: style.fontSize,
    glyphs,
    text: item.text,
    color: style.color,
  };
  const decoration = decorationOf(style);
  if (decoration) fragment.decoration = decoration;
  if (style.textShadow) fragment.shadows = style.textShadow;
  if (item.link) fragment.link = item.link;
  if (style.visibility !== 'visible') fragment.hidden = true;
  if (isTurnedStyle(style) && hasUprightText(style))
    fragment.upright = style.textOrientation === 'upright' ? 'all' : 'mixed';
  return fragment;
}

/**
 * Bidi levels of a line's items: an inline box's opening edge goes with the content after it, its closing edge
 * with the content before it, a forced break and a tab with the paragraph (UAX #9 L1).
 */
function itemLevels(items: Item[], baseLevel: number): Uint8Array {
  const levels = new Uint8Array(items.length);
  let previous = baseLevel;
  for (let k = 0; k < items.length; k++) {
    const item = items[k] as Item;
    if (item.kind === 'text') previous = item.tab ? baseLevel : item.level;
    else if (item.kind === 'atomic') previous = item.level;
    else if (item.kind === 'break') previous = baseLevel;
    else if (item.kind === 'open') continue;
    levels[k] = previous;
  }
  let next = baseLevel;
  for (let k = items.length - 1; k >= 0; k--) {
    const item = items[k] as Item;
    if (item.kind === 'open') levels[k] = next;
    else if (item.kind !== 'close') next = levels[k] as number;
  }
  return levels;
}

/**
 * Spreads `free` over the line's justification opportunities (text-align: justify, text-justify: auto, as
 * Chromium's ShapeResultSpacing counts them): every space, and both sides of every CJK ideograph, kana or CJK
 * symbol (one between two of them), none before the line's first character nor after its last CJK one. False when
 * the line has none. A Japanese or Chinese line, with no spaces, is spread between its characters.
 */
function justify(shaping: TextShaping, items: Item[], free: number): boolean {
  const slots = new Map<TextItem, number[]>();
  const add = (item: TextItem, glyph: number) => {
    const list = slots.get(item);
    if (list) list.push(glyph);
    else slots.set(item, [glyph]);
  };
  let count = 0;
  let afterOpportunity = true;
  let previous: [TextItem, number] | null = null;
  let tail: [TextItem, number] | null = null;
  for (const item of items) {
    if (item.kind === 'atomic') {
      afterOpportunity = false;
      previous = null;
      continue;
    }
    if (item.kind !== 'text' || item.width === 0) continue;
    const glyphs = glyphsOf(shaping, item);
    for (let j = 0; j < glyphs.length; j++) {
      const cp = (glyphs[j] as ShapedGlyph).codePoints[0];
      tail = null;
      if (cp === undefined) {
        // The second glyph of a cluster (a mark): its character's opportunity went to the first.
      } else if (cp === 0x20 && item.space) {
        add(item, j);
        count++;
        afterOpportunity = true;
      } else if (isCjkIdeographOrSymbol(cp)) {
        if (!afterOpportunity && previous) {
          add(previous[0], previous[1]);
          count++;
        }
        add(item, j);
        count++;
        afterOpportunity = true;
        tail = [item, j];
      } else afterOpportunity = false;
      previous = [item, j];
    }
  }
  // No expansion after the line's last character when it is an ideograph.
  if (tail) {
    const list = slots.get(tail[0]) as number[];
    list.splice(list.lastIndexOf(tail[1]), 1);
    count--;
  }
  if (count <= 0) return false;
  const extra = free / count;
  for (const [item, list] of slots) {
    if (list.length === 0 || !item.glyphs) continue;
    const glyphs = item.glyphs.slice();
    for (const j of list) glyphs[j] = withAdvance(glyphs[j] as ShapedGlyph, (glyphs[j] as ShapedGlyph).advance + extra);
    item.glyphs = glyphs;
    item.width += extra * list.length;
  }
  return true;
}

/**
 * Chromium's Character::IsCJKIdeographOrSymbol, in the ranges that matter for text: CJK radicals and ideographs,
 * kana, Bopomofo, CJK symbols and punctuation, enclosed and compatibility forms, full-width forms.
 */
function isCjkIdeographOrSymbol(cp: number): boolean {
  return (
    (cp >= 0x2e80 && cp <= 0x2fff) ||
    (cp >= 0x3000 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe10 && cp <= 0xfe1f) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xffef) ||
    (cp >= 0x20000 && cp <= 0x3ffff)
  );
}

const NO_BORDER: BorderSide = { width: 0, style: 'none', color: BLACK };

interface Span {
  left: number;
  right: number;
  /** The box starts (ends) on this line: its first (last) piece. */
  start: boolean;
  end: boolean;
}

/** The inline boxes an item sits in, outermost first (the root's excluded); an edge item's own box included. */
function chainOf(item: Item): InlineBoxInfo[] {
  const info = 'info' in item ? item.info : item.owner;
  if (!info.chain) {
    const chain: InlineBoxInfo[] = [];
    for (let at: InlineBoxInfo | null = info; at?.parent; at = at.parent) chain.unshift(at);
    info.chain = chain;
  }
  return info.chain;
}

/**
 * Gives the items their x, left to right in visual order from `x`. Inline boxes' margins, borders and padding go
 * on their PHYSICAL sides wherever bidi reordering puts their content: padding-left on the left of a box's
 * content (on the line with its start for a left-to-right box, with its end for a right-to-left one). Returns
 * each box's span on the line (border-box left and right), or null when the line has no inline box edges.
 */
function positionItems(items: Item[], order: number[] | null, from: number): Map<InlineBoxInfo, Span> | null {
  const at = (k: number) => items[order ? (order[k] as number) : k] as Item;
  let x = from;
  if (!items.some((item) => item.kind === 'open' || item.kind === 'close')) {
    for (let k = 0; k < items.length; k++) {
      const item = at(k);
      item.x = x;
      x += item.width;
    }
    return null;
  }
  const opened = new Set<InlineBoxInfo>();
  const closed = new Set<InlineBoxInfo>();
  const last = new Map<InlineBoxInfo, number>();
  for (let k = 0; k < items.length; k++) {
    const item = at(k);
    if (item.kind === 'open') opened.add(item.info);
    else if (item.kind === 'close') closed.add(item.info);
    for (const info of chainOf(item)) last.set(info, k);
  }
  const spans = new Map<InlineBoxInfo, Span>();
  const enter = (info: InlineBoxInfo) => {
    const rtl = info.style.direction === 'rtl';
    let span = spans.get(info);
    const leftSide = !span && (rtl ? closed.has(info) : opened.has(info));
    const margin = leftSide ? (rtl ? info.endMargin : info.startMargin) : 0;
    const edge = leftSide ? (rtl ? info.endEdge : info.startEdge) : 0;
    if (span) span.left = Math.min(span.left, x);
    else {
      span = { left: x + margin, right: x + margin, start: opened.has(info), end: closed.has(info) };
      spans.set(info, span);
    }
    x += edge;
  };
  const leave = (info: InlineBoxInfo, k: number) => {
    const rtl = info.style.direction === 'rtl';
    const rightSide = last.get(info) === k && (rtl ? opened.has(info) : closed.has(info));
    const margin = rightSide ? (rtl ? info.startMargin : info.endMargin) : 0;
    const edge = rightSide ? (rtl ? info.startEdge : info.endEdge) : 0;
    const span = spans.get(info) as Span;
    span.right = Math.max(span.right, x + edge - margin);
    x += edge;
  };
  let stack: InlineBoxInfo[] = [];
  for (let k = 0; k < items.length; k++) {
    const item = at(k);
    const chain = chainOf(item);
    let common = 0;
    while (common < stack.length && common < chain.length && stack[common] === chain[common]) common++;
    for (let j = stack.length - 1; j >= common; j--) leave(stack[j] as InlineBoxInfo, k - 1);
    for (let j = common; j < chain.length; j++) enter(chain[j] as InlineBoxInfo);
    stack = chain;
    item.x = x;
    if (item.kind !== 'open' && item.kind !== 'close') x += item.width;
  }
  for (let j = stack.length - 1; j >= 0; j--) leave(stack[j] as InlineBoxInfo, items.length - 1);
  return spans;
}

/** One box fragment per painted inline box on the line, spanning its content there, outer boxes first. */
function boxPieces(
  spans: Map<InlineBoxInfo, Span>,
  verticals: Verticals,
  baselineOf: (box: VerticalBox) => number,
  width: number,
  out: Fragment[],
): void {
  const pieces = [...spans.entries()].filter(([info]) => info.painted).sort((a, b) => a[0].depth - b[0].depth);
  for (const [info, span] of pieces) {
    const { style } = info;
    const box = verticals.of(info);
    const paddingTop = resolveLength(style.paddingTop, width);
    const paddingBottom = resolveLength(style.paddingBottom, width);
    const y = baselineOf(box) - box.ascent - paddingTop - style.borderTop.width;
    let pieceStyle = style;
    if (!span.start || !span.end) {
      // A box broken across lines has no border on the sides where it is cut (box-decoration-break: slice).
      const rtl = style.direction === 'rtl';
      pieceStyle = { ...style };
      if (!span.start) pieceStyle[rtl ? 'borderRight' : 'borderLeft'] = NO_BORDER;
      if (!span.end) pieceStyle[rtl ? 'borderLeft' : 'borderRight'] = NO_BORDER;
    }
    const piece: BoxFragment = {
      kind: 'box',
      x: span.left,
      y,
      width: span.right - span.left,
      height: box.ascent + box.descent + paddingTop + paddingBottom + style.borderTop.width + style.borderBottom.width,
      style: pieceStyle,
      children: [],
      role: 'inline',
    };
    if (info.link) piece.link = info.link;
    out.push(piece);
  }
}
