/**
 * Characters of the Common script that Unicode gives a few scripts of their own (Script_Extensions): U+00B7 MIDDLE
 * DOT is Latin, Greek, Han and others, but not Hangul. Browsers cut their script runs where a character shares no
 * script with the run (Blink's ScriptRunIterator), and shape such a character with the Common script, under which
 * a font's language-specific lookups do not apply: in `<p lang="ko">교환·환불은</p>` Chromium draws Noto Sans KR's
 * proportional middle dot, not the narrow one its Korean `locl` has. A word shaped with a language system is cut
 * the same way (`languageApart` in shaper.ts); other words are shaped whole as before.
 */
// A `v`-flag class (set intersection), built at run time: the packages' TypeScript target predates the flag.
const V_FLAG = 'v';
const EXTENDED_COMMON = new RegExp('[\\p{sc=Zyyy}&&\\P{scx=Zyyy}]', V_FLAG);

// The scripts a word's letters are matched against (the ones fonts have language systems for); a letter of
// another script keeps the word whole.
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Arabic',
  'Hebrew',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gujarati',
  'Gurmukhi',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Ethiopic',
  'Hangul',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
].map((name) => ({
  name,
  script: new RegExp(`\\p{sc=${name}}`, 'u'),
  extended: new RegExp(`\\p{scx=${name}}`, 'u'),
}));

/** A character of a script of its own (not Common, not Inherited). */
export const STRONG = /[^\p{sc=Zyyy}\p{sc=Zinh}]/u;

export interface ScriptPiece {
  text: string;
  /** Shaped with the word's language system; false for a Common character apart from the word's script. */
  inScript: boolean;
}

/**
 * The word in pieces where a Common character shares no script with the letters before it (or, at the start,
 * after it; in a word of no letters, with `script`, the language's), or null when none does.
 */
export function scriptPieces(text: string, script: string): ScriptPiece[] | null {
  if (!EXTENDED_COMMON.test(text)) return null;
  const chars = Array.from(text);
  const scriptOf = (ch: string) => SCRIPTS.find((entry) => entry.script.test(ch));
  const pieces: ScriptPiece[] = [];
  let current = '';
  let currentIn = true;
  const letter = chars.find((ch) => STRONG.test(ch));
  let nearest = letter ? scriptOf(letter) : SCRIPTS.find((entry) => entry.name === script);
  for (const ch of chars) {
    let inScript = true;
    if (STRONG.test(ch)) nearest = scriptOf(ch);
    else if (nearest && EXTENDED_COMMON.test(ch) && !nearest.extended.test(ch)) inScript = false;
    if (current && inScript !== currentIn) {
      pieces.push({ text: current, inScript: currentIn });
      current = '';
    }
    current += ch;
    currentIn = inScript;
  }
  pieces.push({ text: current, inScript: currentIn });
  return pieces.some((piece) => !piece.inScript) ? pieces : null;
}
