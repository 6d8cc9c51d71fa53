import type { AtomicInlineBox, BlockBox, InlineLevelBox } from '../../boxes/box';
import { ColorFilter, filterOpacity } from '../../style/color-filter';
import { type ComputedStyle, type LengthOrAuto, resolveLength } from '../../style/computed-style';
import { filteredText } from './text-filter';
import { faded } from './text-opacity';

/**
 * The first step of inline layout: the inline boxes of a block flattened into one paragraph of text, in logical
 * order, with white space processed (CSS Text 3 §4.1.1) across inline boundaries and text-transform applied.
 * Forced breaks stand in the text as '\n' and atomic inlines as U+FFFC, so that UAX #14 and UAX #9 see them.
 */

/** An inline box (or the block's root inline box) as the line layout needs it. */
export interface InlineBoxInfo {
  style: ComputedStyle;
  parent: InlineBoxInfo | null;
  link: string | undefined;
  /** Margin, border and padding at the box's start and end (its own direction's start), in points. */
  startEdge: number;
  endEdge: number;
  startMargin: number;
  endMargin: number;
  /** Whether it paints a background or borders, and so gets a BoxFragment per line piece. */
  painted: boolean;
  depth: number;
  /** The inline boxes it sits in, outermost first, itself included (the root's excluded): made when first asked. */
  chain: InlineBoxInfo[] | null;
}

export type InlineEvent =
  | { kind: 'text'; start: number; end: number; style: ComputedStyle; owner: InlineBoxInfo; link: string | undefined }
  | { kind: 'open' | 'close'; at: number; info: InlineBoxInfo }
  | { kind: 'atomic'; at: number; atomic: AtomicInlineBox; owner: InlineBoxInfo }
  | { kind: 'break'; at: number; owner: InlineBoxInfo };

export interface InlineContent {
  text: string;
  events: InlineEvent[];
  root: InlineBoxInfo;
  /** Floats met in the content: not on any line, but placed beside the line holding the text offset `at`. */
  floats: InlineFloat[];
}

export interface InlineFloat {
  at: number;
  box: AtomicInlineBox['box'];
}

const COLLAPSING = new Set(['normal', 'nowrap', 'pre-line']);
const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const isCollapsible = (unit: number): boolean => unit === SPACE || unit === TAB || unit === LF || unit === CR;

/** An inline box's margin + border + padding on one side, and its margin alone (auto margins are 0 on inlines). */
function edge(margin: LengthOrAuto, border: number, padding: number, width: number): [number, number] {
  const m = margin === 'auto' ? 0 : resolveLength(margin, width);
  return [m + border + padding, m];
}

function boxInfo(
  style: ComputedStyle,
  parent: InlineBoxInfo | null,
  link: string | undefined,
  width: number,
): InlineBoxInfo {
  const [left, leftMargin] = edge(
    style.marginLeft,
    style.borderLeft.width,
    resolveLength(style.paddingLeft, width),
    width,
  );
  const [right, rightMargin] = edge(
    style.marginRight,
    style.borderRight.width,
    resolveLength(style.paddingRight, width),
    width,
  );
  const rtl = style.direction === 'rtl';
  const painted =
    style.backgroundColor.a > 0 ||
    style.backgroundImage !== null ||
    style.borderTop.width > 0 ||
    style.borderRight.width > 0 ||
    style.borderBottom.width > 0 ||
    style.borderLeft.width > 0;
  return {
    style,
    parent,
    link,
    startEdge: rtl ? right : left,
    endEdge: rtl ? left : right,
    startMargin: rtl ? rightMargin : leftMargin,
    endMargin: rtl ? leftMargin : rightMargin,
    painted,
    depth: parent ? parent.depth + 1 : 0,
    chain: null,
  };
}

interface Segment {
  text: string;
  style: ComputedStyle;
  owner: InlineBoxInfo;
  link: string | undefined;
}

type Pending =
  | Segment
  | { kind: 'control'; text: string }
  | { kind: 'open' | 'close'; info: InlineBoxInfo }
  | { kind: 'atomic'; atomic: AtomicInlineBox; owner: InlineBoxInfo }
  | { kind: 'float'; atomic: AtomicInlineBox }
  | { kind: 'break'; owner: InlineBoxInfo };

