/**
 * A LayoutContext for the table tests: a small but real block and inline layout over a monospace model of text,
 * so that cell sizes are known exactly. Every character is half the font size wide, a line is 1.2 font sizes
 * tall with its baseline at 0.8 of it, words break greedily at spaces; block children stack, a block's `width`
 * and `height` in points are honoured. Tables nested in cells go through the real table layout. It counts how
 * often each content is measured and laid out, for the tests that check each cell is done once.
 */
import type { BlockBox, BlockLevelBox, TextBox } from '../../../boxes/box';
import { Findings } from '../../../findings';
import { type ComputedStyle, type LengthOrAuto, resolveLength } from '../../../style/computed-style';
import type { TextShaping } from '../../../text/shaper-types';
import type { BlockContents, IntrinsicWidths, LayoutContext } from '../../context';
import type { BoxFragment, Fragment, LineFragment } from '../../fragment';
import { layoutTable, tableIntrinsicWidths } from '../layout-table';

export const charWidth = (style: ComputedStyle): number => style.fontSize / 2;
export const lineHeight = (style: ComputedStyle): number => style.fontSize * 1.2;

/** The table layout asks nothing of fonts; a test that reaches here has gone wrong. */
const noShaping: TextShaping = {
  faceFor: () => {
    throw new Error('the table test context shapes no text');
  },
  itemize: () => {
    throw new Error('the table test context shapes no text');
  },
  shape: () => {
    throw new Error('the table test context shapes no text');
  },
  metrics: () => {
    throw new Error('the table test context shapes no text');
  },
  bytes: () => {
    throw new Error('the table test context shapes no text');
  },
  resolveFamily: () => {
    throw new Error('the table test context shapes no text');
  },
  coveringFamily: () => {
    throw new Error('the table test context shapes no text');
  },
  missing: () => [],
};

const points = (length: LengthOrAuto): number | null => (length !== 'auto' && length.pct === 0 ? length.pt : null);

function horizontalInsets(style: ComputedStyle): number {
  return (
    style.borderLeft.width +
    style.borderRight.width +
    resolveLength(style.paddingLeft, 0) +
    resolveLength(style.paddingRight, 0)
  );
}

function verticalInsets(style: ComputedStyle): number {
  return (
    style.borderTop.width +
    style.borderBottom.width +
    resolveLength(style.paddingTop, 0) +
    resolveLength(style.paddingBottom, 0)
  );
}

function words(inlines: NonNullable<BlockBox['inlines']>): Array<{ text: string; style: ComputedStyle }> {
  const out: Array<{ text: string; style: ComputedStyle }> = [];
  for (const item of inlines) {
    if (item.type !== 'text') throw new Error(`the table test context lays out text only, not ${item.type}`);
    for (const word of (item as TextBox).text.split(/\s+/)) if (word) out.push({ text: word, style: item.style });
  }
  return out;
}

export class TestLayoutContext implements LayoutContext {
  readonly shaping = noShaping;
  readonly findings = new Findings();
  readonly measured = new Map<BlockBox, number>();
  readonly laidOut = new Map<BlockBox, number>();

  // Vertical cells are laid out by the block layout (vertical-text.test.ts), not by this context.
  layoutVerticalCell(box: BlockBox, contentWidth: number): BlockContents {
    return this.layoutContents(box, contentWidth);
  }

  layoutContents(box: BlockBox, contentWidth: number): BlockContents {
    this.laidOut.set(box, (this.laidOut.get(box) ?? 0) + 1);
    if (box.inlines) return this.layoutLines(box, contentWidth);
    const children: Fragment[] = [];
    let height = 0;
    let firstBaseline: number | undefined;
    for (const child of box.blocks ?? []) {
      const { fragment, margin } = this.layoutBox(child, contentWidth);
      height += margin[0];
      fragment.x = margin[3];
      fragment.y = height;
      children.push(fragment);
      if (firstBaseline === undefined && child.type === 'block') {
        const inner = fragment.kind === 'box' ? fragment.children[0] : undefined;
        if (inner?.kind === 'line') firstBaseline = height + inner.y + inner.baseline;
      }
      height += (fragment.kind === 'text' ? 0 : fragment.height) + margin[2];
    }
    return firstBaseline === undefined ? { children, height } : { children, height, firstBaseline };
  }

