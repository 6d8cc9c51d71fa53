import type { CssNode } from 'css-tree';
import type { Length } from './computed-style';
import { type LengthContext, toLength, toNumber } from './values';

/**
 * One transform function (CSS Transforms 1 §13, Transforms 2 §12): translations keep their lengths (a percentage is
 * of the border box; z in points), angles are in degrees. A 3D function is drawn as a browser draws it without
 * `perspective`: composed in 3D, then flattened onto the page (its z dropped), which is an affine map of the page.
 */
export type TransformFunction =
  | { kind: 'translate'; x: Length; y: Length; z?: number }
  | { kind: 'scale'; x: number; y: number; z?: number }
  | { kind: 'rotate'; angle: number }
  | { kind: 'rotate3d'; x: number; y: number; z: number; angle: number }
  | { kind: 'skew'; x: number; y: number }
  | { kind: 'matrix'; values: [number, number, number, number, number, number] }
  /** CSS's 16 values, column by column, translations in pixels; its last row is (0, 0, 0, w): no perspective. */
  | { kind: 'matrix3d'; values: number[] };

const ANGLE_UNITS: Record<string, number> = { deg: 1, grad: 0.9, rad: 180 / Math.PI, turn: 360 };
const ZERO: Length = { pt: 0, pct: 0 };

/**
 * `none` (null), or a list of transform functions; undefined when the value has one that is not drawn: `perspective()`
 * and a `matrix3d()` with a perspective row, whose projection is not affine and so has no PDF matrix.
 */
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
    case 'translatez': {
      const z = length(args[0]);
      return z && z.pct === 0 && args.length === 1 ? { kind: 'translate', x: ZERO, y: ZERO, z: z.pt } : undefined;
    }
    case 'translate3d': {
      const [x, y, z] = [length(args[0]), length(args[1]), length(args[2])];
      return x && y && z && z.pct === 0 && args.length === 3 ? { kind: 'translate', x, y, z: z.pt } : undefined;
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
    case 'scalez': {
      const z = number(args[0]);
      return z !== undefined && args.length === 1 ? { kind: 'scale', x: 1, y: 1, z } : undefined;
    }
    case 'scale3d': {
      const [x, y, z] = [number(args[0]), number(args[1]), number(args[2])];
      return x !== undefined && y !== undefined && z !== undefined && args.length === 3
        ? { kind: 'scale', x, y, z }
        : undefined;
    }
    case 'rotate':
    case 'rotatez': {
      const a = angle(args[0]);
      return a !== undefined && args.length === 1 ? { kind: 'rotate', angle: a } : undefined;
    }
    case 'rotatex':
    case 'rotatey': {
      const a = angle(args[0]);
      if (a === undefined || args.length !== 1) return undefined;
      return { kind: 'rotate3d', x: name === 'rotatex' ? 1 : 0, y: name === 'rotatey' ? 1 : 0, z: 0, angle: a };
    }
    case 'rotate3d': {
      const [x, y, z] = [number(args[0]), number(args[1]), number(args[2])];
      const a = angle(args[3]);
      if (x === undefined || y === undefined || z === undefined || a === undefined || args.length !== 4)
        return undefined;
      // A zero vector is no rotation (CSS Transforms 2 §12: the function is then the identity).
      return { kind: 'rotate3d', x, y, z, angle: x === 0 && y === 0 && z === 0 ? 0 : a };
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
    case 'matrix3d': {
      const values = args.map(number);
      if (values.length !== 16 || values.some((v) => v === undefined)) return undefined;
      const [, , , m41, , , , m42, , , , m43, , , , m44] = values as number[];
      // A perspective row makes the projection of the page's plane a homography, which a PDF matrix cannot be.
      if (m41 !== 0 || m42 !== 0 || m43 !== 0 || m44 === 0) return undefined;
      return { kind: 'matrix3d', values: values as number[] };
    }
    default:
      return undefined;
  }
}

/** A 2D affine matrix [a, b, c, d, e, f]: (x, y) → (a x + c y + e, b x + d y + f), y pointing down. */
export type Matrix = [number, number, number, number, number, number];

/** A 4x4 matrix, row by row, acting on column vectors (x, y, z, 1). */
type Matrix3d = number[];

