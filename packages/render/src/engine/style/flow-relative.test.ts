import { describe, expect, it } from 'vitest';
import { Findings } from '../findings';
import { computeStyles } from './compute-styles';
import type { ComputedStyle, StyledElement, StyledNode } from './computed-style';

const A4 = { width: 595.28, height: 841.89, margin: [36, 36, 36, 36] as [number, number, number, number] };
const pt = (value: number) => ({ pt: value, pct: 0 });
const RED = { r: 255, g: 0, b: 0, a: 1 };
const BLUE = { r: 0, g: 0, b: 255, a: 1 };

/** The computed style of the element with id `x`, and what was reported. */
function styleOf(html: string, css: string): { style: ComputedStyle; findings: ReturnType<Findings['list']> } {
  const findings = new Findings();
  const { root } = computeStyles({ html, css, page: A4 }, findings);
  const found = search(root, 'x');
  if (!found) throw new Error('no #x');
  return { style: found.style, findings: findings.list() };
}
function search(node: StyledNode, id: string): StyledElement | undefined {
  if (node.kind !== 'element') return undefined;
  if (node.attrs.id === id) return node;
  for (const child of node.children) {
    const found = search(child, id);
    if (found) return found;
  }
  return undefined;
}

/** [left, right] of a pair of physical properties. */
const sides = (s: ComputedStyle) => ({
  margin: [s.marginLeft, s.marginRight],
  padding: [s.paddingLeft, s.paddingRight],
  inset: [s.left, s.right],
  border: [s.borderLeft, s.borderRight],
});

const INLINE_LONGHANDS = `#x {
  margin-inline-start: 1pt; margin-inline-end: 2pt; padding-inline-start: 3pt; padding-inline-end: 4pt;
  inset-inline-start: 5pt; inset-inline-end: 6pt;
  border-inline-start-width: 1px; border-inline-start-style: solid; border-inline-start-color: red;
  border-inline-end-width: 2px; border-inline-end-style: dashed; border-inline-end-color: blue;
}`;

