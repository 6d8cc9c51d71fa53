/**
 * Counter styles (CSS Counter Styles 3, its predefined styles): the text of a counter's value in a style, for list
 * markers and for `counter()` in generated content, and a list marker's text with the style's suffix.
 */

const BULLETS: Record<string, string> = {
  disc: '•',
  circle: '◦',
  square: '▪',
  'disclosure-open': '▾',
  'disclosure-closed': '▸',
};

/** Numeric systems: the digits 0–9 of each script. */
const NUMERIC: Record<string, string> = {
  decimal: '0123456789',
  'arabic-indic': '٠١٢٣٤٥٦٧٨٩',
  persian: '۰۱۲۳۴۵۶۷۸۹',
  devanagari: '०१२३४५६७८९',
  bengali: '০১২৩৪৫৬৭৮৯',
  gujarati: '૦૧૨૩૪૫૬૭૮૯',
  gurmukhi: '੦੧੨੩੪੫੬੭੮੯',
  kannada: '೦೧೨೩೪೫೬೭೮೯',
  malayalam: '൦൧൨൩൪൫൬൭൮൯',
  oriya: '୦୧୨୩୪୫୬୭୮୯',
  telugu: '౦౧౨౩౪౫౬౭౮౯',
  tamil: '௦௧௨௩௪௫௬௭௮௯',
  thai: '๐๑๒๓๔๕๖๗๘๙',
  lao: '໐໑໒໓໔໕໖໗໘໙',
  khmer: '០១២៣៤៥៦៧៨៩',
  myanmar: '၀၁၂၃၄၅၆၇၈၉',
  mongolian: '᠐᠑᠒᠓᠔᠕᠖᠗᠘᠙',
  tibetan: '༠༡༢༣༤༥༦༧༨༩',
  'cjk-decimal': '〇一二三四五六七八九',
};

/** Alphabetic systems: a … z, aa … az, ba … */
const ALPHABETIC: Record<string, string> = {
  'lower-alpha': 'abcdefghijklmnopqrstuvwxyz',
  'lower-latin': 'abcdefghijklmnopqrstuvwxyz',
  'upper-alpha': 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  'upper-latin': 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  // CSS's lower-greek: the 24 letters without final sigma.
  'lower-greek': 'αβγδεζηθικλμνξοπρστυφχψω',
  hiragana: 'あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわゐゑをん',
  katakana: 'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヰヱヲン',
  'hiragana-iroha': 'いろはにほへとちりぬるをわかよたれそつねならむうゐのおくやまけふこえてあさきゆめみしゑひもせす',
  'katakana-iroha': 'イロハニホヘトチリヌルヲワカヨタレソツネナラムウヰノオクヤマケフコエテアサキユメミシヱヒモセス',
};

/** Fixed-range (fixed, then decimal) CJK systems. */
const FIXED: Record<string, string> = {
  'cjk-earthly-branch': '子丑寅卯辰巳午未申酉戌亥',
  'cjk-heavenly-stem': '甲乙丙丁戊己庚辛壬癸',
};

type Additive = Array<[number, string]>;
const ROMAN: Additive = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];
const ARMENIAN: Additive = [
  [9000, 'Ք'],
  [8000, 'Փ'],
  [7000, 'Ւ'],
  [6000, 'Ց'],
  [5000, 'Ր'],
  [4000, 'Տ'],
  [3000, 'Վ'],
  [2000, 'Ս'],
  [1000, 'Ռ'],
  [900, 'Ջ'],
  [800, 'Պ'],
  [700, 'Չ'],
  [600, 'Ո'],
  [500, 'Շ'],
  [400, 'Ն'],
  [300, 'Յ'],
  [200, 'Մ'],
  [100, 'Ճ'],
  [90, 'Ղ'],
  [80, 'Ձ'],
  [70, 'Հ'],
  [60, 'Կ'],
  [50, 'Ծ'],
  [40, 'Խ'],
  [30, 'Լ'],
  [20, 'Ի'],
  [10, 'Ժ'],
  [9, 'Թ'],
  [8, 'Ը'],
  [7, 'Է'],
  [6, 'Զ'],
  [5, 'Ե'],
  [4, 'Դ'],
  [3, 'Գ'],
  [2, 'Բ'],
  [1, 'Ա'],
];
const GEORGIAN: Additive = [
  [10000, 'ჵ'],
  [9000, 'ჰ'],
  [8000, 'ჯ'],
  [7000, 'ჴ'],
  [6000, 'ხ'],
  [5000, 'ჭ'],
  [4000, 'წ'],
  [3000, 'ძ'],
  [2000, 'ც'],
  [1000, 'ჩ'],
  [900, 'შ'],
  [800, 'ყ'],
  [700, 'ღ'],
  [600, 'ქ'],
  [500, 'ფ'],
  [400, 'ჳ'],
  [300, 'ტ'],
  [200, 'ს'],
  [100, 'რ'],
  [90, 'ჟ'],
  [80, 'პ'],
  [70, 'ო'],
  [60, 'ჲ'],
  [50, 'ნ'],
  [40, 'მ'],
  [30, 'ლ'],
  [20, 'კ'],
  [10, 'ი'],
  [9, 'თ'],
  [8, 'ჱ'],
  [7, 'ზ'],
  [6, 'ვ'],
  [5, 'ე'],
  [4, 'დ'],
  [3, 'გ'],
  [2, 'ბ'],
  [1, 'ა'],
];
// Hebrew (CSS Counter Styles 3 §6.1.2): 15 and 16 are written 9+6 and 9+7, so those pairs come before 10.
const HEBREW: Additive = [
  [400, 'ת'],
  [300, 'ש'],
  [200, 'ר'],
  [100, 'ק'],
  [90, 'צ'],
  [80, 'פ'],
  [70, 'ע'],
  [60, 'ס'],
  [50, 'נ'],
  [40, 'מ'],
  [30, 'ל'],
  [20, 'כ'],
  [19, 'יט'],
  [18, 'יח'],
  [17, 'יז'],
  [16, 'טז'],
  [15, 'טו'],
  [10, 'י'],
  [9, 'ט'],
  [8, 'ח'],
  [7, 'ז'],
  [6, 'ו'],
  [5, 'ה'],
  [4, 'ד'],
  [3, 'ג'],
  [2, 'ב'],
  [1, 'א'],
];
const ADDITIVE: Record<string, { symbols: Additive; max: number; lower?: boolean }> = {
  'lower-roman': { symbols: ROMAN, max: 3999, lower: true },
  'upper-roman': { symbols: ROMAN, max: 3999 },
  'lower-armenian': { symbols: ARMENIAN, max: 9999, lower: true },
  'upper-armenian': { symbols: ARMENIAN, max: 9999 },
  armenian: { symbols: ARMENIAN, max: 9999 },
  georgian: { symbols: GEORGIAN, max: 19999 },
  hebrew: { symbols: HEBREW, max: 999 },
};

