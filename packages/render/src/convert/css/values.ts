/** CSS values as the converter uses them: lengths in points, colours as #rrggbb. */

export const PT_PER = { px: 0.75, pt: 1, pc: 12, mm: 72 / 25.4, cm: 72 / 2.54, in: 72, q: 72 / 101.6 } as const;

/** A length as written: an absolute number of points, a multiple of the font size, or a percentage. */
export type Length = { pt: number } | { em: number } | { percent: number } | 'auto';

const LENGTH = /^(-?\d*\.?\d+)(px|pt|pc|mm|cm|in|q|em|rem|%)?$/i;

export function parseLength(value: string): Length | undefined {
  const text = value.trim().toLowerCase();
  if (text === 'auto') return 'auto';
  if (text === '0') return { pt: 0 };
  const match = LENGTH.exec(text);
  if (!match) return undefined;
  const n = Number(match[1]);
  const unit = (match[2] ?? '').toLowerCase();
  if (unit === '%') return { percent: n };
  if (unit === 'em') return { em: n };
  // rem: the root font size is the UA default (16px = 12pt), as in a browser.
  if (unit === 'rem') return { pt: n * 12 };
  if (unit === '') return { pt: n * PT_PER.px }; // unitless lengths in attributes are pixels
  return { pt: n * PT_PER[unit as keyof typeof PT_PER] };
}

/** Resolves a length to points; percentages resolve against `base` when given. */
export function toPoints(length: Length | undefined, fontSize: number, base?: number): number | undefined {
  if (!length || length === 'auto') return undefined;
  if ('pt' in length) return length.pt;
  if ('em' in length) return length.em * fontSize;
  return base === undefined ? undefined : (length.percent / 100) * base;
}

const NAMED: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  yellow: '#ffff00',
  gray: '#808080',
  grey: '#808080',
  silver: '#c0c0c0',
  maroon: '#800000',
  purple: '#800080',
  fuchsia: '#ff00ff',
  lime: '#00ff00',
  olive: '#808000',
  navy: '#000080',
  teal: '#008080',
  aqua: '#00ffff',
  orange: '#ffa500',
  darkgray: '#a9a9a9',
  darkgrey: '#a9a9a9',
  lightgray: '#d3d3d3',
  lightgrey: '#d3d3d3',
  dimgray: '#696969',
  gainsboro: '#dcdcdc',
  whitesmoke: '#f5f5f5',
  darkblue: '#00008b',
  darkred: '#8b0000',
  darkgreen: '#006400',
  steelblue: '#4682b4',
  slategray: '#708090',
  slategrey: '#708090',
  royalblue: '#4169e1',
  crimson: '#dc143c',
  gold: '#ffd700',
  goldenrod: '#daa520',
  indigo: '#4b0082',
  brown: '#a52a2a',
  pink: '#ffc0cb',
  tomato: '#ff6347',
  coral: '#ff7f50',
  salmon: '#fa8072',
  beige: '#f5f5dc',
  ivory: '#fffff0',
  linen: '#faf0e6',
  khaki: '#f0e68c',
  lavender: '#e6e6fa',
  midnightblue: '#191970',
  darkslategray: '#2f4f4f',
  darkslategrey: '#2f4f4f',
  forestgreen: '#228b22',
  seagreen: '#2e8b57',
  firebrick: '#b22222',
  darkorange: '#ff8c00',
  chocolate: '#d2691e',
  skyblue: '#87ceeb',
  lightblue: '#add8e6',
  aliceblue: '#f0f8ff',
  honeydew: '#f0fff0',
  mintcream: '#f5fffa',
  ghostwhite: '#f8f8ff',
  snow: '#fffafa',
  seashell: '#fff5ee',
  oldlace: '#fdf5e6',
  cornsilk: '#fff8dc',
  rebeccapurple: '#663399',
};

const hex2 = (n: number) =>
  Math.max(0, Math.min(255, Math.round(n)))
    .toString(16)
    .padStart(2, '0');

function channel(text: string): number {
  const t = text.trim();
  return t.endsWith('%') ? (Number(t.slice(0, -1)) / 100) * 255 : Number(t);
}

/**
 * A colour as #rrggbb, or 'transparent', or undefined when it is not a colour. Translucent colours are mixed
 * over white, since a report's page is white and PDF fills have no alpha without extra machinery.
 */
