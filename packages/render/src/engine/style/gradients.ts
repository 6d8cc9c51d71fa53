import type { CssNode } from 'css-tree';
import { parsePosition } from './backgrounds';
import { parseColor } from './colors';
import type { Color, Length } from './computed-style';
import { type LengthContext, toLength } from './values';

/** A `linear-gradient()` (CSS Images 3 §3.1) as computed: its direction and colour stops, lengths unresolved. */
export interface LinearGradient {
  kind: 'linear';
  /**
   * The gradient line's direction: an angle in degrees (0 points up, 90 right), or, for `to <side-or-corner>`,
   * the side or corner (x and y of -1, 0 or 1): a corner's angle depends on the box's shape, so it is found when
   * painting.
   */
  direction: { angle: number } | { to: { x: -1 | 0 | 1; y: -1 | 0 | 1 } };
  /** At least two; a stop without a position is placed when painting (§3.5.3). */
  stops: GradientStop[];
  /** `repeating-linear-gradient()`: the stops repeat, first to last, along the whole line (§3.4). */
  repeating?: true;
}

const ANGLE_UNITS: Record<string, number> = { deg: 1, grad: 0.9, rad: 180 / Math.PI, turn: 360 };
const SIDES: Record<string, { x?: -1 | 1; y?: -1 | 1 }> = {
  left: { x: -1 },
  right: { x: 1 },
  top: { y: -1 },
  bottom: { y: 1 },
};

/**
 * `linear-gradient([<angle> | to <side-or-corner>,]? <color-stop-list>)`, or undefined when the value is not one
 * (or uses what is not drawn: colour hints).
 */
export function parseLinearGradient(node: CssNode, c: LengthContext, currentColor: Color): LinearGradient | undefined {
  if (node.type !== 'Function') return undefined;
  const repeating = isRepeating(node.name, 'linear-gradient');
  if (repeating === undefined) return undefined;
  const args = splitAtCommas(node.children.toArray());
  let direction: LinearGradient['direction'] = { angle: 180 };
  const first = args[0];
  if (!first) return undefined;
  const parsed = parseDirection(first);
  if (parsed) {
    direction = parsed;
    args.shift();
  }
  const stops = parseStops(args, c, currentColor);
  if (!stops) return undefined;
  return { kind: 'linear', direction, stops, ...(repeating ? { repeating } : {}) };
}

/** A gradient's colour stops: a colour and zero to two positions each (two make two stops); at least two. */
function parseStops(args: CssNode[][], c: LengthContext, currentColor: Color): GradientStop[] | undefined {
  const stops: GradientStop[] = [];
  for (const arg of args) {
    const [colorNode, ...positions] = arg;
    if (!colorNode || positions.length > 2) return undefined;
    const color = parseColor(colorNode, currentColor);
    if (!color) return undefined;
    if (positions.length === 0) {
      stops.push({ color, at: null });
      continue;
    }
    // `red 10% 30%` is two stops of one colour.
    for (const position of positions) {
      const at = toLength(position, c);
      if (!at) return undefined;
      stops.push({ color, at });
    }
  }
  return stops.length >= 2 ? stops : undefined;
}

export interface GradientStop {
  color: Color;
  at: Length | null;
}

/**
 * A `radial-gradient()` (CSS Images 3 §3.2): its ending shape, size and centre, and colour stops along the ray from
 * the centre (lengths of the ray: for an ellipse, its horizontal radius).
 */
export interface RadialGradient {
  kind: 'radial';
  shape: 'circle' | 'ellipse';
  /** A size keyword, or the radii (a circle's one length is `x`). */
  size: 'closest-side' | 'closest-corner' | 'farthest-side' | 'farthest-corner' | { x: Length; y: Length };
  /** The centre, as `{ pt, pct }` of the box's width and height. */
  at: { x: Length; y: Length };
  stops: GradientStop[];
  /** `repeating-radial-gradient()`: the stops repeat outward to the box's farthest corner. */
  repeating?: true;
}

/**
 * A `conic-gradient()` (CSS Images 4 §3.3): colours turning about a centre, clockwise from `from` degrees (0 points
 * up), each stop at a fraction of a turn (an angle or a percentage), or null to be placed as linear stops are.
 */
