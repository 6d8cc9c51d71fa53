import type { ChildNode, Element, Text } from 'domhandler';
import { directionOf } from '../../fonts/bidi';

/**
 * HTML's presentational attributes as the declarations a browser maps them to (they take the lowest author
 * priority): sizes, alignment, colours and the table attributes of e-mail templates, `<font>`.
 */
export function presentationalHints(element: Element): Array<[string, string]> {
  const a = element.attribs;
  const hints: Array<[string, string]> = [];
  const tag = element.name;
  const cell = tag === 'td' || tag === 'th';

  if (SIZED.has(tag)) {
    const width = dimension(a.width, cell);
    if (width) hints.push(['width', width]);
    const height = dimension(a.height, cell);
    if (height) hints.push(['height', height]);
  }
  if (a.align !== undefined) {
    const align = a.align.trim().toLowerCase();
    if (tag === 'table' && align === 'center') hints.push(['margin-left', 'auto'], ['margin-right', 'auto']);
    else if (TEXT_ALIGNED.has(tag) && ['left', 'right', 'center', 'justify', 'middle'].includes(align)) {
      hints.push(['text-align', align === 'middle' || align === 'center' ? '-webkit-center' : align]);
    }
  }
  if (a.valign !== undefined && VALIGNED.has(tag)) {
    const valign = a.valign.trim().toLowerCase();
    if (['top', 'middle', 'bottom', 'baseline'].includes(valign)) hints.push(['vertical-align', valign]);
  }
  if (a.bgcolor !== undefined && BACKGROUND.has(tag)) {
    const color = legacyColor(a.bgcolor);
    if (color) hints.push(['background-color', color]);
  }
  if (a.background !== undefined && BACKGROUND.has(tag) && a.background.trim()) {
    hints.push(['background-image', `url(${JSON.stringify(a.background.trim())})`]);
  }
  if (cell && a.nowrap !== undefined) hints.push(['white-space', 'nowrap']);
  if (tag === 'table') tableHints(a, hints);
  if (cell) cellHints(element, hints);
  if (tag === 'img' && a.border !== undefined) {
    const width = pixels(a.border);
    if (width !== undefined) hints.push(['border-width', `${width}px`], ['border-style', 'solid']);
  }
  if (a.dir !== undefined && a.dir.trim().toLowerCase() === 'auto')
    hints.push(['direction', directionOf(ownText(element.children))]);
  if (tag === 'font') fontHints(a, hints);
  if (tag === 'body' && a.text !== undefined) {
    const color = legacyColor(a.text);
    if (color) hints.push(['color', color]);
  }
  if ((tag === 'ol' || tag === 'ul' || tag === 'li') && a.type !== undefined) {
    const type = LIST_TYPES[a.type] ?? LIST_TYPES[a.type.toLowerCase()];
    if (type) hints.push(['list-style-type', type]);
  }
  return hints;
}

