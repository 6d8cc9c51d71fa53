import type { CssNode } from 'css-tree';
import { parseBox, parsePosition, parseRepeat, parseSize } from './backgrounds';
import { parseClipPath } from './clip-path';
import { parseColor } from './colors';
import type {
  BorderSide,
  BorderStyle,
  BoxShadow,
  Color,
  ComputedStyle,
  ContentPart,
  CounterChange,
  Display,
  Length,
  TextDecoration,
  TextShadow,
  WritingMode,
} from './computed-style';
import { BLEND_MODES, NO_FEATURES, NO_LENGTH } from './computed-style';
import { filterNotDrawn, parseFilter } from './filters';
import {
  fontFeatureSettings,
  fontVariantCaps,
  fontVariantEastAsian,
  fontVariantLigatures,
  fontVariantNumeric,
  fontVariantPosition,
} from './font-variants';
import { parseConicGradient, parseLinearGradient, parseRadialGradient } from './gradients';
import { gridLine, singleTrack, templateAreas, trackList } from './grid';
import { parseTransform } from './transforms';
import { type LengthContext, toLength, toNumber } from './values';

/** What a longhand's value is computed against, for one element. */
export interface PropertyContext extends LengthContext {
  style: ComputedStyle;
  parent: ComputedStyle;
  /** The element's own `text-decoration-*` (the propagated union is made once all are known). */
  decoration: OwnDecoration;
  /** Where the declaration being applied is, for a value that keeps it (a filter names it in paint's findings). */
  declaration?: { part: string; line: number };
  /** Set by a longhand that takes the value but will not draw part of it: the caller says so in a finding. */
  notDrawn?: string;
}

export interface OwnDecoration {
  lines?: Pick<TextDecoration, 'underline' | 'overline' | 'lineThrough'>;
  style?: TextDecoration['style'];
  color?: Color;
}

export interface Longhand {
  inherited: boolean;
  /** Sets the computed value; false when the value is not valid for the property. */
  apply(nodes: CssNode[], c: PropertyContext): boolean;
  /** Sets the value to the parent's (`inherit`) or, when parent is undefined, to the initial one. */
  reset(c: PropertyContext, from: ComputedStyle | undefined): void;
}

type Key = keyof ComputedStyle;
type Parse<T> = (nodes: CssNode[], c: PropertyContext) => T | undefined;

const INITIAL_BORDER: BorderSide = { width: 0, style: 'none', color: { r: 0, g: 0, b: 0, a: 1 } };

function one<T>(parse: (node: CssNode, c: PropertyContext) => T | undefined): Parse<T> {
  return (nodes, c) => (nodes.length === 1 ? parse(nodes[0] as CssNode, c) : undefined);
}

function keyword<T extends string>(...words: T[]): Parse<T> {
  const set = new Set<string>(words);
  return one((node) => {
    if (node.type !== 'Identifier') return undefined;
    const name = node.name.toLowerCase();
    return set.has(name) ? (name as T) : undefined;
  });
}

function identifier(node: CssNode): string | undefined {
  return node.type === 'Identifier' ? node.name.toLowerCase() : undefined;
}

/** A longhand stored in one key of ComputedStyle. */
function simple<K extends Key>(
  key: K,
  inherited: boolean,
  parse: Parse<ComputedStyle[K]>,
  initial: ComputedStyle[K],
): Longhand {
  return {
    inherited,
    apply(nodes, c) {
      const value = parse(nodes, c);
      if (value === undefined) return false;
      c.style[key] = value;
      return true;
    },
    reset(c, from) {
      c.style[key] = from ? from[key] : initial;
    },
  };
}

const length = (node: CssNode, c: PropertyContext): Length | undefined => toLength(node, c);
/** Negative lengths are invalid; a calc() such as 100% - 10px is not negative (used values are clamped later). */
const nonNegative = (node: CssNode, c: PropertyContext): Length | undefined => {
  const value = toLength(node, c);
  return value && value.pt <= 0 && value.pct <= 0 && (value.pt < 0 || value.pct < 0) ? undefined : value;
};
const lengthOr = <W extends string>(word: W, parse = length) =>
  one<Length | W>((node, c) => (identifier(node) === word ? word : parse(node, c)));
const points = (node: CssNode, c: PropertyContext): number | undefined => {
  const value = toLength(node, c);
  return value && value.pct === 0 ? value.pt : undefined;
};
const color = one<Color>((node, c) => parseColor(node, c.style.color));

const BORDER_WIDTHS: Record<string, number> = { thin: 0.75, medium: 2.25, thick: 3.75 };
export const BORDER_STYLES = new Set<string>([
  'none',
  'hidden',
  'solid',
  'dashed',
  'dotted',
  'double',
  'groove',
  'ridge',
  'inset',
  'outset',
]);

export function borderWidth(node: CssNode, c: PropertyContext): number | undefined {
  const word = identifier(node);
  if (word !== undefined) return BORDER_WIDTHS[word];
  const value = points(node, c);
  return value !== undefined && value >= 0 ? snappedBorderWidth(value) : undefined;
}

