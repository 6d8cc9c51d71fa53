import type { CssNode } from 'css-tree';
import { BOX_WORDS, POSITION_WORDS, REPEAT_WORDS, SIZE_WORDS } from './backgrounds';
import { parseColor } from './colors';
import { FONT_VARIANT_LONGHANDS, fontVariant } from './font-variants';
import { BORDER_STYLES, DECORATION_STYLES } from './longhands';

/** A shorthand's value split into its longhands' values; null resets a longhand to its initial value. */
export interface Expansion {
  longhands: Map<string, CssNode[] | null>;
  /** Parts of the value the engine does not use (named in a finding). */
  ignored?: string;
}

type Expander = (nodes: CssNode[]) => Expansion | undefined;

const SIDES = ['top', 'right', 'bottom', 'left'];
const CORNERS = ['top-left', 'top-right', 'bottom-right', 'bottom-left'];
const BLACK = { r: 0, g: 0, b: 0, a: 1 };

const id = (node: CssNode | undefined) => (node?.type === 'Identifier' ? node.name.toLowerCase() : undefined);
const isLengthLike = (node: CssNode) =>
  node.type === 'Dimension' ||
  node.type === 'Number' ||
  node.type === 'Percentage' ||
  (node.type === 'Function' && ['calc', 'min', 'max', 'clamp'].includes(node.name.toLowerCase()));
const isColor = (node: CssNode) => parseColor(node, BLACK) !== undefined;
const isUrl = (node: CssNode) => node.type === 'Url' || (node.type === 'Function' && node.name.toLowerCase() === 'url');
// An image the background shorthand takes (its longhand tells what it can draw: a url() or a linear gradient).
const isImage = (node: CssNode) => isUrl(node) || (node.type === 'Function' && /gradient$/i.test(node.name));

/** `margin: 1px 2px` and the like: one to four values for the top, right, bottom and left longhands. */
function fourSides(names: string[]): Expander {
  return (nodes) => {
    if (nodes.length < 1 || nodes.length > 4) return undefined;
    const [t, r = t, b = t, l = r] = nodes as [CssNode, CssNode?, CssNode?, CssNode?];
    return { longhands: new Map(names.map((name, i) => [name, [[t, r, b, l][i] as CssNode]])) };
  };
}

/**
 * `margin-block: <start> <end>?`, `padding-inline`, `border-inline-width` and the like: the start and end longhands
 * of one axis, one value for both. Which physical sides they are is the longhands' matter (flow-relative.ts).
 */
function startEnd(start: string, end: string): Expander {
  return (nodes) => {
    if (nodes.length < 1 || nodes.length > 2) return undefined;
    const [first, second = first] = nodes as [CssNode, CssNode?];
    return {
      longhands: new Map([
        [start, [first]],
        [end, [second as CssNode]],
      ]),
    };
  };
}

/** A width, a style and a colour in any order, each at most once (`auto` among the styles when allowed). */
function widthStyleColor(
  nodes: CssNode[],
  allowAuto: boolean,
): { width?: CssNode; style?: CssNode; color?: CssNode } | undefined {
  const parts: { width?: CssNode; style?: CssNode; color?: CssNode } = {};
  for (const node of nodes) {
    const word = id(node);
    const isStyle = word !== undefined && (BORDER_STYLES.has(word) || (allowAuto && word === 'auto'));
    if (!parts.style && isStyle) parts.style = node;
    else if (!parts.width && (isLengthLike(node) || word === 'thin' || word === 'medium' || word === 'thick'))
      parts.width = node;
    else if (!parts.color && isColor(node)) parts.color = node;
    else return undefined;
  }
  return nodes.length === 0 ? undefined : parts;
}

/** `outline`: width, style (or `auto`) and colour in any order, what is left out reset. */
function outline(nodes: CssNode[]): Expansion | undefined {
  const parts = widthStyleColor(nodes, true);
  if (!parts) return undefined;
  return {
    longhands: new Map([
      ['outline-width', parts.width ? [parts.width] : null],
      ['outline-style', parts.style ? [parts.style] : null],
      ['outline-color', parts.color ? [parts.color] : null],
    ]),
  };
}

