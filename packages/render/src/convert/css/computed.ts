import type { Element } from 'domhandler';
import type { Declarations } from './declarations';
import { parseDeclarations } from './declarations';
import type { RuleIndex } from './stylesheet';
import { type Length, parseColor, parseLength, toPoints } from './values';

export interface BorderSide {
  width: number;
  color: string;
}

export type Display =
  | 'block'
  | 'inline'
  | 'inline-block'
  | 'list-item'
  | 'none'
  | 'flex'
  | 'table'
  | 'table-row'
  | 'table-cell'
  | 'table-row-group'
  | 'table-header-group'
  | 'table-footer-group'
  | 'table-caption'
  | 'table-column'
  | 'table-column-group';

/** An element's style after the cascade, with lengths in points. */
export interface ComputedStyle {
  // Inherited
  color: string;
  fontFamily: string | undefined;
  fontSize: number;
  bold: boolean;
  italic: boolean;
  /** CSS line height as a multiple of the font size. */
  lineHeight: number;
  letterSpacing: number;
  textAlign: 'left' | 'right' | 'center' | 'justify' | undefined;
  textTransform: 'none' | 'uppercase' | 'lowercase' | 'capitalize';
  whiteSpace: 'normal' | 'pre' | 'nowrap' | 'pre-wrap' | 'pre-line';
  direction: 'ltr' | 'rtl' | undefined;
  listStyleType: string;
  /** Text decoration propagates to the text inside, though CSS does not call it inherited. */
  decoration: Set<'underline' | 'lineThrough' | 'overline'>;
  /** The nearest link around this element. */
  link: string | undefined;
  // Not inherited
  display: Display;
  margin: [number, number, number, number];
  /** Margins given in %, which resolve against the container's width once it is known. */
  marginPercent: [number | undefined, number | undefined, number | undefined, number | undefined] | undefined;
  padding: [number, number, number, number];
  border: [BorderSide, BorderSide, BorderSide, BorderSide];
  background: string | undefined;
  width: Length | undefined;
  maxWidth: Length | undefined;
  height: Length | undefined;
  verticalAlign: string | undefined;
  flexGrow: number | undefined;
  flexBasis: Length | undefined;
  flexDirection: 'row' | 'column';
  justifyContent: string | undefined;
  columnGap: number;
  breakBefore: boolean;
  breakAfter: boolean;
  avoidBreakInside: boolean;
  textIndent: number;
}

const NO_BORDER: BorderSide = { width: 0, color: '#000000' };

export function rootStyle(fontSize = 12): ComputedStyle {
  return {
    color: '#000000',
    fontFamily: undefined,
    fontSize,
    bold: false,
    italic: false,
    lineHeight: 1.2,
    letterSpacing: 0,
    textAlign: undefined,
    textTransform: 'none',
    whiteSpace: 'normal',
    direction: undefined,
    listStyleType: 'disc',
    decoration: new Set(),
    link: undefined,
    display: 'block',
    margin: [0, 0, 0, 0],
    marginPercent: undefined,
    padding: [0, 0, 0, 0],
    border: [NO_BORDER, NO_BORDER, NO_BORDER, NO_BORDER],
    background: undefined,
    width: undefined,
    maxWidth: undefined,
    height: undefined,
    verticalAlign: undefined,
    flexGrow: undefined,
    flexBasis: undefined,
    flexDirection: 'row',
    justifyContent: undefined,
    columnGap: 0,
    breakBefore: false,
    breakAfter: false,
    avoidBreakInside: false,
    textIndent: 0,
  };
}

const FONT_SIZE_KEYWORDS: Record<string, number> = {
  'xx-small': 7,
  'x-small': 7.5,
  small: 10,
  medium: 12,
  large: 13.5,
  'x-large': 18,
  'xx-large': 24,
  'xxx-large': 36,
};

