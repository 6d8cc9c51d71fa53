import type { CssNode } from 'css-tree';
import { parsePosition } from './backgrounds';
import type { BackgroundPosition, Length } from './computed-style';
import { type LengthContext, toLength } from './values';

/**
 * `clip-path` with a basic shape (CSS Masking 1 §3.1, CSS Shapes 1 §3.1), in the element's border box: lengths
 * keep their percentages until painting, when the box's size is known.
 */
export type ClipShape =
  | { kind: 'inset'; top: Length; right: Length; bottom: Length; left: Length; radii: Length[] }
  | { kind: 'circle'; radius: ShapeRadius; at: BackgroundPosition }
  | { kind: 'ellipse'; rx: ShapeRadius; ry: ShapeRadius; at: BackgroundPosition }
  | { kind: 'polygon'; evenOdd: boolean; points: Array<[Length, Length]> };

export type ShapeRadius = Length | 'closest-side' | 'farthest-side';

const CENTRE: BackgroundPosition = { x: { pt: 0, pct: 50 }, y: { pt: 0, pct: 50 } };

const isSpace = (n: CssNode): boolean => n.type === 'WhiteSpace';
const wordOf = (n: CssNode | undefined): string | undefined =>
  n?.type === 'Identifier' ? n.name.toLowerCase() : undefined;

/**
 * `none` (null), or one basic shape, optionally with `border-box` (the reference box the shape is drawn in);
 * undefined for what is not drawn: `url()` references, `path()`, and the other reference boxes.
 */
export function parseClipPath(nodes: CssNode[], c: LengthContext): ClipShape | null | undefined {
  const parts = nodes.filter((n) => !isSpace(n));
  if (parts.length === 1 && wordOf(parts[0]) === 'none') return null;
  let shape: ClipShape | undefined;
  for (const part of parts) {
    if (wordOf(part) === 'border-box') continue;
    if (part.type !== 'Function' || shape) return undefined;
    shape = basicShape(part.name.toLowerCase(), part.children.toArray(), c);
    if (!shape) return undefined;
  }
  return shape;
}

function basicShape(name: string, args: CssNode[], c: LengthContext): ClipShape | undefined {
  switch (name) {
    case 'inset':
      return inset(args, c);
    case 'circle':
    case 'ellipse':
      return roundShape(name, args, c);
    case 'polygon':
      return polygon(args, c);
    default:
      return undefined;
  }
}

/** `inset(<length-percentage>{1,4} [round <length-percentage>{1,4}]?)`, sides as in `margin`, corners as in `border-radius`. */
function inset(args: CssNode[], c: LengthContext): ClipShape | undefined {
  const tokens = args.filter((n) => !isSpace(n));
  const round = tokens.findIndex((n) => wordOf(n) === 'round');
  const sides = lengths(round < 0 ? tokens : tokens.slice(0, round), c);
  const corners = round < 0 ? [] : lengths(tokens.slice(round + 1), c);
  if (!sides || sides.length < 1 || sides.length > 4 || !corners || corners.length > 4) return undefined;
  if (round >= 0 && corners.length === 0) return undefined;
  const [top, right = top, bottom = top, left = right] = sides as [Length, Length?, Length?, Length?];
  const [tl, tr = tl, br = tl, bl = tr] = corners as [Length?, Length?, Length?, Length?];
  return { kind: 'inset', top, right, bottom, left, radii: tl ? ([tl, tr, br, bl] as Length[]) : [] };
}

/** `circle(<shape-radius>? [at <position>]?)` and `ellipse(<shape-radius>{2}? [at <position>]?)`. */
function roundShape(name: 'circle' | 'ellipse', args: CssNode[], c: LengthContext): ClipShape | undefined {
  const tokens = args.filter((n) => !isSpace(n));
  const atIndex = tokens.findIndex((n) => wordOf(n) === 'at');
  const radiusTokens = atIndex < 0 ? tokens : tokens.slice(0, atIndex);
  let at = CENTRE;
  if (atIndex >= 0) {
    const position = parsePosition(tokens.slice(atIndex + 1), c);
    if (!position) return undefined;
    at = position;
  }
  const radii: ShapeRadius[] = [];
  for (const token of radiusTokens) {
    const radius = shapeRadius(token, c);
    if (!radius) return undefined;
    radii.push(radius);
  }
  if (name === 'circle') {
    if (radii.length > 1) return undefined;
    return { kind: 'circle', radius: radii[0] ?? 'closest-side', at };
  }
  if (radii.length === 1 || radii.length > 2) return undefined;
  return { kind: 'ellipse', rx: radii[0] ?? 'closest-side', ry: radii[1] ?? 'closest-side', at };
}

function shapeRadius(node: CssNode, c: LengthContext): ShapeRadius | undefined {
  const word = wordOf(node);
  if (word === 'closest-side' || word === 'farthest-side') return word;
  const length = toLength(node, c);
  return length && length.pt >= 0 && length.pct >= 0 ? length : undefined;
}

/** `polygon([<fill-rule>,]? <length-percentage> <length-percentage>#)`. */
function polygon(args: CssNode[], c: LengthContext): ClipShape | undefined {
  const groups: CssNode[][] = [[]];
  for (const node of args) {
    if (node.type === 'Operator' && node.value === ',') groups.push([]);
    else if (!isSpace(node)) groups[groups.length - 1]?.push(node);
  }
  let evenOdd = false;
  const rule = groups[0]?.length === 1 ? wordOf(groups[0][0]) : undefined;
  if (rule === 'evenodd' || rule === 'nonzero') {
    evenOdd = rule === 'evenodd';
    groups.shift();
  }
  const points: Array<[Length, Length]> = [];
  for (const group of groups) {
    const xy = lengths(group, c);
    if (xy?.length !== 2) return undefined;
    points.push(xy as [Length, Length]);
  }
  return points.length >= 3 ? { kind: 'polygon', evenOdd, points } : undefined;
}

function lengths(nodes: CssNode[], c: LengthContext): Length[] | undefined {
  const out: Length[] = [];
  for (const node of nodes) {
    const length = toLength(node, c);
    if (!length) return undefined;
    out.push(length);
  }
  return out;
}