/** `border`, `border-top`…: width, style and colour in any order, what is left out reset. */
function border(sides: string[]): Expander {
  return (nodes) => {
    const parts = widthStyleColor(nodes, false);
    if (!parts) return undefined;
    const longhands = new Map<string, CssNode[] | null>();
    for (const side of sides) {
      longhands.set(`border-${side}-width`, parts.width ? [parts.width] : null);
      longhands.set(`border-${side}-style`, parts.style ? [parts.style] : null);
      longhands.set(`border-${side}-color`, parts.color ? [parts.color] : null);
    }
    return { longhands };
  };
}

function borderRadius(nodes: CssNode[]): Expansion | undefined {
  // Only the horizontal radii are kept (the contract's corners are circular).
  const slash = nodes.findIndex((n) => n.type === 'Operator' && n.value === '/');
  const horizontal = slash === -1 ? nodes : nodes.slice(0, slash);
  const expansion = fourSides(CORNERS.map((c) => `border-${c}-radius`))(horizontal);
  if (expansion && slash !== -1) expansion.ignored = 'elliptical radii (drawn circular)';
  return expansion;
}

/**
 * `background: <color> || <image> || <position> [/ <size>]? || <repeat> || <attachment> || <box> <box>?` (one
 * layer; CSS Backgrounds 3 §3.10): one box keyword is both the origin and the clip, two are origin then clip.
 * Two layers whose last is a colour alone (`radial-gradient(…), #e0f2fe`) are one image layer over that colour.
 */
function background(nodes: CssNode[]): Expansion | undefined {
  const comma = nodes.findIndex((n) => n.type === 'Operator' && n.value === ',');
  if (comma !== -1) {
    const last = nodes.slice(comma + 1);
    const colour = last.length === 1 && isColor(last[0] as CssNode) ? last[0] : undefined;
    if (!colour || nodes.slice(0, comma).some((n) => isColor(n))) return undefined;
    const layer = oneLayer(nodes.slice(0, comma));
    layer?.longhands.set('background-color', [colour]);
    return layer;
  }
  return oneLayer(nodes);
}

function oneLayer(nodes: CssNode[]): Expansion | undefined {
  let color: CssNode | undefined;
  let image: CssNode | undefined;
  let position: CssNode[] | undefined;
  let size: CssNode[] | undefined;
  let repeat: CssNode[] | undefined;
  const boxes: CssNode[] = [];
  let attachment: string | undefined;
  // Runs of position values, repeat keywords and size values: each must be written in one piece.
  const run = (from: number, accepts: (node: CssNode) => boolean): CssNode[] => {
    let end = from;
    while (end < nodes.length && accepts(nodes[end] as CssNode)) end++;
    return nodes.slice(from, end);
  };
  for (let i = 0; i < nodes.length; ) {
    const node = nodes[i] as CssNode;
    const word = id(node);
    if (!image && (isImage(node) || word === 'none')) image = node;
    else if (!repeat && word !== undefined && REPEAT_WORDS.has(word)) {
      repeat = run(i, (n) => REPEAT_WORDS.has(id(n) ?? ''));
      i += repeat.length;
      continue;
    } else if (!position && (isLengthLike(node) || (word !== undefined && POSITION_WORDS.has(word)))) {
      position = run(i, (n) => isLengthLike(n) || POSITION_WORDS.has(id(n) ?? ''));
      i += position.length;
      const slash = nodes[i];
      if (slash?.type === 'Operator' && slash.value === '/') {
        size = run(i + 1, (n) => isLengthLike(n) || SIZE_WORDS.has(id(n) ?? ''));
        if (size.length === 0) return undefined;
        i += 1 + size.length;
      }
      continue;
    } else if (word !== undefined && BOX_WORDS.has(word) && boxes.length < 2) boxes.push(node);
    else if (!attachment && (word === 'scroll' || word === 'fixed' || word === 'local')) attachment = word;
    else if (!color && isColor(node)) color = node;
    else return undefined;
    i++;
  }
  if (nodes.length === 0) return undefined;
  const expansion: Expansion = {
    longhands: new Map([
      ['background-color', color ? [color] : null],
      ['background-image', image ? [image] : null],
      ['background-position', position ?? null],
      ['background-size', size ?? null],
      ['background-repeat', repeat ?? null],
      ['background-origin', boxes[0] ? [boxes[0]] : null],
      ['background-clip', boxes[1] ? [boxes[1]] : boxes[0] ? [boxes[0]] : null],
    ]),
  };
  // A page does not scroll: `fixed` would tie the image to the viewport, which a printed page does not have.
  if (attachment === 'fixed' && image && isUrl(image))
    expansion.ignored = 'background-attachment: fixed (the image is placed as for scroll)';
  return expansion;
}

