import type { CssNode } from 'css-tree';
import { parseColor } from './colors';
import type { Color, TextShadow } from './computed-style';
import { type LengthContext, toLength, toNumber } from './values';

/** The functions of Filter Effects 1 §13 that map each colour to another (a matrix of the spec's, in sRGB). */
export type ColorFunction =
  | {
      kind: 'grayscale' | 'sepia' | 'saturate' | 'invert' | 'opacity' | 'brightness' | 'contrast';
      /** 1 for 100%; grayscale, sepia, invert and opacity clamped to 1 (§13.1). */
      amount: number;
    }
  /** Degrees. */
  | { kind: 'hue-rotate'; angle: number };

/** One function of a `filter` list, as computed: lengths in points, the drop shadow's colour resolved. */
export type FilterFunction =
  | ColorFunction
  /** Radius in points. */
  | { kind: 'blur'; radius: number }
  /** Offsets and blur radius in points, as text-shadow's. */
  | { kind: 'drop-shadow'; shadow: TextShadow }
  | { kind: 'url'; url: string };

/**
 * `filter` (Filter Effects 1 §5) as computed: its functions in the order written (each applies to what the one
 * before produced), and where the declaration is: painting names it in what it finds it cannot draw.
 */
export interface Filter {
  functions: readonly FilterFunction[];
  part: string;
  line: number;
}

/** Said by the layout and the painter alike (one finding): an inline box is painted line by line, not as one shape. */
export const INLINE_DROP_SHADOW =
  'drop-shadow() on an inline element (a span) is not drawn; on a block, an inline-block or an image it is.';

const ANGLE_UNITS: Record<string, number> = { deg: 1, grad: 0.9, rad: 180 / Math.PI, turn: 360 };
// Filter Effects 1 §13.1: amounts over 100% are clamped for these; the others may go beyond.
const CLAMPED = new Set(['grayscale', 'sepia', 'invert', 'opacity']);
const AMOUNTS = new Set(['grayscale', 'sepia', 'saturate', 'invert', 'opacity', 'brightness', 'contrast']);

const isSpace = (node: CssNode): boolean => node.type === 'WhiteSpace';

/** `none` (null) or a list of filter functions and `url()`s; undefined when the value is not one. */
export function parseFilter(
  nodes: CssNode[],
  c: LengthContext,
  currentColor: Color,
): FilterFunction[] | null | undefined {
  const parts = nodes.filter((n) => !isSpace(n));
  if (parts.length === 1 && parts[0]?.type === 'Identifier' && parts[0].name.toLowerCase() === 'none') return null;
  const functions: FilterFunction[] = [];
  for (const part of parts) {
    const fn = filterFunction(part, c, currentColor);
    if (!fn) return undefined;
    functions.push(fn);
  }
  return functions.length > 0 ? functions : undefined;
}

function filterFunction(node: CssNode, c: LengthContext, currentColor: Color): FilterFunction | undefined {
  if (node.type === 'Url') return { kind: 'url', url: node.value };
  if (node.type !== 'Function') return undefined;
  const name = node.name.toLowerCase();
  const args = node.children.toArray().filter((n) => !isSpace(n));
  if (name === 'url')
    return args[0]?.type === 'String' && args.length === 1 ? { kind: 'url', url: args[0].value } : undefined;
  if (AMOUNTS.has(name)) {
    if (args.length > 1) return undefined;
    const amount = args[0] ? amountOf(args[0], c) : 1;
    if (amount === undefined || amount < 0) return undefined;
    return {
      kind: name as Extract<ColorFunction, { amount: number }>['kind'],
      amount: CLAMPED.has(name) ? Math.min(1, amount) : amount,
    };
  }
  if (name === 'hue-rotate') {
    if (args.length > 1) return undefined;
    const angle = args[0] ? angleOf(args[0], c) : 0;
    return angle === undefined ? undefined : { kind: 'hue-rotate', angle };
  }
  if (name === 'blur') {
    if (args.length > 1) return undefined;
    const radius = args[0] ? points(args[0], c) : 0;
    return radius === undefined || radius < 0 ? undefined : { kind: 'blur', radius };
  }
  if (name === 'drop-shadow') return dropShadow(args, c, currentColor);
  return undefined;
}

/** `<number> | <percentage>` (or a calc() of numbers): 1 is 100%. */
function amountOf(node: CssNode, c: LengthContext): number | undefined {
  if (node.type === 'Percentage') return Number(node.value) / 100;
  return toNumber(node, c);
}

/** `<angle> | <zero>`, in degrees. */
function angleOf(node: CssNode, c: LengthContext): number | undefined {
  if (node.type === 'Dimension') {
    const factor = ANGLE_UNITS[node.unit.toLowerCase()];
    return factor === undefined ? undefined : Number(node.value) * factor;
  }
  return toNumber(node, c) === 0 ? 0 : undefined;
}

function points(node: CssNode, c: LengthContext): number | undefined {
  const length = toLength(node, c);
  return length && length.pct === 0 ? length.pt : undefined;
}

/** `drop-shadow([<color>? && <length>{2,3}])`: without a colour, currentColor; the blur radius not negative. */
function dropShadow(args: CssNode[], c: LengthContext, currentColor: Color): FilterFunction | undefined {
  const lengths: number[] = [];
  let color: Color | undefined;
  // The colour goes before or after the lengths, not between them.
  let colorAfterLengths = false;
  for (const node of args) {
    const length = points(node, c);
    if (length !== undefined) {
      if (colorAfterLengths) return undefined;
      lengths.push(length);
      continue;
    }
    if (color) return undefined;
    color = parseColor(node, currentColor);
    if (!color) return undefined;
    colorAfterLengths = lengths.length > 0;
  }
  const [x, y, blur = 0] = lengths;
  if (x === undefined || y === undefined || lengths.length > 3 || blur < 0) return undefined;
  return { kind: 'drop-shadow', shadow: { x, y, blur, color: color ?? currentColor } };
}

/**
 * What of a filter list painting never draws, said once where the declaration is: blur (PDF has no blur) and
 * SVG filters; undefined when it draws all of it (or decides per box, as for drop-shadow()).
 */
export function filterNotDrawn(functions: readonly FilterFunction[]): string | undefined {
  const parts: string[] = [];
  if (functions.some((fn) => fn.kind === 'blur' && fn.radius > 0)) parts.push('blur() is not drawn (PDF has no blur)');
  if (functions.some((fn) => fn.kind === 'url')) parts.push('url() (an SVG filter) is not drawn');
  if (parts.length === 0) return undefined;
  const drawn = functions.some((fn) => fn.kind !== 'blur' && fn.kind !== 'url');
  return `${parts.join('; ')}${drawn ? '; the other functions are' : ''}`;
}