/** Collects a block's inline content; `contentWidth` resolves percentage paddings and margins of inline boxes. */
export function collectInlines(box: BlockBox, contentWidth: number): InlineContent {
  const root = boxInfo(box.style, null, box.link, contentWidth);
  root.startEdge = root.endEdge = root.startMargin = root.endMargin = 0;
  root.painted = false;
  const pending: Pending[] = [];
  // Whether the last character out is a collapsible space (true at the start: leading spaces go).
  let afterSpace = true;
  let lastSpaceSegment: Segment | null = null;

  const addText = (raw: string, style: ComputedStyle, owner: InlineBoxInfo, link: string | undefined) => {
    const ws = style.whiteSpace;
    let segment: Segment = { text: '', style, owner, link };
    const flush = () => {
      if (segment.text) pending.push(segment);
      segment = { text: '', style, owner, link };
    };
    // Text goes on in slices between white space, not a character at a time: a string grown by one
    // character is copied whole while it is short (V8 flattens short concatenations).
    if (COLLAPSING.has(ws)) {
      const keepNewlines = ws === 'pre-line';
      let i = 0;
      while (i < raw.length) {
        const unit = raw.charCodeAt(i);
        const newline = unit === LF || unit === CR;
        if (newline && keepNewlines) {
          i++;
          if (unit === CR && raw.charCodeAt(i) === LF) continue;
          // Spaces before a preserved newline are removed.
          if (afterSpace && lastSpaceSegment) {
            lastSpaceSegment.text = lastSpaceSegment.text.slice(0, -1);
            lastSpaceSegment = null;
          }
          flush();
          pending.push({ kind: 'break', owner });
          afterSpace = true;
        } else if (unit === SPACE || unit === TAB || newline) {
          i++;
          if (afterSpace) continue;
          segment.text += ' ';
          afterSpace = true;
          lastSpaceSegment = segment;
        } else {
          let end = i + 1;
          while (end < raw.length && !isCollapsible(raw.charCodeAt(end))) end++;
          segment.text += raw.slice(i, end);
          afterSpace = false;
          i = end;
        }
      }
    } else {
      let i = 0;
      while (i < raw.length) {
        const unit = raw.charCodeAt(i);
        if (unit === CR || unit === LF) {
          i++;
          if (unit === CR && raw.charCodeAt(i) === LF) continue;
          flush();
          pending.push({ kind: 'break', owner });
          afterSpace = true;
        } else {
          let end = i + 1;
          while (end < raw.length && raw.charCodeAt(end) !== CR && raw.charCodeAt(end) !== LF) end++;
          segment.text += raw.slice(i, end);
          afterSpace = false;
          i = end;
        }
      }
      lastSpaceSegment = null;
    }
    flush();
  };

  // `opacity` of the inline boxes around a text run, multiplied: the run is drawn that much fainter (text-opacity.ts);
  // their filters' colour functions, innermost first, change its colours (text-filter.ts).
  const walk = (children: InlineLevelBox[], owner: InlineBoxInfo, fade: number, filter: ColorFilter | null) => {
    for (const child of children) {
      switch (child.type) {
        case 'text': {
          const style = filter ? filteredText(child.style, filter) : child.style;
          addText(child.text, fade < 1 ? faded(style, fade) : style, owner, child.link ?? owner.link);
          break;
        }
        case 'inline': {
          const info = boxInfo(child.style, owner, child.link ?? owner.link, contentWidth);
          const [open, close] = bidiControls(child.style);
          if (open) pending.push({ kind: 'control', text: open });
          pending.push({ kind: 'open', info });
          const own = child.style.filter;
          const opacity = Math.max(0, Math.min(1, child.style.opacity)) * (own ? filterOpacity(own.functions) : 1);
          walk(child.children, info, fade * opacity, own ? ColorFilter.of(own.functions, filter) : filter);
          pending.push({ kind: 'close', info });
          if (close) pending.push({ kind: 'control', text: close });
          break;
        }
        case 'br':
          pending.push({ kind: 'break', owner });
          afterSpace = true;
          lastSpaceSegment = null;
          break;
        case 'atomic':
          // A float leaves the white space around it as it was: it takes no place in the text.
          if (child.float) {
            pending.push({ kind: 'float', atomic: child });
            break;
          }
          pending.push({ kind: 'atomic', atomic: child, owner });
          afterSpace = false;
          lastSpaceSegment = null;
          break;
      }
    }
  };

  if (box.marker && box.marker.style.listStylePosition === 'inside') {
    addText(`${box.marker.text} `, { ...box.marker.style, whiteSpace: 'pre' }, root, box.link);
    // The marker's own space separates it from the content, whose leading spaces go as at a line's start.
    afterSpace = true;
  }
  walk(box.inlines ?? [], root, 1, null);
  return assemble(pending, root);
}