/**
 * A border, outline or column-rule width snapped as CSS Values 4 says and Chromium does (a CSS pixel is a device
 * pixel when printing): under a pixel up to one, over a pixel down to whole pixels. A 1.5px rule is 1px wide.
 */
export function snappedBorderWidth(pt: number): number {
  const px = pt / 0.75;
  if (px <= 0) return 0;
  if (px < 1) return 0.75;
  return Math.floor(px + 1e-6) * 0.75;
}

function borderPart<F extends keyof BorderSide>(
  side: 'borderTop' | 'borderRight' | 'borderBottom' | 'borderLeft' | 'outline' | 'columnRule',
  field: F,
  parse: Parse<BorderSide[F]>,
): Longhand {
  return {
    inherited: false,
    apply(nodes, c) {
      const value = parse(nodes, c);
      if (value === undefined) return false;
      c.style[side] = { ...c.style[side], [field]: value };
      return true;
    },
    reset(c, from) {
      c.style[side] = { ...c.style[side], [field]: (from ? from[side] : INITIAL_BORDER)[field] };
    },
  };
}

const CORNERS = ['top-left', 'top-right', 'bottom-right', 'bottom-left'] as const;

function radius(index: number): Longhand {
  const parse: Parse<Length> = (nodes, c) => {
    if (nodes.length < 1 || nodes.length > 2) return undefined;
    const value = toLength(nodes[0] as CssNode, c);
    return value && value.pt >= 0 && value.pct >= 0 ? value : undefined;
  };
  return {
    inherited: false,
    apply(nodes, c) {
      const value = parse(nodes, c);
      if (value === undefined) return false;
      const radii = [...c.style.borderRadius] as ComputedStyle['borderRadius'];
      radii[index] = value;
      c.style.borderRadius = radii;
      return true;
    },
    reset(c, from) {
      const radii = [...c.style.borderRadius] as ComputedStyle['borderRadius'];
      radii[index] = from ? (from.borderRadius[index] as Length) : NO_LENGTH;
      c.style.borderRadius = radii;
    },
  };
}

// Font sizes of the absolute keywords in CSS pixels (Chromium's table for a 16px medium).
const FONT_SIZE_KEYWORDS: Record<string, number> = {
  'xx-small': 9,
  'x-small': 10,
  small: 13,
  medium: 16,
  large: 18,
  'x-large': 24,
  'xx-large': 32,
  'xxx-large': 48,
};

/** font-size: em and % of the parent's size, which the caller puts in the context's fontSize. */
const fontSize = one<number>((node, c) => {
  const word = identifier(node);
  if (word !== undefined) {
    if (word === 'smaller') return c.parent.fontSize / 1.2;
    if (word === 'larger') return c.parent.fontSize * 1.2;
    const px = FONT_SIZE_KEYWORDS[word];
    return px === undefined ? undefined : px * 0.75;
  }
  const value = toLength(node, { ...c, percentBase: c.parent.fontSize });
  return value && value.pt >= 0 ? value.pt : undefined;
});

const lineHeight = one<ComputedStyle['lineHeight']>((node, c) => {
  if (identifier(node) === 'normal') return { kind: 'normal' };
  const n = toNumber(node, c);
  if (n !== undefined) return n >= 0 ? { kind: 'number', value: n } : undefined;
  const value = toLength(node, { ...c, percentBase: c.style.fontSize });
  return value && value.pt >= 0 ? { kind: 'length', value: value.pt } : undefined;
});

const fontWeight = one<number>((node, c) => {
  const word = identifier(node);
  const parent = c.parent.fontWeight;
  if (word === 'normal') return 400;
  if (word === 'bold') return 700;
  // CSS Fonts 4's table for bolder and lighter.
  if (word === 'bolder') return parent < 350 ? 400 : parent < 550 ? 700 : Math.max(900, parent);
  if (word === 'lighter') return parent < 100 ? parent : parent < 550 ? 100 : parent < 750 ? 400 : 700;
  const n = toNumber(node, c);
  return n !== undefined && n >= 1 && n <= 1000 ? n : undefined;
});

/** The list as written: names lower case, quotes removed, unquoted words joined by one space. */
export const fontFamily: Parse<string[]> = (nodes) => {
  const families: string[] = [];
  let words: string[] = [];
  for (const node of [...nodes, null]) {
    if (node === null || (node.type === 'Operator' && node.value === ',')) {
      if (words.length === 0) return undefined;
      families.push(words.join(' ').toLowerCase());
      words = [];
    } else if (node.type === 'Identifier') words.push(node.name);
    else if (node.type === 'String' && words.length === 0) words.push(node.value);
    else return undefined;
  }
  return families;
};

const verticalAlign = one<ComputedStyle['verticalAlign']>((node, c) => {
  const word = identifier(node);
  if (word !== undefined) {
    const words = ['baseline', 'sub', 'super', 'top', 'middle', 'bottom', 'text-top', 'text-bottom'] as const;
    return (words as readonly string[]).includes(word) ? (word as (typeof words)[number]) : undefined;
  }
  const lh = c.style.lineHeight;
  const lineHeightPt = lh.kind === 'length' ? lh.value : (lh.kind === 'number' ? lh.value : 1.2) * c.style.fontSize;
  const value = toLength(node, { ...c, percentBase: lineHeightPt });
  return value ? { pt: value.pt } : undefined;
});

