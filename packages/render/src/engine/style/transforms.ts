import type { CssNode } from 'css-tree';
import type { Length } from './computed-style';
import { type LengthContext, toLength, toNumber } from './values';

/**
 * One 2D transform function (CSS Transforms 1 §13): translations keep their lengths (a percentage is of the border
 * box), angles are in degrees.
 */
export type TransformFunction =
  | { kind: 'translate'; x: Length; y: Length }
  | { kind: 'scale'; x: number; y: number }
  | { kind: 'rotate'; angle: number }
  | { kind: 'skew'; x: number; y: number }
  | { kind: 'matrix'; values: [number, number, number, number, number, number] };

const ANGLE_UNITS: Record<string, number> = { deg: 1, grad: 0.9, rad: 180 / Math.PI, turn: 360 };
const ZERO: Length = { pt: 0, pct: 0 };

/** `none` (null), or a list of 2D transform functions; undefined when the value has one that is not drawn (3D). */
export function parseTransform(nodes: CssNode[], c: LengthContext): TransformFunction[] | null | undefined {
  if (nodes.length === 1 && nodes[0]?.type === 'Identifier' && nodes[0].name.toLowerCase() === 'none') return null;
  const out: TransformFunction[] = [];
  for (const node of nodes) {
    if (node.type !== 'Function') return undefined;
    const args = node.children.toArray().filter((n) => n.type !== 'Operator' && n.type !== 'WhiteSpace');
    const fn = transformFunction(node.name.toLowerCase(), args, c);
    if (!fn) return undefined;
    out.push(fn);
  }
  return out.length > 0 ? out : undefined;
}

function transformFunction(name: string, args: CssNode[], c: LengthContext): TransformFunction | undefined {
  const length = (n: CssNode | undefined) => (n ? toLength(n, c) : undefined);
  const number = (n: CssNode | undefined) => (n ? toNumber(n, c) : undefined);
  const angle = (n: CssNode | undefined): number | undefined => {
    if (n?.type === 'Dimension') {
      const factor = ANGLE_UNITS[n.unit.toLowerCase()];
      return factor === undefined ? undefined : Number(n.value) * factor;
    }
    return n?.type === 'Number' && Number(n.value) === 0 ? 0 : undefined;
  };
  switch (name) {
    case 'translate': {
      const x = length(args[0]);
      const y = args.length > 1 ? length(args[1]) : ZERO;
      return x && y && args.length <= 2 ? { kind: 'translate', x, y } : undefined;
    }
    case 'translatex':
    case 'translatey': {
      const v = length(args[0]);
      if (!v || args.length !== 1) return undefined;
      return name === 'translatex' ? { kind: 'translate', x: v, y: ZERO } : { kind: 'translate', x: ZERO, y: v };
    }
    case 'scale': {
      const x = number(args[0]);
      const y = args.length > 1 ? number(args[1]) : x;
      return x !== undefined && y !== undefined && args.length <= 2 ? { kind: 'scale', x, y } : undefined;
    }
    case 'scalex':
    case 'scaley': {
      const v = number(args[0]);
      if (v === undefined || args.length !== 1) return undefined;
      return name === 'scalex' ? { kind: 'scale', x: v, y: 1 } : { kind: 'scale', x: 1, y: v };
    }
    case 'rotate':
    case 'rotatez': {
      const a = angle(args[0]);
      return a !== undefined && args.length === 1 ? { kind: 'rotate', angle: a } : undefined;
    }
    case 'skew':
    case 'skewx':
    case 'skewy': {
      const a = angle(args[0]);
      const b = name === 'skew' && args.length > 1 ? angle(args[1]) : 0;
      if (a === undefined || b === undefined || args.length > (name === 'skew' ? 2 : 1)) return undefined;
      return name === 'skewy' ? { kind: 'skew', x: 0, y: a } : { kind: 'skew', x: a, y: b };
    }
    case 'matrix': {
      const values = args.map(number);
      if (values.length !== 6 || values.some((v) => v === undefined)) return undefined;
      return { kind: 'matrix', values: values as [number, number, number, number, number, number] };
    }
    default:
      return undefined;
  }
}

/** A 2D affine matrix [a, b, c, d, e, f]: (x, y) → (a x + c y + e, b x + d y + f), y pointing down. */
export type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

/**
 * The transform of a border box at (x, y, width, height) as one matrix in page coordinates: the functions applied
 * right to left about the transform origin (CSS Transforms 1 §7), `origin` being `{ pt, pct }` of the box.
 */
export function transformMatrix(
  functions: TransformFunction[],
  origin: { x: Length; y: Length },
  box: { x: number; y: number; width: number; height: number },
): Matrix {
  const ox = box.x + origin.x.pt + (origin.x.pct / 100) * box.width;
  const oy = box.y + origin.y.pt + (origin.y.pct / 100) * box.height;
  let m: Matrix = [1, 0, 0, 1, ox, oy];
  for (const fn of functions) m = multiply(m, matrixOf(fn, box));
  return multiply(m, [1, 0, 0, 1, -ox, -oy]);
}

function matrixOf(fn: TransformFunction, box: { width: number; height: number }): Matrix {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  switch (fn.kind) {
    case 'translate':
      return [1, 0, 0, 1, fn.x.pt + (fn.x.pct / 100) * box.width, fn.y.pt + (fn.y.pct / 100) * box.height];
    case 'scale':
      return [fn.x, 0, 0, fn.y, 0, 0];
    case 'rotate': {
      const cos = Math.cos(rad(fn.angle));
      const sin = Math.sin(rad(fn.angle));
      return [cos, sin, -sin, cos, 0, 0];
    }
    case 'skew':
      return [1, Math.tan(rad(fn.y)), Math.tan(rad(fn.x)), 1, 0, 0];
    case 'matrix': {
      // CSS gives the translation in pixels.
      const [a, b, c, d, e, f] = fn.values;
      return [a, b, c, d, e * 0.75, f * 0.75];
    }
  }
}
