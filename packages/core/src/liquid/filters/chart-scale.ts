/** The value axis of a chart: round bounds and the ticks between them. */
export interface Scale {
  min: number;
  max: number;
  step: number;
  ticks: number[];
}

// Removes float noise (0.1 + 0.2) from values built by adding steps.
const clean = (n: number) => Number(n.toPrecision(12));

/**
 * Bounds and ticks a reader can read at a glance: steps of 1, 2, 2.5 or 5 times a power of ten, about `count`
 * of them, the bounds on a step. The data's range must be finite; an empty range is widened around its value.
 */
export function niceScale(low: number, high: number, count = 5): Scale {
  let lo = low;
  let hi = high;
  if (lo === hi) {
    const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1;
    // A flat series of positive values still starts at zero, as its bars would.
    lo = lo >= 0 ? 0 : lo - pad;
    hi = hi < 0 ? 0 : hi + pad;
  }
  const rough = (hi - lo) / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const norm = rough / magnitude;
  // 2.5 only where it stays whole (25, 250): ticks of 2.5 would print decimals for whole-number data.
  const quarter = magnitude >= 10 && norm <= 2.5;
  const step = clean((norm <= 1 ? 1 : norm <= 2 ? 2 : quarter ? 2.5 : norm <= 5 ? 5 : 10) * magnitude);
  const min = clean(Math.floor(clean(lo / step)) * step);
  const max = clean(Math.ceil(clean(hi / step)) * step);
  const ticks: number[] = [];
  for (let i = 0; clean(min + i * step) <= max; i++) ticks.push(clean(min + i * step));
  return { min, max, step, ticks };
}

/** How many decimals a step needs to print its ticks apart (0.25 → 2, 5000 → 0). */
export function stepDecimals(step: number): number {
  for (let d = 0; d < 20; d++) {
    const scaled = step * 10 ** d;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9 * Math.max(1, scaled)) return d;
  }
  return 20;
}

interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** `#rgb` or `#rrggbb`; undefined for anything else. */
export function parseHexColor(text: string): Rgb | undefined {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  if (!m) return undefined;
  const hex = (m[1] as string).length === 3 ? [...(m[1] as string)].map((c) => c + c).join('') : (m[1] as string);
  return {
    r: Number.parseInt(hex.slice(0, 2), 16),
    g: Number.parseInt(hex.slice(2, 4), 16),
    b: Number.parseInt(hex.slice(4, 6), 16),
  };
}

function toHsl({ r, g, b }: Rgb): [number, number, number] {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === R ? (G - B) / d + (G < B ? 6 : 0) : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return [h * 60, s, l];
}

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const v = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/**
 * `count` colours for slices or series: the accent first, then hues spread evenly around the wheel from it, at a
 * saturation and lightness that stay readable with white text on them (a grey accent gives a palette of blues).
 */
export function palette(accent: string, count: number): string[] {
  const rgb = parseHexColor(accent);
  if (!rgb) return [accent];
  const [h, s, l] = toHsl(rgb);
  const saturation = s < 0.1 ? 0.55 : Math.min(0.8, Math.max(0.45, s));
  const lightness = Math.min(0.55, Math.max(0.35, l));
  const hue = s < 0.1 ? 210 : h;
  const colours = [hexOf(rgb)];
  for (let i = 1; i < count; i++) {
    const h = (hue + (i * 360) / count) % 360;
    // Every other colour a shade lighter, so that neighbours differ in lightness as well as hue; yellows and greens
    // look lighter than blues at the same lightness, so they are taken darker.
    const shade = (i % 2 === 1 ? Math.min(0.62, lightness + 0.08) : lightness) - (h >= 45 && h <= 170 ? 0.1 : 0);
    colours.push(hslToHex(h, saturation, shade));
  }
  return colours;
}

const hexOf = ({ r, g, b }: Rgb) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/**
 * About how wide a text is at a font size, in the same units: charts are drawn in the template's font, which the
 * filter cannot measure, so labels are fitted by the average advance of a sans-serif (wide scripts at 1em).
 */
export function textWidth(text: string, size: number, bold = false): number {
  let ems = 0;
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code >= 0x2e80) ems += 1;
    else if (/[A-Z0-9$\u20ac£¥%#@&MW]/.test(char)) ems += 0.64;
    else if (/[ il.,:;'!|ftjr()[\]]/.test(char)) ems += 0.3;
    else ems += 0.53;
  }
  return ems * size * (bold ? 1.07 : 1);
}

/** The text cut to fit a width with an ellipsis; empty when not even the ellipsis fits. */
export function fitText(text: string, width: number, size: number): string {
  if (textWidth(text, size) <= width) return text;
  const chars = [...text];
  for (let n = chars.length - 1; n > 0; n--) {
    const cut = `${chars.slice(0, n).join('').trimEnd()}…`;
    if (textWidth(cut, size) <= width) return cut;
  }
  return '';
}