const spacing = one<number>((node, c) => (identifier(node) === 'normal' ? 0 : points(node, c)));

const opacity = one<number>((node, c) => {
  const n = node.type === 'Percentage' ? Number(node.value) / 100 : toNumber(node, c);
  return n === undefined ? undefined : Math.min(1, Math.max(0, n));
});

/** `none`, or shadows separated by commas: `[inset]? <x> <y> [<blur> [<spread>]]? <color>?` in any order of parts. */
const boxShadow: Parse<BoxShadow[] | null> = (nodes, c) => shadowList(nodes, c, false);

/**
 * `none`, or text shadows separated by commas: `<x> <y> <blur>? <color>?`, the colour before or after the lengths
 * (no spread and no inset: those are box-shadow's).
 */
const textShadow: Parse<TextShadow[] | null> = (nodes, c) =>
  map(shadowList(nodes, c, true), (shadows) =>
    shadows === null ? null : shadows.map(({ x, y, blur, color }) => ({ x, y, blur, color })),
  );

function shadowList(nodes: CssNode[], c: PropertyContext, text: boolean): BoxShadow[] | null | undefined {
  if (nodes.length === 1 && identifier(nodes[0] as CssNode) === 'none') return null;
  const shadows: BoxShadow[] = [];
  let group: CssNode[] = [];
  const flush = (): boolean => {
    const shadow = oneShadow(group, c, text);
    group = [];
    if (!shadow) return false;
    shadows.push(shadow);
    return true;
  };
  for (const node of nodes) {
    if (node.type === 'Operator' && node.value === ',') {
      if (!flush()) return undefined;
    } else group.push(node);
  }
  return flush() ? shadows : undefined;
}

function oneShadow(nodes: CssNode[], c: PropertyContext, text: boolean): BoxShadow | undefined {
  let inset = false;
  let color: Color | undefined;
  const lengths: number[] = [];
  for (const node of nodes) {
    if (identifier(node) === 'inset' && !inset && !text) {
      inset = true;
      continue;
    }
    const length = toLength(node, c);
    if (length && length.pct === 0) {
      lengths.push(length.pt);
      continue;
    }
    const parsed = color ? undefined : parseColor(node, c.style.color);
    if (!parsed) return undefined;
    color = parsed;
  }
  const [x, y, blur = 0, spread = 0] = lengths;
  if (x === undefined || y === undefined || lengths.length > (text ? 3 : 4) || blur < 0) return undefined;
  // Without a colour, currentColor.
  return { inset, x, y, blur, spread, color: color ?? c.style.color };
}

const integer = (min: number) =>
  one<number>((node, c) => {
    const n = toNumber(node, c);
    return n !== undefined && Number.isInteger(n) && n >= min ? n : undefined;
  });

const url = (node: CssNode): string | undefined => {
  if (node.type === 'Url') return node.value;
  if (node.type === 'Function' && node.name.toLowerCase() === 'url') {
    const arg = node.children.first;
    return arg?.type === 'String' ? arg.value : undefined;
  }
  return undefined;
};

const backgroundImage = one<ComputedStyle['backgroundImage']>((node, c) => {
  if (identifier(node) === 'none') return null;
  const value = url(node);
  if (value !== undefined) return { url: value };
  const gradient =
    parseLinearGradient(node, c, c.style.color) ??
    parseRadialGradient(node, c, c.style.color) ??
    parseConicGradient(node, c, c.style.color);
  return gradient ? { gradient } : undefined;
});

const listStyleImage = one<string | null>((node) => (identifier(node) === 'none' ? null : url(node)));

const listStyleType = one<string>((node) => {
  const word = identifier(node);
  return word === undefined || word === 'inherit' || word === 'initial' ? undefined : word;
});

const DISPLAYS = new Set<string>([
  'block',
  'inline',
  'inline-block',
  'list-item',
  'table',
  'inline-table',
  'table-row-group',
  'table-header-group',
  'table-footer-group',
  'table-row',
  'table-cell',
  'table-column',
  'table-column-group',
  'table-caption',
  'none',
  'flex',
  'inline-flex',
  'grid',
  'inline-grid',
  'flow-root',
]);
/** The prefixed flexbox keywords Chromium still reads as the standard ones. */
const PREFIXED_DISPLAYS: Record<string, Display> = { '-webkit-flex': 'flex', '-webkit-inline-flex': 'inline-flex' };
const display = one<Display>((node) => {
  const word = identifier(node);
  if (word === undefined) return undefined;
  return DISPLAYS.has(word) ? (word as Display) : PREFIXED_DISPLAYS[word];
});

const LEGACY_ALIGN: Record<string, ComputedStyle['textAlign']> = {
  '-webkit-center': 'center',
  '-moz-center': 'center',
  '-internal-center': 'center',
  '-webkit-left': 'left',
  '-moz-left': 'left',
  '-webkit-right': 'right',
  '-moz-right': 'right',
};

