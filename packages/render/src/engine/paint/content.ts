import type { Rect } from '../layout/fragment';
import type { ColorFilter } from '../style/color-filter';
import type { BlendMode, Color } from '../style/computed-style';
import type { PdfDocument, PdfRef } from './pdfkit-types';

/** A number as PDF content writes it: thousandths of a point are plenty, and never `-0` or exponent notation. */
export function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return rounded === 0 ? '0' : String(rounded);
}

// Colours are shared objects of the computed styles: each one's operators are written once per process, not
// once per box painted (a 2,000-row table sets its border colour 12,000 times).
const fillOperators = new WeakMap<Color, string>();
const strokeOperators = new WeakMap<Color, string>();

function colorOperator(color: Color, operator: 'rg' | 'RG'): string {
  const known = operator === 'rg' ? fillOperators : strokeOperators;
  let op = known.get(color);
  if (op === undefined) {
    op = `${num(color.r / 255)} ${num(color.g / 255)} ${num(color.b / 255)} ${operator}`;
    known.set(color, op);
  }
  return op;
}

export type { Rect };

/**
 * Binary stream data as pdfkit takes it in Node and in its browser build alike: a string of Latin-1 characters,
 * one per byte (pdfkit's Buffer is not the page's in a browser, so a Uint8Array would be written as text).
 */
export function latin1(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 4096)
    parts.push(String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 4096))));
  return parts.join('');
}

/** Corner radii, each [horizontal, vertical]: top-left, top-right, bottom-right, bottom-left. */
export type Radii = [[number, number], [number, number], [number, number], [number, number]];

// Bézier handle length for a quarter ellipse.
const KAPPA = 0.5522847498;

/** A declaration's place in the template: its part (`css`, `html`…) and 1-based line. */
export interface FilterSource {
  part: string;
  line: number;
}

/** Room for a number as `writeNumber` writes it: a sign, twelve digits, a point and three decimals. */
const NUMBER_ROOM = 17;

const SPACE = 32;
const NEWLINE = 10;

interface GraphicsState {
  fill: string;
  stroke: string;
  alpha: number;
}

/**
 * Writes a page's content operators as bytes into a buffer of its own, handed to pdfkit at the end of the page (or
 * before pdfkit writes content itself). Operator strings joined and handed over as text cost a long table a tenth of
 * its paint: the strings built from numbers are ropes that joining flattens, pdfkit copied the result into a Buffer,
 * and all of it was garbage for the collector; the common operators (rectangles, colours, text) are written here
 * digit by digit instead. Tracks the fill and stroke colours and the alpha constant across `q`/`Q`, so runs of text in
 * one colour set it once. Coordinates are pdfkit's user space: points from the page's top-left, y down.
 *
 * Content can be captured instead of written (for a transparency group, or an SVG that may fail halfway):
 * while a capture is open, what pdfkit itself writes (images, SVG) is caught as well.
 */
export class ContentWriter {
  /** The page's content so far: every operator followed by a newline. */
  private bytes = new Uint8Array(64 * 1024);
  private at = 0;
  private state: GraphicsState = { fill: '0 0 0 rg', stroke: '0 0 0 RG', alpha: 1 };
  private readonly stack: GraphicsState[] = [];
  private readonly alphaStates = new Map<number, { name: string; ref: PdfRef }>();
  private readonly blendStates = new Map<BlendMode, { name: string; ref: PdfRef }>();
  private readonly captures: string[][] = [];
  private groups = 0;
  /**
   * The colour functions of the `filter`s around what is being painted (an element's, then its filtered
   * ancestors'): every fill and stroke colour set goes through them; what sets colours otherwise (gradients,
   * images) reads it here. Null, the usual case, costs one comparison per colour set.
   */
  filter: ColorFilter | null = null;
  /** Where the innermost `filter` declaration of `filter` is: what cannot be filtered is reported there. */
  filterAt: FilterSource | null = null;

  constructor(private readonly doc: PdfDocument) {}

  /**
   * Paints with `filter` as the colour filter (already composed with the one around it) declared at `at`, then
   * restores the one around it.
   */
  withFilter(filter: ColorFilter | null, at: FilterSource | null, paint: () => void): void {
    const outer = this.filter;
    const outerAt = this.filterAt;
    this.filter = filter;
    this.filterAt = at;
    try {
      paint();
    } finally {
      this.filter = outer;
      this.filterAt = outerAt;
    }
  }

  /** A new page starts with the default graphics state. */
  startPage(): void {
    this.at = 0;
    this.stack.length = 0;
    this.state = { fill: '0 0 0 rg', stroke: '0 0 0 RG', alpha: 1 };
  }

  /** One operator (or several, separated by newlines), as its text. */
  write(op: string): void {
    this.writeText(op);
    this.writeByte(NEWLINE);
  }

  /** Hands what is buffered to pdfkit (or the open capture): before pdfkit writes content itself, and at the end of a page. */
  flush(): void {
    if (this.at === 0) return;
    if (this.captures.length > 0) {
      // Captured content is text, joined with newlines (endCapture): without the last operator's newline.
      this.doc.addContent(latin1(this.bytes.subarray(0, this.at - 1)));
    } else {
      // pdfkit keeps a Uint8Array as it is (a string gets a newline added): the bytes are the ones text would give.
      this.doc.addContent(this.bytes.slice(0, this.at));
    }
    this.at = 0;
  }

