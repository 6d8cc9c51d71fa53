const BIDI_CONTROLS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;
// Arabic harakat and Hebrew points: Chromium's text layer hangs them on a neighbouring letter ("ويسّرن ا" for
// "ويسرّنا", "ُع ق د" for "عُقد"), so words are compared by their letters.
const RTL_MARKS = /(?=\p{Mn})[\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed]/gu;

/**
 * The words of a PDF's text layer (pdftotext), as the gate compares them: Unicode NFKC (ligatures and compatibility
 * forms as their letters), without the bidi controls pdftotext puts around right-to-left runs (they depend on how
 * each PDF orders its runs, not on what is printed) and without Arabic and Hebrew vowel marks, split at white space, punctuation trimmed from both ends,
 * hyphens taken out (pdftotext joins a word broken at a hyphen at a line's end and drops the hyphen, so
 * "three-node" reads "threenode" where a line broke there and "three-node" where none did), tokens with no letter
 * or digit left out (bullets, rules, dot leaders). Chinese and Japanese are written without spaces: each ideograph
 * and kana is a word of its own, so that a missing phrase counts for its characters, not as one word per line.
 */
export function wordsOf(text: string): string[] {
  const out: string[] = [];
  const spaced = text.normalize('NFKC').replace(BIDI_CONTROLS, ' ').replace(RTL_MARKS, '').replace(UNSPACED, ' $& ');
  for (const token of spaced.split(/\s+/u)) {
    const word = token.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '').replace(/[-\u00ad\u2010\u2011]/g, '');
    if (/[\p{L}\p{N}]/u.test(word)) out.push(word);
  }
  return out;
}

// Scripts written without spaces between words (Korean's Hangul has spaces, and keeps its words).
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;

/**
 * Words of `expected` that `actual` has fewer of (a word twice in one and once in the other counts once).
 * pdftotext cuts words differently from one PDF to the next: Chromium's Arabic at joining glyphs and its
 * letter-spaced capitals into pieces ("TI CK ET"), so a word that is part of a longer word of `actual` counts as
 * there; and a word of three characters or more (letter-spaced "REVENUE" against "RE VE NUE"), or with no Latin
 * letter or digit (CJK lines break elsewhere), also counts as there when it appears in `actual`'s text with white
 * space removed. A dropped table cell or paragraph still shows: its own words and numbers are found nowhere.
 */
export function missingWords(expected: string[], actual: string[]): Map<string, number> {
  const have = new Map<string, number>();
  for (const word of actual) have.set(word, (have.get(word) ?? 0) + 1);
  const distinct = [...have.keys()];
  let joined: string | undefined;
  const missing = new Map<string, number>();
  for (const word of expected) {
    const left = have.get(word) ?? 0;
    if (left > 0) {
      have.set(word, left - 1);
      continue;
    }
    if (distinct.some((other) => other.length > word.length && other.includes(word))) continue;
    if (word.length >= 3 || !/[A-Za-z0-9]/.test(word)) {
      joined ??= actual.join('');
      if (joined.includes(word)) continue;
    }
    missing.set(word, (missing.get(word) ?? 0) + 1);
  }
  return missing;
}

export const countOf = (words: Map<string, number>): number => {
  let n = 0;
  for (const count of words.values()) n += count;
  return n;
};

/** The first `n` words of a difference, most frequent first, as `word` or `word ×3`. */
export function sampleOf(words: Map<string, number>, n = 12): string[] {
  return [...words]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([word, count]) => (count > 1 ? `${word} ×${count}` : word));
}
