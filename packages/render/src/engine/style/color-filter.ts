import type { Color } from './computed-style';
import type { ColorFunction, FilterFunction } from './filters';

/**
 * An affine map of (r, g, b) on [0, 1]: rows r, g, b of three factors and an offset, each result clamped to [0, 1]
 * as every primitive of a filter chain clamps its output.
 */
type Step = readonly [
  ...[number, number, number, number],
  ...[number, number, number, number],
  ...[number, number, number, number],
];

const IDENTITY: Step = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

/**
 * What the colour functions of filter lists (Filter Effects 1 §13: grayscale, sepia, saturate, hue-rotate, invert,
 * brightness, contrast) do to a colour, with the spec's matrices on sRGB values as Chromium applies them to these
 * shorthands. One filter is an element's functions in their order, then those of the filtered elements around it.
 * Alpha is left alone: `opacity()` is the caller's (a group's opacity).
 */
export class ColorFilter {
  private readonly colors = new WeakMap<Color, Color>();
  private readonly within = new Map<string, ColorFilter | null>();

  private constructor(
    private readonly steps: readonly Step[],
    /** Names the map: filters with the same key map colours alike. */
    readonly key: string,
  ) {}

  /**
   * The colour functions of `functions` (others are skipped), then `outer`'s; `outer` itself when they change no
   * colour, null when neither does.
   */
  static of(functions: readonly FilterFunction[], outer: ColorFilter | null): ColorFilter | null {
    const own = functions.filter(isColorFunction).filter((fn) => fn.kind !== 'opacity');
    if (own.length === 0) return outer;
    const key = own.map(describe).join(' ');
    const known = outer ? outer.within : OUTERMOST;
    let filter = known.get(key);
    if (filter === undefined) {
      const ownSteps = own.map(stepOf).filter((step) => !isIdentity(step));
      const steps = ownSteps.length === 0 ? null : merged([...ownSteps, ...(outer?.steps ?? [])]);
      if (steps === null) filter = outer;
      else filter = steps.length === 0 ? null : new ColorFilter(steps, outer ? `${key} ${outer.key}` : key);
      // Templates write a few filters; a bound keeps values that vary per row from piling up.
      if (known.size >= MAX_KNOWN) known.clear();
      known.set(key, filter);
    }
    return filter;
  }

  /** The colour through the filter (alpha unchanged); the same object for the same colour. */
  color(color: Color): Color {
    let out = this.colors.get(color);
    if (out === undefined) {
      const rgb = [color.r / 255, color.g / 255, color.b / 255];
      for (const step of this.steps) apply(step, rgb);
      out = { r: (rgb[0] as number) * 255, g: (rgb[1] as number) * 255, b: (rgb[2] as number) * 255, a: color.a };
      this.colors.set(color, out);
    }
    return out;
  }

  /** RGBA pixels (4 bytes each) through the filter, in place; alpha unchanged. */
  pixels(data: Uint8Array): void {
    const rgb = [0, 0, 0];
    const single = this.steps.length === 1 ? (this.steps[0] as Step) : undefined;
    for (let i = 0; i < data.length; i += 4) {
      const r = (data[i] as number) / 255;
      const g = (data[i + 1] as number) / 255;
      const b = (data[i + 2] as number) / 255;
      if (single) {
        // One step (the usual case: steps that never clamp between them are merged) without the array.
        data[i] = byte(single[0] * r + single[1] * g + single[2] * b + single[3]);
        data[i + 1] = byte(single[4] * r + single[5] * g + single[6] * b + single[7]);
        data[i + 2] = byte(single[8] * r + single[9] * g + single[10] * b + single[11]);
        continue;
      }
      rgb[0] = r;
      rgb[1] = g;
      rgb[2] = b;
      for (const step of this.steps) apply(step, rgb);
      data[i] = Math.round((rgb[0] as number) * 255);
      data[i + 1] = Math.round((rgb[1] as number) * 255);
      data[i + 2] = Math.round((rgb[2] as number) * 255);
    }
  }
}

const OUTERMOST = new Map<string, ColorFilter | null>();
const MAX_KNOWN = 256;

export function isColorFunction(fn: FilterFunction): fn is ColorFunction {
  return fn.kind !== 'blur' && fn.kind !== 'drop-shadow' && fn.kind !== 'url';
}

/** The product of a list's `opacity()` amounts: what it multiplies the element's opacity by. */
export function filterOpacity(functions: readonly FilterFunction[]): number {
  let opacity = 1;
  for (const fn of functions) if (fn.kind === 'opacity') opacity *= fn.amount;
  return opacity;
}

const describe = (fn: ColorFunction): string =>
  fn.kind === 'hue-rotate' ? `hue-rotate(${fn.angle})` : `${fn.kind}(${fn.amount})`;

const byte = (v: number): number => (v <= 0 ? 0 : v >= 1 ? 255 : Math.round(v * 255));