export function parseColor(value: string): string | undefined {
  const text = value.trim().toLowerCase();
  if (text === 'transparent') return 'transparent';
  if (text === 'currentcolor' || text === 'inherit') return undefined;
  if (NAMED[text]) return NAMED[text];
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])([0-9a-f])?$/.exec(text);
  if (short) {
    const [r, g, b, a] = [short[1], short[2], short[3], short[4]].map((c) =>
      c === undefined ? undefined : parseInt(c + c, 16),
    );
    return mix(r as number, g as number, b as number, a === undefined ? 1 : a / 255);
  }
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/.exec(text);
  if (long) {
    const a = long[4] === undefined ? 1 : parseInt(long[4], 16) / 255;
    return mix(parseInt(long[1] as string, 16), parseInt(long[2] as string, 16), parseInt(long[3] as string, 16), a);
  }
  const fn = /^rgba?\(([^)]+)\)$/.exec(text);
  if (fn) {
    const parts = (fn[1] as string).split(/[\s,/]+/).filter(Boolean);
    if (parts.length < 3) return undefined;
    const alpha =
      parts[3] === undefined ? 1 : parts[3].endsWith('%') ? Number(parts[3].slice(0, -1)) / 100 : Number(parts[3]);
    return mix(channel(parts[0] as string), channel(parts[1] as string), channel(parts[2] as string), alpha);
  }
  const hsl = /^hsla?\(([^)]+)\)$/.exec(text);
  if (hsl) {
    const parts = (hsl[1] as string).split(/[\s,/]+/).filter(Boolean);
    const h = (((Number.parseFloat(parts[0] ?? '0') % 360) + 360) % 360) / 360;
    const s = Number.parseFloat(parts[1] ?? '0') / 100;
    const l = Number.parseFloat(parts[2] ?? '0') / 100;
    const alpha =
      parts[3] === undefined ? 1 : parts[3].endsWith('%') ? Number(parts[3].slice(0, -1)) / 100 : Number(parts[3]);
    const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
    const p = 2 * l - q;
    const hue = (t: number) => {
      const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
      if (x < 1 / 6) return p + (q - p) * 6 * x;
      if (x < 1 / 2) return q;
      if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
      return p;
    };
    return mix(hue(h + 1 / 3) * 255, hue(h) * 255, hue(h - 1 / 3) * 255, alpha);
  }
  return undefined;
}

function mix(r: number, g: number, b: number, alpha: number): string {
  if (Number.isNaN(r + g + b + alpha)) return '#000000';
  if (alpha <= 0) return 'transparent';
  const a = Math.min(1, alpha);
  const over = (c: number) => c * a + 255 * (1 - a);
  return `#${hex2(over(r))}${hex2(over(g))}${hex2(over(b))}`;
}

/** Splits a declaration value at top-level whitespace, keeping `rgb(1, 2, 3)` and quoted strings whole. */
export function splitValue(value: string, separator: RegExp = /\s/): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (const ch of value) {
    if (quote) {
      current += ch;
      if (ch === quote) quote = '';
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (depth === 0 && separator.test(ch)) {
      if (current.trim()) parts.push(current.trim());
      current = '';
      continue;
    }
    current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

const BORDER_STYLES = new Set([
  'none',
  'hidden',
  'solid',
  'dashed',
  'dotted',
  'double',
  'groove',
  'ridge',
  'inset',
  'outset',
]);
const BORDER_WIDTHS: Record<string, string> = { thin: '1px', medium: '3px', thick: '5px' };

/** `1px solid #ccc` → width, style and colour longhands. */
export function parseBorder(value: string): { width?: string; style?: string; color?: string } {
  const out: { width?: string; style?: string; color?: string } = {};
  for (const part of splitValue(value)) {
    const lower = part.toLowerCase();
    if (BORDER_STYLES.has(lower)) out.style = lower;
    else if (BORDER_WIDTHS[lower]) out.width = BORDER_WIDTHS[lower];
    else if (parseLength(lower) && lower !== 'auto') out.width = lower;
    else out.color = part;
  }
  return out;
}

/** The four sides of a 1-4 value shorthand (margin, padding, border-width...): top, right, bottom, left. */
export function fourSides(value: string): [string, string, string, string] | undefined {
  const parts = splitValue(value);
  const [a, b = a, c = a, d = b] = parts;
  if (a === undefined || parts.length > 4) return undefined;
  return [a, b as string, c as string, d as string];
}