describe('flow-relative properties: the inline axis follows the element’s direction', () => {
  it('maps inline-start to the left and inline-end to the right in ltr', () => {
    const { style, findings } = styleOf('<div id="x">a</div>', INLINE_LONGHANDS);
    expect(sides(style)).toEqual({
      margin: [pt(1), pt(2)],
      padding: [pt(3), pt(4)],
      inset: [pt(5), pt(6)],
      border: [
        { width: 0.75, style: 'solid', color: RED },
        { width: 1.5, style: 'dashed', color: BLUE },
      ],
    });
    expect(findings).toEqual([]);
  });

  it('maps inline-start to the right in rtl, whether direction is the element’s own, inherited or from dir', () => {
    const rtl = {
      margin: [pt(2), pt(1)],
      padding: [pt(4), pt(3)],
      inset: [pt(6), pt(5)],
      border: [
        { width: 1.5, style: 'dashed', color: BLUE },
        { width: 0.75, style: 'solid', color: RED },
      ],
    };
    // Declared after the logical properties in the same block: the direction is still the element's.
    expect(sides(styleOf('<div id="x">a</div>', `${INLINE_LONGHANDS} #x { direction: rtl }`).style)).toEqual(rtl);
    expect(
      sides(styleOf('<section><div id="x">a</div></section>', `section { direction: rtl } ${INLINE_LONGHANDS}`).style),
    ).toEqual(rtl);
    expect(sides(styleOf('<div dir="rtl"><p><span id="x">a</span></p></div>', INLINE_LONGHANDS).style)).toEqual(rtl);
    // An ltr element inside rtl text maps by its own direction.
    expect(sides(styleOf('<div dir="rtl"><p id="x" dir="ltr">a</p></div>', INLINE_LONGHANDS).style).padding).toEqual([
      pt(3),
      pt(4),
    ]);
  });

  it('lets the later of a logical and a physical declaration win, in cascade order', () => {
    const later = (css: string, html = '<div id="x">a</div>') => sides(styleOf(html, css).style).padding;
    expect(later('#x { padding-left: 4pt; padding-inline-start: 8pt }')).toEqual([pt(8), pt(0)]);
    expect(later('#x { padding-inline-start: 8pt; padding-left: 4pt }')).toEqual([pt(4), pt(0)]);
    // In rtl the start is the right: the left is not overridden.
    expect(later('#x { padding-left: 4pt; padding-inline-start: 8pt; direction: rtl }')).toEqual([pt(4), pt(8)]);
    expect(later('#x { padding-right: 4pt; padding-inline-start: 8pt; direction: rtl }')).toEqual([pt(0), pt(8)]);
    expect(later('#x { padding-inline-start: 8pt; padding-right: 4pt; direction: rtl }')).toEqual([pt(0), pt(4)]);
    // Specificity before source order; importance before both; shorthands take part like longhands.
    expect(later('#x { padding-inline-start: 8pt } div { padding-left: 4pt }')).toEqual([pt(8), pt(0)]);
    expect(later('#x { padding-left: 4pt !important; padding-inline-start: 8pt }')).toEqual([pt(4), pt(0)]);
    expect(later('#x { padding-inline: 8pt 6pt; padding: 1pt }')).toEqual([pt(1), pt(1)]);
    expect(later('#x { padding: 1pt; padding-inline: 8pt 6pt }')).toEqual([pt(8), pt(6)]);
  });

  it('expands the two-value shorthands by direction', () => {
    const css = `#x {
      margin-inline: 1pt 2pt; padding-inline: 3pt 4pt; inset-inline: 5pt 6pt;
      border-inline-width: 1px 2px; border-inline-style: solid dotted; border-inline-color: red blue;
    }`;
    const ltr = styleOf('<div id="x">a</div>', css);
    expect(sides(ltr.style)).toEqual({
      margin: [pt(1), pt(2)],
      padding: [pt(3), pt(4)],
      inset: [pt(5), pt(6)],
      border: [
        { width: 0.75, style: 'solid', color: RED },
        { width: 1.5, style: 'dotted', color: BLUE },
      ],
    });
    expect(ltr.findings).toEqual([]);
    const rtl = styleOf('<div dir="rtl" id="x">a</div>', css).style;
    expect(sides(rtl).margin).toEqual([pt(2), pt(1)]);
    expect(sides(rtl).border.map((b) => b.style)).toEqual(['dotted', 'solid']);
    // One value is both sides.
    expect(sides(styleOf('<div id="x">a</div>', '#x { margin-inline: auto }').style).margin).toEqual(['auto', 'auto']);
  });

  it('expands border-inline, border-inline-start and border-inline-end, the rest reset', () => {
    const both = styleOf('<div id="x">a</div>', '#x { border: 3px dotted blue; border-inline: 1px solid red }').style;
    expect([both.borderLeft, both.borderRight, both.borderTop.width]).toEqual([
      { width: 0.75, style: 'solid', color: RED },
      { width: 0.75, style: 'solid', color: RED },
      2.25,
    ]);
    const start = styleOf('<div dir="rtl" id="x">a</div>', '#x { border-inline-start: 2px solid red }').style;
    expect([start.borderLeft.width, start.borderRight]).toEqual([0, { width: 1.5, style: 'solid', color: RED }]);
    const end = styleOf('<div dir="rtl" id="x">a</div>', '#x { color: blue; border-inline-end: dashed }').style;
    // Without a width and colour: medium and currentColor.
    expect([end.borderLeft, end.borderRight.width]).toEqual([{ width: 2.25, style: 'dashed', color: BLUE }, 0]);
  });

  it('reads the block axis top to bottom whatever the direction', () => {
    const css = `#x {
      margin-block: 1pt 2pt; padding-block: 3pt 4pt; inset-block: 5pt 6pt;
      border-block-width: 1px 2px; border-block-style: solid; border-block-color: red blue;
    }`;
    for (const html of ['<div id="x">a</div>', '<div dir="rtl" id="x">a</div>']) {
      const { style, findings } = styleOf(html, css);
      expect([
        style.marginTop,
        style.marginBottom,
        style.paddingTop,
        style.paddingBottom,
        style.top,
        style.bottom,
      ]).toEqual([1, 2, 3, 4, 5, 6].map(pt));
      expect([style.borderTop, style.borderBottom]).toEqual([
        { width: 0.75, style: 'solid', color: RED },
        { width: 1.5, style: 'solid', color: BLUE },
      ]);
      expect(findings).toEqual([]);
    }
    const inset = styleOf('<div id="x">a</div>', '#x { inset: 1pt 2pt }').style;
    expect([inset.top, inset.right, inset.bottom, inset.left]).toEqual([pt(1), pt(2), pt(1), pt(2)]);
  });

  it('reads the sizes as width and height', () => {
    const { style, findings } = styleOf(
      '<div dir="rtl" id="x">a</div>',
      '#x { inline-size: 10pt; block-size: 20pt; min-inline-size: 1pt; max-inline-size: 50%; min-block-size: 2pt; max-block-size: 30pt }',
    );
    expect([style.width, style.height, style.minWidth, style.maxWidth, style.minHeight, style.maxHeight]).toEqual([
      pt(10),
      pt(20),
      pt(1),
      { pt: 0, pct: 50 },
      pt(2),
      pt(30),
    ]);
    expect(findings).toEqual([]);
    // Sizes share width's cascade: the later wins.
    expect(styleOf('<div id="x">a</div>', '#x { inline-size: 10pt; width: 5pt }').style.width).toEqual(pt(5));
  });

  it('maps the corner radii to the block side, then the inline side', () => {
    const css =
      '#x { border-start-start-radius: 1pt; border-start-end-radius: 2pt; border-end-end-radius: 3pt; border-end-start-radius: 4pt }';
    // [top-left, top-right, bottom-right, bottom-left]
    expect(styleOf('<div id="x">a</div>', css).style.borderRadius).toEqual([1, 2, 3, 4].map(pt));
    expect(styleOf('<div dir="rtl" id="x">a</div>', css).style.borderRadius).toEqual([2, 1, 4, 3].map(pt));
  });

  it('floats and clears to the inline start or end of the containing block', () => {
    const float = (html: string) =>
      styleOf(html, '#x { float: inline-start; clear: inline-end } #y { float: inline-end }').style;
    expect([float('<div><span id="x">a</span></div>').float, float('<div><span id="x">a</span></div>').clear]).toEqual([
      'left',
      'right',
    ]);
    const rtl = float('<div dir="rtl"><span id="x">a</span></div>');
    expect([rtl.float, rtl.clear]).toEqual(['right', 'left']);
    // The containing block's direction, not the float's own.
    expect(float('<div dir="rtl"><span id="x" dir="ltr">a</span></div>').float).toBe('right');
  });

  it('accepts every writing mode (vertical ones are laid out turned: vertical-text.test.ts)', () => {
    for (const mode of ['horizontal-tb', 'vertical-rl', 'vertical-lr', 'sideways-rl', 'sideways-lr'])
      expect(styleOf('<div id="x">a</div>', `#x { writing-mode: ${mode} }`).findings).toEqual([]);
  });

  it('maps every side, corner and size by the element’s own writing mode and direction', () => {
    const css = (mode: string, direction = 'ltr') => `#x {
      writing-mode: ${mode}; direction: ${direction};
      margin-block-start: 1pt; margin-block-end: 2pt; margin-inline-start: 3pt; margin-inline-end: 4pt;
      inline-size: 10pt; block-size: 20pt; border-start-start-radius: 5pt;
    }`;
    const physical = (mode: string, direction?: string) => {
      const { style, findings } = styleOf('<div id="x">a</div>', css(mode, direction));
      expect(findings).toEqual([]);
      const m = [style.marginTop, style.marginRight, style.marginBottom, style.marginLeft];
      const corner = style.borderRadius.findIndex((r) => r.pt === 5);
      return { margins: m.map((v) => (v === 'auto' ? v : v.pt)), width: style.width, height: style.height, corner };
    };
    // [top, right, bottom, left]; corners [top-left, top-right, bottom-right, bottom-left].
    expect(physical('horizontal-tb')).toEqual({ margins: [1, 4, 2, 3], width: pt(10), height: pt(20), corner: 0 });
    // vertical-rl: the block axis runs right to left, lines top to bottom (CSS Writing Modes 3 §2.1).
    expect(physical('vertical-rl')).toEqual({ margins: [3, 1, 4, 2], width: pt(20), height: pt(10), corner: 1 });
    expect(physical('vertical-rl', 'rtl')).toEqual({ margins: [4, 1, 3, 2], width: pt(20), height: pt(10), corner: 2 });
    expect(physical('sideways-rl')).toEqual(physical('vertical-rl'));
    expect(physical('vertical-lr')).toEqual({ margins: [3, 2, 4, 1], width: pt(20), height: pt(10), corner: 0 });
    // sideways-lr: lines run bottom to top.
    expect(physical('sideways-lr')).toEqual({ margins: [4, 2, 3, 1], width: pt(20), height: pt(10), corner: 3 });
    // Inherited: a child of vertical text maps by the writing mode it inherits; the shorthands follow.
    const child = styleOf(
      '<div style="writing-mode: vertical-rl"><p id="x">a</p></div>',
      '#x { margin-block: 6pt 7pt; padding-inline: 8pt 9pt; border-block-start: 1px solid red }',
    ).style;
    expect([child.marginRight, child.marginLeft, child.paddingTop, child.paddingBottom]).toEqual([
      pt(6),
      pt(7),
      pt(8),
      pt(9),
    ]);
    expect([child.marginTop, child.borderRight, child.borderTop.width]).toEqual([
      pt(0),
      { width: 0.75, style: 'solid', color: RED },
      0,
    ]);
  });

  it('takes var() and CSS-wide keywords in flow-relative properties', () => {
    const { style } = styleOf(
      '<div dir="rtl" id="x">a</div>',
      '#x { --gap: 7pt; padding-inline-start: var(--gap); margin-inline-end: var(--missing); padding-left: 2pt; padding-inline-end: initial }',
    );
    expect([style.paddingLeft, style.paddingRight, style.marginLeft]).toEqual([pt(0), pt(7), pt(0)]);
  });
});