export interface ConicGradient {
  kind: 'conic';
  from: number;
  at: { x: Length; y: Length };
  stops: Array<{ color: Color; turn: number | null }>;
  /** `repeating-conic-gradient()`: the stops repeat round the whole turn. */
  repeating?: true;
}

export type Gradient = LinearGradient | RadialGradient | ConicGradient;

const SIZE_KEYWORDS = new Set(['closest-side', 'closest-corner', 'farthest-side', 'farthest-corner']);
const CENTRE: Length = { pt: 0, pct: 50 };

/**
 * `radial-gradient([<shape> || <size>]? [at <position>]?, <color-stop-list>)` with one- or two-value positions
 * (keywords, lengths, percentages), or undefined.
 */
export function parseRadialGradient(node: CssNode, c: LengthContext, currentColor: Color): RadialGradient | undefined {
  if (node.type !== 'Function') return undefined;
  const repeating = isRepeating(node.name, 'radial-gradient');
  if (repeating === undefined) return undefined;
  const args = splitAtCommas(node.children.toArray());
  let shape: RadialGradient['shape'] | undefined;
  let size: RadialGradient['size'] | undefined;
  let at = { x: CENTRE, y: CENTRE };
  const first = args[0] ?? [];
  const word = (n: CssNode | undefined) => (n?.type === 'Identifier' ? n.name.toLowerCase() : undefined);
  // The first argument is the shape, size and centre unless it starts with a colour (a stop).
  const isPrelude = first.length > 0 && !parseColor(first[0] as CssNode, currentColor);
  if (isPrelude) {
    args.shift();
    const lengths: Length[] = [];
    let i = 0;
    for (; i < first.length; i++) {
      const n = first[i] as CssNode;
      const w = word(n);
      if (w === 'at') break;
      if ((w === 'circle' || w === 'ellipse') && !shape) shape = w;
      else if (w !== undefined && SIZE_KEYWORDS.has(w) && !size) size = w as RadialGradient['size'];
      else {
        const length = toLength(n, c);
        if (!length || lengths.length >= 2) return undefined;
        lengths.push(length);
      }
    }
    if (lengths.length > 0) {
      if (size) return undefined;
      const [x, y = x] = lengths as [Length, Length?];
      // A circle's radius is one length, not a percentage; an ellipse's two.
      if (lengths.length === 1 && (shape === 'ellipse' || x.pct !== 0)) return undefined;
      if (lengths.length === 2 && shape === 'circle') return undefined;
      shape ??= lengths.length === 1 ? 'circle' : 'ellipse';
      size = { x, y: y as Length };
    }
    if (i < first.length) {
      const position = parsePosition(first.slice(i + 1), c);
      if (!position) return undefined;
      at = position;
    }
  }
  const stops = parseStops(args, c, currentColor);
  if (!stops) return undefined;
  return {
    kind: 'radial',
    shape: shape ?? 'ellipse',
    size: size ?? 'farthest-corner',
    at,
    stops,
    ...(repeating ? { repeating } : {}),
  };
}

/** `conic-gradient([from <angle>]? [at <position>]?, <angular-color-stop-list>)`, or undefined. */
export function parseConicGradient(node: CssNode, c: LengthContext, currentColor: Color): ConicGradient | undefined {
  if (node.type !== 'Function') return undefined;
  const repeating = isRepeating(node.name, 'conic-gradient');
  if (repeating === undefined) return undefined;
  const args = splitAtCommas(node.children.toArray());
  let from = 0;
  let at = { x: CENTRE, y: CENTRE };
  const first = args[0] ?? [];
  if (first.length > 0 && !parseColor(first[0] as CssNode, currentColor)) {
    args.shift();
    const word = (n: CssNode | undefined) => (n?.type === 'Identifier' ? n.name.toLowerCase() : undefined);
    const atIndex = first.findIndex((n) => word(n) === 'at');
    const head = atIndex < 0 ? first : first.slice(0, atIndex);
    if (head.length > 0) {
      const angle = head.length === 2 && word(head[0]) === 'from' ? turnOf(head[1] as CssNode, false) : undefined;
      if (angle === undefined) return undefined;
      from = angle * 360;
    }
    if (atIndex >= 0) {
      const position = parsePosition(first.slice(atIndex + 1), c);
      if (!position) return undefined;
      at = position;
    }
  }
  const stops: ConicGradient['stops'] = [];
  for (const arg of args) {
    const [colorNode, ...positions] = arg;
    if (!colorNode || positions.length > 2) return undefined;
    const color = parseColor(colorNode, currentColor);
    if (!color) return undefined;
    if (positions.length === 0) stops.push({ color, turn: null });
    for (const position of positions) {
      const turn = turnOf(position, true);
      if (turn === undefined) return undefined;
      stops.push({ color, turn });
    }
  }
  return stops.length >= 2 ? { kind: 'conic', from, at, stops, ...(repeating ? { repeating } : {}) } : undefined;
}

