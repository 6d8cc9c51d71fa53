import { loadBundledFonts } from '../../../../fonts/bundled';
import { FontRegistry } from '../../../../fonts/registry';
import type { BlockBox, BlockLevelBox, InlineLevelBox } from '../../../boxes/box';
import { Findings } from '../../../findings';
import { type ComputedStyle, initialStyle, resolveLength } from '../../../style/computed-style';
import { createTextShaping } from '../../../text/shaper';
import type { TextShaping } from '../../../text/shaper-types';
import type { IntrinsicWidths, LayoutContext } from '../../context';
import type { BoxFragment, Fragment, LineFragment, TextFragment } from '../../fragment';
import { inlineIntrinsicWidths, layoutInline } from '../index';

/**
 * A small real LayoutContext for the inline layout's tests: blocks stack their children, inline content goes
 * through layoutInline, inline-blocks shrink to fit. Padding and borders in points only; no tables.
 */

let shaping: TextShaping | undefined;
export function bundledShaping(): TextShaping {
  shaping ??= createTextShaping(new FontRegistry(loadBundledFonts()));
  return shaping;
}

export function testContext(): LayoutContext {
  const ctx: LayoutContext = {
    shaping: bundledShaping(),
    findings: new Findings(),
    layoutContents(box, width) {
      if (box.inlines) return layoutInline(box, width, ctx);
      const children: Fragment[] = [];
      let y = 0;
      for (const child of box.blocks ?? []) {
        const { fragment, margin } = ctx.layoutBox(child, width);
        y += margin[0];
        children.push({ ...fragment, x: margin[3], y } as Fragment);
        y += ('height' in fragment ? fragment.height : 0) + margin[2];
      }
      return { children, height: y };
    },
    // Vertical text is laid out by the block layout (vertical-text.test.ts), not by this context.
    layoutVerticalCell(box, width) {
      return ctx.layoutContents(box, width);
    },
    layoutBox(box, containingWidth, options) {
      if (box.type !== 'block') throw new Error(`the test context lays out blocks only, not ${box.type}`);
      const s = box.style;
      const edges = horizontalEdges(s);
      let width: number;
      if (s.width !== 'auto') width = resolveLength(s.width, containingWidth);
      else if (options?.shrinkToFit) {
        const intrinsic = ctx.contentIntrinsicWidths(box);
        width = Math.min(Math.max(intrinsic.min, containingWidth - edges), intrinsic.max);
      } else width = containingWidth - edges;
      const contents = ctx.layoutContents(box, width);
      const left = s.borderLeft.width + resolveLength(s.paddingLeft, containingWidth);
      const top = s.borderTop.width + resolveLength(s.paddingTop, containingWidth);
      const fragment: BoxFragment = {
        kind: 'box',
        x: 0,
        y: 0,
        width: width + edges,
        height: contents.height + top + s.borderBottom.width + resolveLength(s.paddingBottom, containingWidth),
        style: s,
        children: contents.children.map((child) => ({ ...child, x: child.x + left, y: child.y + top }) as Fragment),
        role: options?.shrinkToFit ? 'inline-block' : 'block',
      };
      const margin = (m: typeof s.marginTop) => (m === 'auto' ? 0 : resolveLength(m, containingWidth));
      return {
        fragment,
        margin: [margin(s.marginTop), margin(s.marginRight), margin(s.marginBottom), margin(s.marginLeft)],
      };
    },
    intrinsicWidths(box: BlockLevelBox): IntrinsicWidths {
      if (box.type !== 'block') throw new Error('blocks only');
      const inner = ctx.contentIntrinsicWidths(box);
      const edges = horizontalEdges(box.style);
      return { min: inner.min + edges, max: inner.max + edges };
    },
    contentIntrinsicWidths(box) {
      if (box.inlines) return inlineIntrinsicWidths(box, ctx);
      let min = 0;
      let max = 0;
      for (const child of box.blocks ?? []) {
        const w = ctx.intrinsicWidths(child);
        min = Math.max(min, w.min);
        max = Math.max(max, w.max);
      }
      return { min, max };
    },
  };
  return ctx;
}

function horizontalEdges(s: ComputedStyle): number {
  return s.borderLeft.width + s.borderRight.width + resolveLength(s.paddingLeft, 0) + resolveLength(s.paddingRight, 0);
}

export function style(overrides: Partial<ComputedStyle> = {}): ComputedStyle {
  return { ...initialStyle(), display: 'block', ...overrides };
}

/** A block of inline content; strings become text in the block's style. */
export function para(
  children: Array<InlineLevelBox | string>,
  s: ComputedStyle = style(),
  extra: Partial<BlockBox> = {},
): BlockBox {
  return {
    type: 'block',
    style: s,
    tag: 'p',
    blocks: null,
    inlines: children.map((c) => (typeof c === 'string' ? { type: 'text', text: c, style: s } : c)),
    ...extra,
  };
}

export function span(children: Array<InlineLevelBox | string>, s: ComputedStyle): InlineLevelBox {
  return {
    type: 'inline',
    style: s,
    tag: 'span',
    children: children.map((c) => (typeof c === 'string' ? { type: 'text', text: c, style: s } : c)),
  };
}

export const lines = (fragments: Fragment[]): LineFragment[] =>
  fragments.filter((f): f is LineFragment => f.kind === 'line');
export const texts = (line: LineFragment): TextFragment[] =>
  line.children.filter((f): f is TextFragment => f.kind === 'text');

/** A line's text in logical order: its runs read from the paragraph's start side. */
export function lineText(line: LineFragment, rtl = false): string {
  const runs = [...texts(line)].sort((a, b) => (rtl ? b.x - a.x : a.x - b.x));
  return runs.map((r) => r.text).join('');
}

/** The right edge of a line's content. */
export const rightEdge = (line: LineFragment): number =>
  Math.max(...line.children.map((f) => f.x + ('width' in f ? f.width : 0)));
export const leftEdge = (line: LineFragment): number => Math.min(...line.children.map((f) => f.x));