const SIZED = new Set(['table', 'td', 'th', 'img', 'col', 'colgroup', 'hr', 'svg', 'qr-code', 'bar-code']);
const TEXT_ALIGNED = new Set([
  'td',
  'th',
  'tr',
  'thead',
  'tbody',
  'tfoot',
  'div',
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'caption',
  'col',
  'colgroup',
]);
const VALIGNED = new Set(['td', 'th', 'tr', 'thead', 'tbody', 'tfoot', 'col', 'colgroup']);
const BACKGROUND = new Set(['body', 'table', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot']);
const LIST_TYPES: Record<string, string> = {
  '1': 'decimal',
  a: 'lower-alpha',
  A: 'upper-alpha',
  i: 'lower-roman',
  I: 'upper-roman',
  disc: 'disc',
  circle: 'circle',
  square: 'square',
  none: 'none',
};

function tableHints(a: Record<string, string>, hints: Array<[string, string]>): void {
  if (a.border !== undefined) {
    // `<table border>` without a number is a 1px border.
    const width = a.border.trim() === '' ? 1 : pixels(a.border);
    if (width !== undefined) hints.push(['border-width', `${width}px`], ['border-style', 'outset']);
  }
  if (a.cellspacing !== undefined) {
    const spacing = pixels(a.cellspacing);
    if (spacing !== undefined) hints.push(['border-spacing', `${spacing}px`]);
  }
  if (a.bordercolor !== undefined) {
    const color = legacyColor(a.bordercolor);
    if (color) hints.push(['border-color', color]);
  }
}

/** Cells take their padding and their border from their table's cellpadding and border. */
function cellHints(cell: Element, hints: Array<[string, string]>): void {
  const table = owningTable(cell);
  if (!table) return;
  const { border, cellpadding } = table.attribs;
  if (border !== undefined && (border.trim() === '' || (pixels(border) ?? 0) > 0)) {
    hints.push(['border-width', '1px'], ['border-style', 'inset'], ['border-color', 'inherit']);
  }
  if (cellpadding !== undefined) {
    const padding = dimension(cellpadding, false);
    if (padding) hints.push(['padding', padding]);
  }
}

function owningTable(cell: Element): Element | undefined {
  let node = cell.parent;
  for (let depth = 0; node && depth < 3; depth++, node = node.parent) {
    if (node.type === 'tag' && (node as Element).name === 'table') return node as Element;
  }
  return undefined;
}

// `<font size>`: 1–7, or relative to 3 with a sign.
const FONT_SIZES = ['x-small', 'x-small', 'small', 'medium', 'large', 'x-large', 'xx-large', 'xxx-large'];

function fontHints(a: Record<string, string>, hints: Array<[string, string]>): void {
  if (a.color !== undefined) {
    const color = legacyColor(a.color);
    if (color) hints.push(['color', color]);
  }
  if (a.face?.trim()) {
    hints.push([
      'font-family',
      a.face
        .split(',')
        .map((f) => JSON.stringify(f.trim()))
        .join(', '),
    ]);
  }
  if (a.size !== undefined) {
    const match = /^\s*([+-]?)(\d+)/.exec(a.size);
    if (match) {
      const n = Number(match[2]);
      const size = match[1] === '+' ? 3 + n : match[1] === '-' ? 3 - n : n;
      hints.push(['font-size', FONT_SIZES[Math.min(7, Math.max(1, size))] as string]);
    }
  }
}

/** An HTML length attribute: pixels, or a percentage; zero and negative cell sizes are ignored as browsers do. */
function dimension(value: string | undefined, positiveOnly: boolean): string | undefined {
  const match = value === undefined ? null : /^\s*(\d*\.?\d+)\s*(%?)/.exec(value);
  if (!match) return undefined;
  const n = Number(match[1]);
  if (positiveOnly && n <= 0) return undefined;
  return match[2] ? `${n}%` : `${n}px`;
}

function pixels(value: string): number | undefined {
  const match = /^\s*(\d+)/.exec(value);
  return match ? Number(match[1]) : undefined;
}

/** HTML's legacy colour attribute values: names, `#rgb`, and hex without its `#`. */
function legacyColor(value: string): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  if (/^[\da-f]{6}$/i.test(text) || /^[\da-f]{3}$/i.test(text)) return `#${text}`;
  return /^[#\w]+$/.test(text) ? text : undefined;
}

/**
 * The text that decides `dir="auto"`: the element's, without that of descendants with a direction of their own
 * (a `dir` attribute, `bdi`) or that is not shown; the first strong character is near its start.
 */
function ownText(nodes: ChildNode[], out: string[] = []): string {
  for (const node of nodes) {
    if (out.length > 64) break;
    if (node.type === 'text') out.push((node as Text).data);
    else if (node.type === 'tag') {
      const element = node as Element;
      if (element.attribs.dir === undefined && element.name !== 'bdi') ownText(element.children, out);
    }
  }
  return out.join('');
}