/** Whether a function is the gradient `name` (false) or its repeating form (true); undefined when it is neither. */
function isRepeating(functionName: string, name: string): boolean | undefined {
  const fn = functionName.toLowerCase();
  return fn === name ? false : fn === `repeating-${name}` ? true : undefined;
}

/** An angle (or, where allowed, a percentage of a turn) as a fraction of a turn; a bare 0 is an angle. */
function turnOf(node: CssNode, percentage: boolean): number | undefined {
  if (node.type === 'Dimension') {
    const factor = ANGLE_UNITS[node.unit.toLowerCase()];
    return factor === undefined ? undefined : (Number(node.value) * factor) / 360;
  }
  if (node.type === 'Percentage' && percentage) return Number(node.value) / 100;
  if (node.type === 'Number' && Number(node.value) === 0) return 0;
  return undefined;
}

/** A conic gradient in a box: its centre, its start angle (degrees) and its stops as fractions of a turn. */
export function conicGeometry(
  gradient: ConicGradient,
  box: { x: number; y: number; width: number; height: number },
): { cx: number; cy: number; from: number; stops: Array<{ color: Color; offset: number }> } {
  const offsets = placeStops(gradient.stops.map((s) => s.turn));
  return {
    cx: box.x + gradient.at.x.pt + (gradient.at.x.pct / 100) * box.width,
    cy: box.y + gradient.at.y.pt + (gradient.at.y.pct / 100) * box.height,
    from: gradient.from,
    stops: gradient.stops.map((s, i) => ({ color: s.color, offset: offsets[i] as number })),
  };
}

function parseDirection(nodes: CssNode[]): LinearGradient['direction'] | undefined {
  const [head, ...rest] = nodes;
  if (!head) return undefined;
  if (rest.length === 0 && head.type === 'Dimension') {
    const factor = ANGLE_UNITS[head.unit.toLowerCase()];
    return factor === undefined ? undefined : { angle: Number(head.value) * factor };
  }
  if (rest.length === 0 && head.type === 'Number' && Number(head.value) === 0) return { angle: 0 };
  if (head.type !== 'Identifier' || head.name.toLowerCase() !== 'to' || rest.length < 1 || rest.length > 2)
    return undefined;
  let x: -1 | 0 | 1 = 0;
  let y: -1 | 0 | 1 = 0;
  for (const node of rest) {
    const side = node.type === 'Identifier' ? SIDES[node.name.toLowerCase()] : undefined;
    if (!side) return undefined;
    if (side.x !== undefined) {
      if (x !== 0) return undefined;
      x = side.x;
    } else if (side.y !== undefined) {
      if (y !== 0) return undefined;
      y = side.y;
    }
  }
  return { to: { x, y } };
}

function splitAtCommas(nodes: CssNode[]): CssNode[][] {
  const groups: CssNode[][] = [[]];
  for (const node of nodes) {
    if (node.type === 'Operator' && node.value === ',') groups.push([]);
    else if (node.type !== 'WhiteSpace') groups[groups.length - 1]?.push(node);
  }
  return groups;
}

/** A radial gradient in a box: its centre, its ending shape's radii, and its stops as fractions of the ray. */
export interface RadialGeometry {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  stops: Array<{ color: Color; offset: number }>;
}

