import { loadedHyphenator } from '#hyphen-patterns';
import { BoundedCache } from './bounded-cache';
import { hyphenationKey } from './hyphen-languages';

/**
 * `hyphens: auto`: where a word may take a hyphen, from the `hyphen` package's TeX patterns for the text's
 * language. The patterns come from `#hyphen-patterns` (they are large): Node requires a language's on first use,
 * a browser loads those a document may ask for before laying it out. A language without patterns gets no
 * hyphenation, as in browsers.
 */

const points = new BoundedCache<string, number[]>(20_000);
const SHY = '\u00ad';

function hyphenatorFor(lang: string) {
  const key = hyphenationKey(lang);
  return key === null ? null : loadedHyphenator(key);
}

/** Whether `hyphens: auto` can hyphenate text in this language (`lang` lower case, as in ComputedStyle). */
export function canHyphenate(lang: string): boolean {
  return lang !== '' && hyphenatorFor(lang) !== null;
}

/**
 * The UTF-16 offsets inside `word` where it may be broken with a hyphen, ascending; [] for a language without
 * patterns (in a browser: whose patterns were not loaded) or a word too short. Kept per language and word.
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
  points.set(key, found);
  return found;
}
