import type { Color } from '../style/computed-style';
import {
  type ConicGradient,
  conicGeometry,
  type Gradient,
  gradientGeometry,
  type LinearGradient,
  type RadialGradient,
  radialGeometry,
} from '../style/gradients';
import { latin1, num, type Rect } from './content';
import type { PaintContext } from './paint-context';
import type { PdfDocument, PdfRef } from './pdfkit-types';

/**
 * Paints a gradient over a background's painting area, drawn with `sh` inside the area's clip, its first and last
 * colours extended past its ends as CSS extends them: a linear one as an axial shading (PDF ShadingType 2) along
 * the gradient line through `box` (the background's positioning area), a radial one as a radial shading (type 3)
 * from its centre, an ellipse as a circle scaled vertically, a conic one as a mesh of triangles. Stops of differing opacity get a soft mask, a grey
 * shading of their alphas with the same geometry.
 */
export function paintGradient(ctx: PaintContext, painted: Gradient, clipPath: () => void, box: Rect): void {
  if (!(box.width > 0 && box.height > 0)) return;
  // Under a filter, its stops' colours: exact where the filter's functions stay within the colour range along the
  // way (grayscale, invert, sepia of dark colours…), where they clamp a close approximation.
  const filter = ctx.cw.filter;
  const gradient: Gradient = filter
    ? ({ ...painted, stops: painted.stops.map((stop) => ({ ...stop, color: filter.color(stop.color) })) } as Gradient)
    : painted;
  if (gradient.kind === 'conic') {
    paintConic(ctx, gradient, clipPath, box);
    return;
  }
  const shape = gradient.kind === 'linear' ? linearShape(ctx, gradient, box) : radialShape(ctx, gradient, box);
  if (!shape || shape.stops.every((s) => s.color.a <= 0)) return;
  shape.stops = premultiplied(shape.stops);
  const { doc, cw } = ctx;
  const { stops } = shape;
  const shading = shadingOf(doc, shape, stops, (c) => [c.r / 255, c.g / 255, c.b / 255], 'DeviceRGB');
  const name = register(doc, 'Shading', 'QSh', shading);
  cw.save();
  clipPath();
  cw.write('W n');
  const alphas = new Set(stops.map((s) => s.color.a));
  if (alphas.size > 1) cw.write(`/${softMask(ctx, shape, box)} gs`);
  else cw.alpha(stops[0]?.color.a ?? 1);
  if (shape.matrix) cw.write(`${shape.matrix} cm`);
  cw.write(`/${name} sh`);
  cw.restore();
}

/**
 * CSS interpolates gradients with premultiplied alpha, so `red, transparent` fades red out rather than through
 * black (transparent's own colour): a fully transparent stop takes its neighbours' colours, the one before on its
 * left and the one after on its right (two stops at one place, where nothing shows), the way the interpolation
 * reads it.
 */
function premultiplied(stops: Stop[]): Stop[] {
  const out: Stop[] = [];
  stops.forEach((stop, i) => {
    if (stop.color.a > 0) {
      out.push(stop);
      return;
    }
    const before = stops
      .slice(0, i)
      .reverse()
      .find((s) => s.color.a > 0);
    const after = stops.slice(i + 1).find((s) => s.color.a > 0);
    const left = before ?? after;
    const right = after ?? before;
    if (left) out.push({ offset: stop.offset, color: { ...left.color, a: 0 } });
    if (right && right !== left) out.push({ offset: stop.offset, color: { ...right.color, a: 0 } });
  });
  return out;
}

/** What a shading needs: its type and coordinates, the stops on [0, 1], and a matrix to apply first (ellipses). */
interface Shape {
  type: 2 | 3;
  coords: number[];
  stops: Stop[];
  matrix?: string;
}

/**
 * The shading runs from the first stop to the last (stops may lie outside the box's line); a gradient whose
 * stops all sit at one point is a hard edge there. `minimum` keeps the span long enough to be written.
 */
function spanOf(stops: Array<{ color: Color; offset: number }>, minimum: number) {
  const first = stops[0]?.offset ?? 0;
  const last = stops[stops.length - 1]?.offset ?? 1;
  const span = Math.max(last - first, minimum);
  const normalised = stops.map((s) => ({
    color: s.color,
    offset: Math.min(1, Math.max(0, (s.offset - first) / span)),
  }));
  return { first, span, stops: normalised };
}

