import { describe, expect, it } from 'vitest';
import { KINDS } from '../kinds/catalogue';
import { LANGUAGE_NAMES, LOCALES, TERMS, term } from '../labels';
import { DOC_TYPES, LANGUAGES } from '../spec';
import { conceptOf } from '../vocabulary';
import { JA_KIND_TERMS, JA_TERMS } from './labels';
import { JA_DOC_TYPE_WORDS } from './words';

describe('Japanese labels', () => {
  it('has a Japanese label for every entry of the dictionary (a new row without one fails here)', () => {
    const missing = Object.keys(TERMS).filter((concept) => !JA_TERMS[concept]?.trim());
    expect(missing, 'add these to ja/labels.ts').toEqual([]);
  });

  it('has no Japanese label for an entry the dictionary does not have', () => {
    expect(Object.keys(JA_TERMS).filter((concept) => !(concept in TERMS))).toEqual([]);
  });

  it('writes Japanese labels in Japanese, with the page phrase keeping its slots', () => {
    for (const [concept, label] of Object.entries(JA_TERMS)) {
      if (['iban', 'bic'].includes(concept)) continue;
      expect(label, concept).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
    expect(term('page_of', 'ja')).toContain('{n}');
    expect(term('page_of', 'ja')).toContain('{c}');
    expect(term('invoice', 'ja')).toBe('請求書');
    expect(term('invoice', 'fr')).toBe('Facture');
  });

  it("gives a kind's own Japanese words only to kinds and concepts that exist, each read back as its concept", () => {
    for (const [kind, labels] of Object.entries(JA_KIND_TERMS)) {
      expect(
        KINDS.some((k) => k.id === kind),
        kind,
      ).toBe(true);
      for (const [concept, label] of Object.entries(labels)) {
        expect(TERMS[concept], concept).toBeDefined();
        // Translating the labels replaces a label only when it reads back as its concept.
        expect(conceptOf(label), label).toBe(concept);
      }
    }
  });

  it('names every language and gives it a locale', () => {
    for (const lang of LANGUAGES) {
      expect(LANGUAGE_NAMES[lang]).toBeTruthy();
      expect(LOCALES[lang]).toBeTruthy();
    }
    expect(LOCALES.ja).toBe('ja-JP');
    expect(LANGUAGE_NAMES.ja).toBe('Japanese');
  });

  it('has Japanese words for every kind of document but the general one (a new kind without them fails here)', () => {
    const named = new Set(JA_DOC_TYPE_WORDS.map(([type]) => type));
    expect(DOC_TYPES.filter((type) => type !== 'document' && !named.has(type))).toEqual([]);
  });
});
