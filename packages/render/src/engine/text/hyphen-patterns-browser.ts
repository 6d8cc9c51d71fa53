/// <reference path="./hyphen.d.ts" />
import { type Hyphenator, hyphenationKey } from './hyphen-languages';

/**
 * Browsers: layout is synchronous and a language's patterns are a module of their own (a lazy chunk, up to a
 * megabyte), so the patterns a document can ask for are loaded before it is laid out.
 */

type PatternsModule = { hyphenateSync?: Hyphenator; default?: { hyphenateSync: Hyphenator } };

// One literal import per language, so that bundlers make each a chunk of its own.
export const PATTERNS: Record<string, () => Promise<PatternsModule>> = {
  af: () => import('hyphen/af'),
  as: () => import('hyphen/as'),
  be: () => import('hyphen/be'),
  bg: () => import('hyphen/bg'),
  bn: () => import('hyphen/bn'),
  ca: () => import('hyphen/ca'),
  cop: () => import('hyphen/cop'),
  cs: () => import('hyphen/cs'),
  cy: () => import('hyphen/cy'),
  da: () => import('hyphen/da'),
  de: () => import('hyphen/de'),
  'de-1901': () => import('hyphen/de-1901'),
  'de-1996': () => import('hyphen/de-1996'),
  'de-ch-1901': () => import('hyphen/de-ch-1901'),
  el: () => import('hyphen/el'),
  'el-monoton': () => import('hyphen/el-monoton'),
  'el-polyton': () => import('hyphen/el-polyton'),
  en: () => import('hyphen/en'),
  'en-gb': () => import('hyphen/en-gb'),
  'en-us': () => import('hyphen/en-us'),
  es: () => import('hyphen/es'),
  et: () => import('hyphen/et'),
  eu: () => import('hyphen/eu'),
  fi: () => import('hyphen/fi'),
  fr: () => import('hyphen/fr'),
  fur: () => import('hyphen/fur'),
  ga: () => import('hyphen/ga'),
  gl: () => import('hyphen/gl'),
  grc: () => import('hyphen/grc'),
  gu: () => import('hyphen/gu'),
  hi: () => import('hyphen/hi'),
  hr: () => import('hyphen/hr'),
  hsb: () => import('hyphen/hsb'),
  hu: () => import('hyphen/hu'),
  hy: () => import('hyphen/hy'),
  ia: () => import('hyphen/ia'),
  id: () => import('hyphen/id'),
  is: () => import('hyphen/is'),
  it: () => import('hyphen/it'),
  ka: () => import('hyphen/ka'),
  kmr: () => import('hyphen/kmr'),
  kn: () => import('hyphen/kn'),
  la: () => import('hyphen/la'),
  lt: () => import('hyphen/lt'),
  lv: () => import('hyphen/lv'),
  mk: () => import('hyphen/mk'),
  ml: () => import('hyphen/ml'),
  mn: () => import('hyphen/mn'),
  mr: () => import('hyphen/mr'),
  nb: () => import('hyphen/nb'),
  nl: () => import('hyphen/nl'),
  nn: () => import('hyphen/nn'),
  no: () => import('hyphen/no'),
  oc: () => import('hyphen/oc'),
  or: () => import('hyphen/or'),
  pa: () => import('hyphen/pa'),
  pl: () => import('hyphen/pl'),
  pms: () => import('hyphen/pms'),
  pt: () => import('hyphen/pt'),
  rm: () => import('hyphen/rm'),
  ro: () => import('hyphen/ro'),
  ru: () => import('hyphen/ru'),
  sa: () => import('hyphen/sa'),
  sk: () => import('hyphen/sk'),
  sl: () => import('hyphen/sl'),
  sq: () => import('hyphen/sq'),
  sr: () => import('hyphen/sr'),
  sv: () => import('hyphen/sv'),
  ta: () => import('hyphen/ta'),
  te: () => import('hyphen/te'),
  th: () => import('hyphen/th'),
  tk: () => import('hyphen/tk'),
  tr: () => import('hyphen/tr'),
  uk: () => import('hyphen/uk'),
};

const hyphenators = new Map<string, Hyphenator>();

/** The hyphenator of a `hyphen` module key if its patterns were loaded, else null (no hyphenation). */
export function loadedHyphenator(key: string): Hyphenator | null {
  return hyphenators.get(key) ?? null;
}

/** Loads the patterns of these languages (`lang` values, any case) that have patterns and are not loaded yet. */
export async function loadHyphenationPatterns(langs: Iterable<string>): Promise<void> {
  const keys = new Set<string>();
  for (const lang of langs) {
    const key = hyphenationKey(lang.toLowerCase());
    if (key && !hyphenators.has(key)) keys.add(key);
  }
  await Promise.all(
    [...keys].map(async (key) => {
      const load = PATTERNS[key];
      if (!load) return;
      const module = await load();
      const hyphenate = module.hyphenateSync ?? module.default?.hyphenateSync;
      if (hyphenate) hyphenators.set(key, hyphenate);
    }),
  );
}

/**
 * The languages a document may hyphenate: every `lang` (or `xml:lang`) attribute in its HTML when its HTML or
 * CSS mentions `hyphens` at all (a text's language comes only from those attributes). More than layout will ask
 * for at worst, never less.
 */
export function hyphenationLanguagesOf(sources: readonly string[]): string[] {
  if (!sources.some((source) => /hyphens/i.test(source))) return [];
  const langs = new Set<string>();
  for (const source of sources) {
    for (const match of source.matchAll(/\blang\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
      const lang = (match[1] ?? match[2] ?? match[3] ?? '').trim();
      if (lang) langs.add(lang);
    }
  }
  return [...langs];
}