function linearShape(ctx: PaintContext, gradient: LinearGradient, box: Rect): Shape {
  const line = gradientGeometry(gradient, box);
  // The line runs from corner to corner: stops repeated over [0, 1] cover the box.
  if (gradient.repeating) line.stops = repeatedStops(ctx, line.stops, 0, 1);
  const length = Math.hypot(line.x2 - line.x1, line.y2 - line.y1);
  // At least a hundredth of a point, which the content's three decimals still write as a line.
  const { first, span, stops } = spanOf(line.stops, 0.01 / (length || 1));
  const at = (t: number) => [line.x1 + (line.x2 - line.x1) * t, line.y1 + (line.y2 - line.y1) * t];
  return { type: 2, coords: [...at(first), ...at(first + span)], stops };
}

function radialShape(ctx: PaintContext, gradient: RadialGradient, box: Rect): Shape | null {
  const g = radialGeometry(gradient, box);
  if (!(g.rx > 0 && g.ry > 0)) return null;
  if (gradient.repeating) {
    // Out to the farthest corner, in lengths of the ray (an ellipse's corners measured in its own proportions).
    const reach = Math.max(
      ...[box.x, box.x + box.width].flatMap((x) =>
        [box.y, box.y + box.height].map((y) => Math.hypot((x - g.cx) / g.rx, (y - g.cy) / g.ry)),
      ),
    );
    g.stops = repeatedStops(ctx, g.stops, 0, reach);
  }
  // Radii cannot be negative: stops before the centre start at it.
  const from = Math.max(0, g.stops[0]?.offset ?? 0);
  const clamped = g.stops.map((s) => ({ color: s.color, offset: Math.max(from, s.offset) }));
  const { first, span, stops } = spanOf(clamped, 0.01 / g.rx);
  const coords = [g.cx, g.cy, first * g.rx, g.cx, g.cy, (first + span) * g.rx];
  const scale = g.ry / g.rx;
  // An ellipse: a circle of the horizontal radius, squeezed about the centre to the vertical one.
  const matrix = Math.abs(scale - 1) > 1e-9 ? `1 0 0 ${num(scale)} 0 ${num(g.cy - g.cy * scale)}` : undefined;
  return { type: 3, coords, stops, ...(matrix ? { matrix } : {}) };
}

interface Stop {
  color: Color;
  offset: number;
}

// More repetitions than this is stripes finer than print shows over a page: the stops are drawn once, and said.
const MAX_REPEATS = 2000;

/**
 * A repeating gradient's stops (CSS Images 3 §3.4), first to last laid end to end over [from, to]. Stops at one
 * place are, as CSS says, the average of their colours; more than MAX_REPEATS periods are drawn once, and said.
 */
function repeatedStops(ctx: PaintContext, stops: Stop[], from: number, to: number): Stop[] {
  const first = (stops[0] as Stop).offset;
  const period = (stops[stops.length - 1] as Stop).offset - first;
  if (!(period > 1e-6)) {
    const n = stops.length;
    const mean = (channel: 'r' | 'g' | 'b' | 'a') => stops.reduce((sum, s) => sum + s.color[channel], 0) / n;
    const color = { r: Math.round(mean('r')), g: Math.round(mean('g')), b: Math.round(mean('b')), a: mean('a') };
    return [
      { color, offset: from },
      { color, offset: to },
    ];
  }
  const low = Math.floor((from - first) / period);
  const high = Math.ceil((to - first) / period);
  if (high - low > MAX_REPEATS) {
    ctx.findings.add({
      code: 'unsupported_css_value',
      message: `A repeating gradient would repeat ${high - low} times, more than the ${MAX_REPEATS} drawn; it is drawn once.`,
    });
    return stops;
  }
  const out: Stop[] = [];
  for (let k = low; k < high; k++)
    for (const stop of stops) out.push({ color: stop.color, offset: stop.offset + k * period });
  return out;
}

/** A shading from stop to stop: one exponential function per pair, stitched (PDF 32000-1 §7.10.4). */
function shadingOf(
  doc: PdfDocument,
  shape: Shape,
  stops: Stop[],
  channels: (color: Color) => number[],
  colorSpace: 'DeviceRGB' | 'DeviceGray',
): PdfRef {
  const pieces: Array<Record<string, unknown>> = [];
  const bounds: number[] = [];
  const encode: number[] = [];
  for (let i = 0; i + 1 < stops.length; i++) {
    const a = stops[i] as Stop;
    const b = stops[i + 1] as Stop;
    pieces.push({ FunctionType: 2, Domain: [0, 1], C0: channels(a.color), C1: channels(b.color), N: 1 });
    if (i > 0) bounds.push(a.offset);
    encode.push(0, 1);
  }
  const fn =
    pieces.length === 1
      ? pieces[0]
      : { FunctionType: 3, Domain: [0, 1], Functions: pieces, Bounds: bounds, Encode: encode };
  const ref = doc.ref({
    ShadingType: shape.type,
    ColorSpace: colorSpace,
    Coords: shape.coords.map((v) => Number(num(v))),
    Function: fn,
    Extend: [true, true],
  });
  ref.end();
  return ref;
}

