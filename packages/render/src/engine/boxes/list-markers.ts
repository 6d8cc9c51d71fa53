/**
 * List markers (CSS Lists 3 and the predefined counter styles of CSS Counter Styles 3): the text of a list item's
 * marker for its ordinal, with the style's suffix (`. ` after numbers, a space after bullets).
 */

const BULLETS: Record<string, string> = { disc: '•', circle: '◦', square: '▪' };

const LATIN = 'abcdefghijklmnopqrstuvwxyz';
// CSS's lower-greek: the 24 letters without final sigma.
const GREEK = 'αβγδεζηθικλμνξοπρστυφχψω';

const ROMAN: Array<[number, string]> = [
  [1000, 'm'],
  [900, 'cm'],
  [500, 'd'],
  [400, 'cd'],
  [100, 'c'],
  [90, 'xc'],
  [50, 'l'],
  [40, 'xl'],
  [10, 'x'],
  [9, 'ix'],
  [5, 'v'],
  [4, 'iv'],
  [1, 'i'],
];

/** Counter styles this module draws; any other name falls back to decimal, as CSS says of an unknown style. */
const NUMBERED = new Set([
  'decimal',
  'decimal-leading-zero',
  'lower-alpha',
  'lower-latin',
  'upper-alpha',
  'upper-latin',
  'lower-roman',
  'upper-roman',
  'lower-greek',
]);

export function isKnownListStyleType(type: string): boolean {
  return type === 'none' || type in BULLETS || NUMBERED.has(type) || quotedString(type) !== null;
}

/** The marker's text, or null for `none`. A string value (`"→ "`) is the marker as written. */
export function markerText(type: string, ordinal: number): string | null {
  if (type === 'none') return null;
  const literal = quotedString(type);
  if (literal !== null) return literal;
  const bullet = BULLETS[type];
  if (bullet) return `${bullet} `;
  return `${counterText(type, ordinal)}. `;
}

function counterText(type: string, n: number): string {
  switch (type) {
    case 'decimal-leading-zero':
      return n < 0 ? `-${String(-n).padStart(2, '0')}` : String(n).padStart(2, '0');
    case 'lower-alpha':
    case 'lower-latin':
      return alphabetic(n, LATIN) ?? String(n);
    case 'upper-alpha':
    case 'upper-latin':
      return (alphabetic(n, LATIN) ?? String(n)).toUpperCase();
    case 'lower-greek':
      return alphabetic(n, GREEK) ?? String(n);
    case 'lower-roman':
      return roman(n) ?? String(n);
    case 'upper-roman':
      return (roman(n) ?? String(n)).toUpperCase();
    default:
      return String(n);
  }
}

/** The alphabetic system: a … z, aa … az, ba …; null below 1 (the range where decimal takes over). */
function alphabetic(n: number, digits: string): string | null {
  if (n < 1) return null;
  const letters = [...digits];
  let text = '';
  let value = n;
  while (value > 0) {
    value -= 1;
    text = (letters[value % letters.length] as string) + text;
    value = Math.floor(value / letters.length);
  }
  return text;
}

/** Additive roman numerals, defined for 1 to 3999. */
function roman(n: number): string | null {
  if (n < 1 || n > 3999) return null;
  let text = '';
  let value = n;
  for (const [size, digits] of ROMAN) {
    while (value >= size) {
      text += digits;
      value -= size;
    }
  }
  return text;
}

/**
 * The content of a `list-style-type` string, or null when it is a counter style name. The style stage may keep
 * the quotes or not; a value that cannot be a name (`→ `) is a string either way.
 */
function quotedString(type: string): string | null {
  const match = /^(["'])([\s\S]*)\1$/.exec(type);
  if (match) return match[2] as string;
  return /^-?[a-z_][a-z0-9_-]*$/i.test(type) ? null : type;
}
