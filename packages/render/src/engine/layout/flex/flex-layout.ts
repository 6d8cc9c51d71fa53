import { Direction, Edge, Gutter, MeasureMode, type Node } from 'yoga-layout/load';
import type { BlockBox, BlockLevelBox } from '../../boxes/box';
import { type ComputedStyle, initialStyle, type LengthOrAuto, resolveLength } from '../../style/computed-style';
import { borderOf, lengthOrNull, paddingOf, toContentSize } from '../block/box-sides';
import { containerItems } from '../container-items';
import type { BlockContents, LayoutContext } from '../context';
import type { BoxFragment, Fragment } from '../fragment';
import { sizedItem } from './sized-item';
import { loadedYoga } from './yoga';
import { alignContent, alignItem, flexDirection, flexWrap, isRow, justifyContent } from './yoga-style';

const EPSILON = 0.5;

/** A flex line's wrapper paints nothing: it only tells the paginator that its items sit side by side. */
const LINE_STYLE: ComputedStyle = { ...initialStyle(), display: 'block' };

interface Placed {
  item: BlockLevelBox;
  fragment: Fragment;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Flex layout (CSS Flexbox 1) of a flex container's content box `contentWidth` wide, by Yoga: each item is a
 * Yoga leaf whose size Yoga asks for (its min-/max-content widths, and its height laid out at a width), then each
 * item is laid out by block layout at the size Yoga gave it. Fragments are relative to the content box.
 *
 * A row's flex lines become boxes with the `row` role, so the paginator keeps their items side by side and
 * splits them only where every item is between two of its lines; a column's items stay children of their own.
 */
export function layoutFlex(
  box: BlockBox,
  contentWidth: number,
  ctx: LayoutContext,
  givenHeight?: number,
): BlockContents {
  const { yoga, config } = loadedYoga();
  const s = box.style;
  const row = isRow(s);
  const items = containerItems(box);
  const definiteHeight = givenHeight ?? containerHeight(s, contentWidth);
  const root = yoga.Node.create(config);
  const placed: Placed[] = [];
  let height: number;
  try {
    configureContainer(root, s, contentWidth, definiteHeight);
    const heightsAt: Array<(borderWidth: number) => number> = [];
    const nodes = items.map((item, index) => {
      const node = yoga.Node.create(config);
      heightsAt.push(configureItem(node, item, contentWidth, definiteHeight, row, ctx));
      root.insertChild(node, index);
      return node;
    });
    const direction = s.direction === 'rtl' ? Direction.RTL : Direction.LTR;
    root.calculateLayout(contentWidth, definiteHeight ?? undefined, direction);
    // The automatic minimum size (§4.5) applies only where it is violated: Yoga clamps a flex basis by its min
    // size before sharing the free space out, which CSS does not, so it is set only on the items that came out
    // smaller than it, and the line is laid out again with them frozen at it (§9.7 step 4). A column can only
    // shrink its items when its height is limited.
    const shrinks = row || definiteHeight !== null || s.maxHeight !== 'none';
    for (let round = 0; shrinks && round < 3; round++) {
      let violated = false;
      items.forEach((item, index) => {
        const node = nodes[index] as Node;
        if (row) {
          const min = automaticMinWidth(item, contentWidth, ctx);
          if (min !== null && node.getComputedWidth() < min - 0.01) {
            node.setMinWidth(min);
            violated = true;
          }
        } else {
          const content = (heightsAt[index] as (w: number) => number)(node.getComputedWidth());
          const min = automaticMinHeight(item, content, contentWidth, definiteHeight);
          if (min !== null && node.getComputedHeight() < min - 0.01) {
            node.setMinHeight(min);
            violated = true;
          }
        }
      });
      if (!violated) break;
      root.calculateLayout(contentWidth, definiteHeight ?? undefined, direction);
    }
    height = root.getComputedHeight();
    items.forEach((item, index) => {
      const layout = root.getChild(index).getComputedLayout();
      const { fragment } = ctx.layoutBox(sizedItem(item, layout.width, layout.height, contentWidth), layout.width);
      fragment.x = layout.left;
      fragment.y = layout.top;
      placed.push({ item, fragment, x: layout.left, y: layout.top, width: layout.width, height: layout.height });
    });
  } finally {
    root.freeRecursive();
  }

  reportOverflow(box, placed, contentWidth, ctx);
  let children: Fragment[];
  if (row) {
    const lines = groupLines(s, placed);
    const grown = alignBaselines(s, lines);
    if (definiteHeight === null) height += grown;
    children = lineBoxes(lines, contentWidth);
  } else children = placed.map((p) => p.fragment).sort((a, b) => a.y - b.y);
  const first = firstBaseline(children);
  const last = lastBaseline(children);
  return {
    children,
    height,
    ...(first !== undefined ? { firstBaseline: first } : {}),
    ...(last !== undefined ? { lastBaseline: last } : {}),
  };
}

/** The container's definite content-box height, when it has one (a percentage of an unknown height is auto). */
function containerHeight(s: ComputedStyle, contentWidth: number): number | null {
  const specified = lengthOrNull(s.height, null);
  if (specified === null) return null;
  const pad = paddingOf(s, contentWidth);
  const bor = borderOf(s);
  return toContentSize(specified, s, pad.top + pad.bottom + bor.top + bor.bottom);
}

function configureContainer(root: Node, s: ComputedStyle, contentWidth: number, definiteHeight: number | null) {
  root.setFlexDirection(flexDirection(s));
  root.setFlexWrap(flexWrap(s));
  root.setJustifyContent(justifyContent(s));
  root.setAlignItems(alignItem(s.alignItems));
  root.setAlignContent(alignContent(s));
  root.setGap(Gutter.Column, Math.max(0, s.columnGap === 'normal' ? 0 : resolveLength(s.columnGap, contentWidth)));
  root.setGap(Gutter.Row, Math.max(0, resolveLength(s.rowGap, definiteHeight ?? 0)));
  root.setWidth(contentWidth);
  if (definiteHeight !== null) root.setHeight(definiteHeight);
  else {
    // min-height and max-height matter to a column's free space (justify-content, flex-grow).
    const pad = paddingOf(s, contentWidth);
    const bor = borderOf(s);
    const extras = pad.top + pad.bottom + bor.top + bor.bottom;
    const min = lengthOrNull(s.minHeight, null);
    const max = lengthOrNull(s.maxHeight, null);
    if (min !== null) root.setMinHeight(toContentSize(min, s, extras));
    if (max !== null) root.setMaxHeight(toContentSize(max, s, extras));
  }
}

function configureItem(
  node: Node,
  item: BlockLevelBox,
  contentWidth: number,
  definiteHeight: number | null,
  row: boolean,
  ctx: LayoutContext,
): (borderWidth: number) => number {
  const s = item.style;
  const pad = paddingOf(s, contentWidth);
  const bor = borderOf(s);
  const extrasH = pad.left + pad.right + bor.left + bor.right;
  const extrasV = pad.top + pad.bottom + bor.top + bor.bottom;
  // Yoga sizes border boxes; CSS sizes follow box-sizing.
  const borderBoxH = (value: number) => (s.boxSizing === 'border-box' ? Math.max(value, extrasH) : value + extrasH);
  const borderBoxV = (value: number) => (s.boxSizing === 'border-box' ? Math.max(value, extrasV) : value + extrasV);

  const margins: Array<[Edge, LengthOrAuto]> = [
    [Edge.Top, s.marginTop],
    [Edge.Right, s.marginRight],
    [Edge.Bottom, s.marginBottom],
    [Edge.Left, s.marginLeft],
  ];
  for (const [edge, margin] of margins) {
    if (margin === 'auto') node.setMarginAuto(edge);
    else node.setMargin(edge, resolveLength(margin, contentWidth));
  }

  const width = lengthOrNull(s.width, contentWidth);
  const height = lengthOrNull(s.height, definiteHeight);
  if (width !== null) node.setWidth(borderBoxH(width));
  if (height !== null) node.setHeight(borderBoxV(height));
  const minW = lengthOrNull(s.minWidth, contentWidth);
  const maxW = lengthOrNull(s.maxWidth, contentWidth);
  const minH = lengthOrNull(s.minHeight, definiteHeight);
  const maxH = lengthOrNull(s.maxHeight, definiteHeight);
  if (minW !== null) node.setMinWidth(borderBoxH(minW));
  if (maxW !== null) node.setMaxWidth(borderBoxH(maxW));
  if (minH !== null) node.setMinHeight(borderBoxV(minH));
  if (maxH !== null) node.setMaxHeight(borderBoxV(maxH));

  node.setFlexGrow(s.flexGrow);
  node.setFlexShrink(s.flexShrink);
  const basis = s.flexBasis === 'auto' || s.flexBasis === 'content' ? null : s.flexBasis;
  const resolvedBasis = basis === null ? null : lengthOrNull(basis, row ? contentWidth : definiteHeight);
  if (resolvedBasis === null) node.setFlexBasisAuto();
  else node.setFlexBasis(row ? borderBoxH(resolvedBasis) : borderBoxV(resolvedBasis));
  node.setAlignSelf(alignItem(s.alignSelf));

  const heights = new Map<number, number>();
  const heightAt = (borderWidth: number) => {
    let found = heights.get(borderWidth);
    if (found === undefined) {
      const { fragment } = ctx.layoutBox(sizedItem(item, borderWidth, null, contentWidth), borderWidth);
      found = fragment.kind === 'text' ? 0 : fragment.height;
      heights.set(borderWidth, found);
    }
    return found;
  };
  node.setMeasureFunc((w, widthMode, h, heightMode) => {
    const intrinsic = ctx.intrinsicWidths(item);
    let measured: number;
    if (widthMode === MeasureMode.Exactly) measured = w;
    else if (widthMode === MeasureMode.AtMost) measured = Math.min(intrinsic.max, Math.max(intrinsic.min, w));
    else measured = intrinsic.max;
    return { width: measured, height: heightMode === MeasureMode.Exactly ? h : heightAt(measured) };
  });
  return heightAt;
}

/**
 * A row item's automatic minimum width (CSS Flexbox §4.5), border box: its content's min-content width, or its
 * specified width if smaller, never above its max-width; none when min-width is set or overflow is not visible.
 */
function automaticMinWidth(item: BlockLevelBox, contentWidth: number, ctx: LayoutContext): number | null {
  const s = item.style;
  if (s.minWidth !== 'auto' || s.overflow !== 'visible') return null;
  if (item.type !== 'block') return ctx.intrinsicWidths(item).min;
  const pad = paddingOf(s, contentWidth);
  const bor = borderOf(s);
  const extras = pad.left + pad.right + bor.left + bor.right;
  const borderBox = (value: number) => (s.boxSizing === 'border-box' ? Math.max(value, extras) : value + extras);
  let min = ctx.contentIntrinsicWidths(item).min + extras;
  const width = lengthOrNull(s.width, contentWidth);
  if (width !== null) min = Math.min(min, borderBox(width));
  const max = lengthOrNull(s.maxWidth, contentWidth);
  if (max !== null) min = Math.min(min, borderBox(max));
  return min;
}

/** A row's items by flex line, in Yoga's order. */
function groupLines(s: ComputedStyle, placed: Placed[]): Placed[][] {
  const lines: Placed[][] = [];
  // Along a line the items advance in the main direction; a step back starts the next line.
  const forward = (s.flexDirection === 'row') === (s.direction === 'ltr') ? 1 : -1;
  let current: Placed[] = [];
  for (const item of placed) {
    const previous = current[current.length - 1];
    if (previous && s.flexWrap !== 'nowrap' && (item.x - previous.x) * forward < -EPSILON) {
      lines.push(current);
      current = [];
    }
    current.push(item);
  }
  if (current.length > 0) lines.push(current);
  return lines;
}

/**
 * align-items/-self: baseline (§8.3), which Yoga's JavaScript binding cannot do: the items of a line that align
 * on their baseline move down so that their first baselines meet the lowest one (an item without a line has its
 * bottom edge as baseline). A line that grows pushes the lines below it down; returns how much the row grew.
 */
function alignBaselines(s: ComputedStyle, lines: Placed[][]): number {
  let push = 0;
  const ordered = [...lines].sort((a, b) => lineTop(a) - lineTop(b));
  for (const line of ordered) {
    for (const p of line) {
      p.y += push;
      p.fragment.y = p.y;
    }
    const aligned = line.filter((p) => {
      const self = p.item.style.alignSelf;
      const align = self === 'auto' ? s.alignItems : self;
      return align === 'baseline' && p.item.style.marginTop !== 'auto' && p.item.style.marginBottom !== 'auto';
    });
    if (aligned.length === 0) continue;
    const bottomBefore = lineBottom(line);
    const baselineOf = (p: Placed) =>
      p.y + ((p.fragment.kind === 'box' ? firstBaseline(p.fragment.children) : undefined) ?? p.height);
    const lowest = Math.max(...aligned.map(baselineOf));
    for (const p of aligned) {
      p.y += lowest - baselineOf(p);
      p.fragment.y = p.y;
    }
    if (s.flexWrap !== 'wrap-reverse') push += Math.max(0, lineBottom(line) - bottomBefore);
  }
  return push;
}

const lineTop = (line: Placed[]) => Math.min(...line.map((p) => p.y));
const lineBottom = (line: Placed[]) => Math.max(...line.map((p) => p.y + p.height));

/** A column item's automatic minimum height, border box: its content's height, or its specified height if smaller. */
function automaticMinHeight(
  item: BlockLevelBox,
  contentHeight: number,
  contentWidth: number,
  definiteHeight: number | null,
): number | null {
  const s = item.style;
  if (s.minHeight !== 'auto' || s.overflow !== 'visible') return null;
  const pad = paddingOf(s, contentWidth);
  const bor = borderOf(s);
  const extras = pad.top + pad.bottom + bor.top + bor.bottom;
  const borderBox = (value: number) => (s.boxSizing === 'border-box' ? Math.max(value, extras) : value + extras);
  let min = contentHeight;
  const height = lengthOrNull(s.height, definiteHeight);
  if (height !== null) min = Math.min(min, borderBox(height));
  const max = lengthOrNull(s.maxHeight, definiteHeight);
  if (max !== null) min = Math.min(min, borderBox(max));
  return min;
}

/** Items on one line of a row sit side by side: each line is a `row` box as wide as the container. */
function lineBoxes(lines: Placed[][], contentWidth: number): Fragment[] {
  const boxes = lines.map((line): BoxFragment => {
    const top = lineTop(line);
    const bottom = lineBottom(line);
    for (const p of line) p.fragment.y = p.y - top;
    return {
      kind: 'box',
      x: 0,
      y: top,
      width: contentWidth,
      height: bottom - top,
      style: LINE_STYLE,
      role: 'row',
      children: line.map((p) => p.fragment),
      avoidBreakInside: false,
    };
  });
  return boxes.sort((a, b) => a.y - b.y);
}

/** Items that still overflow the container once shrunk are cut off at its edge: say so, once per container. */
function reportOverflow(box: BlockBox, placed: Placed[], contentWidth: number, ctx: LayoutContext): void {
  let over = 0;
  for (const p of placed) over = Math.max(over, p.x + p.width - contentWidth, -p.x);
  if (over <= EPSILON) return;
  const where = box.line === undefined ? '' : ` (line ${box.line})`;
  ctx.findings.add({
    code: 'content_overflow',
    message: `The items of the flex container <${box.tag ?? 'div'}>${where} do not fit in it: they overflow it by ${Math.round(over)}pt`,
    ...(box.line === undefined ? {} : { line: box.line }),
  });
}

function firstBaseline(children: Fragment[]): number | undefined {
  for (const child of children) {
    if (child.kind === 'line') return child.y + child.baseline;
    if (child.kind === 'box') {
      const inner = firstBaseline(child.children);
      if (inner !== undefined) return child.y + inner;
    }
  }
  return undefined;
}

function lastBaseline(children: Fragment[]): number | undefined {
  for (let i = children.length - 1; i >= 0; i--) {
    const child = children[i] as Fragment;
    if (child.kind === 'line') return child.y + child.baseline;
    if (child.kind === 'box') {
      const inner = lastBaseline(child.children);
      if (inner !== undefined) return child.y + inner;
    }
  }
  return undefined;
}
