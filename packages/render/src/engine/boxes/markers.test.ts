import { describe, expect, it } from 'vitest';
import { Findings } from '../findings';
import { type ComputedStyle, initialStyle, type StyledNode } from '../style/computed-style';
import { markerText } from '../style/counter-styles';
import { block, blockAt, el, listItem, text } from './__fixtures__/styled';
import type { BlockBox } from './box';
import { buildBoxes } from './index';

const li = (style: Partial<ComputedStyle> = {}, attrs: Record<string, string> = {}, children: StyledNode[] = []) =>
  el('li', { ...listItem, ...style }, [text('item'), ...children], attrs);

function markers(list: ReturnType<typeof el>, findings = new Findings()): Array<string | undefined> {
  const root = buildBoxes(el('body', block, [list]), { images: new Map(), findings });
  return (blockAt(root, 0).blocks as BlockBox[]).map((item) => item.marker?.text);
}

describe('list markers', () => {
  it('take the style and the content of a ::marker rule, and none hides them', () => {
    const red: ComputedStyle = { ...initialStyle(), color: { r: 200, g: 0, b: 0, a: 1 } };
    const items = [li(), li(), li()];
    (items[0] as ReturnType<typeof el>).marker = { style: red };
    (items[1] as ReturnType<typeof el>).marker = { style: red, text: '→ ' };
    (items[2] as ReturnType<typeof el>).marker = { style: { ...red, content: 'none' } };
    const root = buildBoxes(el('body', block, [el('ul', block, items)]), {
      images: new Map(),
      findings: new Findings(),
    });
    const boxes = blockAt(root, 0).blocks as BlockBox[];
    expect(boxes.map((b) => b.marker?.text)).toEqual(['• ', '→ ', undefined]);
    expect(boxes[0]?.marker?.style.color.r).toBe(200);
  });

  it('writes each counter style', () => {
    const cases: Array<[string, number, string | null]> = [
      ['disc', 1, '• '],
      ['circle', 1, '◦ '],
      ['square', 1, '▪ '],
      ['decimal', 3, '3. '],
      ['decimal', -2, '-2. '],
      ['decimal-leading-zero', 7, '07. '],
      ['decimal-leading-zero', 12, '12. '],
      ['lower-alpha', 1, 'a. '],
      ['lower-latin', 26, 'z. '],
      ['lower-alpha', 27, 'aa. '],
      ['upper-alpha', 28, 'AB. '],
      ['upper-latin', 0, '0. '],
      ['lower-roman', 4, 'iv. '],
      ['lower-roman', 1994, 'mcmxciv. '],
      ['upper-roman', 9, 'IX. '],
      ['upper-roman', 4000, '4000. '],
      ['lower-greek', 1, 'α. '],
      ['lower-greek', 24, 'ω. '],
      ['lower-greek', 25, 'αα. '],
      ['none', 1, null],
      ['"→ "', 1, '→ '],
      ["'-'", 5, '-'],
      ['→ ', 1, '→ '],
    ];
    for (const [type, n, expected] of cases) expect([type, n, markerText(type, n)]).toEqual([type, n, expected]);
  });

  it('numbers an ol from 1, from its start, and backwards when reversed', () => {
    const decimal = { listStyleType: 'decimal' };
    expect(markers(el('ol', block, [li(decimal), text('\n'), li(decimal), li(decimal)]))).toEqual([
      '1. ',
      '2. ',
      '3. ',
    ]);
    expect(markers(el('ol', block, [li(decimal), li(decimal)], { start: '7' }))).toEqual(['7. ', '8. ']);
    expect(markers(el('ol', block, [li(decimal), li(decimal), li(decimal)], { reversed: '' }))).toEqual([
      '3. ',
      '2. ',
      '1. ',
    ]);
    expect(markers(el('ol', block, [li(decimal), li(decimal)], { reversed: '', start: '10' }))).toEqual([
      '10. ',
      '9. ',
    ]);
  });

  it('lets an li value set the count that the next items continue from', () => {
    const decimal = { listStyleType: 'decimal' };
    expect(markers(el('ol', block, [li(decimal), li(decimal, { value: '10' }), li(decimal)]))).toEqual([
      '1. ',
      '10. ',
      '11. ',
    ]);
  });

  it('writes roman and alphabetic ordinals', () => {
    const roman = { listStyleType: 'upper-roman' };
    const alpha = { listStyleType: 'lower-alpha' };
    expect(markers(el('ol', block, [li(roman), li(roman), li(roman), li(roman)]))).toEqual([
      'I. ',
      'II. ',
      'III. ',
      'IV. ',
    ]);
    expect(markers(el('ol', block, [li(alpha), li(alpha)], { start: '26' }))).toEqual(['z. ', 'aa. ']);
  });

  it('counts nested lists separately, and a ul’s items with bullets', () => {
    const decimal = { listStyleType: 'decimal' };
    const inner = el('ul', block, [li({ listStyleType: 'circle' }), li({ listStyleType: 'circle' })]);
    const list = el('ol', block, [li(decimal), li(decimal, {}, [inner]), li(decimal)]);
    expect(markers(list)).toEqual(['1. ', '2. ', '3. ']);
    const root = buildBoxes(el('body', block, [list]), { images: new Map(), findings: new Findings() });
    const second = blockAt(blockAt(root, 0), 1);
    const nested = second.blocks?.find((b) => (b as BlockBox).tag === 'ul') as BlockBox;
    expect((nested.blocks as BlockBox[]).map((b) => b.marker?.text)).toEqual(['◦ ', '◦ ']);
  });

  it('gives the marker the item’s inherited style, and none a missing marker', () => {
    const root = buildBoxes(
      el('ul', block, [
        li({ color: { r: 9, g: 9, b: 9, a: 1 }, listStylePosition: 'inside', marginLeft: { pt: 5, pct: 0 } }),
        li({ listStyleType: 'none' }),
      ]),
      { images: new Map(), findings: new Findings() },
    );
    const [first, second] = root.blocks as BlockBox[];
    expect(first?.marker?.style).toMatchObject({ display: 'inline', color: { r: 9 }, listStylePosition: 'inside' });
    expect(first?.marker?.style.marginLeft).toEqual({ pt: 0, pct: 0 });
    expect(second).not.toHaveProperty('marker');
  });

  it('reports an unknown list-style-type (decimal is used) and a list-style-image', () => {
    const findings = new Findings();
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 8, 0, 0, 0, 8,
    ]);
    const root = buildBoxes(
      el('ul', block, [
        li({ listStyleType: 'ethiopic-numeric' }),
        li({ listStyleImage: 'dot.png' }),
        li({ listStyleImage: 'nowhere.png' }),
      ]),
      { images: new Map([['dot.png', png]]), findings },
    );
    expect((root.blocks as BlockBox[]).map((b) => b.marker?.text)).toEqual(['1. ', '• ', '• ']);
    expect(findings.list().map((f) => f.code)).toEqual([
      'unsupported_css_value',
      'unsupported_css_value',
      'image_not_loaded',
    ]);
    expect(findings.list()[2]?.message).toContain('nowhere.png');
  });
});