const FONT_STYLES = new Set(['italic', 'oblique']);
const FONT_WEIGHTS = new Set(['bold', 'bolder', 'lighter']);
const FONT_IGNORED = new Set([
  'condensed',
  'expanded',
  'semi-condensed',
  'semi-expanded',
  'extra-condensed',
  'extra-expanded',
  'ultra-condensed',
  'ultra-expanded',
]);

/** `font: [style || variant || weight || stretch] size [/ line-height] family`. */
function font(nodes: CssNode[]): Expansion | undefined {
  let style: CssNode | undefined;
  let weight: CssNode | undefined;
  let caps: CssNode | undefined;
  const ignored: string[] = [];
  let i = 0;
  for (; i < nodes.length; i++) {
    const node = nodes[i] as CssNode;
    const word = id(node);
    if (word === 'normal') continue;
    if (word !== undefined && FONT_STYLES.has(word) && !style) style = node;
    else if (((word !== undefined && FONT_WEIGHTS.has(word)) || node.type === 'Number') && !weight) weight = node;
    else if (word === 'small-caps' && !caps) caps = node;
    else if (word !== undefined && FONT_IGNORED.has(word)) ignored.push(word);
    else break;
  }
  const size = nodes[i];
  if (!size) return undefined;
  let lineHeight: CssNode | undefined;
  let familyStart = i + 1;
  const slash = nodes[i + 1];
  if (slash?.type === 'Operator' && slash.value === '/') {
    lineHeight = nodes[i + 2];
    if (!lineHeight) return undefined;
    familyStart = i + 3;
  }
  const family = nodes.slice(familyStart);
  if (family.length === 0) return undefined;
  const expansion: Expansion = {
    longhands: new Map([
      ['font-style', style ? [style] : null],
      ['font-weight', weight ? [weight] : null],
      ['font-size', [size]],
      ['line-height', lineHeight ? [lineHeight] : null],
      ['font-family', family],
      // Every other font-variant longhand and font-feature-settings go back to normal, as in CSS Fonts 4 §2.8.
      ...FONT_VARIANT_LONGHANDS.map((name): [string, CssNode[] | null] => [
        name,
        name === 'font-variant-caps' && caps ? [caps] : null,
      ]),
      ['font-feature-settings', null],
    ]),
  };
  if (ignored.length > 0) expansion.ignored = ignored.join(' ');
  return expansion;
}

function listStyle(nodes: CssNode[]): Expansion | undefined {
  let type: CssNode | undefined;
  let position: CssNode | undefined;
  let image: CssNode | undefined;
  let nones = 0;
  for (const node of nodes) {
    const word = id(node);
    if (word === 'none') nones++;
    else if (!position && (word === 'inside' || word === 'outside')) position = node;
    else if (!image && isUrl(node)) image = node;
    else if (!type && word !== undefined) type = node;
    else return undefined;
  }
  if (nodes.length === 0 || nones > 2) return undefined;
  const none = nodes.find((n) => id(n) === 'none');
  // `none` is the type unless a type is given; then it is the image.
  return {
    longhands: new Map([
      ['list-style-type', type ? [type] : none && nones > 0 ? [none] : null],
      ['list-style-position', position ? [position] : null],
      ['list-style-image', image ? [image] : null],
    ]),
  };
}

