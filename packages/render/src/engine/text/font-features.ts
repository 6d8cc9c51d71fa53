import type { ComputedStyle, FontVariantCaps } from '../style/computed-style';
import { openTypeLanguage } from './opentype-language';

// Letter-spacing turns off common ligatures, as in browsers (an `fi` ligature would not get spaced apart).
const NO_LIGATURES = ['-liga', '-clig'];

// CSS Fonts 4 §6.3. Petite capitals fall back to small capitals where the font has none (text/small-caps.ts).
const CAPS: Record<FontVariantCaps, readonly string[]> = {
  normal: [],
  'small-caps': ['smcp'],
  'all-small-caps': ['smcp', 'c2sc'],
  'petite-caps': ['pcap'],
  'all-petite-caps': ['pcap', 'c2pc'],
  unicase: ['unic'],
  'titling-caps': ['titl'],
};

const known = new WeakMap<ComputedStyle, string[] | null>();

/**
 * The OpenType features text of a style is shaped with (CSS Fonts 4 §7.2's order: letter-spacing's ligatures off,
 * then each `font-variant-*`, then `font-feature-settings`, a later setting of a feature overriding an earlier
 * one), then the language system its `lang` selects (`@KOR`), or undefined for the font's defaults. One array per style,
 * so that shaping caches see the same key.
 */
export function fontFeatures(style: ComputedStyle): string[] | undefined {
  let features = known.get(style);
  if (features === undefined) {
    const all = [
      ...(style.letterSpacing !== 0 ? NO_LIGATURES : []),
      ...style.fontVariantLigatures,
      ...CAPS[style.fontVariantCaps],
      ...style.fontVariantNumeric,
      ...style.fontVariantPosition,
      ...style.fontVariantEastAsian,
      ...style.fontFeatureSettings,
    ];
    // The language system the element's `lang` selects, for the shaper (text/opentype-language.ts).
    const language = openTypeLanguage(style.lang);
    if (language) all.push(`@${language}`);
    features = all.length > 0 ? all : null;
    known.set(style, features);
  }
  return features ?? undefined;
}