// PDF has no conic shading: a conic gradient is a fan of triangles from its centre, a degree and a half wide where
// colours blend (finer than print shows), an eighth of a turn wide where one colour runs (a pie chart's slices).
const BLEND_STEP = 1.5 / 360;

/**
 * A conic gradient (CSS Images 4 §3.3) over the painting area, clipped to it: before the first stop the first
 * colour, after the last the last, and between two stops the colours blended (in premultiplied alpha, as CSS
 * interpolates). One smooth shading of triangles (PDF ShadingType 4), each coloured at its corners, drawn as one
 * object (wedges filled one by one leave the rasteriser's anti-aliased seams, and moiré, between them); alphas
 * that differ are the same triangles in grey, as a soft mask.
 */
function paintConic(ctx: PaintContext, gradient: ConicGradient, clipPath: () => void, box: Rect): void {
  const g = conicGeometry(gradient, box);
  if (gradient.repeating) g.stops = repeatedStops(ctx, g.stops, 0, 1);
  const { cw, doc } = ctx;
  if (g.stops.every((stop) => stop.color.a <= 0)) return;
  // Far enough to pass every corner of the box, and beyond: the painting area may be larger (background-clip).
  const corners = [
    [box.x, box.y],
    [box.x + box.width, box.y],
    [box.x, box.y + box.height],
    [box.x + box.width, box.y + box.height],
  ] as const;
  const reach = 2 * Math.max(...corners.map(([x, y]) => Math.hypot(x - g.cx, y - g.cy))) + 1;
  const point = (turn: number): [number, number] => {
    const radians = (turn + g.from / 360) * 2 * Math.PI;
    return [g.cx + reach * Math.sin(radians), g.cy - reach * Math.cos(radians)];
  };
  const triangles = conicTriangles(premultiplied(g.stops), point, g.cx, g.cy);
  const name = register(doc, 'Shading', 'QSh', triangleShading(doc, triangles, 'rgb'));
  cw.save();
  clipPath();
  cw.write('W n');
  const alphas = new Set(g.stops.map((stop) => stop.color.a));
  if (alphas.size > 1) cw.write(`/${maskOf(ctx, triangleShading(doc, triangles, 'alpha'), box)} gs`);
  else cw.alpha(g.stops[0]?.color.a ?? 1);
  cw.write(`/${name} sh`);
  cw.restore();
}

/** A triangle's corners, each with its colour. */
type Triangle = Array<{ x: number; y: number; color: Color }>;

/**
 * A conic gradient as triangles fanning out from its centre: a run of one colour in eighths of a turn, a blend in
 * steps of BLEND_STEP, each triangle's outer corners the colours at their angles and its centre corner the colour
 * of its middle (so the centre shows no colour from the far side of the turn).
 */
function conicTriangles(stops: Stop[], point: (turn: number) => [number, number], cx: number, cy: number): Triangle[] {
  const triangles: Triangle[] = [];
  const colorAt = (a: Stop, b: Stop, turn: number) =>
    b.offset > a.offset ? blend(a.color, b.color, (turn - a.offset) / (b.offset - a.offset)) : b.color;
  const fan = (from: number, to: number, a: Stop, b: Stop) => {
    if (!(to > from)) return;
    const step = sameColor(a.color, b.color) ? 0.125 : BLEND_STEP;
    const pieces = Math.ceil((to - from) / step);
    for (let k = 0; k < pieces; k++) {
      const t0 = from + ((to - from) * k) / pieces;
      const t1 = from + ((to - from) * (k + 1)) / pieces;
      const [x0, y0] = point(t0);
      const [x1, y1] = point(t1);
      triangles.push([
        { x: cx, y: cy, color: colorAt(a, b, (t0 + t1) / 2) },
        { x: x0, y: y0, color: colorAt(a, b, t0) },
        { x: x1, y: y1, color: colorAt(a, b, t1) },
      ]);
    }
  };
  const first = stops[0] as Stop;
  const last = stops[stops.length - 1] as Stop;
  fan(0, Math.min(1, first.offset), first, first);
  for (let i = 0; i + 1 < stops.length; i++) {
    const a = stops[i] as Stop;
    const b = stops[i + 1] as Stop;
    fan(Math.max(0, a.offset), Math.min(1, b.offset), a, b);
  }
  fan(Math.max(0, last.offset), 1, last, last);
  return triangles;
}

