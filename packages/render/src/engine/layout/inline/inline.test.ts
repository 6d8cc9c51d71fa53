import { describe, expect, it } from 'vitest';
import type { AtomicInlineBox, BlockBox } from '../../boxes/box';
import { shapingStats } from '../../text/shaper';
import type { BoxFragment, LineFragment } from '../fragment';
import { bundledShaping, leftEdge, lineText, lines, para, rightEdge, span, style, testContext, texts } from './__fixtures__/context';
import { inlineIntrinsicWidths, layoutInline } from './index';

const LOREM =
  'Quire lays out reports the way a browser would: words wrap at the width of their box, lines take the height of their fonts, and nothing is dropped along the way.';
const HEBREW = 'שלום עולם זהו משפט ארוך בעברית שנועד לבדוק שבירת שורות וסדר קריאה נכון מימין לשמאל בפסקה אחת';
const ARABIC = 'مرحبا بالعالم هذه جملة طويلة باللغة العربية لاختبار تقسيم الأسطر وترتيب القراءة الصحيح من اليمين إلى اليسار';

const layout = (box: BlockBox, width: number, ctx = testContext()) => {
  const contents = layoutInline(box, width, ctx);
  return { contents, lines: lines(contents.children), findings: ctx.findings.list() };
};
const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('layoutInline', () => {
  it('wraps at the width and keeps every word, in order', () => {
    const { lines: out, contents } = layout(para([LOREM]), 200);
    expect(out.length).toBeGreaterThan(2);
    for (const line of out) expect(rightEdge(line)).toBeLessThanOrEqual(200 + 1e-6);
    expect(words(out.map((l) => lineText(l)).join(' '))).toEqual(words(LOREM));
    // Lines stack: each starts where the one above ends, 12pt Noto Sans is 16px → 22px = 16.5pt tall.
    expect(out[0]?.height).toBeCloseTo(16.5, 5);
    expect(out[1]?.y).toBeCloseTo(16.5, 5);
    expect(contents.height).toBeCloseTo(16.5 * out.length, 5);
    expect(contents.firstBaseline).toBeCloseTo(out[0]?.baseline ?? 0, 5);
  });

  it('justifies every line but the last to exactly the width', () => {
    const { lines: out } = layout(para([LOREM], style({ textAlign: 'justify' })), 200);
    for (const line of out.slice(0, -1)) {
      expect(leftEdge(line)).toBeCloseTo(0, 5);
      expect(rightEdge(line)).toBeCloseTo(200, 5);
    }
    expect(rightEdge(out.at(-1) as LineFragment)).toBeLessThan(199);
  });

  it('aligns right and centre', () => {
    const right = layout(para([LOREM], style({ textAlign: 'right' })), 200).lines;
    for (const line of right) expect(rightEdge(line)).toBeCloseTo(200, 5);
    const centre = layout(para([LOREM], style({ textAlign: 'center' })), 200).lines;
    for (const line of centre) expect(leftEdge(line)).toBeCloseTo(200 - rightEdge(line), 5);
  });
});
