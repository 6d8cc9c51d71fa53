import { describe, expect, it } from 'vitest';
import { canHyphenate, hyphenationPoints } from './hyphenate';

const hyphenated = (word: string, lang: string) => {
  let out = word;
  for (const at of [...hyphenationPoints(word, lang)].reverse()) out = `${out.slice(0, at)}-${out.slice(at)}`;
  return out;
};

describe('hyphenationPoints', () => {
  it('hyphenates by language, a region subtag falling back to the language', () => {
    expect(hyphenated('hyphenation', 'en')).toBe('hy-phen-ation');
    expect(hyphenated('hyphenation', 'en-us')).toBe('hy-phen-ation');
    expect(hyphenated('Silbentrennung', 'de')).toBe('Sil-ben-tren-nung');
    for (const lang of ['fr', 'es', 'it', 'nl', 'pt']) expect(canHyphenate(lang)).toBe(true);
  });

  it('does not hyphenate without a known language', () => {
    expect(canHyphenate('')).toBe(false);
    expect(canHyphenate('xx')).toBe(false);
    expect(canHyphenate('../../x')).toBe(false);
    // The package's Church Slavonic patterns are not valid JavaScript: no hyphenation rather than a failed render.
    expect(canHyphenate('cu')).toBe(false);
    expect(hyphenationPoints('hyphenation', 'xx')).toEqual([]);
  });
});
