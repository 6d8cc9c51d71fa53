import { describe, expect, it } from 'vitest';
import { layOutHtml } from '../__fixtures__/lay-out-html';
import type { BoxFragment, Fragment, TextFragment } from './fragment';

// A long table's memory is mostly its fragments: what repeats row after row is shared, not copied.
const row = (n: number) => `<tr><td>Customer ${n % 2}</td><td>Item 7</td></tr>`;
const html = `<table style="border-collapse: collapse"><tbody>${[1, 2, 3, 4].map(row).join('')}</tbody></table>`;
const css = 'td { border-bottom: 1px solid #ddd; padding: 2pt }';

function collect(fragment: Fragment, kind: 'cell' | 'text', out: Fragment[] = []): Fragment[] {
  if (fragment.kind === 'text' && kind === 'text') out.push(fragment);
  if (fragment.kind === 'box' && fragment.role === 'cell' && kind === 'cell') out.push(fragment);
  if (fragment.kind === 'box' || fragment.kind === 'line')
    for (const child of fragment.children) collect(child, kind, out);
  return out;
}

describe('fragments of repeated rows', () => {
  const { flow } = layOutHtml(html, css);
  const texts = collect(flow, 'text') as TextFragment[];
  const cells = collect(flow, 'cell') as BoxFragment[];

  it('share the glyphs of runs of the same text, face and size, frozen and exactly as long as the run', () => {
    const customers = texts.filter((t) => t.text.startsWith('Customer'));
    expect(customers.map((t) => t.text)).toEqual(['Customer 1', 'Customer 0', 'Customer 1', 'Customer 0']);
    expect(customers[0]?.glyphs).toBe(customers[2]?.glyphs);
    expect(customers[1]?.glyphs).toBe(customers[3]?.glyphs);
    expect(customers[0]?.glyphs).not.toBe(customers[1]?.glyphs);
    expect(Object.isFrozen(customers[0]?.glyphs)).toBe(true);
    expect(customers[0]?.glyphs.map((g) => g.codePoints.map((c) => String.fromCodePoint(c)).join('')).join('')).toBe(
      'Customer 1',
    );
  });

  it('share the collapsed borders of cells whose four sides are the same', () => {
    expect(cells).toHaveLength(8);
    // Rows 2 and 3 have the same neighbours: their cells share one object per column.
    expect(cells[2]?.borders).toBe(cells[4]?.borders);
    expect(cells[3]?.borders).toBe(cells[5]?.borders);
    // The first row's top edge is the table's (none), the second's the first row's bottom border.
    expect(cells[0]?.borders?.top.width).toBe(0);
    expect(cells[2]?.borders?.top.width).toBeGreaterThan(0);
    expect(cells[0]?.borders).not.toBe(cells[2]?.borders);
  });
});