/** Where a radial gradient's centre and ending shape lie in a box (CSS Images 3 §3.2.1), and its stops on the ray. */
export function radialGeometry(
  gradient: RadialGradient,
  box: { x: number; y: number; width: number; height: number },
): RadialGeometry {
  const { width: w, height: h } = box;
  const cx = box.x + gradient.at.x.pt + (gradient.at.x.pct / 100) * w;
  const cy = box.y + gradient.at.y.pt + (gradient.at.y.pct / 100) * h;
  const dx = [Math.abs(cx - box.x), Math.abs(box.x + w - cx)];
  const dy = [Math.abs(cy - box.y), Math.abs(box.y + h - cy)];
  let rx: number;
  let ry: number;
  const { size } = gradient;
  if (typeof size === 'object') {
    rx = size.x.pt + (size.x.pct / 100) * w;
    ry = gradient.shape === 'circle' ? rx : size.y.pt + (size.y.pct / 100) * h;
  } else {
    const side = size.startsWith('closest') ? Math.min : Math.max;
    const sx = side(dx[0] as number, dx[1] as number);
    const sy = side(dy[0] as number, dy[1] as number);
    if (gradient.shape === 'circle') {
      rx = size.endsWith('side') ? side(sx, sy) : Math.hypot(sx, sy);
      ry = rx;
    } else if (size.endsWith('side')) {
      rx = sx;
      ry = sy;
    } else {
      // An ellipse through the corner with the sides' aspect ratio: √2 times the side distances.
      rx = sx * Math.SQRT2;
      ry = sy * Math.SQRT2;
    }
  }
  const ray = rx || 1;
  const offsets = placeStops(gradient.stops.map((s) => (s.at ? (s.at.pt + (s.at.pct / 100) * ray) / ray : null)));
  return { cx, cy, rx, ry, stops: gradient.stops.map((s, i) => ({ color: s.color, offset: offsets[i] as number })) };
}

/** Where a gradient's line runs in a box, and its stops as fractions of that line (CSS Images 3 §3.1.1, §3.5.3). */
export interface GradientGeometry {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  stops: Array<{ color: Color; offset: number }>;
}

/** The gradient line through a box (points, y down) and its stops placed on it: missing positions filled in. */
export function gradientGeometry(
  gradient: LinearGradient,
  box: { x: number; y: number; width: number; height: number },
): GradientGeometry {
  const { width: w, height: h } = box;
  let angle: number;
  if ('angle' in gradient.direction) angle = gradient.direction.angle;
  else {
    const { x, y } = gradient.direction.to;
    // A corner: perpendicular to the diagonal through the two other corners (§3.1.1), so `to top right` is
    // atan(h / w) from straight up; a side: straight at it.
    if (x !== 0 && y !== 0) {
      const a = (Math.atan2(h, w) * 180) / Math.PI;
      angle = y < 0 ? x * a : 180 - x * a;
    } else angle = x > 0 ? 90 : x < 0 ? 270 : y < 0 ? 0 : 180;
  }
  const radians = (angle * Math.PI) / 180;
  const dx = Math.sin(radians);
  const dy = -Math.cos(radians);
  const length = Math.abs(w * dx) + Math.abs(h * dy);
  const cx = box.x + w / 2;
  const cy = box.y + h / 2;
  const offsets = placeStops(
    gradient.stops.map((s) => (s.at ? (s.at.pt + (s.at.pct / 100) * length) / (length || 1) : null)),
  );
  return {
    x1: cx - (dx * length) / 2,
    y1: cy - (dy * length) / 2,
    x2: cx + (dx * length) / 2,
    y2: cy + (dy * length) / 2,
    stops: gradient.stops.map((s, i) => ({ color: s.color, offset: offsets[i] as number })),
  };
}

/**
 * CSS Images 3 §3.5.3: the first stop without a position is at 0 and the last at 1; a position smaller than an
 * earlier one is raised to it; runs of stops without positions are spread evenly between their neighbours.
 */
function placeStops(given: Array<number | null>): number[] {
  const out = given.slice();
  if (out[0] === null) out[0] = 0;
  if (out[out.length - 1] === null) out[out.length - 1] = 1;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < out.length; i++) {
    const v = out[i];
    if (v === null || v === undefined) continue;
    max = Math.max(max, v);
    out[i] = max;
  }
  for (let i = 0; i < out.length; i++) {
    if (out[i] !== null) continue;
    let j = i;
    while (out[j] === null) j++;
    const from = out[i - 1] as number;
    const to = out[j] as number;
    for (let k = i; k < j; k++) out[k] = from + ((to - from) * (k - i + 1)) / (j - i + 1);
    i = j;
  }
  return out as number[];
}
