import type { CssNode } from 'css-tree';
import { parseColor } from './colors';
import type { Color, Length } from './computed-style';
import { type LengthContext, toLength } from './values';

/** A `linear-gradient()` (CSS Images 3 §3.1) as computed: its direction and colour stops, lengths unresolved. */
export interface LinearGradient {
  /**
   * The gradient line's direction: an angle in degrees (0 points up, 90 right), or, for `to <side-or-corner>`,
   * the side or corner (x and y of -1, 0 or 1): a corner's angle depends on the box's shape, so it is found when
   * painting.
   */
  direction: { angle: number } | { to: { x: -1 | 0 | 1; y: -1 | 0 | 1 } };
  /** At least two; a stop without a position is placed when painting (§3.5.3). */
  stops: Array<{ color: Color; at: Length | null }>;
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
 * (or uses what is not drawn: colour hints, `repeating-linear-gradient`, radial and conic gradients).
 */
export function parseLinearGradient(node: CssNode, c: LengthContext, currentColor: Color): LinearGradient | undefined {
  if (node.type !== 'Function' || node.name.toLowerCase() !== 'linear-gradient') return undefined;
  const args = splitAtCommas(node.children.toArray());
  let direction: LinearGradient['direction'] = { angle: 180 };
  const first = args[0];
  if (!first) return undefined;
  const parsed = parseDirection(first);
  if (parsed) {
    direction = parsed;
    args.shift();
  }
  const stops: LinearGradient['stops'] = [];
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
  return stops.length >= 2 ? { direction, stops } : undefined;
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
