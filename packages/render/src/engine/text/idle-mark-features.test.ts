import { create, type Font } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { bundledFamilies, readBundledFamily } from '../../fonts/bundled';
import { holdsMark, leanSettings } from './idle-mark-features';
import { layoutDirected } from './shaper';

/**
 * A parse of its own (a copy of the bytes: parsed fonts are kept per byte array), so that what a test decodes, or
 * replaces, is its own and not the font every other test draws with.
 */
const fresh = (family: string, face: 'normal' | 'bold' = 'normal'): Font =>
  create(new Uint8Array(readBundledFamily(family)[face] as Uint8Array)) as Font;

interface Lookups {
  GPOS: {
    featureList: Array<{ tag: string; feature: { lookupListIndexes: number[] } }>;
    lookupList: { items: unknown[] };
  };
}
const markLookups = (font: Font) =>
  (font as unknown as Lookups).GPOS.featureList
    .filter((record) => record.tag === 'mark' || record.tag === 'mkmk')
    .flatMap((record) => record.feature.lookupListIndexes);
const decoded = (font: Font) => (font as unknown as Lookups).GPOS.lookupList.items;

const shapeOf = (run: { glyphs: Array<{ id: number }>; positions: Array<Record<string, number>> }) => ({
  ids: run.glyphs.map((glyph) => glyph.id),
  positions: run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => [xAdvance, yAdvance, xOffset, yOffset]),
});

// Text in every script the bundled faces draw, with and without marks, precomposed and decomposed.
const SAMPLES: Array<[string, string, 'ltr' | 'rtl']> = [
  ['Noto Sans', 'AVATAR Wolf, Tyre “quoted” fi ffl 1/2 ½ 0123456789', 'ltr'],
  ['Noto Sans', 'Tiếng Việt: Phở bò, người, dấu hỏi ả ẩ ẳ', 'ltr'],
  ['Noto Sans', 'Tie\u0302\u0301ng Vie\u0323\u0302t e\u0301 n\u0303 a\u030A', 'ltr'],
  ['Noto Sans', 'Ελληνικά ἀρχή ῥῆμα · Кириллица Ёё Йй ЇїІі', 'ltr'],
  ['Noto Sans', 'IPA ɡʷ tʰ ŋ̍ ə̃ l̩ ʔ', 'ltr'],
  ['Noto Serif', 'Façade naïve coöperate Å ǻ ǘ ḗ', 'ltr'],
  ['Noto Sans Hebrew', 'שלום עולם', 'rtl'],
  ['Noto Sans Hebrew', 'בְּרֵאשִׁית בָּרָא', 'rtl'],
  ['Noto Sans Arabic', 'مرحبا بالعالم', 'rtl'],
  ['Noto Sans Arabic', 'مَرْحَبًا بِالْعَالَمِ', 'rtl'],
];

describe('mark features left out of runs without marks', () => {
  it('shape every sample as fontkit does with all its features', () => {
    const families = new Set(bundledFamilies());
    for (const [family, text, direction] of SAMPLES) {
      expect(families.has(family), family).toBe(true);
      const ours = layoutDirected(fresh(family), text, direction);
      const fontkits = fresh(family).layout(text, undefined, undefined, undefined, direction);
      // fontkit mirrors nothing itself; the samples hold no brackets, so its input is ours.
      expect(shapeOf(ours), `${family}: ${text}`).toEqual(shapeOf(fontkits as never));
    }
  });

  it('leave the mark lookups undecoded for text without marks, and decode them for text with them', () => {
    const font = fresh('Noto Sans');
    const lookups = markLookups(font);
    expect(lookups.length).toBeGreaterThan(0);
    layoutDirected(font, 'Invoice 2026-03-01, Customer 123: $1,234.50', 'ltr');
    expect(lookups.filter((index) => decoded(font)[index] !== undefined)).toEqual([]);
    const plain = shapeOf(layoutDirected(font, 'Café', 'ltr'));
    expect(lookups.filter((index) => decoded(font)[index] !== undefined)).toEqual([]);
    const combining = layoutDirected(font, 'Cafe\u0301', 'ltr');
    expect(lookups.some((index) => decoded(font)[index] !== undefined)).toBe(true);
    // The accent is placed over the e: an offset of its own, where the precomposed é had none to need.
    expect(shapeOf(combining).positions.some(([, , x, y]) => x !== 0 || y !== 0)).toBe(true);
    expect(plain.ids.length).toBe(4);
  });

  it('shape a run again with its marks placed when the font turns a letter into a mark', () => {
    const font = fresh('Noto Sans');
    const acute = font.glyphForCodePoint(0x301).id;
    expect(holdsMark(font, [{ id: font.glyphForCodePoint(0x65).id }])).toBe(false);
    expect(holdsMark(font, [{ id: acute }])).toBe(true);
    // A font whose substitution gives a mark for a letter: the lean run shows it and the run is shaped again.
    const calls: unknown[] = [];
    const layout = font.layout.bind(font);
    font.layout = ((text: string, features?: Record<string, boolean>, ...rest: unknown[]) => {
      calls.push(features && { ...features });
      const run = layout(text, features as never, ...(rest as []));
      if (features?.mark === false) (run.glyphs[1] as unknown as { id: number }).id = acute;
      return run;
    }) as Font['layout'];
    const run = layoutDirected(font, 'xe', 'ltr');
    expect(calls).toEqual([{ mark: false, mkmk: false }, undefined]);
    expect(run.glyphs.map((glyph) => glyph.id)).toEqual([
      font.glyphForCodePoint(0x78).id,
      font.glyphForCodePoint(0x65).id,
    ]);
  });

  it('keep what the caller asked for: mark features set explicitly, or text with combining characters', () => {
    const font = fresh('Noto Sans');
    expect(leanSettings(font, 'abc', undefined)).toEqual({ mark: false, mkmk: false });
    expect(leanSettings(font, 'abc', { liga: false })).toEqual({ liga: false, mark: false, mkmk: false });
    expect(leanSettings(font, 'abc', { mark: true })).toBeUndefined();
    expect(leanSettings(font, 'abc', { mkmk: false })).toBeUndefined();
    expect(leanSettings(font, 'e\u0301', undefined)).toBeUndefined();
  });
});
