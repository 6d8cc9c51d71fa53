import { describe, expect, it } from 'vitest';
import { layOutHtml } from '../../__fixtures__/lay-out-html';
import type { BoxFragment, Fragment, LineFragment, TextFragment } from '../fragment';

function cellsOf(fragment: Fragment, out: BoxFragment[] = []): BoxFragment[] {
  if (fragment.kind === 'box' && fragment.role === 'cell') out.push(fragment);
  if (fragment.kind === 'box' || fragment.kind === 'line') for (const child of fragment.children) cellsOf(child, out);
  return out;
}

const linesOf = (cell: BoxFragment): LineFragment[] =>
  cell.children.flatMap((child) => (child.kind === 'line' ? [child] : child.kind === 'box' ? linesOf(child) : []));
const runsOf = (cell: BoxFragment): TextFragment[] =>
  linesOf(cell).flatMap((line) => line.children.filter((c): c is TextFragment => c.kind === 'text'));

describe('cells of one text and style, laid out once per document', () => {
  it('give each cell lines of its own, placed in its own row, and share the runs on them', () => {
    const html = `<table><tbody>${'<tr><td>Paid in full</td><td>Paid in full</td></tr>'.repeat(3)}</tbody></table>`;
    const { flow } = layOutHtml(html, 'td { width: 120pt }');
    const cells = cellsOf(flow);
    expect(cells).toHaveLength(6);
    const lines = cells.map((cell) => linesOf(cell)[0] as LineFragment);
    const runs = cells.map((cell) => runsOf(cell)[0] as TextFragment);
    // Equal, as one layout made them…
    expect(runs.map((r) => r.text)).toEqual(Array(6).fill('Paid in full'));
    // …each line its own object, as a box moves its children (the lines) in place: moving one moves no other.
    expect(new Set(lines).size).toBe(6);
    const y = lines[2]?.y;
    (lines[0] as LineFragment).y += 50;
    expect(lines[2]?.y).toBe(y);
    // A run stays where it was placed on its line: one object serves every cell, and the glyphs are the shaper's
    // one frozen array for the word, as without the cache.
    expect(new Set(runs).size).toBe(1);
    expect(runs[0]?.glyphs).toBe(runs[5]?.glyphs);
  });

  it('breaks the same text again where the width differs', () => {
    const text = 'Consulting services for the quarter';
    const { flow } = layOutHtml(
      `<table><tbody><tr><td class="narrow">${text}</td><td>${text}</td></tr></tbody></table>`,
      'td { width: 300pt } td.narrow { width: 60pt }',
    );
    const [narrow, wide] = cellsOf(flow) as [BoxFragment, BoxFragment];
    expect(linesOf(narrow).length).toBeGreaterThan(1);
    expect(linesOf(wide)).toHaveLength(1);
  });

  it('still reports a word too long for its cell at every line it is met', () => {
    const word = 'Supercalifragilisticexpialidocious-and-more';
    const html = [1, 2, 3].map(
      () => `<table style="width: 80pt; table-layout: fixed"><tr><td>${word}</td></tr></table>`,
    );
    const { findings } = layOutHtml(html.join('\n'));
    const lines = findings
      .list()
      .filter((f) => f.code === 'word_too_long')
      .map((f) => f.line);
    expect(lines).toEqual([1, 2, 3]);
  });
});
