import { describe, expect, it } from 'vitest';
import { layOutHtml } from '../../__fixtures__/lay-out-html';
import type { Fragment } from '../fragment';

const PX = 0.75;

/** Where each run of text starts, in CSS pixels from the flow's left edge. */
function textStarts(fragment: Fragment, x = 0, out = new Map<string, number>()): Map<string, number> {
  const left = x + fragment.x;
  if (fragment.kind === 'text') out.set(fragment.text.trim(), left / PX);
  if (fragment.kind === 'box' || fragment.kind === 'line')
    for (const child of fragment.children) textStarts(child, left, out);
  return out;
}

describe("a parent's legacy HTML text-align", () => {
  it('aligns block children without auto margins, as Chromium prints them', () => {
    // Each position measured in Chromium's PDF of the same page (10px monospace: "AAA" is 18px wide).
    const { flow } = layOutHtml(
      `<div style="width: 500px; text-align: -webkit-center"><div style="width: 100px">AAA</div></div>
      <div style="width: 500px; text-align: -webkit-right"><div style="width: 100px">BBB</div></div>
      <div style="width: 500px; text-align: center"><div style="width: 100px">CCC</div></div>
      <table width="500" cellpadding="0" cellspacing="0"><tr><td align="center">
        <table width="100%" style="max-width: 200px" cellpadding="0" cellspacing="0"><tr><td>DDD</td></tr></table>
      </td></tr></table>
      <center><div style="width: 100px; margin-left: 10px">EEE</div></center>`,
      '@page { size: 600px 400px; margin: 0 } body { margin: 0; font: 10px monospace }',
    );
    const starts = textStarts(flow);
    // Centred: the box at 200px, its text centred in it.
    expect(starts.get('AAA')).toBeCloseTo(241, 3);
    // To the right: the box at 400px, its text at its right edge.
    expect(starts.get('BBB')).toBeCloseTo(482, 3);
    // Plain `center` centres the text only.
    expect(starts.get('CCC')).toBeCloseTo(41, 3);
    // <td align="center">: a table narrowed to 200px by max-width is centred in the 500px cell.
    expect(starts.get('DDD')).toBeCloseTo(150, 3);
    // <center>: half the room left goes to each side, on top of the margin the box has.
    expect(starts.get('EEE')).toBeCloseTo(296, 3);
  });
});