// The CJK styles end their markers with an ideographic comma, as Chromium draws them.
const IDEOGRAPHIC_SUFFIX = new Set([
  'cjk-decimal',
  'cjk-earthly-branch',
  'cjk-heavenly-stem',
  'hiragana',
  'katakana',
  'hiragana-iroha',
  'katakana-iroha',
]);

/** Whether the engine draws this list-style-type (a counter style it knows, a string, or none). */
export function isKnownListStyleType(type: string): boolean {
  return type === 'none' || isKnownCounterStyle(type) || quotedString(type) !== null;
}

export function isKnownCounterStyle(style: string): boolean {
  return (
    style in BULLETS ||
    style in NUMERIC ||
    style in ALPHABETIC ||
    style in FIXED ||
    style in ADDITIVE ||
    style === 'decimal-leading-zero'
  );
}

/** A list marker's text with its suffix (`1. `, `• `, `一、`), or null for `none`; a string value is as written. */
export function markerText(type: string, ordinal: number): string | null {
  if (type === 'none') return null;
  const literal = quotedString(type);
  if (literal !== null) return literal;
  const bullet = BULLETS[type];
  if (bullet) return `${bullet} `;
  return `${counterText(type, ordinal)}${IDEOGRAPHIC_SUFFIX.has(type) ? '、' : '. '}`;
}

/**
 * A counter's value in a counter style, as `counter()` writes it (no suffix): bullets as their symbol, `none` as
 * nothing; an unknown style, and a value outside a style's range, in decimal, as CSS says.
 */
export function counterText(style: string, n: number): string {
  if (style === 'none') return '';
  const bullet = BULLETS[style];
  if (bullet) return bullet;
  if (style === 'decimal-leading-zero') return n < 0 ? `-${String(-n).padStart(2, '0')}` : String(n).padStart(2, '0');
  const digits = NUMERIC[style];
  if (digits) return numeric(n, [...digits]);
  const letters = ALPHABETIC[style];
  if (letters) return alphabetic(n, [...letters]) ?? String(n);
  const fixed = FIXED[style];
  if (fixed) return n >= 1 && n <= fixed.length ? (fixed[n - 1] as string) : String(n);
  const additive = ADDITIVE[style];
  if (additive) {
    const text = n >= 1 && n <= additive.max ? additiveText(n, additive.symbols) : String(n);
    return additive.lower ? text.toLowerCase() : text;
  }
  return String(n);
}

function numeric(n: number, digits: string[]): string {
  const text = String(Math.abs(n)).replace(/[0-9]/g, (d) => digits[Number(d)] as string);
  return n < 0 ? `-${text}` : text;
}

/** The alphabetic system; null below 1 (where decimal takes over). */
function alphabetic(n: number, letters: string[]): string | null {
  if (n < 1) return null;
  let text = '';
  let value = n;
  while (value > 0) {
    value -= 1;
    text = (letters[value % letters.length] as string) + text;
    value = Math.floor(value / letters.length);
  }
  return text;
}

function additiveText(n: number, symbols: Additive): string {
  let text = '';
  let value = n;
  for (const [size, digits] of symbols) {
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