/** Presentational HTML attributes, which count as author styles of the lowest priority. */
function attributeDeclarations(element: Element): Declarations | undefined {
  const a = element.attribs;
  let css = '';
  if (a.width && /^(td|th|table|col|img|svg|colgroup)$/.test(element.name))
    css += `width:${/^\d+$/.test(a.width) ? `${a.width}px` : a.width};`;
  if (a.height && /^(td|th|tr|img|svg)$/.test(element.name))
    css += `height:${/^\d+$/.test(a.height) ? `${a.height}px` : a.height};`;
  if (a.align && /^(td|th|p|div|h[1-6]|table|tr)$/.test(element.name)) css += `text-align:${a.align};`;
  if (a.bgcolor) css += `background-color:${a.bgcolor};`;
  if (a.color && element.name === 'font') css += `color:${a.color};`;
  if (a.valign) css += `vertical-align:${a.valign};`;
  if (a.dir === 'rtl' || a.dir === 'ltr') css += `direction:${a.dir};`;
  return css ? parseDeclarations(css) : undefined;
}

export interface StyleContext {
  ua: RuleIndex;
  author: RuleIndex;
  onUnsupported: (property: string) => void;
}

/** Collects the winning declaration of every property, following the cascade's origins and importance. */
function cascade(element: Element, context: StyleContext): Map<string, string> {
  const layers: Declarations[] = [];
  for (const rule of context.ua.matching(element)) layers.push(rule.declarations);
  const attributes = attributeDeclarations(element);
  if (attributes) layers.push(attributes);
  const author = context.author.matching(element);
  for (const rule of author) layers.push(rule.declarations);
  const inline = element.attribs.style ? parseDeclarations(element.attribs.style, context.onUnsupported) : undefined;
  if (inline) layers.push(inline);
  const out = new Map<string, string>();
  for (const layer of layers) for (const [k, d] of layer) if (!d.important) out.set(k, d.value);
  for (const rule of author) for (const [k, d] of rule.declarations) if (d.important) out.set(k, d.value);
  if (inline) for (const [k, d] of inline) if (d.important) out.set(k, d.value);
  return out;
}

function fontSizeOf(value: string, parent: number): number {
  const keyword = FONT_SIZE_KEYWORDS[value];
  if (keyword !== undefined) return keyword;
  if (value === 'smaller') return parent / 1.2;
  if (value === 'larger') return parent * 1.2;
  const length = parseLength(value);
  return toPoints(length, parent, parent) ?? parent;
}

function weightIsBold(value: string, parentBold: boolean): boolean {
  if (value === 'bold' || value === 'bolder') return true;
  if (value === 'normal' || value === 'lighter') return false;
  const n = Number(value);
  return Number.isNaN(n) ? parentBold : n >= 600;
}

function percents(lengths: (Length | undefined)[]): ComputedStyle['marginPercent'] {
  const out = lengths.map((l) => (l && l !== 'auto' && 'percent' in l ? l.percent : undefined));
  return out.some((p) => p !== undefined) ? (out as ComputedStyle['marginPercent']) : undefined;
}