function apply(step: Step, rgb: number[]): void {
  const [r, g, b] = rgb as [number, number, number];
  rgb[0] = clamp(step[0] * r + step[1] * g + step[2] * b + step[3]);
  rgb[1] = clamp(step[4] * r + step[5] * g + step[6] * b + step[7]);
  rgb[2] = clamp(step[8] * r + step[9] * g + step[10] * b + step[11]);
}

const clamp = (v: number): number => Math.min(1, Math.max(0, v));

/** The matrices of Filter Effects 1 §13, as 3×4 (the spec's 5×5 without its alpha row and column). */
function stepOf(fn: ColorFunction): Step {
  switch (fn.kind) {
    case 'grayscale': {
      const k = 1 - fn.amount;
      // biome-ignore format: a matrix
      return [
        0.2126 + 0.7874 * k, 0.7152 - 0.7152 * k, 0.0722 - 0.0722 * k, 0,
        0.2126 - 0.2126 * k, 0.7152 + 0.2848 * k, 0.0722 - 0.0722 * k, 0,
        0.2126 - 0.2126 * k, 0.7152 - 0.7152 * k, 0.0722 + 0.9278 * k, 0,
      ];
    }
    case 'sepia': {
      const k = 1 - fn.amount;
      // biome-ignore format: a matrix
      return [
        0.393 + 0.607 * k, 0.769 - 0.769 * k, 0.189 - 0.189 * k, 0,
        0.349 - 0.349 * k, 0.686 + 0.314 * k, 0.168 - 0.168 * k, 0,
        0.272 - 0.272 * k, 0.534 - 0.534 * k, 0.131 + 0.869 * k, 0,
      ];
    }
    case 'saturate': {
      const s = fn.amount;
      // biome-ignore format: a matrix
      return [
        0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0,
        0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0,
        0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s, 0,
      ];
    }
    case 'hue-rotate': {
      const radians = (fn.angle * Math.PI) / 180;
      const cos = Math.cos(radians);
      const sin = Math.sin(radians);
      // biome-ignore format: a matrix
      return [
        0.213 + cos * 0.787 - sin * 0.213, 0.715 - cos * 0.715 - sin * 0.715, 0.072 - cos * 0.072 + sin * 0.928, 0,
        0.213 - cos * 0.213 + sin * 0.143, 0.715 + cos * 0.285 + sin * 0.14, 0.072 - cos * 0.072 - sin * 0.283, 0,
        0.213 - cos * 0.213 - sin * 0.787, 0.715 - cos * 0.715 + sin * 0.715, 0.072 + cos * 0.928 + sin * 0.072, 0,
      ];
    }
    case 'invert':
      // feComponentTransfer's table [amount, 1 - amount]: C' = amount + (1 - 2 amount) C.
      return diagonal(1 - 2 * fn.amount, fn.amount);
    case 'brightness':
      return diagonal(fn.amount, 0);
    case 'contrast':
      return diagonal(fn.amount, 0.5 - 0.5 * fn.amount);
    case 'opacity':
      return IDENTITY;
  }
}

// biome-ignore format: a matrix
const diagonal = (slope: number, intercept: number): Step => [
  slope, 0, 0, intercept,
  0, slope, 0, intercept,
  0, 0, slope, intercept,
];

/**
 * The steps with identities dropped and each run of steps whose results never leave [0, 1] (so that clamping
 * between them changes nothing) multiplied into one: `brightness(0) invert(1)` is one matrix.
 */
function merged(steps: readonly Step[]): Step[] {
  const out: Step[] = [];
  for (const step of steps) {
    if (isIdentity(step)) continue;
    const last = out[out.length - 1];
    if (last && staysInCube(last)) out[out.length - 1] = compose(step, last);
    else out.push(step);
  }
  return out.filter((step) => !isIdentity(step));
}

const isIdentity = (step: Step): boolean => step.every((v, i) => Math.abs(v - (IDENTITY[i] as number)) < 1e-9);

/** Whether every (r, g, b) in [0, 1] maps into [0, 1] without clamping. */
function staysInCube(step: Step): boolean {
  for (let row = 0; row < 3; row++) {
    let low = step[row * 4 + 3] as number;
    let high = low;
    for (let col = 0; col < 3; col++) {
      const v = step[row * 4 + col] as number;
      if (v < 0) low += v;
      else high += v;
    }
    if (low < -1e-9 || high > 1 + 1e-9) return false;
  }
  return true;
}

/** `second` after `first`. */
function compose(second: Step, first: Step): Step {
  const out: number[] = [];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 4; col++) {
      let v = col === 3 ? (second[row * 4 + 3] as number) : 0;
      for (let k = 0; k < 3; k++) v += (second[row * 4 + k] as number) * (first[k * 4 + col] as number);
      out.push(v);
    }
  }
  return out as unknown as Step;
}