function textDecoration(nodes: CssNode[]): Expansion | undefined {
  const lines: CssNode[] = [];
  let style: CssNode | undefined;
  let color: CssNode | undefined;
  let ignored: string | undefined;
  for (const node of nodes) {
    const word = id(node);
    if (word === 'none' || word === 'underline' || word === 'overline' || word === 'line-through' || word === 'blink')
      lines.push(node);
    else if (!style && word !== undefined && DECORATION_STYLES.has(word)) style = node;
    else if (!color && isColor(node)) color = node;
    else if (isLengthLike(node) || word === 'auto' || word === 'from-font') ignored = 'text-decoration-thickness';
    else return undefined;
  }
  if (nodes.length === 0) return undefined;
  const expansion: Expansion = {
    longhands: new Map([
      ['text-decoration-line', lines.length > 0 ? lines : null],
      ['text-decoration-style', style ? [style] : null],
      ['text-decoration-color', color ? [color] : null],
    ]),
  };
  if (ignored) expansion.ignored = ignored;
  return expansion;
}

/** `overflow: x y`: the engine has one overflow, the first. */
function overflow(nodes: CssNode[]): Expansion | undefined {
  if (nodes.length < 1 || nodes.length > 2) return undefined;
  return { longhands: new Map([['overflow', [nodes[0] as CssNode]]]) };
}

// Values a shorthand implies without writing them (`flex: 1` is `1 1 0%`).
const numberNode = (value: string): CssNode => ({ type: 'Number', value });
const ZERO_PERCENT: CssNode = { type: 'Percentage', value: '0' };
const AUTO: CssNode = { type: 'Identifier', name: 'auto' };

/** `flex: none | auto | <grow> <shrink>? || <basis>` (CSS Flexbox §7.1.1). */
function flex(nodes: CssNode[]): Expansion | undefined {
  const longhands = (grow: CssNode, shrink: CssNode, basis: CssNode): Expansion => ({
    longhands: new Map([
      ['flex-grow', [grow]],
      ['flex-shrink', [shrink]],
      ['flex-basis', [basis]],
    ]),
  });
  const word = nodes.length === 1 ? id(nodes[0]) : undefined;
  if (word === 'none') return longhands(numberNode('0'), numberNode('0'), AUTO);
  if (word === 'auto') return longhands(numberNode('1'), numberNode('1'), AUTO);
  const numbers: CssNode[] = [];
  let basis: CssNode | undefined;
  for (const node of nodes) {
    // A unitless number is a flex factor unless two came before it (§7.1.1: `flex: 1 1 0` has a basis of 0).
    if (node.type === 'Number' && numbers.length < 2) numbers.push(node);
    else if (!basis && (isLengthLike(node) || id(node) === 'auto' || id(node) === 'content')) basis = node;
    else return undefined;
  }
  const [grow, shrink] = numbers;
  if (!grow && !basis) return undefined;
  return longhands(grow ?? numberNode('1'), shrink ?? numberNode('1'), basis ?? ZERO_PERCENT);
}

/** `flex-flow: <direction> || <wrap>`. */
function flexFlow(nodes: CssNode[]): Expansion | undefined {
  let direction: CssNode | undefined;
  let wrap: CssNode | undefined;
  for (const node of nodes) {
    const word = id(node);
    if (!direction && word !== undefined && ['row', 'row-reverse', 'column', 'column-reverse'].includes(word))
      direction = node;
    else if (!wrap && word !== undefined && ['nowrap', 'wrap', 'wrap-reverse'].includes(word)) wrap = node;
    else return undefined;
  }
  if (nodes.length === 0) return undefined;
  return {
    longhands: new Map([
      ['flex-direction', direction ? [direction] : null],
      ['flex-wrap', wrap ? [wrap] : null],
    ]),
  };
}

/** Splits a value at its `/` operators. */
function slashed(nodes: CssNode[]): CssNode[][] {
  const parts: CssNode[][] = [[]];
  for (const node of nodes) {
    if (node.type === 'Operator' && node.value === '/') parts.push([]);
    else (parts[parts.length - 1] as CssNode[]).push(node);
  }
  return parts;
}

const isName = (part: CssNode[] | undefined) =>
  part?.length === 1 && part[0]?.type === 'Identifier' && !['auto', 'span'].includes(part[0].name.toLowerCase());