const textAlign = one<ComputedStyle['textAlign']>((node, c) => {
  const word = identifier(node);
  // match-parent (and Chromium's -webkit-match-parent, which Bootstrap's reboot sets on th): the parent's value, its
  // start and end turned into sides by the parent's direction (CSS Text 3 §6.1).
  if (word === 'match-parent' || word === '-webkit-match-parent') {
    const { textAlign, direction } = c.parent;
    if (textAlign === 'start') return direction === 'rtl' ? 'right' : 'left';
    if (textAlign === 'end') return direction === 'rtl' ? 'left' : 'right';
    return textAlign;
  }
  const legacy = word === undefined ? undefined : LEGACY_ALIGN[word];
  c.style.textAlignLegacy = legacy !== undefined;
  if (legacy) return legacy;
  return word !== undefined && ['left', 'right', 'center', 'justify', 'start', 'end'].includes(word)
    ? (word as ComputedStyle['textAlign'])
    : undefined;
});

const LINE_SIDES = ['inline-start', 'inline-end'] as const;
const floatValue = keyword('none', 'left', 'right', ...LINE_SIDES);
const clearValue = keyword('none', 'left', 'right', 'both', ...LINE_SIDES);
// The legacy SVG values as CSS Writing Modes 3 §3.1.1 maps them.
const WRITING_MODES: Record<string, WritingMode> = {
  'horizontal-tb': 'horizontal-tb',
  lr: 'horizontal-tb',
  'lr-tb': 'horizontal-tb',
  rl: 'horizontal-tb',
  'rl-tb': 'horizontal-tb',
  'vertical-rl': 'vertical-rl',
  tb: 'vertical-rl',
  'tb-rl': 'vertical-rl',
  'vertical-lr': 'vertical-lr',
  'sideways-rl': 'sideways-rl',
  'sideways-lr': 'sideways-lr',
};

// Vertical modes are laid out turned (boxes/vertical-flow.ts).
const writingMode: Parse<WritingMode> = (nodes) => {
  const name = nodes.length === 1 ? identifier(nodes[0] as CssNode) : undefined;
  return name === undefined ? undefined : WRITING_MODES[name];
};

const textOrientation: Parse<ComputedStyle['textOrientation']> = (nodes) => {
  const name = nodes.length === 1 ? identifier(nodes[0] as CssNode) : undefined;
  if (name === 'sideways-right') return 'sideways';
  return name === 'mixed' || name === 'upright' || name === 'sideways' ? name : undefined;
};

/**
 * `float` and `clear` at the inline start or end: the side of the containing block (the parent: floats are in
 * block containers) in its direction (CSS Logical 1 §2.2).
 */
function lineSide<T extends string>(
  word: T | (typeof LINE_SIDES)[number] | undefined,
  c: PropertyContext,
): Exclude<T, (typeof LINE_SIDES)[number]> | 'left' | 'right' | undefined {
  if (word !== 'inline-start' && word !== 'inline-end') return word as Exclude<T, (typeof LINE_SIDES)[number]>;
  return (word === 'inline-start') === (c.parent.direction === 'rtl') ? 'right' : 'left';
}

const borderSpacing: Parse<[number, number]> = (nodes, c) => {
  if (nodes.length < 1 || nodes.length > 2) return undefined;
  const [h, v] = nodes.map((node) => points(node, c));
  if (h === undefined || h < 0 || (nodes.length === 2 && (v === undefined || v < 0))) return undefined;
  return [h, v ?? h];
};

const breakValue = keyword(
  'auto',
  'avoid',
  'page',
  'always',
  'left',
  'right',
  'avoid-page',
  'recto',
  'verso',
  'column',
  'avoid-column',
);

function normaliseBreak(value: string): ComputedStyle['breakBefore'] | undefined {
  if (value === 'recto') return 'right';
  if (value === 'verso') return 'left';
  if (value === 'avoid-column') return 'avoid';
  return value as ComputedStyle['breakBefore'];
}

const decorationLines: Parse<NonNullable<OwnDecoration['lines']>> = (nodes) => {
  const lines = { underline: false, overline: false, lineThrough: false };
  for (const node of nodes) {
    const word = identifier(node);
    if (word === 'none' && nodes.length === 1) return lines;
    if (word === 'underline') lines.underline = true;
    else if (word === 'overline') lines.overline = true;
    else if (word === 'line-through') lines.lineThrough = true;
    else if (word !== 'blink') return undefined;
  }
  return lines;
};
export const DECORATION_STYLES = new Set(['solid', 'double', 'dotted', 'dashed', 'wavy']);

function decorationPart<F extends keyof OwnDecoration>(
  field: F,
  parse: Parse<NonNullable<OwnDecoration[F]>>,
): Longhand {
  return {
    inherited: false,
    apply(nodes, c) {
      const value = parse(nodes, c);
      if (value === undefined) return false;
      c.decoration[field] = value;
      return true;
    },
    reset(c) {
      delete c.decoration[field];
    },
  };
}

