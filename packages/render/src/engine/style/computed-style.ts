/**
 * The style stage's output: one ComputedStyle per element, computed once (cascade, inheritance, var(), calc(),
 * units). Later stages only read it. Lengths that depend on a containing block stay linear in its size
 * (`{ pt, pct }`), everything else is resolved to points here.
 */
import type { ClipShape } from './clip-path';
import type { Filter } from './filters';
import type { Gradient } from './gradients';
import type { TransformFunction } from './transforms';

/** A length `pt + pct% of the reference`: 12px is { pt: 9, pct: 0 }, calc(100% - 10px) is { pt: -7.5, pct: 100 }. */
export interface Length {
  pt: number;
  pct: number;
}
export type LengthOrAuto = Length | 'auto';
export type LengthOrNone = Length | 'none';

/** Resolves a length against its reference size (the containing block's width for margins, paddings and widths). */
export function resolveLength(length: Length, reference: number): number {
  return length.pct === 0 ? length.pt : length.pt + (length.pct * reference) / 100;
}

export const pt = (value: number): Length => ({ pt: value, pct: 0 });
export const percent = (value: number): Length => ({ pt: 0, pct: value });

/** sRGB 0–255 and alpha 0–1. */
export interface Color {
  r: number;
  g: number;
  b: number;
  a: number;
}
export const BLACK: Color = { r: 0, g: 0, b: 0, a: 1 };
export const TRANSPARENT: Color = { r: 0, g: 0, b: 0, a: 0 };

export type Display =
  | 'block'
  /** A block that establishes a formatting context: it contains its floats (the modern clearfix). */
  | 'flow-root'
  | 'inline'
  | 'inline-block'
  | 'list-item'
  | 'table'
  | 'inline-table'
  | 'table-row-group'
  | 'table-header-group'
  | 'table-footer-group'
  | 'table-row'
  | 'table-cell'
  | 'table-column'
  | 'table-column-group'
  | 'table-caption'
  | 'none'
  | 'flex'
  | 'inline-flex'
  | 'grid'
  | 'inline-grid';

export type BorderStyle =
  | 'none'
  | 'hidden'
  | 'solid'
  | 'dashed'
  | 'dotted'
  | 'double'
  | 'groove'
  | 'ridge'
  | 'inset'
  | 'outset';

export interface BorderSide {
  /** Points; 0 when the style is none or hidden (the computed-value rule). */
  width: number;
  style: BorderStyle;
  color: Color;
}

/** `column` forces a break between columns only (layout/multicol); outside columns it breaks nothing. */
export type BreakValue = 'auto' | 'avoid' | 'page' | 'always' | 'left' | 'right' | 'avoid-page' | 'column';

export type WhiteSpace = 'normal' | 'nowrap' | 'pre' | 'pre-wrap' | 'pre-line' | 'break-spaces';

export interface TextDecoration {
  underline: boolean;
  overline: boolean;
  lineThrough: boolean;
  /** null: currentColor. */
  color: Color | null;
  style: 'solid' | 'double' | 'dotted' | 'dashed' | 'wavy';
}

export type FontVariantCaps =
  | 'normal'
  | 'small-caps'
  | 'all-small-caps'
  | 'petite-caps'
  | 'all-petite-caps'
  | 'unicase'
  | 'titling-caps';

/** One `text-shadow`: offsets and blur radius in points. */
export interface TextShadow {
  x: number;
  y: number;
  blur: number;
  color: Color;
}

/** One shadow of `box-shadow` (CSS Backgrounds 3 §7.1), lengths in points. */
export interface BoxShadow {
  inset: boolean;
  x: number;
  y: number;
  /** Blur radius (0: a sharp edge). */
  blur: number;
  spread: number;
  color: Color;
}

/** An image by URL, or a linear or radial gradient (CSS Images 3). */
export type BackgroundImage =
  | {
      /** The URL as written (`data:…`, an asset name, or a remote URL); the paint stage looks it up. */
      url: string;
      gradient?: undefined;
    }
  | { url?: undefined; gradient: Gradient };

/** How a background image repeats along one axis. */
export type BackgroundRepeat = 'repeat' | 'no-repeat' | 'space' | 'round';

/**
 * Where the image's top-left corner goes in its positioning area: `pct` is of (area − image) as CSS says, so
 * `right 10px` is { pt: -7.5, pct: 100 } and `center` is { pt: 0, pct: 50 }.
 */
export interface BackgroundPosition {
  x: Length;
  y: Length;
}

