import { createRequire } from 'node:module';

/**
 * `hyphens: auto`: where a word may take a hyphen, from the `hyphen` package's TeX patterns for the text's
 * language. Patterns are loaded on first use of a language (they are large); a language without patterns gets
 * no hyphenation, as in browsers.
 */

type Hyphenator = (word: string, options?: { hyphenChar?: string }) => string;

// Languages with patterns in the `hyphen` package (a `lang` is matched whole, then by its primary subtag).
const LANGUAGES = new Set(
  'af as be bg bn ca cop cs cu cy da de de-1901 de-1996 de-ch-1901 el el-monoton el-polyton en en-gb en-us es et eu fi fr fur ga gl grc gu hi hr hsb hu hy ia id is it ka kmr kn la lt lv mk ml mn mr nb nl nn no oc or pa pl pms pt rm ro ru sa sk sl sq sr sv ta te th tk tr uk'.split(
    ' ',
  ),
);

const require = createRequire(import.meta.url);
const hyphenators = new Map<string, Hyphenator | null>();
const points = new Map<string, number[]>();
const POINTS_LIMIT = 20_000;
const SHY = '\u00ad';

function hyphenatorFor(lang: string): Hyphenator | null {
  const key = LANGUAGES.has(lang) ? lang : (lang.split('-')[0] ?? '');
  if (!LANGUAGES.has(key)) return null;
  let hyphenator = hyphenators.get(key);
  if (hyphenator === undefined) {
    hyphenator = (require(`hyphen/${key}`) as { hyphenateSync: Hyphenator }).hyphenateSync;
    hyphenators.set(key, hyphenator);
  }
  return hyphenator;
}

/** Whether `hyphens: auto` can hyphenate text in this language (`lang` lower case, as in ComputedStyle). */
export function canHyphenate(lang: string): boolean {
  return lang !== '' && hyphenatorFor(lang) !== null;
}

/**
 * The UTF-16 offsets inside `word` where it may be broken with a hyphen, ascending; [] for a language without
 * patterns or a word too short. Kept per language and word for the process.
 */
export function hyphenationPoints(word: string, lang: string): number[] {
  const hyphenate = hyphenatorFor(lang);
  if (!hyphenate) return [];
  const key = `${lang}\u0000${word}`;
  let found = points.get(key);
  if (found) return found;
  found = [];
  const marked = hyphenate(word, { hyphenChar: SHY });
  for (let i = 0, at = 0; i < marked.length; i++) {
    if (marked[i] === SHY) found.push(at);
    else at++;
  }
  if (points.size >= POINTS_LIMIT) points.delete(points.keys().next().value as string);
  points.set(key, found);
  return found;
}