/**
 * Box Alignment keywords: `safe` and `unsafe` are dropped (content is never moved to avoid overflow here), and
 * `first baseline` / `last baseline` are baseline.
 */
function alignment<T extends string>(...words: T[]): Parse<T> {
  const set = new Set<string>(words);
  return (nodes) => {
    const parts = nodes.map(identifier);
    if (parts.length === 2 && (parts[0] === 'safe' || parts[0] === 'unsafe')) parts.shift();
    else if (parts.length === 2 && (parts[0] === 'first' || parts[0] === 'last') && parts[1] === 'baseline')
      parts.shift();
    const word = parts.length === 1 ? parts[0] : undefined;
    return word !== undefined && set.has(word) ? (word as T) : undefined;
  };
}

const CONTENT_POSITIONS = [
  'flex-start',
  'flex-end',
  'center',
  'start',
  'end',
  'space-between',
  'space-around',
  'space-evenly',
] as const;
const SELF_POSITIONS = ['flex-start', 'flex-end', 'center', 'start', 'end', 'self-start', 'self-end'] as const;

const nonNegativeNumber = one<number>((node, c) => {
  const n = toNumber(node, c);
  return n !== undefined && n >= 0 ? n : undefined;
});

const flexBasis = one<ComputedStyle['flexBasis']>((node, c) => {
  const word = identifier(node);
  if (word === 'auto' || word === 'content') return word;
  return nonNegative(node, c);
});

/** `normal` gaps are 0 in flex layout. */
const gap = one<Length>((node, c) => (identifier(node) === 'normal' ? zero : nonNegative(node, c)));
/** `column-gap: normal` is kept: it is 0 in flex and grid layout but 1em between the columns of a multicol box. */
const columnGap = one<Length | 'normal'>((node, c) =>
  identifier(node) === 'normal' ? 'normal' : nonNegative(node, c),
);
/** `column-width`: a positive length (percentages are invalid), or auto. */
const columnWidth = one<number | 'auto'>((node, c) => {
  if (identifier(node) === 'auto') return 'auto';
  const value = points(node, c);
  return value !== undefined && value > 0 ? value : undefined;
});

const fontStyle = keyword('normal', 'italic', 'oblique');
const sides = { top: 'Top', right: 'Right', bottom: 'Bottom', left: 'Left' } as const;
const zero: Length = { pt: 0, pct: 0 };

/** Every longhand the engine computes, by CSS name. */
const QUOTES: Record<string, { open: boolean; draw: boolean }> = {
  'open-quote': { open: true, draw: true },
  'close-quote': { open: false, draw: true },
  'no-open-quote': { open: true, draw: false },
  'no-close-quote': { open: false, draw: false },
};

/**
 * `content` (CSS Generated Content 3, as ::before and ::after use it): `normal`, `none`, or strings, `attr(name)`,
 * `counter(name[, style])`, `counters(name, "sep"[, style])` and the quotes. Images (`url()`) and the other
 * functions are invalid here, so the declaration is reported and ignored.
 */
function contentValue(nodes: CssNode[]): ComputedStyle['content'] | undefined {
  if (nodes.length === 1) {
    const word = identifier(nodes[0] as CssNode);
    if (word === 'normal' || word === 'none') return word;
  }
  const parts: ContentPart[] = [];
  for (const node of nodes) {
    if (node.type === 'String') parts.push({ kind: 'string', value: node.value });
    else if (node.type === 'Identifier' && QUOTES[node.name.toLowerCase()])
      parts.push({ kind: 'quote', ...(QUOTES[node.name.toLowerCase()] as { open: boolean; draw: boolean }) });
    else if (node.type === 'Function') {
      const args = node.children.toArray().filter((n) => n.type !== 'Operator' && n.type !== 'WhiteSpace');
      const name = node.name.toLowerCase();
      const first = args[0] && identifier(args[0]);
      if (name === 'attr' && args.length === 1 && first) parts.push({ kind: 'attr', name: first });
      else if (name === 'counter' && first && args.length <= 2) {
        const style = args[1] ? identifier(args[1]) : 'decimal';
        if (!style) return undefined;
        parts.push({ kind: 'counter', name: first, style });
      } else if (name === 'counters' && first && args[1]?.type === 'String' && args.length <= 3) {
        const style = args[2] ? identifier(args[2]) : 'decimal';
        if (!style) return undefined;
        parts.push({ kind: 'counters', name: first, separator: args[1].value, style });
      } else return undefined;
    } else return undefined;
  }
  return parts.length > 0 ? parts : undefined;
}

/** counter-reset/-increment/-set: `none`, or names each with an optional integer (`default` when left out). */
function counterChanges(fallback: number): Parse<CounterChange[] | null> {
  return (nodes) => {
    if (nodes.length === 1 && identifier(nodes[0] as CssNode) === 'none') return null;
    const changes: CounterChange[] = [];
    // Whether the last name already has its number.
    let numbered = true;
    for (const node of nodes) {
      if (node.type === 'Identifier') {
        const name = node.name;
        if (['none', 'inherit', 'initial', 'unset', 'default'].includes(name.toLowerCase())) return undefined;
        changes.push({ name, value: fallback });
        numbered = false;
      } else if (node.type === 'Number' && Number.isInteger(Number(node.value)) && !numbered) {
        (changes[changes.length - 1] as CounterChange).value = Number(node.value);
        numbered = true;
      } else return undefined;
    }
    return changes.length > 0 ? changes : undefined;
  };
}