/** `cover`, `contain`, or a width and a height (percentages of the positioning area; auto keeps the ratio). */
export type BackgroundSize = 'cover' | 'contain' | { width: LengthOrAuto; height: LengthOrAuto };

export type BackgroundBox = 'border-box' | 'padding-box' | 'content-box';

/** Box Alignment's positions for content (justify-content, align-content) and for items (align-items, -self). */
export type ContentPosition =
  | 'flex-start'
  | 'flex-end'
  | 'center'
  | 'start'
  | 'end'
  | 'space-between'
  | 'space-around'
  | 'space-evenly';
export type SelfPosition = 'flex-start' | 'flex-end' | 'center' | 'start' | 'end' | 'self-start' | 'self-end';

export type WritingMode = 'horizontal-tb' | 'vertical-rl' | 'vertical-lr' | 'sideways-rl' | 'sideways-lr';

export interface ComputedStyle {
  display: Display;
  /** `visibility: hidden` boxes take their space and paint nothing. */
  visibility: 'visible' | 'hidden' | 'collapse';

  // Box model. Percentages are of the containing block's width (heights: its height, when definite).
  marginTop: LengthOrAuto;
  marginRight: LengthOrAuto;
  marginBottom: LengthOrAuto;
  marginLeft: LengthOrAuto;
  paddingTop: Length;
  paddingRight: Length;
  paddingBottom: Length;
  paddingLeft: Length;
  borderTop: BorderSide;
  borderRight: BorderSide;
  borderBottom: BorderSide;
  borderLeft: BorderSide;
  /** `outline` (drawn outside the border box, `outlineOffset` away; no room in the layout); style none for none. */
  outline: BorderSide;
  outlineOffset: number;
  /** `transform` (2D functions, applied when painting: the layout does not see them); null for none. */
  transform: TransformFunction[] | null;
  /** `clip-path`: a basic shape in the border box that the element and its content are cut to; null for none. */
  clipPath: ClipShape | null;
  /** `transform-origin`, of the border box (default its centre). */
  transformOrigin: { x: Length; y: Length };
  /** Corner radii in points (horizontal = vertical): top-left, top-right, bottom-right, bottom-left. */
  /** Corner radii: top-left, top-right, bottom-right, bottom-left; a percentage is of the box's width horizontally and its height vertically. */
  borderRadius: [Length, Length, Length, Length];
  width: LengthOrAuto;
  height: LengthOrAuto;
  minWidth: LengthOrAuto;
  maxWidth: LengthOrNone;
  minHeight: LengthOrAuto;
  maxHeight: LengthOrNone;
  boxSizing: 'content-box' | 'border-box';
  overflow: 'visible' | 'hidden' | 'clip' | 'auto' | 'scroll';

  // Paint.
  color: Color;
  backgroundColor: Color;
  backgroundImage: BackgroundImage | null;
  /** Horizontal and vertical. */
  backgroundRepeat: [BackgroundRepeat, BackgroundRepeat];
  backgroundPosition: BackgroundPosition;
  backgroundSize: BackgroundSize;
  /** The positioning area of the image. */
  backgroundOrigin: BackgroundBox;
  /** The painting area of the colour and the image. */
  backgroundClip: BackgroundBox;
  opacity: number;
  /** `mix-blend-mode`: how the box, painted as one group, blends with what is under it (PDF's blend modes). */
  mixBlendMode: BlendMode;
  /** `backface-visibility`: hidden, a box whose transform turns its back to the reader paints nothing. */
  backfaceVisibility: 'visible' | 'hidden';
  /** `box-shadow`, in the order written (the first is on top); null for none. */
  boxShadow: BoxShadow[] | null;
  /**
   * `filter`: functions applied to what the element and its content paint, before clip-path and opacity; null for
   * none. Any other value makes the element the containing block of its positioned descendants.
   */
  filter: Filter | null;