  private layoutLines(box: BlockBox, contentWidth: number): BlockContents {
    const all = words(box.inlines ?? []);
    const lines: LineFragment[] = [];
    const lh = lineHeight(box.style);
    const space = charWidth(box.style);
    let width = -1;
    for (const word of all) {
      const w = word.text.length * charWidth(word.style);
      if (width >= 0 && width + space + w <= contentWidth) width += space + w;
      else {
        if (width >= 0) lines.push(this.line(lines.length * lh, width, lh));
        width = w;
      }
    }
    if (width >= 0) lines.push(this.line(lines.length * lh, width, lh));
    const contents: BlockContents = { children: lines, height: lines.length * lh };
    if (lines.length > 0) {
      contents.firstBaseline = lh * 0.8;
      contents.lastBaseline = (lines.length - 1) * lh + lh * 0.8;
    }
    return contents;
  }

  private line(y: number, width: number, height: number): LineFragment {
    return { kind: 'line', x: 0, y, width, height, baseline: height * 0.8, children: [] };
  }

  layoutBox(
    box: BlockLevelBox,
    containingWidth: number,
  ): { fragment: Fragment; margin: [number, number, number, number] } {
    const m = (length: LengthOrAuto) => (length === 'auto' ? 0 : resolveLength(length, containingWidth));
    const s = box.style;
    const margin: [number, number, number, number] = [
      m(s.marginTop),
      m(s.marginRight),
      m(s.marginBottom),
      m(s.marginLeft),
    ];
    if (box.type === 'table') return { fragment: layoutTable(box, containingWidth, this), margin };
    if (box.type === 'replaced') throw new Error('the table test context lays out no replaced boxes');
    const insetsH = horizontalInsets(s);
    const insetsV = verticalInsets(s);
    const specified = points(s.width);
    const width =
      specified !== null
        ? specified + (s.boxSizing === 'content-box' ? insetsH : 0)
        : containingWidth - margin[1] - margin[3];
    const contents = this.layoutContents(box, Math.max(0, width - insetsH));
    const specifiedHeight = points(s.height);
    const height =
      specifiedHeight !== null
        ? specifiedHeight + (s.boxSizing === 'content-box' ? insetsV : 0)
        : contents.height + insetsV;
    const dx = s.borderLeft.width + resolveLength(s.paddingLeft, 0);
    const dy = s.borderTop.width + resolveLength(s.paddingTop, 0);
    for (const child of contents.children) {
      child.x += dx;
      child.y += dy;
    }
    const fragment: BoxFragment = {
      kind: 'box',
      x: 0,
      y: 0,
      width,
      height,
      style: s,
      children: contents.children,
      role: 'block',
    };
    return { fragment, margin };
  }

  intrinsicWidths(box: BlockLevelBox): IntrinsicWidths {
    if (box.type === 'table') return tableIntrinsicWidths(box, this);
    if (box.type === 'replaced') throw new Error('the table test context measures no replaced boxes');
    const insets = horizontalInsets(box.style);
    const specified = points(box.style.width);
    if (specified !== null) {
      const width = specified + (box.style.boxSizing === 'content-box' ? insets : 0);
      return { min: width, max: width };
    }
    const content = this.contentIntrinsicWidths(box);
    return { min: content.min + insets, max: content.max + insets };
  }

  contentIntrinsicWidths(box: BlockBox): IntrinsicWidths {
    this.measured.set(box, (this.measured.get(box) ?? 0) + 1);
    if (box.inlines) {
      let min = 0;
      let max = 0;
      for (const word of words(box.inlines)) {
        const w = word.text.length * charWidth(word.style);
        min = Math.max(min, w);
        max += (max > 0 ? charWidth(box.style) : 0) + w;
      }
      return { min, max };
    }
    let min = 0;
    let max = 0;
    for (const child of box.blocks ?? []) {
      const widths = this.intrinsicWidths(child);
      min = Math.max(min, widths.min);
      max = Math.max(max, widths.max);
    }
    return { min, max };
  }
}
