/**
 * Which characters stand upright in vertical text set `text-orientation: mixed` (Unicode's Vertical_Orientation,
 * UAX #50): the values U, Tu and Tr. Tu and Tr characters (CJK punctuation, brackets, the prolonged sound mark) have
 * vertical forms that the font's `vert` feature gives them; vertical text is shaped with it (boxes/vertical-flow.ts).
 * Everything else (R: Latin, digits, Arabic…) is set on its side. The ranges are UAX #50's, merged where neighbouring
 * blocks agree; a few rarely used symbols inside them are taken as their block's value.
 */
const UPRIGHT: ReadonlyArray<readonly [number, number]> = [
  [0x00a7, 0x00a7],
  [0x00a9, 0x00a9],
  [0x00ae, 0x00ae],
  [0x00b1, 0x00b1],
  [0x00bc, 0x00be],
  [0x00d7, 0x00d7],
  [0x00f7, 0x00f7],
  [0x02ea, 0x02eb],
  [0x1100, 0x11ff], // Hangul Jamo
  [0x1401, 0x167f], // Unified Canadian Aboriginal Syllabics
  [0x18b0, 0x18ff],
  [0x2016, 0x2016],
  [0x2020, 0x2021],
  [0x2030, 0x2031],
  [0x203b, 0x203c],
  [0x2042, 0x2042],
  [0x2047, 0x2049],
  [0x2051, 0x2051],
  [0x2065, 0x2065],
  [0x20dd, 0x20e0],
  [0x20e2, 0x20e4],
  [0x2100, 0x2101],
  [0x2103, 0x2109],
  [0x210f, 0x210f],
  [0x2113, 0x2114],
  [0x2116, 0x2117],
  [0x211e, 0x2123],
  [0x2125, 0x2125],
  [0x2127, 0x2127],
  [0x2129, 0x2129],
  [0x212e, 0x212e],
  [0x2135, 0x213f],
  [0x2145, 0x214a],
  [0x214c, 0x214d],
  [0x214f, 0x2189],
  [0x218c, 0x218f],
  [0x221e, 0x221e],
  [0x2234, 0x2235],
  [0x2300, 0x2307],
  [0x230c, 0x231f],
  [0x2322, 0x2328],
  [0x232b, 0x232b],
  [0x237d, 0x239a],
  [0x23be, 0x23cd],
  [0x23cf, 0x23cf],
  [0x23d1, 0x23db],
  [0x23e2, 0x24ff], // control pictures, OCR, enclosed alphanumerics
  [0x25a0, 0x2619],
  [0x2620, 0x2767],
  [0x2776, 0x2793],
  [0x2b12, 0x2b2f],
  [0x2b50, 0x2b59],
  [0x2bb8, 0x2bff],
  [0x2e80, 0x2fff], // CJK radicals, Kangxi radicals, ideographic description
  [0x3000, 0x303f], // CJK symbols and punctuation (Tu, Tr: vertical forms by `vert`)
  [0x3040, 0x31ff], // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes
  [0x3200, 0x4dbf], // enclosed CJK, CJK compatibility, CJK extension A
  [0x4dc0, 0x4dff],
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xa000, 0xa4cf], // Yi
  [0xa960, 0xa97f], // Hangul Jamo extended A
  [0xac00, 0xd7ff], // Hangul syllables, Jamo extended B
  [0xe000, 0xf8ff], // private use
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xfe10, 0xfe1f], // vertical forms
  [0xfe30, 0xfe6f], // CJK compatibility forms, small form variants
  [0xff01, 0xff60], // fullwidth forms
  [0xffe0, 0xffe7],
  [0x16fe0, 0x18aff], // Tangut
  [0x1b000, 0x1b2ff], // kana supplement and extensions, Nüshu
  [0x1d300, 0x1d35f],
  [0x1f000, 0x1f2ff], // game symbols, enclosed alphanumeric and ideographic supplements
  [0x1f300, 0x1f64f], // pictographs, emoticons
  [0x1f680, 0x1f6ff],
  [0x1f900, 0x1faff],
  [0x20000, 0x3fffd], // CJK extensions B and after
];

/** Whether a character stands upright in vertical text of mixed orientation. */
export function standsUpright(codePoint: number): boolean {
  let lo = 0;
  let hi = UPRIGHT.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [start, end] = UPRIGHT[mid] as readonly [number, number];
    if (codePoint < start) hi = mid - 1;
    else if (codePoint > end) lo = mid + 1;
    else return true;
  }
  return false;
}
