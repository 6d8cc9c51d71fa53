import { describe, expect, it } from 'vitest';
import { Findings } from '../findings';
import { computeStyles } from './compute-styles';
import { pageStyleAt } from './computed-style';
import { pagePixels } from './page';

const A4 = { width: 595.28, height: 841.89, margin: [36, 36, 36, 36] as [number, number, number, number] };

function pages(css: string, html = '<p>x</p>') {
  const findings = new Findings();
  const { pages } = computeStyles({ html, css, page: A4 }, findings);
  return { ...pages, findings: findings.list() };
}

describe('page styles', () => {
  it('keeps the template page without @page rules', () => {
    const { first, other } = pages('p { color: red }');
    expect(other).toEqual({
      width: 595.28,
      height: 841.89,
      margin: [36, 36, 36, 36],
      marginBoxes: {},
      fromSetup: { size: true, margin: [true, true, true, true] },
    });
    expect(first).toEqual(other);
  });

  it('tells the lengths an @page rule gives from those of the page setup, and holds each as Chromium does', () => {
    const { other } = pages('@page { margin-top: 20mm; margin-left: 10.3pt }');
    expect(other.fromSetup).toEqual({ size: true, margin: [false, true, true, false] });
    const px = pagePixels(other);
    // The setup's A4 reaches Chromium as print options in whole points, rounded up: 596pt by 842pt, in 1/64px.
    expect(px.width).toBe(Math.round((596 / 0.75) * 64) / 64);
    expect(px.height).toBe(Math.round((842 / 0.75) * 64) / 64);
    // @page's 20mm (75.59px) and 10.3pt (13.73px) cut down to 1/64px; the setup's 36pt margins are whole points.
    expect(px.top).toBe(75.578125);
    expect(px.left).toBe(13.71875);
    expect(px.right).toBe(48);
    const sized = pages('@page { size: A4; margin: 20.5pt }').other;
    expect(sized.fromSetup).toEqual({ size: false, margin: [false, false, false, false] });
    expect(pagePixels(sized).width).toBe(793.703125);
    // The setup's 20.5pt would be cut to 20pt (26.67px, 26.65625px in layout units); @page's is 27.33px.
    expect(pagePixels(sized).left).toBe(27.328125);
    expect(pagePixels({ ...sized, fromSetup: { size: true, margin: [true, true, true, true] } }).left).toBe(26.65625);
  });

  it('reads size by name and orientation, and margins', () => {
    const { other } = pages('@page { size: A5 landscape; margin: 5mm }');
    expect(other.width).toBeCloseTo(595.28, 2);
    expect(other.height).toBeCloseTo(419.53, 2);
    for (const m of other.margin) expect(m).toBeCloseTo(14.17, 2);
  });

  it('reads sizes as lengths, named sizes and margin longhands', () => {
    expect(pages('@page { size: 4in 6in }').other).toMatchObject({ width: 288, height: 432 });
    expect(pages('@page { size: 5in }').other).toMatchObject({ width: 360, height: 360 });
    expect(pages('@page { size: letter }').other).toMatchObject({ width: 612, height: 792 });
    // CSS Paged Media's JIS sizes, which Chromium prints at 516 by 729.12pt and 729.12 by 1032pt.
    const points = ({ width, height }: { width: number; height: number }) => [width, height].map((n) => n.toFixed(2));
    expect(points(pages('@page { size: JIS-B5 }').other)).toEqual(['515.91', '728.50']);
    expect(points(pages('@page { size: jis-b4 landscape }').other)).toEqual(['1031.81', '728.50']);
    expect(pages('@page { size: landscape }').other).toMatchObject({ width: 841.89, height: 595.28 });
    expect(
      pages('@page { margin: 1in 0.5in; margin-bottom: 2cm }').other.margin.map((m) => Math.round(m * 100) / 100),
    ).toEqual([72, 36, 56.69, 36]);
  });

  it('applies @page :first to the first page only', () => {
    const { first, other } = pages('@page { margin: 10mm } @page :first { margin-top: 50mm; size: A4 landscape }');
    expect(first.margin[0]).toBeCloseTo(141.73, 2);
    expect(first.margin[1]).toBeCloseTo(28.35, 2);
    expect(first.width).toBeCloseTo(841.89, 2);
    expect(other.margin[0]).toBeCloseTo(28.35, 2);
    expect(other.width).toBeCloseTo(595.28, 2);
  });

  it('computes margin boxes: content with page counters and their style', () => {
    const { first, other, findings } = pages(`
      html { font-family: Georgia; color: #333 }
      @page { font-size: 9pt;
        @bottom-center { content: "Page " counter(page) " of " counter(pages); color: gray; border-top: 1px solid black; padding: 2pt }
        @top-right { content: counter(page, upper-roman) }
        @top-left { content: none } }
      @page :first { @bottom-center { content: "First" } }`);
    expect(other.marginBoxes['bottom-center']?.content).toEqual([
      { kind: 'string', value: 'Page ' },
      { kind: 'counter', name: 'page', style: 'decimal' },
      { kind: 'string', value: ' of ' },
      { kind: 'counter', name: 'pages', style: 'decimal' },
    ]);
    const style = other.marginBoxes['bottom-center']?.style;
    expect(style).toMatchObject({
      display: 'block',
      fontSize: 9,
      textAlign: 'center',
      fontFamily: ['georgia'],
      color: { r: 128, g: 128, b: 128, a: 1 },
    });
    expect(style?.borderTop).toEqual({ width: 0.75, style: 'solid', color: { r: 0, g: 0, b: 0, a: 1 } });
    expect(style?.paddingTop).toEqual({ pt: 2, pct: 0 });
    expect(other.marginBoxes['top-right']).toMatchObject({
      content: [{ kind: 'counter', name: 'page', style: 'upper-roman' }],
      style: { textAlign: 'right' },
    });
    expect(other.marginBoxes['top-left']).toBeUndefined();
    expect(first.marginBoxes['bottom-center']?.content).toEqual([{ kind: 'string', value: 'First' }]);
    expect(findings).toEqual([]);
  });

  it('tells left and right pages apart: the first is a right page, or a left one in a right-to-left document', () => {
    const css = `@page { margin: 10mm; @bottom-center { content: "all" } }
      @page :left { margin-left: 30mm; margin-right: 10mm; @bottom-left { content: counter(page) } }
      @page :right { margin-left: 10mm; margin-right: 30mm; @bottom-right { content: counter(page) } }
      @page :first { margin-top: 40mm }`;
    const { first, other, left, rtl, findings } = pages(css);
    expect(rtl).toBe(false);
    expect(first.margin.map(Math.round)).toEqual([113, 85, 28, 28]);
    expect(other.margin.map(Math.round)).toEqual([28, 85, 28, 28]);
    expect(left.margin.map(Math.round)).toEqual([28, 28, 28, 85]);
    expect(Object.keys(first.marginBoxes).sort()).toEqual(['bottom-center', 'bottom-right']);
    expect(Object.keys(left.marginBoxes).sort()).toEqual(['bottom-center', 'bottom-left']);
    expect(findings).toEqual([]);
    const sides = pages(css, '<p>x</p>');
    expect([0, 1, 2, 3].map((i) => pageStyleAt(sides, i))).toEqual([sides.first, sides.left, sides.other, sides.left]);

    const hebrew = pages(css.replace('@page {', 'html { direction: rtl } @page {'));
    expect(hebrew.rtl).toBe(true);
    expect(hebrew.first.margin.map(Math.round)).toEqual([113, 28, 28, 85]);
    expect([1, 2].map((i) => pageStyleAt(hebrew, i))).toEqual([hebrew.other, hebrew.left]);
  });

  it('says so when left and right pages are of different widths', () => {
    const { findings } = pages('@page :left { margin-left: 40mm }');
    expect(findings).toEqual([
      expect.objectContaining({
        code: 'unsupported_css_value',
        line: 1,
        message: expect.stringMatching(/different widths/),
      }),
    ]);
  });

  it('reports what it cannot use', () => {
    const { findings } = pages(
      '@page { size: A9 }\n@page :blank { margin: 1cm }\n@page { @bottom-center { content: string(title) } marks: crop }',
    );
    expect(findings.map((f) => [f.code, f.line]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      ['unsupported_css_value', 1],
      ['unsupported_selector', 2],
      ['unsupported_css_property', 3],
      ['unsupported_css_value', 3],
    ]);
  });

  it('prints a page whose @page size and margins leave no room at the page setup instead, as Chromium does', () => {
    const { first, other, left, findings } = pages('p { color: red }\n@page { margin: 150mm 10mm }');
    for (const page of [first, other, left]) {
      expect(page).toMatchObject({ width: 595.28, height: 841.89, margin: [36, 36, 36, 36] });
      expect(page.fromSetup).toEqual({ size: true, margin: [true, true, true, true] });
    }
    expect(findings).toEqual([
      expect.objectContaining({
        code: 'unsupported_css_value',
        part: 'css',
        line: 2,
        message: expect.stringContaining('no room for content'),
      }),
    ]);
    // Only the page that has no room: a first page with room keeps its own margins.
    const only = pages('@page { margin: 10mm } @page :first { margin: 10mm 150mm }');
    expect(only.first.margin).toEqual([36, 36, 36, 36]);
    expect(only.other.margin[0]).toBeCloseTo(28.35, 1);
  });
});