  /** Text of Latin-1 characters (operators are ASCII), without a newline. */
  writeText(text: string): void {
    const length = text.length;
    if (this.at + length > this.bytes.length) this.grow(length);
    const bytes = this.bytes;
    let at = this.at;
    for (let i = 0; i < length; i++) bytes[at++] = text.charCodeAt(i);
    this.at = at;
  }

  /** Where the next byte goes: with {@link copyFrom}, what was written since (no flush comes between). */
  get position(): number {
    return this.at;
  }

  /** A copy of the bytes written since `position` was `from`. */
  copyFrom(from: number): Uint8Array {
    return this.bytes.slice(from, this.at);
  }

  /** Bytes as they are (ones {@link copyFrom} gave). */
  writeBytes(bytes: Uint8Array): void {
    if (this.at + bytes.length > this.bytes.length) this.grow(bytes.length);
    this.bytes.set(bytes, this.at);
    this.at += bytes.length;
  }

  writeByte(byte: number): void {
    if (this.at === this.bytes.length) this.grow(1);
    this.bytes[this.at++] = byte;
  }

  /**
   * A number as `num` writes it (thousandths of a point, no `-0`, no exponent), digit by digit: a PDF page's
   * coordinates as strings were most of what painting a long table allocated.
   */
  writeNumber(value: number): void {
    const thousandths = Math.round(value * 1000);
    if (!(thousandths > -1e15 && thousandths < 1e15)) {
      this.writeText(num(value));
      return;
    }
    if (this.at + NUMBER_ROOM > this.bytes.length) this.grow(NUMBER_ROOM);
    const bytes = this.bytes;
    let at = this.at;
    let rest = thousandths;
    if (rest < 0) {
      bytes[at++] = 45; // -
      rest = -rest;
    }
    const fraction = rest % 1000;
    let whole = (rest - fraction) / 1000;
    // The whole part's digits, last first, then turned around.
    const start = at;
    do {
      const digit = whole % 10;
      bytes[at++] = 48 + digit;
      whole = (whole - digit) / 10;
    } while (whole > 0);
    for (let i = start, j = at - 1; i < j; i++, j--) {
      const swap = bytes[i] as number;
      bytes[i] = bytes[j] as number;
      bytes[j] = swap;
    }
    if (fraction !== 0) {
      bytes[at++] = 46; // .
      const tenths = (fraction / 100) | 0;
      const hundredths = ((fraction / 10) | 0) % 10;
      const last = fraction % 10;
      bytes[at++] = 48 + tenths;
      if (hundredths !== 0 || last !== 0) bytes[at++] = 48 + hundredths;
      if (last !== 0) bytes[at++] = 48 + last;
    }
    this.at = at;
  }

  private grow(need: number): void {
    let size = this.bytes.length * 2;
    while (size < this.at + need) size *= 2;
    const bytes = new Uint8Array(size);
    bytes.set(this.bytes.subarray(0, this.at));
    this.bytes = bytes;
  }

  beginCapture(): void {
    this.flush();
    this.captures.push([]);
    if (this.captures.length === 1) {
      const { doc, captures } = this;
      doc.addContent = (data: string | Uint8Array) => {
        captures[captures.length - 1]?.push(typeof data === 'string' ? data : latin1(data));
        return doc;
      };
    }
  }

  /** The content written since the matching `beginCapture`, for the caller to write or drop. */
  endCapture(): string {
    this.flush();
    const captured = this.captures.pop() ?? [];
    if (this.captures.length === 0) delete (this.doc as Partial<Pick<PdfDocument, 'addContent'>>).addContent;
    return captured.join('\n');
  }

  /**
   * Paints into a transparency group drawn with `opacity`: CSS opacity applies to the element and its content as
   * one layer, so overlapping children do not show through each other. Inside, the alpha starts again at 1.
   */
  /**
   * Paints what `paint` draws as one transparency group (a form XObject), then the group with `opacity` and, for
   * `mix-blend-mode`, a blend mode (PDF's names: Multiply, ColorDodge...) against what is already on the page.
   */
  group(opacity: number, paint: () => void, blend: BlendMode = 'normal'): void {
    const outer = { ...this.state };
    this.beginCapture();
    this.state.alpha = 1;
    paint();
    const content = this.endCapture();
    this.state = outer;
    if (!content) return;
    const page = this.doc.page;
    const form = this.doc.ref({
      Type: 'XObject',
      Subtype: 'Form',
      // The form's space is the page's (pdfkit's y-down user space, unchanged where groups are painted).
      BBox: [0, 0, page.width, page.height],
      Group: { Type: 'Group', S: 'Transparency' },
      Resources: page.resources,
    });
    form.end(content);
    const name = `QG${++this.groups}`;
    page.xobjects[name] = form;
    this.save();
    this.alpha(opacity);
    if (blend !== 'normal') this.blendMode(blend);
    this.write(`/${name} Do`);
    this.restore();
  }