  // Fonts and text (inherited).
  /** The font-family list as written, lower-cased names without quotes (`["brand sans", "sans-serif"]`). */
  fontFamily: string[];
  /** Points. */
  fontSize: number;
  /** 100–900. */
  fontWeight: number;
  fontStyle: 'normal' | 'italic' | 'oblique';
  /** `normal` (the font's own metrics), a multiple of the font size, or points. */
  lineHeight: { kind: 'normal' } | { kind: 'number'; value: number } | { kind: 'length'; value: number };
  textAlign: 'left' | 'right' | 'center' | 'justify' | 'start' | 'end';
  /** textAlign came from a `-webkit-*` value (HTML's `align` attribute, `<center>`): tables reset it to start. */
  textAlignLegacy?: boolean;
  textAlignLast: 'auto' | 'left' | 'right' | 'center' | 'justify' | 'start' | 'end';
  textIndent: Length;
  /** Points; 0 for normal. */
  letterSpacing: number;
  /** `font-variant-numeric` as the OpenType features it turns on (`tnum`, `onum`, `zero`…); empty for normal. */
  fontVariantNumeric: readonly string[];
  /** `font-variant-caps`: the font's small-caps features (smcp, c2sc…), or small capitals synthesised without them. */
  fontVariantCaps: FontVariantCaps;
  /** `font-variant-ligatures`, `-position` and `-east-asian` as OpenType features (`-liga` turns one off). */
  fontVariantLigatures: readonly string[];
  fontVariantPosition: readonly string[];
  fontVariantEastAsian: readonly string[];
  /** `font-feature-settings` as features (`tnum`, `-liga` for `"liga" 0`), applied after every `font-variant-*`. */
  fontFeatureSettings: readonly string[];
  /** `text-shadow`, first on top; null for none. */
  textShadow: TextShadow[] | null;
  wordSpacing: number;
  textTransform: 'none' | 'uppercase' | 'lowercase' | 'capitalize';
  /**
   * The lines drawn on this element's text: its own `text-decoration` united with those propagated from its
   * ancestors (CSS propagates decorations to descendants' text, each line in the colour of the element that set
   * it; atomic inlines stop the propagation). Not the CSS computed value, but what painting needs.
   */
  textDecoration: TextDecoration;
  whiteSpace: WhiteSpace;
  direction: 'ltr' | 'rtl';
  /**
   * `writing-mode` (legacy SVG values mapped as CSS Writing Modes 3 §3.1.1 says). A block container whose mode is
   * vertical inside a horizontal one is laid out turned a quarter (boxes/vertical-flow.ts).
   */
  writingMode: WritingMode;
  /** `text-orientation`: in vertical text, which characters stand upright (layout/inline, paint/text.ts). */
  textOrientation: 'mixed' | 'upright' | 'sideways';
  unicodeBidi: 'normal' | 'embed' | 'isolate' | 'bidi-override' | 'isolate-override' | 'plaintext';
  /** Keywords, or a length (points, positive raises). */
  verticalAlign:
    | 'baseline'
    | 'sub'
    | 'super'
    | 'top'
    | 'middle'
    | 'bottom'
    | 'text-top'
    | 'text-bottom'
    | { pt: number };
  overflowWrap: 'normal' | 'break-word' | 'anywhere';
  wordBreak: 'normal' | 'break-all' | 'keep-all' | 'break-word';
  hyphens: 'none' | 'manual' | 'auto';
  /** From the nearest `lang` attribute (inherited), lower case; '' when none. */
  lang: string;
  tabSize: number;

  // Lists.
  listStyleType: string;
  listStylePosition: 'inside' | 'outside';
  listStyleImage: string | null;

  // Replaced elements (CSS Images 3 §5.5, §5.6): how an image fills its content box, and where it sits in it.
  objectFit: 'fill' | 'contain' | 'cover' | 'none' | 'scale-down';
  objectPosition: BackgroundPosition;

  // Tables.
  borderCollapse: 'separate' | 'collapse';
  /** Horizontal and vertical spacing in points. */
  borderSpacing: [number, number];
  tableLayout: 'auto' | 'fixed';
  captionSide: 'top' | 'bottom';
  emptyCells: 'show' | 'hide';

  // Flexbox (CSS Flexbox 1). Gaps also apply to grid, which is not laid out yet.
  flexDirection: 'row' | 'row-reverse' | 'column' | 'column-reverse';
  flexWrap: 'nowrap' | 'wrap' | 'wrap-reverse';
  justifyContent: ContentPosition | 'normal' | 'stretch' | 'left' | 'right';
  alignItems: SelfPosition | 'normal' | 'stretch' | 'baseline';
  alignSelf: SelfPosition | 'auto' | 'normal' | 'stretch' | 'baseline';
  alignContent: ContentPosition | 'normal' | 'stretch' | 'baseline';
  /** Grid items' alignment along the row (flex items ignore it, as CSS Box Alignment says). */
  justifyItems: SelfPosition | 'normal' | 'stretch' | 'baseline' | 'left' | 'right';
  justifySelf: SelfPosition | 'auto' | 'normal' | 'stretch' | 'baseline' | 'left' | 'right';
  flexGrow: number;
  flexShrink: number;
  /** `content`: the item's content size, whatever its width or height. */
  flexBasis: LengthOrAuto | 'content';
  order: number;
  rowGap: Length;
  /** `normal` is 0 between flex items and grid tracks, 1em between columns of a multi-column container. */
  columnGap: Length | 'normal';

