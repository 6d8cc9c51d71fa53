/**
 * The OpenType language system a `lang` attribute selects, as browsers hand it to their shaper (HarfBuzz): fonts'
 * `locl` and other language-specific lookups apply only under it. Noto Sans KR under KOR draws the space 280 units
 * wide and its own brackets; Noto Sans under ROM, SRB or PLK has its own comma accents, Cyrillic and acute forms.
 * Chinese takes its script subtag or region (Hans or CN, SG: ZHS; Hant or TW: ZHT; HK, MO: ZHH). A language not in
 * the table has no tag: the font's default language system, as before.
 */
const TAGS: Record<string, string> = {
  af: 'AFK',
  ar: 'ARA',
  az: 'AZE',
  be: 'BEL',
  bg: 'BGR',
  bn: 'BEN',
  ca: 'CAT',
  cs: 'CSY',
  cy: 'WEL',
  da: 'DAN',
  de: 'DEU',
  el: 'ELL',
  en: 'ENG',
  eo: 'NTO',
  es: 'ESP',
  et: 'ETI',
  eu: 'EUQ',
  fa: 'FAR',
  fi: 'FIN',
  fr: 'FRA',
  ga: 'IRI',
  gl: 'GAL',
  he: 'IWR',
  hi: 'HIN',
  hr: 'HRV',
  hu: 'HUN',
  hy: 'HYE',
  id: 'IND',
  is: 'ISL',
  it: 'ITA',
  ja: 'JAN',
  ka: 'KAT',
  kk: 'KAZ',
  ko: 'KOR',
  lt: 'LTH',
  lv: 'LVI',
  mk: 'MKD',
  mn: 'MNG',
  ms: 'MLY',
  mt: 'MTS',
  nb: 'NOR',
  nl: 'NLD',
  nn: 'NYN',
  no: 'NOR',
  pl: 'PLK',
  pt: 'PTG',
  ro: 'ROM',
  ru: 'RUS',
  sk: 'SKY',
  sl: 'SLV',
  sq: 'SQI',
  sr: 'SRB',
  sv: 'SVE',
  sw: 'SWK',
  th: 'THA',
  tr: 'TRK',
  uk: 'UKR',
  ur: 'URD',
  uz: 'UZB',
  vi: 'VIT',
};

const CHINESE: Record<string, string> = {
  hans: 'ZHS',
  cn: 'ZHS',
  sg: 'ZHS',
  hant: 'ZHT',
  tw: 'ZHT',
  hk: 'ZHH',
  mo: 'ZHH',
};

// The script a language's text is written in (OpenType script tags), for text of no script of its own (spaces,
// digits, brackets) shaped apart from its words: browsers shape it within its words' run, under their script.
const SCRIPTS: Record<string, string> = {
  ARA: 'arab',
  FAR: 'arab',
  URD: 'arab',
  IWR: 'hebr',
  BEL: 'cyrl',
  BGR: 'cyrl',
  KAZ: 'cyrl',
  MKD: 'cyrl',
  MNG: 'cyrl',
  RUS: 'cyrl',
  SRB: 'cyrl',
  UKR: 'cyrl',
  ELL: 'grek',
  HYE: 'armn',
  KAT: 'geor',
  THA: 'thai',
  HIN: 'dev2',
  BEN: 'bng2',
  KOR: 'hang',
  JAN: 'kana',
  ZHS: 'hani',
  ZHT: 'hani',
  ZHH: 'hani',
};

/** The OpenType script of a language system's text: `KOR` → `hang`; `latn` for the others in the table. */
export function languageScript(tag: string): string {
  return SCRIPTS[tag] ?? 'latn';
}

const UNICODE_SCRIPTS: Record<string, string> = {
  arab: 'Arabic',
  hebr: 'Hebrew',
  cyrl: 'Cyrillic',
  grek: 'Greek',
  armn: 'Armenian',
  geor: 'Georgian',
  thai: 'Thai',
  dev2: 'Devanagari',
  bng2: 'Bengali',
  hang: 'Hangul',
  kana: 'Katakana',
  hani: 'Han',
  latn: 'Latin',
};

/** The Unicode name of a language system's script: `KOR` → `Hangul`. */
export function languageScriptName(tag: string): string {
  return UNICODE_SCRIPTS[languageScript(tag)] ?? 'Latin';
}

const known = new Map<string, string | undefined>();

/** `ko` → `KOR`, `zh-Hant-TW` → `ZHT`, `sr-Latn` → `SRB`; undefined for no language or one without a tag here. */
export function openTypeLanguage(lang: string): string | undefined {
  if (!lang) return undefined;
  if (known.has(lang)) return known.get(lang);
  const [primary = '', ...subtags] = lang.toLowerCase().split(/[-_]/);
  let tag: string | undefined;
  if (primary === 'zh') {
    tag = 'ZHS';
    for (const subtag of subtags) {
      const chinese = CHINESE[subtag];
      if (chinese) {
        tag = chinese;
        break;
      }
    }
  } else tag = TAGS[primary];
  known.set(lang, tag);
  return tag;
}
