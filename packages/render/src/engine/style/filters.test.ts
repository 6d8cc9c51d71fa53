import { describe, expect, it } from 'vitest';
import { Findings } from '../findings';
import { computeStyles } from './compute-styles';
import type { StyledElement } from './computed-style';

const A4 = { width: 595.28, height: 841.89, margin: [72, 72, 72, 72] as [number, number, number, number] };

function styleOf(css: string, html = '<div>x</div>') {
  const findings = new Findings();
  const { root } = computeStyles(
    { html, css: `div { color: rgb(10, 20, 30); font-size: 20px; ${css} }`, page: A4 },
    findings,
  );
  return { style: (root.children[0] as StyledElement).style, findings: findings.list() };
}
const functionsOf = (value: string) => styleOf(`filter: ${value}`).style.filter?.functions;

describe('filter (Filter Effects 1): computed values', () => {
  it('reads amounts as numbers and percentages, with their defaults, and clamps the four that stop at 100%', () => {
    expect(
      functionsOf('grayscale(50%) sepia(.25) saturate(300%) invert() opacity(40%) brightness(1.5) contrast()'),
    ).toEqual([
      { kind: 'grayscale', amount: 0.5 },
      { kind: 'sepia', amount: 0.25 },
      { kind: 'saturate', amount: 3 },
      { kind: 'invert', amount: 1 },
      { kind: 'opacity', amount: 0.4 },
      { kind: 'brightness', amount: 1.5 },
      { kind: 'contrast', amount: 1 },
    ]);
    expect(functionsOf('grayscale(2) sepia(150%) invert(1.2) opacity(300%) saturate() brightness()')).toEqual([
      { kind: 'grayscale', amount: 1 },
      { kind: 'sepia', amount: 1 },
      { kind: 'invert', amount: 1 },
      { kind: 'opacity', amount: 1 },
      { kind: 'saturate', amount: 1 },
      { kind: 'brightness', amount: 1 },
    ]);
    expect(functionsOf('brightness(calc(0.5 + 0.25))')).toEqual([{ kind: 'brightness', amount: 0.75 }]);
  });

  it('reads hue-rotate() in every angle unit, a bare zero, and none', () => {
    const angles = functionsOf(
      'hue-rotate(90deg) hue-rotate(.5turn) hue-rotate(3.14159265rad) hue-rotate(100grad) hue-rotate(0) hue-rotate()',
    );
    expect(angles?.map((fn) => (fn.kind === 'hue-rotate' ? Math.round(fn.angle * 1000) / 1000 : fn))).toEqual([
      90, 180, 180, 90, 0, 0,
    ]);
  });

  it('computes drop-shadow() lengths to points and its colour, currentColor when none is given', () => {
    expect(
      functionsOf('drop-shadow(2px 4px 6px red) drop-shadow(rgba(0, 0, 0, .5) 1em 0) drop-shadow(3pt 3pt)'),
    ).toEqual([
      { kind: 'drop-shadow', shadow: { x: 1.5, y: 3, blur: 4.5, color: { r: 255, g: 0, b: 0, a: 1 } } },
      { kind: 'drop-shadow', shadow: { x: 15, y: 0, blur: 0, color: { r: 0, g: 0, b: 0, a: 0.5 } } },
      { kind: 'drop-shadow', shadow: { x: 3, y: 3, blur: 0, color: { r: 10, g: 20, b: 30, a: 1 } } },
    ]);
    expect(functionsOf('blur(4px) url(#soft) url("f.svg#a")')).toEqual([
      { kind: 'blur', radius: 3 },
      { kind: 'url', url: '#soft' },
      { kind: 'url', url: 'f.svg#a' },
    ]);
  });

  it('computes none to null and is not inherited', () => {
    expect(styleOf('filter: none').style.filter).toBeNull();
    const findings = new Findings();
    const { root } = computeStyles(
      { html: '<div><p>x</p></div>', css: 'div { filter: invert(1) } p { color: red }', page: A4 },
      findings,
    );
    const div = root.children[0] as StyledElement;
    expect(div.style.filter?.functions).toEqual([{ kind: 'invert', amount: 1 }]);
    expect((div.children[0] as StyledElement).style.filter).toBeNull();
  });

  it('rejects what is not a filter list, with the declaration below kept', () => {
    for (const value of [
      'grayscale(-1)',
      'blur(-2px)',
      'blur(10%)',
      'grayscale(1), invert(1)',
      'hue-rotate(45)',
      'grayscale(1 2)',
      'drop-shadow(1px)',
      'drop-shadow(1px 2px 3px 4px)',
      'drop-shadow(1px red 2px)',
      'drop-shadow(1px 2px -3px)',
      'sharpen(2)',
      'alpha(opacity=50)',
    ]) {
      const { style, findings } = styleOf(`filter: sepia(1); filter: ${value}`);
      expect(style.filter?.functions, value).toEqual([{ kind: 'sepia', amount: 1 }]);
      expect(
        findings.map((f) => f.code),
        value,
      ).toEqual(['unsupported_css_value']);
    }
  });

  it('keeps where it was declared, for what painting reports, and reads -webkit-filter as filter', () => {
    const findings = new Findings();
    const { root } = computeStyles(
      { html: '<div>x</div>', css: 'p { color: red }\ndiv {\n  -webkit-filter: grayscale(1);\n}', page: A4 },
      findings,
    );
    expect((root.children[0] as StyledElement).style.filter).toEqual({
      functions: [{ kind: 'grayscale', amount: 1 }],
      part: 'css',
      line: 3,
    });
    expect(findings.list()).toEqual([]);
  });

  it('says that blur() and url() are not drawn, once per declaration, with its line, and keeps the rest', () => {
    const findings = new Findings();
    const { root } = computeStyles(
      {
        html: '<div>a</div><div>b</div><p style="filter: url(#f)">c</p>',
        css: 'div { color: red }\ndiv { filter: blur(2px) grayscale(1) }\nspan { filter: blur(0) }',
        page: A4,
      },
      findings,
    );
    expect((root.children[0] as StyledElement).style.filter?.functions).toEqual([
      { kind: 'blur', radius: 1.5 },
      { kind: 'grayscale', amount: 1 },
    ]);
    expect(findings.list()).toEqual([
      {
        code: 'unsupported_css_value',
        message: 'filter: blur(2px) grayscale(1): blur() is not drawn (PDF has no blur); the other functions are.',
        part: 'css',
        line: 2,
      },
      {
        code: 'unsupported_css_value',
        message: 'filter: url(#f): url() (an SVG filter) is not drawn.',
        part: 'html',
        line: 1,
      },
    ]);
  });
});
