/** A language's `hyphenateSync` from the `hyphen` package. */
export type Hyphenator = (word: string, options?: { hyphenChar?: string }) => string;

// Languages with patterns in the `hyphen` package (a `lang` is matched whole, then by its primary subtag). Not
// `cu`: its patterns file is not valid JavaScript (an object key that is no identifier), in Node as in bundlers.
export const HYPHENATION_LANGUAGES: ReadonlySet<string> = new Set(
  'af as be bg bn ca cop cs cy da de de-1901 de-1996 de-ch-1901 el el-monoton el-polyton en en-gb en-us es et eu fi fr fur ga gl grc gu hi hr hsb hu hy ia id is it ka kmr kn la lt lv mk ml mn mr nb nl nn no oc or pa pl pms pt rm ro ru sa sk sl sq sr sv ta te th tk tr uk'.split(
    ' ',
  ),
);

/** The `hyphen` module that hyphenates a `lang` (lower case), or null when none does. */
export function hyphenationKey(lang: string): string | null {
  if (lang === '') return null;
  const key = HYPHENATION_LANGUAGES.has(lang) ? lang : (lang.split('-')[0] ?? '');
  return HYPHENATION_LANGUAGES.has(key) ? key : null;
}