  // Multi-column layout (CSS Multi-column 1: layout/multicol).
  /** `column-count`: auto or a positive integer. */
  columnCount: number | 'auto';
  /** `column-width` in points (a length, never a percentage), or auto. */
  columnWidth: number | 'auto';
  /** `column-rule-*`, drawn centred in the gap between two columns with content; style none for none. */
  columnRule: BorderSide;
  columnSpan: 'none' | 'all';
  columnFill: 'balance' | 'auto';

  // Grid (CSS Grid 1: the subset layout/grid lays out).
  gridTemplateColumns: TrackList;
  gridTemplateRows: TrackList;
  /** Named areas: each row of `grid-template-areas` as its cell names (`.` for none), or null. */
  gridTemplateAreas: string[][] | null;
  gridAutoRows: TrackSize;
  gridColumnStart: GridLine;
  gridColumnEnd: GridLine;
  gridRowStart: GridLine;
  gridRowEnd: GridLine;

  // Fragmentation.
  breakBefore: BreakValue;
  breakAfter: BreakValue;
  breakInside: 'auto' | 'avoid' | 'avoid-page';
  orphans: number;
  widows: number;

  // Positioning and floats are engine v2 part 2; they are computed so that `check` can name them.
  position: 'static' | 'relative' | 'absolute' | 'fixed' | 'sticky';
  float: 'none' | 'left' | 'right';
  clear: 'none' | 'left' | 'right' | 'both';
  top: LengthOrAuto;
  right: LengthOrAuto;
  bottom: LengthOrAuto;
  left: LengthOrAuto;
  zIndex: number | 'auto';

  /** `content` of a ::before or ::after box (CSS Generated Content 3): none, normal (none there) or its parts. */
  content: 'normal' | 'none' | ContentPart[];
  /** counter-reset, counter-increment and counter-set: each counter named with its value, or none. */
  counterReset: CounterChange[] | null;
  counterIncrement: CounterChange[] | null;
  counterSet: CounterChange[] | null;
}

/** A track's sizing function: a breadth, or minmax(min, max) of two. */
export type TrackBreadth =
  | { kind: 'length'; value: Length }
  | { kind: 'fr'; value: number }
  | { kind: 'auto' | 'min-content' | 'max-content' };
export interface TrackSize {
  min: TrackBreadth;
  max: TrackBreadth;
}
/** A track list: sizes, and `repeat(auto-fill | auto-fit, …)` whose count depends on the container's width. */
export type TrackList = Array<TrackSize | { kind: 'auto-repeat'; fit: boolean; tracks: TrackSize[] }>;
/** A grid line: auto, a line number (negative from the end), a span, or an area's name. */
export type GridLine = 'auto' | { line: number } | { span: number } | { area: string };

/** A part of `content`: a string, an attribute of the element, a counter or all its nested values, a quote. */
export type ContentPart =
  | { kind: 'string'; value: string }
  | { kind: 'attr'; name: string }
  | { kind: 'counter'; name: string; style: string }
  | { kind: 'counters'; name: string; separator: string; style: string }
  | { kind: 'quote'; open: boolean; draw: boolean };

export interface CounterChange {
  name: string;
  value: number;
}

/** The inherited properties (CSS's list, for the ones ComputedStyle has): an element starts from its parent's. */
export const INHERITED_PROPERTIES = [
  'visibility',
  'color',
  'fontFamily',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'lineHeight',
  'textAlign',
  'textAlignLegacy',
  'textAlignLast',
  'textIndent',
  'letterSpacing',
  'fontVariantNumeric',
  'fontVariantCaps',
  'fontVariantLigatures',
  'fontVariantPosition',
  'fontVariantEastAsian',
  'fontFeatureSettings',
  'textShadow',
  'wordSpacing',
  'textTransform',
  'whiteSpace',
  'direction',
  'writingMode',
  'textOrientation',
  'overflowWrap',
  'wordBreak',
  'hyphens',
  'lang',
  'tabSize',
  'listStyleType',
  'listStylePosition',
  'listStyleImage',
  'borderCollapse',
  'borderSpacing',
  'captionSide',
  'emptyCells',
  'orphans',
  'widows',
] as const satisfies ReadonlyArray<keyof ComputedStyle>;