export const LONGHANDS: Record<string, Longhand> = {
  display: simple('display', false, display, 'inline'),
  visibility: simple('visibility', true, keyword('visible', 'hidden', 'collapse'), 'visible'),
  'box-sizing': simple('boxSizing', false, keyword('content-box', 'border-box'), 'content-box'),
  overflow: simple('overflow', false, keyword('visible', 'hidden', 'clip', 'auto', 'scroll'), 'visible'),
  width: simple('width', false, lengthOr('auto', nonNegative), 'auto'),
  height: simple('height', false, lengthOr('auto', nonNegative), 'auto'),
  'min-width': simple('minWidth', false, lengthOr('auto', nonNegative), 'auto'),
  'min-height': simple('minHeight', false, lengthOr('auto', nonNegative), 'auto'),
  'max-width': simple('maxWidth', false, lengthOr('none', nonNegative), 'none'),
  'max-height': simple('maxHeight', false, lengthOr('none', nonNegative), 'none'),
  color: {
    inherited: true,
    apply(nodes, c) {
      // currentColor in `color` is the parent's colour.
      const value = nodes.length === 1 ? parseColor(nodes[0] as CssNode, c.parent.color) : undefined;
      if (value === undefined) return false;
      c.style.color = value;
      return true;
    },
    reset(c, from) {
      c.style.color = from ? from.color : { r: 0, g: 0, b: 0, a: 1 };
    },
  },
  'background-color': simple('backgroundColor', false, color, { r: 0, g: 0, b: 0, a: 0 }),
  'background-image': simple('backgroundImage', false, backgroundImage, null),
  'background-repeat': simple('backgroundRepeat', false, parseRepeat, ['repeat', 'repeat']),
  'background-position': simple('backgroundPosition', false, parsePosition, { x: zero, y: zero }),
  'background-size': simple('backgroundSize', false, parseSize, { width: 'auto', height: 'auto' }),
  'background-origin': simple('backgroundOrigin', false, parseBox, 'padding-box'),
  'background-clip': simple('backgroundClip', false, parseBox, 'border-box'),
  opacity: simple('opacity', false, opacity, 1),
  'mix-blend-mode': simple('mixBlendMode', false, keyword(...BLEND_MODES), 'normal'),
  'backface-visibility': simple('backfaceVisibility', false, keyword('visible', 'hidden'), 'visible'),
  'box-shadow': simple('boxShadow', false, boxShadow, null),
  'font-family': simple('fontFamily', true, fontFamily, ['sans-serif']),
  'font-size': simple('fontSize', true, fontSize, 12),
  'font-weight': simple('fontWeight', true, fontWeight, 400),
  // `oblique 10deg` is drawn as oblique.
  'font-style': simple(
    'fontStyle',
    true,
    (n, c) => (n.length === 2 && n[1]?.type !== 'Dimension' ? undefined : fontStyle(n.slice(0, 1), c)),
    'normal',
  ),
  'line-height': simple('lineHeight', true, lineHeight, { kind: 'normal' }),
  'text-align': simple('textAlign', true, textAlign, 'start'),
  'text-align-last': simple(
    'textAlignLast',
    true,
    keyword('auto', 'left', 'right', 'center', 'justify', 'start', 'end'),
    'auto',
  ),
  'text-indent': simple('textIndent', true, one(length), zero),
  'letter-spacing': simple('letterSpacing', true, spacing, 0),
  'font-variant-numeric': simple('fontVariantNumeric', true, fontVariantNumeric, NO_FEATURES),
  'font-variant-caps': simple('fontVariantCaps', true, fontVariantCaps, 'normal'),
  'font-variant-ligatures': simple('fontVariantLigatures', true, fontVariantLigatures, NO_FEATURES),
  'font-variant-position': simple('fontVariantPosition', true, fontVariantPosition, NO_FEATURES),
  'font-variant-east-asian': simple('fontVariantEastAsian', true, fontVariantEastAsian, NO_FEATURES),
  'font-feature-settings': simple('fontFeatureSettings', true, fontFeatureSettings, NO_FEATURES),
  'text-shadow': simple('textShadow', true, textShadow, null),
  'word-spacing': simple('wordSpacing', true, spacing, 0),
  'text-transform': simple('textTransform', true, keyword('none', 'uppercase', 'lowercase', 'capitalize'), 'none'),
  'white-space': simple(
    'whiteSpace',
    true,
    keyword('normal', 'nowrap', 'pre', 'pre-wrap', 'pre-line', 'break-spaces'),
    'normal',
  ),
  direction: simple('direction', true, keyword('ltr', 'rtl'), 'ltr'),
  'unicode-bidi': simple(
    'unicodeBidi',
    false,
    keyword('normal', 'embed', 'isolate', 'bidi-override', 'isolate-override', 'plaintext'),
    'normal',
  ),
  'vertical-align': simple('verticalAlign', false, verticalAlign, 'baseline'),
  'overflow-wrap': simple('overflowWrap', true, keyword('normal', 'break-word', 'anywhere'), 'normal'),
  'word-break': simple('wordBreak', true, keyword('normal', 'break-all', 'keep-all', 'break-word'), 'normal'),
  hyphens: simple('hyphens', true, keyword('none', 'manual', 'auto'), 'manual'),
  'tab-size': simple('tabSize', true, integer(0), 8),
  'list-style-type': simple('listStyleType', true, listStyleType, 'disc'),
  'list-style-position': simple('listStylePosition', true, keyword('inside', 'outside'), 'outside'),
  'list-style-image': simple('listStyleImage', true, listStyleImage, null),
  'border-collapse': simple('borderCollapse', true, keyword('separate', 'collapse'), 'separate'),
  'border-spacing': simple('borderSpacing', true, borderSpacing, [0, 0]),
  'object-fit': simple('objectFit', false, keyword('fill', 'contain', 'cover', 'none', 'scale-down'), 'fill'),
  'object-position': simple('objectPosition', false, parsePosition, {
    x: { pt: 0, pct: 50 },
    y: { pt: 0, pct: 50 },
  }),
  'table-layout': simple('tableLayout', false, keyword('auto', 'fixed'), 'auto'),
  'caption-side': simple('captionSide', true, keyword('top', 'bottom'), 'top'),
  'empty-cells': simple('emptyCells', true, keyword('show', 'hide'), 'show'),
  'break-before': simple('breakBefore', false, (n, c) => map(breakValue(n, c), normaliseBreak), 'auto'),
  'break-after': simple('breakAfter', false, (n, c) => map(breakValue(n, c), normaliseBreak), 'auto'),
  'break-inside': simple(
    'breakInside',
    false,
    (n, c) =>
      map(keyword('auto', 'avoid', 'avoid-page', 'avoid-column')(n, c), (v) => (v === 'avoid-column' ? 'auto' : v)),
    'auto',
  ),
  orphans: simple('orphans', true, integer(1), 2),
  widows: simple('widows', true, integer(1), 2),
  position: simple('position', false, keyword('static', 'relative', 'absolute', 'fixed', 'sticky'), 'static'),
  float: simple('float', false, (n, c) => lineSide(floatValue(n, c), c), 'none'),
  clear: simple('clear', false, (n, c) => lineSide(clearValue(n, c), c), 'none'),
  'writing-mode': simple('writingMode', true, writingMode, 'horizontal-tb'),
  'text-orientation': simple('textOrientation', true, textOrientation, 'mixed'),
  top: simple('top', false, lengthOr('auto'), 'auto'),
  right: simple('right', false, lengthOr('auto'), 'auto'),
  bottom: simple('bottom', false, lengthOr('auto'), 'auto'),
  left: simple('left', false, lengthOr('auto'), 'auto'),
  'z-index': simple(
    'zIndex',
    false,
    one((node, c) => (identifier(node) === 'auto' ? 'auto' : integer(-Infinity)([node], c))),
    'auto',
  ),
  content: simple('content', false, contentValue, 'normal'),
  'counter-reset': simple('counterReset', false, counterChanges(0), null),
  'counter-increment': simple('counterIncrement', false, counterChanges(1), null),
  'counter-set': simple('counterSet', false, counterChanges(0), null),
  'flex-direction': simple('flexDirection', false, keyword('row', 'row-reverse', 'column', 'column-reverse'), 'row'),
  'flex-wrap': simple('flexWrap', false, keyword('nowrap', 'wrap', 'wrap-reverse'), 'nowrap'),
  'justify-content': simple(
    'justifyContent',
    false,
    alignment(...CONTENT_POSITIONS, 'normal', 'stretch', 'left', 'right'),
    'normal',
  ),
  'align-items': simple('alignItems', false, alignment(...SELF_POSITIONS, 'normal', 'stretch', 'baseline'), 'normal'),
  'align-self': simple(
    'alignSelf',
    false,
    alignment(...SELF_POSITIONS, 'auto', 'normal', 'stretch', 'baseline'),
    'auto',
  ),
  'justify-items': simple(
    'justifyItems',
    false,
    alignment(...SELF_POSITIONS, 'normal', 'stretch', 'baseline', 'left', 'right'),
    'normal',
  ),
  'justify-self': simple(
    'justifySelf',
    false,
    alignment(...SELF_POSITIONS, 'auto', 'normal', 'stretch', 'baseline', 'left', 'right'),
    'auto',
  ),
  'align-content': simple(
    'alignContent',
    false,
    alignment(...CONTENT_POSITIONS, 'normal', 'stretch', 'baseline'),
    'normal',
  ),
  'flex-grow': simple('flexGrow', false, nonNegativeNumber, 0),
  'flex-shrink': simple('flexShrink', false, nonNegativeNumber, 1),
  'flex-basis': simple('flexBasis', false, flexBasis, 'auto'),
  order: simple('order', false, integer(-Infinity), 0),
  'grid-template-columns': simple('gridTemplateColumns', false, trackList, []),
  'grid-template-rows': simple('gridTemplateRows', false, trackList, []),
  'grid-template-areas': simple('gridTemplateAreas', false, templateAreas, null),
  'grid-auto-rows': simple('gridAutoRows', false, singleTrack, { min: { kind: 'auto' }, max: { kind: 'auto' } }),
  'grid-column-start': simple('gridColumnStart', false, gridLine, 'auto'),
  'grid-column-end': simple('gridColumnEnd', false, gridLine, 'auto'),
  'grid-row-start': simple('gridRowStart', false, gridLine, 'auto'),
  'grid-row-end': simple('gridRowEnd', false, gridLine, 'auto'),
  'row-gap': simple('rowGap', false, gap, zero),
  'column-gap': simple('columnGap', false, columnGap, 'normal'),
  'column-count': simple(
    'columnCount',
    false,
    one((node, c) => (identifier(node) === 'auto' ? 'auto' : integer(1)([node], c))),
    'auto',
  ),
  'column-width': simple('columnWidth', false, columnWidth, 'auto'),
  'column-span': simple('columnSpan', false, keyword('none', 'all'), 'none'),
  'column-fill': simple('columnFill', false, keyword('balance', 'auto'), 'balance'),
  'text-decoration-line': decorationPart('lines', decorationLines),
  'text-decoration-style': decorationPart('style', (n, c) =>
    keyword('solid', 'double', 'dotted', 'dashed', 'wavy')(n, c),
  ),
  'text-decoration-color': decorationPart('color', color),
};