  /** Sets the blend mode (`BM`) through an ExtGState made once per document and mode; `restore()` undoes it. */
  private blendMode(mode: BlendMode): void {
    let state = this.blendStates.get(mode);
    if (!state) {
      const pdfName = mode.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase());
      const ref = this.doc.ref({ Type: 'ExtGState', BM: pdfName });
      ref.end();
      state = { name: `QB${this.blendStates.size + 1}`, ref };
      this.blendStates.set(mode, state);
    }
    this.doc.page.ext_gstates[state.name] = state.ref;
    this.write(`/${state.name} gs`);
  }

  save(): void {
    this.stack.push({ ...this.state });
    this.write('q');
  }

  restore(): void {
    const state = this.stack.pop();
    if (state) this.state = state;
    this.write('Q');
  }

  /** Fill colour, and its alpha as the alpha constant. */
  fillColor(color: Color): void {
    const op = colorOperator(this.filter === null ? color : this.filter.color(color), 'rg');
    if (op !== this.state.fill) {
      this.write(op);
      this.state.fill = op;
    }
    this.alpha(color.a);
  }

  strokeColor(color: Color): void {
    const op = colorOperator(this.filter === null ? color : this.filter.color(color), 'RG');
    if (op !== this.state.stroke) {
      this.write(op);
      this.state.stroke = op;
    }
    this.alpha(color.a);
  }

  /** Sets the fill and stroke alpha constants (`ca`/`CA`) through an ExtGState made once per document and value. */
  alpha(value: number): void {
    const alpha = Math.round(Math.max(0, Math.min(1, value)) * 1000) / 1000;
    if (alpha === this.state.alpha) return;
    let state = this.alphaStates.get(alpha);
    if (!state) {
      const ref = this.doc.ref({ Type: 'ExtGState', ca: alpha, CA: alpha });
      ref.end();
      state = { name: `QA${this.alphaStates.size + 1}`, ref };
      this.alphaStates.set(alpha, state);
    }
    this.doc.page.ext_gstates[state.name] = state.ref;
    this.write(`/${state.name} gs`);
    this.state.alpha = alpha;
  }

  rect(r: Rect): void {
    this.writeRect(r.x, r.y, r.width, r.height);
  }

  writeRect(x: number, y: number, width: number, height: number): void {
    this.writeNumber(x);
    this.writeByte(SPACE);
    this.writeNumber(y);
    this.writeByte(SPACE);
    this.writeNumber(width);
    this.writeByte(SPACE);
    this.writeNumber(height);
    this.writeText(' re\n');
  }

  /** A rectangle with elliptical corners (radii already fitted to the rectangle). */
  roundedRect(r: Rect, radii: Radii): void {
    const [[tlx, tly], [trx, try_], [brx, bry], [blx, bly]] = radii;
    const { x, y } = r;
    const right = x + r.width;
    const bottom = y + r.height;
    this.write(`${num(x + tlx)} ${num(y)} m`);
    this.write(`${num(right - trx)} ${num(y)} l`);
    if (trx > 0 || try_ > 0) this.corner(right - trx, y, right, y + try_, trx, try_, true);
    this.write(`${num(right)} ${num(bottom - bry)} l`);
    if (brx > 0 || bry > 0) this.corner(right, bottom - bry, right - brx, bottom, brx, bry, false);
    this.write(`${num(x + blx)} ${num(bottom)} l`);
    if (blx > 0 || bly > 0) this.corner(x + blx, bottom, x, bottom - bly, blx, bly, true);
    this.write(`${num(x)} ${num(y + tly)} l`);
    if (tlx > 0 || tly > 0) this.corner(x, y + tly, x + tlx, y, tlx, tly, false);
    this.write('h');
  }

  /** A quarter ellipse from (x0, y0) to (x1, y1); `horizontalFirst` when it leaves (x0, y0) horizontally. */
  private corner(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    rx: number,
    ry: number,
    horizontalFirst: boolean,
  ): void {
    const kx = rx * KAPPA;
    const ky = ry * KAPPA;
    const sx = Math.sign(x1 - x0);
    const sy = Math.sign(y1 - y0);
    const c1 = horizontalFirst ? [x0 + sx * kx, y0] : [x0, y0 + sy * ky];
    const c2 = horizontalFirst ? [x1, y1 - sy * ky] : [x1 - sx * kx, y1];
    this.write(
      `${num(c1[0] as number)} ${num(c1[1] as number)} ${num(c2[0] as number)} ${num(c2[1] as number)} ${num(x1)} ${num(y1)} c`,
    );
  }

  polygon(points: number[]): void {
    this.write(`${num(points[0] as number)} ${num(points[1] as number)} m`);
    for (let i = 2; i < points.length; i += 2)
      this.write(`${num(points[i] as number)} ${num(points[i + 1] as number)} l`);
    this.write('h');
  }

  line(x0: number, y0: number, x1: number, y1: number): void {
    this.write(`${num(x0)} ${num(y0)} m ${num(x1)} ${num(y1)} l`);
  }
}
