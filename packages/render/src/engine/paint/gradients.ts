import type { Color } from '../style/computed-style';
import { gradientGeometry, type LinearGradient } from '../style/gradients';
import { num, type Rect } from './content';
import type { PaintContext } from './paint-context';
import type { PdfDocument, PdfRef } from './pdfkit-types';

/**
 * Paints a linear gradient over a background's painting area: an axial shading (PDF ShadingType 2) along the
 * gradient line through `box` (the background's positioning area), extended past its ends as CSS extends the first
 * and last colours, drawn with `sh` inside the area's clip. Stops of differing opacity get a soft mask, a grey
 * shading of their alphas along the same line.
 */
export function paintLinearGradient(
  ctx: PaintContext,
  gradient: LinearGradient,
  clipPath: () => void,
  box: Rect,
): void {
  if (!(box.width > 0 && box.height > 0)) return;
  const line = gradientGeometry(gradient, box);
  const { doc, cw } = ctx;
  // The shading runs from the first stop to the last (stops may lie outside the box's line); a gradient whose
  // stops all sit at one point is a hard edge there.
  const first = line.stops[0]?.offset ?? 0;
  const last = line.stops[line.stops.length - 1]?.offset ?? 1;
  const length = Math.hypot(line.x2 - line.x1, line.y2 - line.y1);
  // At least a hundredth of a point, which the content's three decimals still write as a line.
  const span = Math.max(last - first, 0.01 / (length || 1));
  const at = (t: number) => [line.x1 + (line.x2 - line.x1) * t, line.y1 + (line.y2 - line.y1) * t];
  const coords = [...at(first), ...at(first + span)];
  const stops = line.stops.map((s) => ({
    color: s.color,
    offset: Math.min(1, Math.max(0, (s.offset - first) / span)),
  }));
  const shading = axialShading(doc, coords, stops, (c) => [c.r / 255, c.g / 255, c.b / 255], 'DeviceRGB');
  const name = register(doc, 'Shading', 'QSh', shading);
  cw.save();
  clipPath();
  cw.write('W n');
  const alphas = new Set(stops.map((s) => s.color.a));
  if (alphas.size > 1) cw.write(`/${softMask(ctx, coords, stops, box)} gs`);
  else cw.alpha(stops[0]?.color.a ?? 1);
  cw.write(`/${name} sh`);
  cw.restore();
}

interface Stop {
  color: Color;
  offset: number;
}

/** An axial shading from stop to stop: one exponential function per pair, stitched (PDF 32000-1 §7.10.4). */
function axialShading(
  doc: PdfDocument,
  coords: number[],
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
    ShadingType: 2,
    ColorSpace: colorSpace,
    Coords: coords.map((v) => Number(num(v))),
    Function: fn,
    Extend: [true, true],
  });
  ref.end();
  return ref;
}

/** An ExtGState whose soft mask is the stops' alphas as a grey shading along the line; its resource name. */
function softMask(ctx: PaintContext, coords: number[], stops: Stop[], box: Rect): string {
  const { doc } = ctx;
  const grey = axialShading(doc, coords, stops, (c) => [c.a], 'DeviceGray');
  const form = doc.ref({
    Type: 'XObject',
    Subtype: 'Form',
    FormType: 1,
    BBox: [box.x, box.y, box.x + box.width, box.y + box.height].map((v) => Number(num(v))),
    Group: { Type: 'Group', S: 'Transparency', CS: 'DeviceGray' },
    Resources: { Shading: { QShA: grey } },
  });
  form.end('/QShA sh');
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