LONGHANDS.transform = simple('transform', false, (nodes, c) => parseTransform(nodes, c), null);
LONGHANDS['clip-path'] = simple('clipPath', false, parseClipPath, null);
LONGHANDS.filter = {
  inherited: false,
  apply(nodes, c) {
    const functions = parseFilter(nodes, c, c.style.color);
    if (functions === undefined) return false;
    if (functions === null) {
      c.style.filter = null;
      return true;
    }
    c.notDrawn = filterNotDrawn(functions);
    const { part, line } = c.declaration ?? { part: 'css', line: 0 };
    c.style.filter = { functions, part, line };
    return true;
  },
  reset(c, from) {
    c.style.filter = from ? from.filter : null;
  },
};
LONGHANDS['transform-origin'] = simple(
  'transformOrigin',
  false,
  (nodes, c) => (nodes.length <= 2 ? parsePosition(nodes, c) : undefined),
  { x: { pt: 0, pct: 50 }, y: { pt: 0, pct: 50 } },
);
// One axis's overflow: the engine keeps one value for both. A non-visible one clips both (CSS Overflow 3: the other
// axis's visible then computes to auto); a visible one leaves what the other axis set.
for (const axis of ['overflow-x', 'overflow-y']) {
  const parse = keyword('visible', 'hidden', 'clip', 'auto', 'scroll');
  LONGHANDS[axis] = {
    inherited: false,
    apply(nodes, c) {
      const value = parse(nodes, c);
      if (value === undefined) return false;
      if (value !== 'visible') c.style.overflow = value;
      return true;
    },
    reset() {},
  };
}
LONGHANDS['outline-width'] = borderPart('outline', 'width', one(borderWidth));
// `auto` is the user agent's own outline: a solid one.
LONGHANDS['outline-style'] = borderPart(
  'outline',
  'style',
  one((node) => {
    const word = identifier(node);
    if (word === 'auto') return 'solid';
    return word !== undefined && BORDER_STYLES.has(word) && word !== 'hidden' ? (word as BorderStyle) : undefined;
  }),
);
LONGHANDS['outline-color'] = borderPart('outline', 'color', color);
LONGHANDS['column-rule-width'] = borderPart('columnRule', 'width', one(borderWidth));
LONGHANDS['column-rule-style'] = borderPart('columnRule', 'style', keyword(...(BORDER_STYLES as Set<BorderStyle>)));
LONGHANDS['column-rule-color'] = borderPart('columnRule', 'color', color);
LONGHANDS['outline-offset'] = simple('outlineOffset', false, one(points), 0);

for (const [side, Side] of Object.entries(sides)) {
  LONGHANDS[`margin-${side}`] = simple(`margin${Side}`, false, lengthOr('auto'), zero);
  LONGHANDS[`padding-${side}`] = simple(`padding${Side}`, false, one(nonNegative), zero);
  LONGHANDS[`border-${side}-width`] = borderPart(`border${Side}`, 'width', one(borderWidth));
  LONGHANDS[`border-${side}-style`] = borderPart(
    `border${Side}`,
    'style',
    keyword(...(BORDER_STYLES as Set<BorderStyle>)),
  );
  LONGHANDS[`border-${side}-color`] = borderPart(`border${Side}`, 'color', color);
}
CORNERS.forEach((corner, index) => {
  LONGHANDS[`border-${corner}-radius`] = radius(index);
});

function map<T, U>(value: T | undefined, f: (value: T) => U): U | undefined {
  return value === undefined ? undefined : f(value);
}