const none = (): BorderSide => ({ width: 0, style: 'none', color: BLACK });
const zero = (): Length => ({ pt: 0, pct: 0 });
/** object-position's initial value, `50% 50%`: one frozen object for every element. */
const CENTRED: BackgroundPosition = Object.freeze({
  x: Object.freeze({ pt: 0, pct: 50 }),
  y: Object.freeze({ pt: 0, pct: 50 }),
});

/** The initial values of every property (CSS's, with Quire's 12pt default font size). */
/** No OpenType features, shared (frozen). */
export const NO_FEATURES: readonly string[] = Object.freeze([]);

/** A length of zero, shared (frozen). */
export const NO_LENGTH: Length = Object.freeze({ pt: 0, pct: 0 }) as Length;

export function initialStyle(): ComputedStyle {
  return {
    display: 'inline',
    visibility: 'visible',
    marginTop: zero(),
    marginRight: zero(),
    marginBottom: zero(),
    marginLeft: zero(),
    paddingTop: zero(),
    paddingRight: zero(),
    paddingBottom: zero(),
    paddingLeft: zero(),
    borderTop: none(),
    borderRight: none(),
    borderBottom: none(),
    borderLeft: none(),
    outline: none(),
    outlineOffset: 0,
    transform: null,
    clipPath: null,
    transformOrigin: { x: { pt: 0, pct: 50 }, y: { pt: 0, pct: 50 } },
    borderRadius: [NO_LENGTH, NO_LENGTH, NO_LENGTH, NO_LENGTH],
    width: 'auto',
    height: 'auto',
    minWidth: 'auto',
    maxWidth: 'none',
    minHeight: 'auto',
    maxHeight: 'none',
    boxSizing: 'content-box',
    overflow: 'visible',
    color: BLACK,
    backgroundColor: TRANSPARENT,
    backgroundImage: null,
    backgroundRepeat: ['repeat', 'repeat'],
    backgroundPosition: { x: zero(), y: zero() },
    backgroundSize: { width: 'auto', height: 'auto' },
    backgroundOrigin: 'padding-box',
    backgroundClip: 'border-box',
    opacity: 1,
    mixBlendMode: 'normal',
    backfaceVisibility: 'visible',
    boxShadow: null,
    filter: null,
    fontFamily: ['sans-serif'],
    fontSize: 12,
    fontWeight: 400,
    fontStyle: 'normal',
    lineHeight: { kind: 'normal' },
    textAlign: 'start',
    textAlignLast: 'auto',
    textAlignLegacy: false,
    textIndent: zero(),
    letterSpacing: 0,
    fontVariantNumeric: NO_FEATURES,
    fontVariantCaps: 'normal',
    fontVariantLigatures: NO_FEATURES,
    fontVariantPosition: NO_FEATURES,
    fontVariantEastAsian: NO_FEATURES,
    fontFeatureSettings: NO_FEATURES,
    textShadow: null,
    wordSpacing: 0,
    textTransform: 'none',
    textDecoration: { underline: false, overline: false, lineThrough: false, color: null, style: 'solid' },
    whiteSpace: 'normal',
    direction: 'ltr',
    writingMode: 'horizontal-tb',
    textOrientation: 'mixed',
    unicodeBidi: 'normal',
    verticalAlign: 'baseline',
    overflowWrap: 'normal',
    wordBreak: 'normal',
    hyphens: 'manual',
    lang: '',
    tabSize: 8,
    listStyleType: 'disc',
    listStylePosition: 'outside',
    listStyleImage: null,
    objectFit: 'fill',
    objectPosition: CENTRED,
    borderCollapse: 'separate',
    borderSpacing: [0, 0],
    tableLayout: 'auto',
    captionSide: 'top',
    emptyCells: 'show',
    flexDirection: 'row',
    flexWrap: 'nowrap',
    justifyContent: 'normal',
    alignItems: 'normal',
    alignSelf: 'auto',
    alignContent: 'normal',
    justifyItems: 'normal',
    justifySelf: 'auto',
    flexGrow: 0,
    flexShrink: 1,
    flexBasis: 'auto',
    order: 0,
    rowGap: zero(),
    columnGap: 'normal',
    columnCount: 'auto',
    columnWidth: 'auto',
    columnRule: none(),
    columnSpan: 'none',
    columnFill: 'balance',
    gridTemplateColumns: [],
    gridTemplateRows: [],
    gridTemplateAreas: null,
    gridAutoRows: { min: { kind: 'auto' }, max: { kind: 'auto' } },
    gridColumnStart: 'auto',
    gridColumnEnd: 'auto',
    gridRowStart: 'auto',
    gridRowEnd: 'auto',
    breakBefore: 'auto',
    breakAfter: 'auto',
    breakInside: 'auto',
    orphans: 2,
    widows: 2,
    position: 'static',
    float: 'none',
    clear: 'none',
    top: 'auto',
    right: 'auto',
    bottom: 'auto',
    left: 'auto',
    zIndex: 'auto',
    content: 'normal',
    counterReset: null,
    counterIncrement: null,
    counterSet: null,
  };
}

