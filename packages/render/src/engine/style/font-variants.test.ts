import { describe, expect, it } from 'vitest';
import { Findings } from '../findings';
import { computeStyles } from './compute-styles';
import type { ComputedStyle, StyledElement, StyledNode } from './computed-style';

const A4 = { width: 595.28, height: 841.89, margin: [36, 36, 36, 36] as [number, number, number, number] };

/** The computed style of the first <p> under `css`, and the findings. */
function styleOf(css: string): { style: ComputedStyle; findings: string[] } {
  const findings = new Findings();
  const { root } = computeStyles({ html: '<div><p>x</p></div>', css, page: A4 }, findings);
  const p = find(root, 'p');
  return { style: p.style, findings: findings.list().map((f) => f.message) };
}
function find(node: StyledNode, tag: string): StyledElement {
  if (node.kind !== 'element') throw new Error(`no ${tag}`);
  if (node.tag === tag) return node;
  const child = node.children.find((c) => c.kind === 'element') as StyledNode;
  return find(child, tag);
}

describe('font-variant and its longhands', () => {
  it('computes each longhand to its keyword or features, inherited by children', () => {
    const { style, findings } = styleOf(`div {
      font-variant-caps: all-small-caps;
      font-variant-ligatures: no-common-ligatures discretionary-ligatures;
      font-variant-position: super;
      font-variant-east-asian: jis04 full-width;
      font-variant-numeric: oldstyle-nums tabular-nums;
    }`);
    expect(findings).toEqual([]);
    expect(style.fontVariantCaps).toBe('all-small-caps');
    expect(style.fontVariantLigatures).toEqual(['-liga', '-clig', 'dlig']);
    expect(style.fontVariantPosition).toEqual(['sups']);
    expect(style.fontVariantEastAsian).toEqual(['jp04', 'fwid']);
    expect(style.fontVariantNumeric).toEqual(['onum', 'tnum']);
  });

  it('spreads the shorthand over the longhands and resets the ones it does not name', () => {
    const { style } = styleOf(
      'div { font-variant-position: sub } p { font-variant: small-caps tabular-nums historical-ligatures slashed-zero }',
    );
    expect(style.fontVariantCaps).toBe('small-caps');
    expect(style.fontVariantNumeric).toEqual(['tnum', 'zero']);
    expect(style.fontVariantLigatures).toEqual(['hlig']);
    expect(style.fontVariantPosition).toEqual([]);
    expect(styleOf('p { font-variant: none }').style.fontVariantLigatures).toEqual([
      '-liga',
      '-clig',
      '-dlig',
      '-hlig',
      '-calt',
    ]);
    expect(styleOf('div { font-variant: small-caps } p { font-variant: normal }').style.fontVariantCaps).toBe('normal');
  });

  it('takes small-caps from the font shorthand, which resets the other variants', () => {
    const { style, findings } = styleOf(
      'div { font-variant-numeric: tabular-nums } p { font: small-caps bold 12px serif }',
    );
    expect(findings).toEqual([]);
    expect(style.fontVariantCaps).toBe('small-caps');
    expect(style.fontVariantNumeric).toEqual([]);
    expect(styleOf('div { font-variant: small-caps } p { font: 12px serif }').style.fontVariantCaps).toBe('normal');
  });

  it('reports values it cannot use instead of ignoring them silently', () => {
    expect(styleOf('p { font-variant: small-caps petite-caps }').findings).toEqual([
      'font-variant: small-caps petite-caps is not a value the engine supports; the declaration is ignored.',
    ]);
    expect(styleOf('p { font-variant-position: sub super }').findings).toHaveLength(1);
    expect(styleOf('p { font-variant: historical-forms }').findings).toHaveLength(1);
  });
});

describe('font-feature-settings', () => {
  it('turns features on and off, a later setting of a tag winning', () => {
    const { style, findings } = styleOf(
      `p { font-feature-settings: "liga" 0, "tnum", "ss01" 1, "kern" off, "tnum" 0 }`,
    );
    expect(findings).toEqual([]);
    expect(style.fontFeatureSettings).toEqual(['-liga', 'ss01', '-kern', '-tnum']);
    expect(styleOf('p { font-feature-settings: normal }').style.fontFeatureSettings).toEqual([]);
  });

  it('refuses a malformed tag and an alternate number fontkit cannot pick, and says so', () => {
    expect(styleOf('p { font-feature-settings: "toolong" }').findings).toHaveLength(1);
    expect(styleOf('p { font-feature-settings: "salt" 2 }').findings).toHaveLength(1);
    expect(styleOf('p { font-feature-settings: tnum }').findings).toHaveLength(1);
  });
});

describe('text-shadow', () => {
  it('computes a list of shadows, currentColor when none is given, inherited', () => {
    const { style, findings } = styleOf('div { color: #00f; text-shadow: 1px 2px 3px red, 0 1px 0 white, 2px 2px }');
    expect(findings).toEqual([]);
    expect(style.textShadow).toEqual([
      { x: 0.75, y: 1.5, blur: 2.25, color: { r: 255, g: 0, b: 0, a: 1 } },
      { x: 0, y: 0.75, blur: 0, color: { r: 255, g: 255, b: 255, a: 1 } },
      { x: 1.5, y: 1.5, blur: 0, color: { r: 0, g: 0, b: 255, a: 1 } },
    ]);
    expect(styleOf('div { text-shadow: 1px 1px red } p { text-shadow: none }').style.textShadow).toBeNull();
  });

  it('refuses box-shadow only parts (spread, inset)', () => {
    expect(styleOf('p { text-shadow: 1px 1px 2px 3px red }').findings).toHaveLength(1);
    expect(styleOf('p { text-shadow: inset 1px 1px red }').findings).toHaveLength(1);
  });
});