/** Joins the segments into the paragraph's text, applying text-transform, and places every event in it. */
function assemble(pending: Pending[], root: InlineBoxInfo): InlineContent {
  const parts: string[] = [];
  const events: InlineEvent[] = [];
  const floats: InlineFloat[] = [];
  let at = 0;
  let afterLetter = false;
  for (const item of pending) {
    if ('style' in item) {
      if (!item.text) continue;
      let text: string;
      [text, afterLetter] = transformText(item.text, item.style.textTransform, afterLetter);
      parts.push(text);
      events.push({
        kind: 'text',
        start: at,
        end: at + text.length,
        style: item.style,
        owner: item.owner,
        link: item.link,
      });
      at += text.length;
    } else if (item.kind === 'control') {
      parts.push(item.text);
      at += item.text.length;
    } else if (item.kind === 'open' || item.kind === 'close') {
      events.push({ kind: item.kind, at, info: item.info });
    } else if (item.kind === 'atomic') {
      parts.push('\ufffc');
      events.push({ kind: 'atomic', at, atomic: item.atomic, owner: item.owner });
      at++;
      afterLetter = false;
    } else if (item.kind === 'float') {
      floats.push({ at, box: item.atomic.box });
    } else if (item.kind === 'break') {
      parts.push('\n');
      events.push({ kind: 'break', at, owner: item.owner });
      at++;
      afterLetter = false;
    }
  }
  return { text: parts.join(''), events, root, floats };
}

/**
 * unicode-bidi on an inline box as the bidi control characters that open and close it (CSS Writing Modes 3 §2.4.2,
 * as browsers do it): they take part in UAX #9 and are never drawn.
 */
function bidiControls(style: ComputedStyle): [string, string] {
  const rtl = style.direction === 'rtl';
  switch (style.unicodeBidi) {
    case 'embed':
      return [rtl ? '\u202b' : '\u202a', '\u202c'];
    case 'isolate':
      return [rtl ? '\u2067' : '\u2066', '\u2069'];
    case 'bidi-override':
      return [rtl ? '\u202e' : '\u202d', '\u202c'];
    case 'isolate-override':
      return [rtl ? '\u2067\u202e' : '\u2066\u202d', '\u202c\u2069'];
    case 'plaintext':
      return ['\u2068', '\u2069'];
    default:
      return ['', ''];
  }
}

/** Whether a UTF-16 unit is one of the bidi controls above (never part of an item). */
export const isBidiControl = (unit: number): boolean =>
  (unit >= 0x202a && unit <= 0x202e) || (unit >= 0x2066 && unit <= 0x2069);

const WORD_CHAR = /[\p{L}\p{N}\p{M}'\u2019]/u;

/**
 * A segment's text after `text-transform`, and whether it ends inside a word (`afterLetter`: whether the text before
 * it did, as a word may go on from one segment to the next).
 */
export function transformText(
  text: string,
  transform: ComputedStyle['textTransform'],
  afterLetter: boolean,
): [string, boolean] {
  if (transform === 'capitalize') return capitalize(text, afterLetter);
  const out = transform === 'uppercase' ? text.toUpperCase() : transform === 'lowercase' ? text.toLowerCase() : text;
  return [out, WORD_CHAR.test(out.at(-1) ?? ' ')];
}

/** text-transform: capitalize: the first letter of each word upper case (a word may go on from the last segment). */
function capitalize(text: string, afterLetter: boolean): [string, boolean] {
  let out = '';
  let inWord = afterLetter;
  for (const ch of text) {
    const wordChar = WORD_CHAR.test(ch);
    out += wordChar && !inWord ? ch.toUpperCase() : ch;
    inWord = wordChar;
  }
  return [out, inWord];
}
