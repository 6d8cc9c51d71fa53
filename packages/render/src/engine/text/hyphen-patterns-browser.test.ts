import { describe, expect, it } from 'vitest';
import { HYPHENATION_LANGUAGES, hyphenationKey } from './hyphen-languages';
import { hyphenationLanguagesOf, loadedHyphenator, loadHyphenationPatterns, PATTERNS } from './hyphen-patterns-browser';

describe('hyphenation patterns in browsers', () => {
  it('has a lazy import for every language the engine hyphenates', () => {
    expect(Object.keys(PATTERNS).sort()).toEqual([...HYPHENATION_LANGUAGES].sort());
  });

  it('finds the languages a document may hyphenate: its lang attributes, when anything mentions hyphens', () => {
    const html = `<p lang="de-CH">a</p><span lang='fr'>b</span><div xml:lang=nl>c</div><p lang="">d</p>`;
    expect(hyphenationLanguagesOf([html, 'p { hyphens: auto }']).sort()).toEqual(['de-CH', 'fr', 'nl']);
    expect(hyphenationLanguagesOf([`<p style="hyphens:auto" lang="en">x</p>`])).toEqual(['en']);
    expect(hyphenationLanguagesOf([html, 'p { color: red }'])).toEqual([]);
  });

  it('loads the patterns of the languages asked for, by their primary subtag when the region has none', async () => {
    expect(loadedHyphenator('nl')).toBeNull();
    await loadHyphenationPatterns(['NL-be', 'xx', 'en-US']);
    const dutch = loadedHyphenator(hyphenationKey('nl-be') ?? '');
    expect(dutch?.('ontwikkeling', { hyphenChar: '-' })).toBe('ont-wik-ke-ling');
    expect(loadedHyphenator('en-us')?.('hyphenation', { hyphenChar: '-' })).toBe('hy-phen-ation');
    expect(loadedHyphenator('fr')).toBeNull();
  });
});