/** `grid-column` / `grid-row`: `<start> [/ <end>]`; a lone area name is the end too, anything else leaves it auto. */
function gridLines(start: string, end: string): Expander {
  return (nodes) => {
    const parts = slashed(nodes);
    if (parts.length > 2 || parts.some((p) => p.length === 0)) return undefined;
    const [first, second] = parts as [CssNode[], CssNode[]?];
    return {
      longhands: new Map([
        [start, first],
        [end, second ?? (isName(first) ? first : null)],
      ]),
    };
  };
}

/** `grid-area: <row-start> / <column-start> / <row-end> / <column-end>`, names carried over as CSS says. */
function gridArea(nodes: CssNode[]): Expansion | undefined {
  const parts = slashed(nodes);
  if (parts.length > 4 || parts.some((p) => p.length === 0)) return undefined;
  const [rowStart, columnStart, rowEnd, columnEnd] = parts;
  const or = (part: CssNode[] | undefined, from: CssNode[] | undefined) =>
    part ?? (isName(from) ? (from as CssNode[]) : null);
  const colStart = columnStart ?? (isName(rowStart) ? (rowStart as CssNode[]) : null);
  return {
    longhands: new Map([
      ['grid-row-start', rowStart as CssNode[]],
      ['grid-column-start', colStart],
      ['grid-row-end', or(rowEnd, rowStart)],
      ['grid-column-end', or(columnEnd, colStart ?? undefined)],
    ]),
  };
}

/** `column-rule`: width, style and colour in any order, what is left out reset (as `border`). */
function columnRule(nodes: CssNode[]): Expansion | undefined {
  const parts = widthStyleColor(nodes, false);
  if (!parts) return undefined;
  return {
    longhands: new Map([
      ['column-rule-width', parts.width ? [parts.width] : null],
      ['column-rule-style', parts.style ? [parts.style] : null],
      ['column-rule-color', parts.color ? [parts.color] : null],
    ]),
  };
}

/**
 * `columns: <column-width> || <column-count>` (CSS Multi-column §3.3): a number is the count, a length the width,
 * `auto` stands for whichever is not given; what is left out is auto.
 */
function columns(nodes: CssNode[]): Expansion | undefined {
  if (nodes.length < 1 || nodes.length > 2) return undefined;
  let width: CssNode | undefined;
  let count: CssNode | undefined;
  let autos = 0;
  for (const node of nodes) {
    if (id(node) === 'auto') autos++;
    else if (node.type === 'Number' && !count) count = node;
    else if (isLengthLike(node) && node.type !== 'Number' && node.type !== 'Percentage' && !width) width = node;
    else return undefined;
  }
  if (autos === 2 && nodes.length === 2)
    return {
      longhands: new Map([
        ['column-width', null],
        ['column-count', null],
      ]),
    };
  return {
    longhands: new Map([
      ['column-width', width ? [width] : null],
      ['column-count', count ? [count] : null],
    ]),
  };
}

/** `gap: <row-gap> <column-gap>?`. */
function gap(nodes: CssNode[]): Expansion | undefined {
  if (nodes.length < 1 || nodes.length > 2) return undefined;
  const [row, column = row] = nodes as [CssNode, CssNode?];
  return {
    longhands: new Map([
      ['row-gap', [row]],
      ['column-gap', [column as CssNode]],
    ]),
  };
}

/**
 * `place-content: <align-content> <justify-content>?`, `place-items` and `place-self` (CSS Box Alignment §5): the
 * second value (the first when there is one) goes to the justify longhand (which grid items read and flex items
 * ignore).
 */
function place(align: string, justify: string | null): Expander {
  return (nodes) => {
    // `first baseline` and `safe center` are one value of two words.
    const values: CssNode[][] = [];
    for (const node of nodes) {
      const previous = values[values.length - 1];
      const word = id(previous?.[0]);
      if (previous?.length === 1 && (word === 'first' || word === 'last' || word === 'safe' || word === 'unsafe'))
        previous.push(node);
      else values.push([node]);
    }
    if (values.length < 1 || values.length > 2) return undefined;
    const [first, second = first] = values as [CssNode[], CssNode[]?];
    const longhands = new Map<string, CssNode[] | null>([[align, first]]);
    if (justify) longhands.set(justify, second as CssNode[]);
    return { longhands };
  };
}