function multiply3d(m: Matrix3d, n: Matrix3d): Matrix3d {
  const out = new Array<number>(16).fill(0);
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 4; c++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += (m[r * 4 + k] as number) * (n[k * 4 + c] as number);
      out[r * 4 + c] = sum;
    }
  return out;
}

const translation3d = (x: number, y: number, z = 0): Matrix3d => [1, 0, 0, x, 0, 1, 0, y, 0, 0, 1, z, 0, 0, 0, 1];

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
  let m = translation3d(ox, oy);
  for (const fn of functions) m = multiply3d(m, matrixOf(fn, box));
  m = multiply3d(m, translation3d(-ox, -oy));
  // Flattened: the page's plane (z = 0) mapped, and the z of where it lands dropped; w is 1, or the matrix3d's
  // uniform scale (parseTransform refuses a perspective row).
  const w = m[15] as number;
  const at = (i: number) => (m[i] as number) / w;
  return [at(0), at(4), at(1), at(5), at(3), at(7)];
}

/**
 * Whether these functions turn a box's back to the reader (CSS Transforms 2 §5.4: the (3,3) entry of the inverse of
 * its 3D matrix is negative): rotateY(180deg) does, a 2D mirror such as scaleX(-1) does not. Only the linear part
 * matters, so the box's size and origin do not.
 */
export function showsBackFace(functions: TransformFunction[]): boolean {
  let m = translation3d(0, 0);
  for (const fn of functions) m = multiply3d(m, matrixOf(fn, { width: 0, height: 0 }));
  const at = (i: number) => m[i] as number;
  const [a, b, c, d, e, f, g, h, i] = [at(0), at(1), at(2), at(4), at(5), at(6), at(8), at(9), at(10)];
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  // Without a perspective row, the 4x4 inverse's upper-left 3x3 is the inverse of the linear part.
  return det !== 0 && (a * e - b * d) / det < 0;
}

function matrixOf(fn: TransformFunction, box: { width: number; height: number }): Matrix3d {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  switch (fn.kind) {
    case 'translate':
      return translation3d(fn.x.pt + (fn.x.pct / 100) * box.width, fn.y.pt + (fn.y.pct / 100) * box.height, fn.z ?? 0);
    case 'scale':
      return [fn.x, 0, 0, 0, 0, fn.y, 0, 0, 0, 0, fn.z ?? 1, 0, 0, 0, 0, 1];
    case 'rotate': {
      const cos = Math.cos(rad(fn.angle));
      const sin = Math.sin(rad(fn.angle));
      return [cos, -sin, 0, 0, sin, cos, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    }
    case 'rotate3d':
      return rotation3d(fn.x, fn.y, fn.z, rad(fn.angle));
    case 'skew':
      return [1, Math.tan(rad(fn.x)), 0, 0, Math.tan(rad(fn.y)), 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    case 'matrix': {
      // CSS gives the translation in pixels.
      const [a, b, c, d, e, f] = fn.values;
      return [a, c, 0, e * 0.75, b, d, 0, f * 0.75, 0, 0, 1, 0, 0, 0, 0, 1];
    }
    case 'matrix3d': {
      // Column by column in CSS; the translation column in pixels.
      const v = fn.values;
      const at = (column: number, row: number) => v[column * 4 + row] as number;
      const px = (column: number, row: number) => at(column, row) * (column === 3 && row < 3 ? 0.75 : 1);
      return [0, 1, 2, 3].flatMap((row) => [0, 1, 2, 3].map((column) => px(column, row)));
    }
  }
}

/** Rotation by `angle` radians about the axis (x, y, z), clockwise looking along it (CSS Transforms 2 §12). */
function rotation3d(x: number, y: number, z: number, angle: number): Matrix3d {
  const length = Math.hypot(x, y, z);
  if (length === 0 || angle === 0) return translation3d(0, 0);
  [x, y, z] = [x / length, y / length, z / length];
  const sin = Math.sin(angle);
  const cos = Math.cos(angle);
  const t = 1 - cos;
  return [
    cos + x * x * t,
    x * y * t - z * sin,
    x * z * t + y * sin,
    0,
    y * x * t + z * sin,
    cos + y * y * t,
    y * z * t - x * sin,
    0,
    z * x * t - y * sin,
    z * y * t + x * sin,
    cos + z * z * t,
    0,
    0,
    0,
    0,
    1,
  ];
}