/**
 * A free-form triangle mesh shading (PDF 32000-1 §8.7.4.5.5): each vertex a flag byte, x and y as 32-bit fractions
 * of the Decode ranges, and red, green and blue bytes (or one grey byte of its alpha, for a soft mask); every
 * triangle on its own (flag 0).
 */
function triangleShading(doc: PdfDocument, triangles: Triangle[], channels: 'rgb' | 'alpha'): PdfRef {
  const xs = triangles.flatMap((t) => t.map((v) => v.x));
  const ys = triangles.flatMap((t) => t.map((v) => v.y));
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const components = channels === 'rgb' ? 3 : 1;
  const size = 9 + components;
  const bytes = new Uint8Array(triangles.length * 3 * size);
  const view = new DataView(bytes.buffer);
  let at = 0;
  const fraction = (v: number, lo: number, hi: number) => Math.round(((v - lo) / (hi - lo || 1)) * 0xffffffff);
  for (const triangle of triangles)
    for (const vertex of triangle) {
      view.setUint8(at, 0);
      view.setUint32(at + 1, fraction(vertex.x, x0, x1));
      view.setUint32(at + 5, fraction(vertex.y, y0, y1));
      if (channels === 'rgb') {
        view.setUint8(at + 9, vertex.color.r);
        view.setUint8(at + 10, vertex.color.g);
        view.setUint8(at + 11, vertex.color.b);
      } else view.setUint8(at + 9, Math.round(vertex.color.a * 255));
      at += size;
    }
  const ref = doc.ref({
    ShadingType: 4,
    ColorSpace: channels === 'rgb' ? 'DeviceRGB' : 'DeviceGray',
    BitsPerCoordinate: 32,
    BitsPerComponent: 8,
    BitsPerFlag: 8,
    Decode: [x0, x1 || x0 + 1, y0, y1 || y0 + 1, ...(channels === 'rgb' ? [0, 1, 0, 1, 0, 1] : [0, 1])].map((v) =>
      Number(num(v)),
    ),
  });
  ref.end(latin1(bytes));
  return ref;
}

const sameColor = (a: Color, b: Color): boolean => a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a;

/** The colour `t` of the way from `a` to `b`, interpolated with premultiplied alpha. */
function blend(a: Color, b: Color, t: number): Color {
  const alpha = a.a + (b.a - a.a) * t;
  // Where nothing shows, the colour still matters to its neighbours in the mesh: the straight blend.
  if (alpha <= 0) {
    const lerp = (x: number, y: number) => Math.round(x + (y - x) * t);
    return { r: lerp(a.r, b.r), g: lerp(a.g, b.g), b: lerp(a.b, b.b), a: 0 };
  }
  const channel = (x: number, y: number) => Math.round((x * a.a + (y * b.a - x * a.a) * t) / alpha);
  return { r: channel(a.r, b.r), g: channel(a.g, b.g), b: channel(a.b, b.b), a: alpha };
}

/** An ExtGState whose soft mask is the stops' alphas as a grey shading of the same shape; its resource name. */
function softMask(ctx: PaintContext, shape: Shape, box: Rect): string {
  return maskOf(
    ctx,
    shadingOf(ctx.doc, shape, shape.stops, (c) => [c.a], 'DeviceGray'),
    box,
    shape.matrix,
  );
}

/** An ExtGState whose soft mask is a grey shading (drawn through `matrix` when given) over `box`; its name. */
function maskOf(ctx: PaintContext, grey: PdfRef, box: Rect, matrix?: string): string {
  const { doc } = ctx;
  const form = doc.ref({
    Type: 'XObject',
    Subtype: 'Form',
    FormType: 1,
    BBox: [box.x, box.y, box.x + box.width, box.y + box.height].map((v) => Number(num(v))),
    Group: { Type: 'Group', S: 'Transparency', CS: 'DeviceGray' },
    Resources: { Shading: { QShA: grey } },
  });
  form.end(matrix ? `q ${matrix} cm /QShA sh Q` : '/QShA sh');
  const state = doc.ref({ Type: 'ExtGState', SMask: { Type: 'Mask', S: 'Luminosity', G: form }, ca: 1, CA: 1 });
  state.end();
  return register(doc, 'ExtGState', 'QSm', state);
}

/** Puts a resource on the current page under a fresh name (prefix and a number) and returns the name. */
function register(doc: PdfDocument, kind: 'Shading' | 'ExtGState', prefix: string, ref: PdfRef): string {
  const data = (doc.page.resources as unknown as { data: Record<string, Record<string, PdfRef>> }).data;
  data[kind] ??= {};
  const entries = data[kind];
  const name = `${prefix}${Object.keys(entries).filter((k) => k.startsWith(prefix)).length + 1}`;
  entries[name] = ref;
  return name;
}
