import { describe, expect, it } from 'vitest';
import { loadBundledFonts } from '../../fonts/bundled';
import { FontRegistry } from '../../fonts/registry';
import { initialStyle } from '../style/computed-style';
import { fontFeatures } from './font-features';
import { createTextShaping } from './shaper';
import { caseRuns, SMALL_CAPS_SCALE, smallCapsPlan } from './small-caps';

const shaping = createTextShaping(new FontRegistry(loadBundledFonts()));
const noto = { family: 'Noto Sans', face: 'normal' as const };
// Gelasio (Georgia's stand-in) has no smcp or c2sc: its small capitals are synthesised.
const gelasio = { family: 'Gelasio', face: 'normal' as const };

describe('small capitals in shaping', () => {
  it("draws small-caps with the font's smcp glyphs when it has them", () => {
    const features = fontFeatures({ ...initialStyle(), fontVariantCaps: 'small-caps' });
    const caps = shaping.shape('Quire', noto, 10, 'ltr', features).glyphs;
    const plain = shaping.shape('QUIRE', noto, 10, 'ltr').glyphs;
    expect(caps[0]?.id).toBe(plain[0]?.id);
    // Smaller capitals of their own: neither the lowercase nor the capital glyphs, drawn at the font size.
    expect(caps[1]?.id).not.toBe(plain[1]?.id);
    expect(caps[1]?.id).not.toBe(shaping.shape('u', noto, 10, 'ltr').glyphs[0]?.id);
    expect(caps.every((glyph) => glyph.scale === undefined)).toBe(true);
  });

  it('synthesises small capitals where the font has none: capitals at 70%, capitals and digits unchanged', () => {
    const features = fontFeatures({ ...initialStyle(), fontVariantCaps: 'small-caps' });
    const caps = shaping.shape('Quire 2', gelasio, 10, 'ltr', features).glyphs;
    const upper = shaping.shape('QUIRE 2', gelasio, 10, 'ltr').glyphs;
    expect(caps.map((g) => g.id)).toEqual(upper.map((g) => g.id));
    expect(caps.map((g) => g.scale)).toEqual([undefined, 0.7, 0.7, 0.7, 0.7, undefined, undefined]);
    // A small capital advances as the capital of a font at 70% of the size (whole pixels at that size).
    expect(caps[2]?.advance).toBe(shaping.shape('UIRE', gelasio, 10 * SMALL_CAPS_SCALE, 'ltr').glyphs[1]?.advance);
    expect(caps[0]?.advance).toBeCloseTo(upper[0]?.advance as number, 6);
    // Measuring gives the width drawing gives.
    expect(shaping.measure('Quire 2', gelasio, 10, 'ltr', features, 0, 0)).toBeCloseTo(
      caps.reduce((sum, g) => sum + g.advance, 0),
      6,
    );
    const all = shaping.shape('Quire', gelasio, 10, 'ltr', ['smcp', 'c2sc']).glyphs;
    expect(all.every((g) => g.scale === SMALL_CAPS_SCALE)).toBe(true);
  });
});

describe('small capitals plans', () => {
  it('synthesises only what the font lacks, and petite capitals as small ones', () => {
    expect(smallCapsPlan(['tnum'], new Set())).toBeNull();
    expect(smallCapsPlan(['smcp'], new Set(['smcp']))).toBeNull();
    expect(smallCapsPlan(['smcp', 'c2sc'], new Set(['c2sc']))).toEqual({
      features: ['c2sc'],
      lower: true,
      upper: false,
    });
    expect(smallCapsPlan(['pcap'], new Set(['smcp']))).toEqual({ features: ['smcp'], lower: false, upper: false });
    expect(smallCapsPlan(['pcap', 'c2pc'], new Set())).toEqual({ features: [], lower: true, upper: true });
  });

  it('cuts a word where small capitals start and end, small runs in capitals', () => {
    expect(caseRuns('Straße 1a', { features: [], lower: true, upper: false })).toEqual([
      { text: 'S', small: false },
      { text: 'TRASSE', small: true },
      { text: ' 1', small: false },
      { text: 'A', small: true },
    ]);
    expect(caseRuns('Ab', { features: [], lower: true, upper: true })).toEqual([{ text: 'AB', small: true }]);
  });
});
