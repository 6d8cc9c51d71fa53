import type { CssNode } from 'css-tree';
import type {
  BackgroundBox,
  BackgroundPosition,
  BackgroundRepeat,
  BackgroundSize,
  Length,
  LengthOrAuto,
} from './computed-style';
import { type LengthContext, toLength } from './values';

/** The `background-*` longhands' grammars (CSS Backgrounds 3 §3), one layer each. */

const word = (node: CssNode | undefined) => (node?.type === 'Identifier' ? node.name.toLowerCase() : undefined);

export const REPEAT_WORDS = new Set(['repeat', 'no-repeat', 'repeat-x', 'repeat-y', 'space', 'round']);
export const POSITION_WORDS = new Set(['left', 'center', 'right', 'top', 'bottom']);
export const BOX_WORDS = new Set<string>(['border-box', 'padding-box', 'content-box']);
export const SIZE_WORDS = new Set(['cover', 'contain', 'auto']);

/** `repeat-x`, `repeat-y`, or one or two of repeat / no-repeat / space / round: [horizontal, vertical]. */
export function parseRepeat(nodes: CssNode[]): [BackgroundRepeat, BackgroundRepeat] | undefined {
  const words = nodes.map(word);
  if (words.length === 1) {
    if (words[0] === 'repeat-x') return ['repeat', 'no-repeat'];
    if (words[0] === 'repeat-y') return ['no-repeat', 'repeat'];
  }
  if (words.length < 1 || words.length > 2) return undefined;
  const [x, y = x] = words;
  if (!isAxisRepeat(x) || !isAxisRepeat(y)) return undefined;
  return [x, y];
}

function isAxisRepeat(value: string | undefined): value is BackgroundRepeat {
  return value === 'repeat' || value === 'no-repeat' || value === 'space' || value === 'round';
}

const PERCENT: Record<string, number> = { left: 0, top: 0, center: 50, right: 100, bottom: 100 };
const AXIS: Record<string, 'x' | 'y' | 'either'> = {
  left: 'x',
  right: 'x',
  top: 'y',
  bottom: 'y',
  center: 'either',
};

interface PositionPart {
  word?: string;
  offset?: Length;
}

/**
 * `<bg-position>`: one or two keywords or lengths (`right`, `top left`, `20% 3em`, `calc(100% - 10px) 0`), or
 * keywords with offsets from their edge (`right 10px bottom 20%`, `center top 30px`).
 */
export function parsePosition(nodes: CssNode[], c: LengthContext): BackgroundPosition | undefined {
  if (nodes.length < 1 || nodes.length > 4) return undefined;
  const edgeOffsets = nodes.length > 2;
  const parts: PositionPart[] = [];
  for (const node of nodes) {
    const name = word(node);
    if (name !== undefined) {
      if (!POSITION_WORDS.has(name)) return undefined;
      parts.push({ word: name });
      continue;
    }
    const length = toLength(node, c);
    if (!length) return undefined;
    const previous = parts[parts.length - 1];
    // In the three- and four-value forms a length is the offset of the edge keyword before it.
    if (edgeOffsets) {
      if (!previous?.word || previous.word === 'center' || previous.offset) return undefined;
      previous.offset = length;
    } else parts.push({ offset: length });
  }
  if (edgeOffsets) return edgePosition(parts);
  const [first, second] = parts as [PositionPart, PositionPart?];
  if (!second) {
    const axis = first.word ? AXIS[first.word] : 'x';
    const at = partValue(first);
    return axis === 'y' ? { x: percentOf(50), y: at } : { x: at, y: percentOf(50) };
  }
  const firstAxis = first.word ? AXIS[first.word] : 'x';
  const secondAxis = second.word ? AXIS[second.word] : 'y';
  // `top left` and `center left` are written y first; a length cannot be swapped (`top 10px` is invalid).
  if (firstAxis === 'y' || secondAxis === 'x') {
    if (!first.word || !second.word || firstAxis === 'x' || secondAxis === 'y') return undefined;
    return { x: partValue(second), y: partValue(first) };
  }
  return { x: partValue(first), y: partValue(second) };
}

function edgePosition(parts: PositionPart[]): BackgroundPosition | undefined {
  if (parts.length !== 2 || parts.some((p) => !p.word)) return undefined;
  const [a, b] = parts as [PositionPart, PositionPart];
  const axisA = AXIS[a.word as string];
  const axisB = AXIS[b.word as string];
  if (axisA === axisB) return undefined;
  const aIsX = axisA === 'x' || axisB === 'y';
  return aIsX ? { x: partValue(a), y: partValue(b) } : { x: partValue(b), y: partValue(a) };
}

/** An edge keyword with its offset: from the left or top edge it adds, from the right or bottom it subtracts. */
function partValue(part: PositionPart): Length {
  if (!part.word) return part.offset as Length;
  const base = PERCENT[part.word] as number;
  const offset = part.offset;
  if (!offset) return percentOf(base);
  return base === 100 ? { pt: offset.pt === 0 ? 0 : -offset.pt, pct: 100 - offset.pct } : offset;
}

const percentOf = (pct: number): Length => ({ pt: 0, pct });

/** `cover`, `contain`, or one or two non-negative lengths, percentages or `auto` (width, then height). */
export function parseSize(nodes: CssNode[], c: LengthContext): BackgroundSize | undefined {
  const first = word(nodes[0]);
  if (nodes.length === 1 && (first === 'cover' || first === 'contain')) return first;
  if (nodes.length < 1 || nodes.length > 2) return undefined;
  const values: LengthOrAuto[] = [];
  for (const node of nodes) {
    if (word(node) === 'auto') {
      values.push('auto');
      continue;
    }
    const length = toLength(node, c);
    if (!length || length.pt < 0 || length.pct < 0) return undefined;
    values.push(length);
  }
  return { width: values[0] as LengthOrAuto, height: values[1] ?? 'auto' };
}

export function parseBox(nodes: CssNode[]): BackgroundBox | undefined {
  const name = nodes.length === 1 ? word(nodes[0]) : undefined;
  return name !== undefined && BOX_WORDS.has(name) ? (name as BackgroundBox) : undefined;
}
