import { describe, expect, it } from 'vitest';
import { defaultFonts } from '../../render';
import { initialStyle } from '../style/computed-style';
import { fontFeatures } from './font-features';
import { languageScript, openTypeLanguage } from './opentype-language';
import { scriptPieces } from './script-pieces';
import { createTextShaping } from './shaper';

// The default fonts: the bundled ones and Noto Sans KR from @quire/fonts-cjk, installed in this repository.
const shaping = createTextShaping(defaultFonts());
const styled = (fontFamily: string, lang: string) => ({ ...initialStyle(), fontFamily: [fontFamily], lang });
const shape = (text: string, style: ReturnType<typeof styled>) =>
  shaping.shape(text, shaping.faceFor(style), 10, 'ltr', fontFeatures(style));

describe('the language system of an element (lang)', () => {
  it('names the OpenType language system of a BCP 47 tag', () => {
    expect(openTypeLanguage('ko')).toBe('KOR');
    expect(openTypeLanguage('ko-KR')).toBe('KOR');
    expect(openTypeLanguage('ja')).toBe('JAN');
    expect(openTypeLanguage('zh')).toBe('ZHS');
    expect(openTypeLanguage('zh-Hant-TW')).toBe('ZHT');
    expect(openTypeLanguage('zh-TW')).toBe('ZHT');
    expect(openTypeLanguage('zh-HK')).toBe('ZHH');
    expect(openTypeLanguage('sr-Latn')).toBe('SRB');
    expect(openTypeLanguage('tlh')).toBeUndefined();
    expect(openTypeLanguage('')).toBeUndefined();
    expect(languageScript('KOR')).toBe('hang');
    expect(languageScript('ROM')).toBe('latn');
    expect(fontFeatures(styled('Noto Sans', 'ko'))).toEqual(['@KOR']);
    expect(fontFeatures(styled('Noto Sans', ''))).toBeUndefined();
  });

  it('applies the language lookups (locl) to Korean text: the wider Korean space, as in Chromium', () => {
    const korean = styled('Noto Sans KR', 'ko');
    const none = styled('Noto Sans KR', '');
    // 280 and 224 thousandths of an em (advances in whole CSS pixels, as Chromium's: 4px and 3px at 10pt).
    expect(shape(' ', korean).width).toBe(3);
    expect(shape(' ', none).width).toBe(2.25);
    expect(shape('사업자번호', korean).width).toBeCloseTo(shape('사업자번호', none).width, 6);
  });

  it('shapes a Common character that shares no script with its word with no language, as Chromium does', () => {
    // U+00B7 is Latin, Greek, Han… but not Hangul: Chromium draws the proportional middle dot (561/1000 em), not
    // the narrow Korean one the font's locl has for it.
    expect(scriptPieces('교환·환불은', 'Hangul')).toEqual([
      { text: '교환', inScript: true },
      { text: '·', inScript: false },
      { text: '환불은', inScript: true },
    ]);
    expect(scriptPieces('·', 'Hangul')).toEqual([{ text: '·', inScript: false }]);
    expect(scriptPieces('a·b', 'Latin')).toBeNull();
    expect(scriptPieces('교환', 'Hangul')).toBeNull();
    const korean = styled('Noto Sans KR', 'ko');
    const none = styled('Noto Sans KR', '');
    expect(shape('교환·환불은', korean).width).toBeCloseTo(shape('교환·환불은', none).width, 6);
    expect(shape('·', korean).width).toBe(shape('·', none).width);
  });

  it("applies a Latin font's language lookups too, and leaves other languages' words as they were", () => {
    // Noto Sans draws ş with a comma below in Romanian (its ROM locl), with a cedilla elsewhere.
    const ids = (lang: string) => shape('ş', styled('Noto Sans', lang)).glyphs.map((glyph) => glyph.id);
    expect(ids('ro')).not.toEqual(ids(''));
    expect(ids('tr')).toEqual(ids(''));
  });
});
