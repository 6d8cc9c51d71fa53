import { describe, expect, it } from 'vitest';
import type { CoveringFamily } from '../text/shaper-types';
import { withCoveringFonts } from './svg-fonts';

/** A registry of two families: Latin draws ASCII and Greek, Han draws ASCII and CJK; nothing draws U+E000. */
function find(text: string, cssFamily: string): CoveringFamily {
  const own = /han/i.test(cssFamily) ? 'Han' : 'Latin';
  const has = (family: string, ch: string) =>
    ch !== '\ue000' &&
    (/[\x20-\x7e]/.test(ch) || (family === 'Latin' ? /\p{Script=Greek}/u : /\p{Script=Han}/u).test(ch));
  const lacks = (family: string) => [...text].filter((ch) => !has(family, ch));
  if (lacks(own).length === 0) return { family: own, fallback: false, lacking: [] };
  const other = own === 'Latin' ? 'Han' : 'Latin';
  const best = lacks(other).length < lacks(own).length ? other : own;
  return { family: best, fallback: best !== own, lacking: lacks(best) };
}

function covered(markup: string) {
  const lacking: Array<[string, string[]]> = [];
  return { markup: withCoveringFonts(markup, find, (text, chars) => lacking.push([text, chars])), lacking };
}

describe('withCoveringFonts', () => {
  it('leaves markup its fonts draw as it was, byte for byte', () => {
    const latin = '<svg xmlns="http://www.w3.org/2000/svg"><!-- c --><text x="1">Revenue &amp; costs</text></svg>';
    expect(covered(latin).markup).toBe(latin);
    const greek = '<svg xmlns="http://www.w3.org/2000/svg"><text>Έσοδα</text></svg>';
    expect(covered(greek).markup).toBe(greek);
  });

  it('names a family that draws a text its own family cannot, on that text or tspan only', () => {
    const { markup, lacking } = covered(
      '<svg xmlns="http://www.w3.org/2000/svg" font-family="Arial"><text x="1">一月 &amp; <tspan>Feb</tspan></text><text>Mar</text></svg>',
    );
    expect(markup).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg" font-family="Arial"><text x="1" font-family="'Han'">一月 &amp; <tspan>Feb</tspan></text><text>Mar</text></svg>`,
    );
    expect(lacking).toEqual([]);
  });

  it('replaces a font-family in the style attribute, which would win over the attribute', () => {
    const { markup } = covered('<svg><text style="fill: red; font-family: Arial">二月</text></svg>');
    expect(markup).toBe(`<svg><text style="fill: red;" font-family="'Han'">二月</text></svg>`);
  });

  it('keeps a family that already draws the text, inherited from the root', () => {
    const han = '<svg font-family="Han Sans"><text>三月</text></svg>';
    expect(covered(han).markup).toBe(han);
  });

  it('reports what no single family draws', () => {
    const { lacking } = covered('<svg><text>Σ 一\ue000</text></svg>');
    expect(lacking).toEqual([['Σ 一\ue000', expect.arrayContaining(['\ue000'])]]);
  });
});