/** Computes an element's style from its parent's and the matching rules. */
export function computeStyle(element: Element, parent: ComputedStyle, context: StyleContext): ComputedStyle {
  const d = cascade(element, context);
  const get = (name: string) => {
    const v = d.get(name);
    return v === undefined || v === 'inherit' ? undefined : v;
  };
  const fontSize = get('font-size') ? fontSizeOf(get('font-size') as string, parent.fontSize) : parent.fontSize;
  const length = (name: string) => {
    const v = get(name);
    return v === undefined ? undefined : parseLength(v);
  };
  const pts = (name: string, base?: number) => toPoints(length(name), fontSize, base) ?? 0;

  // Most elements inherit their parent's decorations unchanged: share the set unless this one changes it.
  const deco = get('text-decoration');
  const decoration = deco === undefined ? parent.decoration : new Set(parent.decoration);
  if (deco !== undefined) {
    if (/none/.test(deco)) decoration.clear();
    if (/underline/.test(deco)) decoration.add('underline');
    if (/line-through/.test(deco)) decoration.add('lineThrough');
    if (/overline/.test(deco)) decoration.add('overline');
  }
  const lineHeightValue = get('line-height');
  let lineHeight = parent.lineHeight;
  if (lineHeightValue === 'normal') lineHeight = 1.2;
  else if (lineHeightValue !== undefined) {
    if (/^\d*\.?\d+$/.test(lineHeightValue)) lineHeight = Number(lineHeightValue);
    else {
      const lh = parseLength(lineHeightValue);
      const points = toPoints(lh, fontSize, fontSize);
      if (points !== undefined && fontSize > 0) lineHeight = points / fontSize;
    }
  }
  const side = (s: string): BorderSide => {
    const style = get(`border-${s}-style`) ?? 'none';
    if (style === 'none' || style === 'hidden') return NO_BORDER;
    const width = toPoints(parseLength(get(`border-${s}-width`) ?? '3px'), fontSize) ?? 0;
    const rawColor = get(`border-${s}-color`);
    const color = rawColor === undefined || rawColor === 'currentcolor' ? undefined : parseColor(rawColor);
    return { width, color: color === 'transparent' ? '#ffffff' : (color ?? parentColor()) };
  };
  const colorValue = get('color');
  const parentColor = () => (colorValue ? (parseColor(colorValue) ?? parent.color) : parent.color);
  const color = parentColor();
  const background = get('background-color');
  const bg = background === undefined ? undefined : parseColor(background);
  const breakValue = (name: string) => /^(page|always|left|right|recto|verso)$/.test(get(name) ?? '');
  const display = (get('display') ?? (element.name.includes('-') ? 'inline-block' : 'inline')) as Display;
  const href = element.name === 'a' ? element.attribs.href : undefined;
  const gap = get('column-gap');
  const flexGrow = get('flex-grow');
  const align = get('text-align');
  return {
    color,
    fontFamily: get('font-family') ?? parent.fontFamily,
    fontSize,
    bold: get('font-weight') === undefined ? parent.bold : weightIsBold(get('font-weight') as string, parent.bold),
    italic: get('font-style') === undefined ? parent.italic : /italic|oblique/.test(get('font-style') as string),
    lineHeight,
    letterSpacing:
      get('letter-spacing') === 'normal' ? 0 : get('letter-spacing') ? pts('letter-spacing') : parent.letterSpacing,
    textAlign:
      align === undefined
        ? parent.textAlign
        : align === 'start'
          ? 'left'
          : align === 'end'
            ? 'right'
            : (align as ComputedStyle['textAlign']),
    textTransform: (get('text-transform') as ComputedStyle['textTransform']) ?? parent.textTransform,
    whiteSpace: (get('white-space') as ComputedStyle['whiteSpace']) ?? parent.whiteSpace,
    direction: (get('direction') as ComputedStyle['direction']) ?? parent.direction,
    listStyleType: get('list-style-type') ?? parent.listStyleType,
    decoration,
    link: href && /^(https?:|mailto:|tel:|#)/i.test(href) ? href : parent.link,
    display,
    margin: [pts('margin-top'), pts('margin-right'), pts('margin-bottom'), pts('margin-left')],
    marginPercent: percents(['margin-top', 'margin-right', 'margin-bottom', 'margin-left'].map(length)),
    padding: [pts('padding-top'), pts('padding-right'), pts('padding-bottom'), pts('padding-left')],
    border: [side('top'), side('right'), side('bottom'), side('left')],
    background: bg === 'transparent' ? undefined : bg,
    width: length('width'),
    maxWidth: length('max-width'),
    height: length('height'),
    verticalAlign: get('vertical-align'),
    flexGrow: flexGrow === undefined ? undefined : Number(flexGrow),
    flexBasis: length('flex-basis'),
    flexDirection: /column/.test(get('flex-direction') ?? '') ? 'column' : 'row',
    justifyContent: get('justify-content'),
    columnGap: gap === undefined || gap === 'normal' ? 0 : (toPoints(parseLength(gap), fontSize) ?? 0),
    breakBefore: breakValue('break-before'),
    breakAfter: breakValue('break-after'),
    avoidBreakInside: /avoid/.test(get('break-inside') ?? ''),
    textIndent: pts('text-indent'),
  };
}