function borderSides(part: 'width' | 'style' | 'color'): Expander {
  return fourSides(SIDES.map((side) => `border-${side}-${part}`));
}

export const SHORTHANDS: Record<string, Expander> = {
  'grid-column': gridLines('grid-column-start', 'grid-column-end'),
  'grid-row': gridLines('grid-row-start', 'grid-row-end'),
  'grid-area': gridArea,
  margin: fourSides(SIDES.map((s) => `margin-${s}`)),
  padding: fourSides(SIDES.map((s) => `padding-${s}`)),
  inset: fourSides(SIDES),
  border: border(SIDES),
  'border-width': borderSides('width'),
  'border-style': borderSides('style'),
  'border-color': borderSides('color'),
  'border-radius': borderRadius,
  background,
  font,
  'list-style': listStyle,
  'text-decoration': textDecoration,
  flex,
  'flex-flow': flexFlow,
  gap,
  columns,
  'column-rule': columnRule,
  'place-content': place('align-content', 'justify-content'),
  'place-items': place('align-items', 'justify-items'),
  'place-self': place('align-self', 'justify-self'),
  overflow,
  outline,
  'margin-block': startEnd('margin-block-start', 'margin-block-end'),
  'padding-block': startEnd('padding-block-start', 'padding-block-end'),
  'inset-block': startEnd('inset-block-start', 'inset-block-end'),
  'margin-inline': startEnd('margin-inline-start', 'margin-inline-end'),
  'padding-inline': startEnd('padding-inline-start', 'padding-inline-end'),
  'inset-inline': startEnd('inset-inline-start', 'inset-inline-end'),
  'border-block-start': border(['block-start']),
  'border-block-end': border(['block-end']),
  'border-block': border(['block-start', 'block-end']),
  'border-inline-start': border(['inline-start']),
  'border-inline-end': border(['inline-end']),
  'border-inline': border(['inline-start', 'inline-end']),
  'font-variant': fontVariant,
};
for (const side of SIDES) SHORTHANDS[`border-${side}`] = border([side]);
for (const part of ['width', 'style', 'color']) {
  SHORTHANDS[`border-block-${part}`] = startEnd(`border-block-start-${part}`, `border-block-end-${part}`);
  SHORTHANDS[`border-inline-${part}`] = startEnd(`border-inline-start-${part}`, `border-inline-end-${part}`);
}