/** The style stage's tree: elements with their computed style, and text. */
export type StyledNode = StyledElement | StyledText;

/** CSS Compositing 1's separable and non-separable blend modes, every one of which PDF has (ISO 32000 §11.3.5). */
export const BLEND_MODES = [
  'normal',
  'multiply',
  'screen',
  'overlay',
  'darken',
  'lighten',
  'color-dodge',
  'color-burn',
  'hard-light',
  'soft-light',
  'difference',
  'exclusion',
  'hue',
  'saturation',
  'color',
  'luminosity',
] as const;
export type BlendMode = (typeof BLEND_MODES)[number];

export interface StyledElement {
  kind: 'element';
  /** Lower-case tag name (`qr-code`, `bar-code` and `svg` included). */
  tag: string;
  attrs: Record<string, string>;
  style: ComputedStyle;
  children: StyledNode[];
  /** 1-based line of the start tag in its part, for findings. */
  line?: number;
  /** For `svg`: the element as standalone SVG markup (its children are not styled and `children` is empty). */
  markup?: string;
  /**
   * A list item's `::marker` when a rule styles it: its style (inheriting from the item's) and, when its `content`
   * gives one, the marker's text.
   */
  marker?: { style: ComputedStyle; text?: string };
  /** A block container's `::first-line` style when a rule styles it (inheriting from the element's). */
  firstLine?: ComputedStyle;
}

export interface StyledText {
  kind: 'text';
  /** As in the source, entities decoded; white space is processed by the inline layout per `white-space`. */
  text: string;
  /** The parent element's style (text inherits everything). */
  style: ComputedStyle;
}

/** `@page` rules resolved for the pages of a document. */
export interface PageStyle {
  /** Page box in points. */
  width: number;
  height: number;
  /** Page margins in points: top, right, bottom, left. */
  margin: [number, number, number, number];
  /** Margin boxes (`top-center`, `bottom-right`, …) with their `content` and style. */
  marginBoxes: Partial<Record<MarginBoxName, MarginBox>>;
  /**
   * Which lengths the template's page setup gave rather than an `@page` rule: the paper's size, then each margin
   * (top, right, bottom, left). Chromium takes those as print options, in whole points (pagePixels).
   */
  fromSetup?: { size: boolean; margin: [boolean, boolean, boolean, boolean] };
}

export type MarginBoxName =
  | 'top-left-corner'
  | 'top-left'
  | 'top-center'
  | 'top-right'
  | 'top-right-corner'
  | 'bottom-left-corner'
  | 'bottom-left'
  | 'bottom-center'
  | 'bottom-right'
  | 'bottom-right-corner'
  | 'left-top'
  | 'left-middle'
  | 'left-bottom'
  | 'right-top'
  | 'right-middle'
  | 'right-bottom';

export interface MarginBox {
  /** `content` as parts: strings and the page counters, resolved per page by the paginator. */
  content: Array<{ kind: 'string'; value: string } | { kind: 'counter'; name: 'page' | 'pages'; style: string }>;
  style: ComputedStyle;
}

/**
 * Page styles: the first page (`@page :first` over the side it falls on), the other right pages and the other
 * left pages (`@page :right`, `@page :left`). The first page is a right page, or a left one when the root's
 * direction is rtl (pages then progress from right to left).
 */
export interface PageStyles {
  first: PageStyle;
  /** The right pages after the first; also the page box the flow is laid out for. */
  other: PageStyle;
  left: PageStyle;
  rtl: boolean;
}

/** The style of the page at `index` (0-based). */
export function pageStyleAt(pages: PageStyles, index: number): PageStyle {
  if (index === 0) return pages.first;
  // Page 1 is on the right (left when rtl), page 2 on the other side, and so on.
  const onRight = (index % 2 === 0) !== pages.rtl;
  return onRight ? pages.other : pages.left;
}
