import { describe, expect, it } from 'vitest';
import { layOutHtml } from '../../__fixtures__/lay-out-html';
import type { Fragment, TextFragment } from '../fragment';
import { punctuationTrims } from './punctuation-trim';

function texts(fragment: Fragment, out: TextFragment[] = []): TextFragment[] {
  if (fragment.kind === 'text') out.push(fragment);
  else if (fragment.kind === 'box' || fragment.kind === 'line')
    for (const child of fragment.children) texts(child, out);
  return out;
}

/** The width of a line of 20pt text in a font, and its glyphs. */
function line(text: string, family: string) {
  const runs = texts(layOutHtml(`<p style="font: 20pt '${family}'; margin: 0">${text}</p>`).flow);
  return {
    width: runs.reduce((sum, run) => sum + run.width, 0),
    glyphs: runs.flatMap((run) => [...run.glyphs]),
  };
}

describe('fullwidth punctuation side by side (text-spacing-trim, as Chromium draws it)', () => {
  it('finds a closing mark before another mark and an opening mark after an opening or middle one', () => {
    expect([...(punctuationTrims('名称「发票」。「注意」，（甲）：乙') ?? [])]).toEqual([
      [5, 'end'],
      [6, 'end'],
      [10, 'end'],
      [11, 'end'],
      [14, 'end'],
    ]);
    expect([...(punctuationTrims('「「双」」') ?? [])]).toEqual([
      [1, 'start'],
      [3, 'end'],
    ]);
    expect([...(punctuationTrims('・「点」') ?? [])]).toEqual([[1, 'start']]);
    expect(punctuationTrims('「开头」结尾。')).toBeNull();
  });

  // A fullwidth character's advance (20pt, in whole pixels as Chromium's: 27px).
  const em = () => line('一', 'Noto Sans SC').width;

  it('takes half an em off each trimmed mark, moving an opening one back', () => {
    // Seven fullwidth characters, one pair (」。): six and a half ems.
    expect(line('名称「发票」。', 'Noto Sans SC').width).toBeCloseTo(6.5 * em(), 3);
    const doubled = line('「「双」」', 'Noto Sans SC');
    expect(doubled.width).toBeCloseTo(4 * em(), 3);
    // The second opening bracket is drawn half an em back, into the first one's blank half.
    expect(doubled.glyphs[1]?.dx).toBeCloseTo(-em() / 2, 3);
    expect(doubled.glyphs[1]?.advance).toBeCloseTo(em() / 2, 3);
  });

  it('leaves marks apart and proportional quotes alone', () => {
    expect(line('「开头」结尾。', 'Noto Sans SC').width).toBeCloseTo(7 * em(), 3);
    const latin = line('“Hi”.', 'Noto Sans');
    const plain = line('Hi', 'Noto Sans');
    expect(latin.width).toBeGreaterThan(plain.width + 10);
    expect(latin.glyphs.every((g) => g.dx === 0)).toBe(true);
  });
});