/** The longhands a shorthand sets, whatever its value (for CSS-wide keywords and var()). */
export const SHORTHAND_LONGHANDS: Record<string, string[]> = {
  'grid-column': ['grid-column-start', 'grid-column-end'],
  'grid-row': ['grid-row-start', 'grid-row-end'],
  'grid-area': ['grid-row-start', 'grid-column-start', 'grid-row-end', 'grid-column-end'],
  margin: SIDES.map((s) => `margin-${s}`),
  padding: SIDES.map((s) => `padding-${s}`),
  inset: SIDES,
  border: SIDES.flatMap((s) => ['width', 'style', 'color'].map((p) => `border-${s}-${p}`)),
  'border-width': SIDES.map((s) => `border-${s}-width`),
  'border-style': SIDES.map((s) => `border-${s}-style`),
  'border-color': SIDES.map((s) => `border-${s}-color`),
  'border-radius': CORNERS.map((c) => `border-${c}-radius`),
  background: [
    'background-color',
    'background-image',
    'background-position',
    'background-size',
    'background-repeat',
    'background-origin',
    'background-clip',
  ],
  font: [
    'font-style',
    'font-weight',
    'font-size',
    'line-height',
    'font-family',
    ...FONT_VARIANT_LONGHANDS,
    'font-feature-settings',
  ],
  'font-variant': FONT_VARIANT_LONGHANDS,
  'list-style': ['list-style-type', 'list-style-position', 'list-style-image'],
  'text-decoration': ['text-decoration-line', 'text-decoration-style', 'text-decoration-color'],
  overflow: ['overflow'],
  outline: ['outline-width', 'outline-style', 'outline-color'],
  'margin-block': ['margin-block-start', 'margin-block-end'],
  'padding-block': ['padding-block-start', 'padding-block-end'],
  'inset-block': ['inset-block-start', 'inset-block-end'],
  'margin-inline': ['margin-inline-start', 'margin-inline-end'],
  'padding-inline': ['padding-inline-start', 'padding-inline-end'],
  'inset-inline': ['inset-inline-start', 'inset-inline-end'],
  'border-block-start': ['width', 'style', 'color'].map((p) => `border-block-start-${p}`),
  'border-block-end': ['width', 'style', 'color'].map((p) => `border-block-end-${p}`),
  'border-block': ['block-start', 'block-end'].flatMap((s) =>
    ['width', 'style', 'color'].map((p) => `border-${s}-${p}`),
  ),
  'border-inline-start': ['width', 'style', 'color'].map((p) => `border-inline-start-${p}`),
  'border-inline-end': ['width', 'style', 'color'].map((p) => `border-inline-end-${p}`),
  'border-inline': ['inline-start', 'inline-end'].flatMap((s) =>
    ['width', 'style', 'color'].map((p) => `border-${s}-${p}`),
  ),
  flex: ['flex-grow', 'flex-shrink', 'flex-basis'],
  'flex-flow': ['flex-direction', 'flex-wrap'],
  gap: ['row-gap', 'column-gap'],
  columns: ['column-width', 'column-count'],
  'column-rule': ['column-rule-width', 'column-rule-style', 'column-rule-color'],
  'place-content': ['align-content', 'justify-content'],
  'place-items': ['align-items', 'justify-items'],
  'place-self': ['align-self', 'justify-self'],
};
for (const side of SIDES)
  SHORTHAND_LONGHANDS[`border-${side}`] = ['width', 'style', 'color'].map((p) => `border-${side}-${p}`);
for (const part of ['width', 'style', 'color']) {
  SHORTHAND_LONGHANDS[`border-block-${part}`] = [`border-block-start-${part}`, `border-block-end-${part}`];
  SHORTHAND_LONGHANDS[`border-inline-${part}`] = [`border-inline-start-${part}`, `border-inline-end-${part}`];
}

/** Old names the engine reads as the new ones. */
export const ALIASES: Record<string, string> = {
  'word-wrap': 'overflow-wrap',
  'page-break-before': 'break-before',
  'page-break-after': 'break-after',
  'page-break-inside': 'break-inside',
  '-webkit-hyphens': 'hyphens',
  'grid-gap': 'gap',
  'grid-row-gap': 'row-gap',
  'grid-column-gap': 'column-gap',
  // Prefixed multi-column names that templates written for old WebKit and Gecko still carry.
  ...Object.fromEntries(
    ['columns', 'column-count', 'column-width', 'column-gap', 'column-rule', 'column-span', 'column-fill'].flatMap(
      (name) => [
        [`-webkit-${name}`, name],
        [`-moz-${name}`, name],
      ],
    ),
  ),
  '-webkit-box-sizing': 'box-sizing',
  '-moz-box-sizing': 'box-sizing',
  '-webkit-transform': 'transform',
  '-ms-transform': 'transform',
  '-webkit-transform-origin': 'transform-origin',
  // Chromium's other `-webkit-` aliases of standard properties (its css_properties.json5 `alias_for`), which
  // templates of the Bootstrap 3 era still carry, often alone: Chromium draws them, so Quire reads them too.
  ...Object.fromEntries(
    [
      'box-shadow',
      'border-radius',
      'border-top-left-radius',
      'border-top-right-radius',
      'border-bottom-right-radius',
      'border-bottom-left-radius',
      'background-clip',
      'background-origin',
      'background-size',
      'flex',
      'flex-basis',
      'flex-direction',
      'flex-flow',
      'flex-grow',
      'flex-shrink',
      'flex-wrap',
      'justify-content',
      'align-content',
      'align-items',
      'align-self',
      'order',
      'font-feature-settings',
      'clip-path',
      'filter',
    ].map((name) => [`-webkit-${name}`, name]),
  ),
};
