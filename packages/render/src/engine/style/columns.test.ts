import { describe, expect, it } from 'vitest';
import { Findings } from '../findings';
import { computeStyles } from './compute-styles';
import type { ComputedStyle, StyledElement, StyledNode } from './computed-style';

const A4 = { width: 595.28, height: 841.89, margin: [36, 36, 36, 36] as [number, number, number, number] };

/** The computed style of the element with id `x` and the findings of the render. */
function styleOf(declarations: string, parent = ''): { style: ComputedStyle; findings: string[] } {
  const findings = new Findings();
  const html = `<div style="${parent}"><div id="x" style="${declarations}">text</div></div>`;
  const { root } = computeStyles({ html, page: A4 }, findings);
  const find = (node: StyledNode): StyledElement | undefined => {
    if (node.kind !== 'element') return undefined;
    if (node.attrs.id === 'x') return node;
    for (const child of node.children) {
      const found = find(child);
      if (found) return found;
    }
    return undefined;
  };
  const x = find(root);
  if (!x) throw new Error('no #x');
  return { style: x.style, findings: findings.list().map((f) => `${f.code}: ${f.message}`) };
}

describe('multi-column properties', () => {
  it('are auto, normal, balance and none when not given, and not inherited', () => {
    const { style } = styleOf('', 'column-count: 3; column-rule: 2pt solid red; column-span: all');
    expect(style.columnCount).toBe('auto');
    expect(style.columnWidth).toBe('auto');
    expect(style.columnGap).toBe('normal');
    expect(style.columnFill).toBe('balance');
    expect(style.columnSpan).toBe('none');
    expect(style.columnRule.width).toBe(0);
  });

  it('computes column-count, column-width, column-gap, column-fill and column-span', () => {
    const { style, findings } = styleOf(
      'column-count: 3; column-width: 200px; column-gap: 2em; column-fill: auto; column-span: all; font-size: 10pt',
    );
    expect(style.columnCount).toBe(3);
    expect(style.columnWidth).toBeCloseTo(150, 5);
    expect(style.columnGap).toEqual({ pt: 20, pct: 0 });
    expect(style.columnFill).toBe('auto');
    expect(style.columnSpan).toBe('all');
    expect(findings).toEqual([]);
  });

  it('rejects a column-count of 0, a fraction or a percentage column-width, keeping the value before', () => {
    expect(styleOf('column-count: 2; column-count: 0').style.columnCount).toBe(2);
    expect(styleOf('column-count: 2; column-count: 1.5').style.columnCount).toBe(2);
    expect(styleOf('column-width: 100pt; column-width: 50%').style.columnWidth).toBe(100);
  });

  it('expands the columns shorthand in either order, auto standing for what is not given', () => {
    expect(styleOf('columns: 2').style).toMatchObject({ columnCount: 2, columnWidth: 'auto' });
    expect(styleOf('columns: 120pt').style).toMatchObject({ columnCount: 'auto', columnWidth: 120 });
    expect(styleOf('columns: 3 120pt').style).toMatchObject({ columnCount: 3, columnWidth: 120 });
    expect(styleOf('columns: auto 120pt').style).toMatchObject({ columnCount: 'auto', columnWidth: 120 });
    expect(styleOf('column-count: 4; columns: auto').style).toMatchObject({ columnCount: 'auto' });
  });

  it('expands column-rule, its colour currentColor and its width medium when not given', () => {
    const { style } = styleOf('color: rgb(0, 0, 255); column-rule: dashed');
    expect(style.columnRule).toEqual({ width: 2.25, style: 'dashed', color: { r: 0, g: 0, b: 255, a: 1 } });
    // Under a pixel, snapped up to one as a border's width.
    const ruled = styleOf('column-rule: 0.5pt solid #ff0000').style.columnRule;
    expect(ruled).toEqual({ width: 0.75, style: 'solid', color: { r: 255, g: 0, b: 0, a: 1 } });
    // No style, no rule.
    expect(styleOf('column-rule-width: 4pt').style.columnRule.width).toBe(0);
  });

  it('reads the -webkit- and -moz- names and no longer reports the properties unsupported', () => {
    const { style, findings } = styleOf(
      '-webkit-column-span: all; -moz-column-count: 2; -webkit-columns: 90pt; -webkit-column-gap: 6pt',
    );
    expect(style.columnSpan).toBe('all');
    expect(style.columnWidth).toBe(90);
    // -webkit-columns comes after -moz-column-count and resets the count.
    expect(style.columnCount).toBe('auto');
    expect(style.columnGap).toEqual({ pt: 6, pct: 0 });
    expect(findings).toEqual([]);
  });

  it('keeps break-before: column, which forces a break between columns only', () => {
    expect(styleOf('break-before: column').style.breakBefore).toBe('column');
    expect(styleOf('break-after: avoid-column').style.breakAfter).toBe('avoid');
  });

  it('keeps column-gap: normal as 0 between flex items', () => {
    expect(styleOf('display: flex; column-gap: normal').style.columnGap).toBe('normal');
  });
});
