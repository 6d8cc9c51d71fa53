import type { Color } from '../style/computed-style';
import {
  type Gradient,
  gradientGeometry,
  type LinearGradient,
  type RadialGradient,
  radialGeometry,
} from '../style/gradients';
import { num, type Rect } from './content';
import type { PaintContext } from './paint-context';
import type { PdfDocument, PdfRef } from './pdfkit-types';

/**
 * Paints a gradient over a background's painting area, drawn with `sh` inside the area's clip, its first and last
 * colours extended past its ends as CSS extends them: a linear one as an axial shading (PDF ShadingType 2) along
 * the gradient line through `box` (the background's positioning area), a radial one as a radial shading (type 3)
 * from its centre, an ellipse as a circle scaled vertically. Stops of differing opacity get a soft mask, a grey
 * shading of their alphas with the same geometry.
 */
export function paintGradient(ctx: PaintContext, gradient: Gradient, clipPath: () => void, box: Rect): void {
  if (!(box.width > 0 && box.height > 0)) return;
  const shape = gradient.kind === 'linear' ? linearShape(gradient, box) : radialShape(gradient, box);
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

function linearShape(gradient: LinearGradient, box: Rect): Shape {
  const line = gradientGeometry(gradient, box);
  const length = Math.hypot(line.x2 - line.x1, line.y2 - line.y1);
  // At least a hundredth of a point, which the content's three decimals still write as a line.
  const { first, span, stops } = spanOf(line.stops, 0.01 / (length || 1));
  const at = (t: number) => [line.x1 + (line.x2 - line.x1) * t, line.y1 + (line.y2 - line.y1) * t];
  return { type: 2, coords: [...at(first), ...at(first + span)], stops };
}

function radialShape(gradient: RadialGradient, box: Rect): Shape | null {
  const g = radialGeometry(gradient, box);
  if (!(g.rx > 0 && g.ry > 0)) return null;
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

/** An ExtGState whose soft mask is the stops' alphas as a grey shading of the same shape; its resource name. */
function softMask(ctx: PaintContext, shape: Shape, box: Rect): string {
  const { doc } = ctx;
  const grey = shadingOf(doc, shape, shape.stops, (c) => [c.a], 'DeviceGray');
  const form = doc.ref({
    Type: 'XObject',
    Subtype: 'Form',
    FormType: 1,
    BBox: [box.x, box.y, box.x + box.width, box.y + box.height].map((v) => Number(num(v))),
    Group: { Type: 'Group', S: 'Transparency', CS: 'DeviceGray' },
    Resources: { Shading: { QShA: grey } },
  });
  form.end(shape.matrix ? `q ${shape.matrix} cm /QShA sh Q` : '/QShA sh');
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
