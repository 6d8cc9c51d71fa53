import { describe, expect, it } from 'vitest';
import { loadBundledFonts } from '../../fonts/bundled';
import { FontRegistry } from '../../fonts/registry';
import { initialStyle } from '../style/computed-style';
import { fontFeatures } from './font-features';
import { createTextShaping } from './shaper';

const shaping = createTextShaping(new FontRegistry(loadBundledFonts()));
const noto = { family: 'Noto Sans', face: 'normal' as const };

describe('OpenType features of a style in shaping', () => {
  it('gives "1" and "0" equal advances with tabular-nums and unequal ones with proportional-nums', () => {
    const advances = (features: string[]) =>
      ['1', '0'].map((digit) => shaping.shape(digit, noto, 10, 'ltr', features).width);
    const [one, zero] = advances(fontFeatures({ ...initialStyle(), fontVariantNumeric: ['tnum'] }) ?? []);
    expect(one).toBeCloseTo(zero as number, 6);
    const [pOne, pZero] = advances(['pnum']);
    expect(pOne).toBeLessThan((pZero as number) - 0.5);
  });

  it('keeps "fi" as two glyphs with font-feature-settings: "liga" 0, and the caches apart', () => {
    expect(shaping.shape('fit', noto, 10, 'ltr').glyphs).toHaveLength(2);
    const style = { ...initialStyle(), fontFeatureSettings: ['-liga'] };
    expect(shaping.shape('fit', noto, 10, 'ltr', fontFeatures(style)).glyphs).toHaveLength(3);
    // The same word without the feature is still the ligature (each feature list has its own cached words).
    expect(shaping.shape('fit', noto, 10, 'ltr').glyphs).toHaveLength(2);
  });

  it('lets font-feature-settings override letter-spacing and font-variant (applied last)', () => {
    const style = { ...initialStyle(), letterSpacing: 1, fontFeatureSettings: ['liga'] };
    expect(fontFeatures(style)).toEqual(['-liga', '-clig', 'liga']);
    expect(shaping.shape('fit', noto, 10, 'ltr', fontFeatures(style)).glyphs).toHaveLength(2);
    expect(fontFeatures(initialStyle())).toBeUndefined();
  });
});
