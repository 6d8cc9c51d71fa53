import type { BlockBox, BlockLevelBox } from '../../boxes/box';
import { type ComputedStyle, initialStyle } from '../../style/computed-style';
import { adjoin, collapsed, type MarginSet, marginSet, NO_MARGIN } from '../block/margins';
import type { BlockContents, LayoutContext } from '../context';
import type { BoxFragment, Fragment } from '../fragment';
import { type ColumnRange, columnSets } from './column-breaks';
import { type ColumnSizes, columnSizes, isMulticol } from './column-sizes';
import { columnHeight, cutColumn } from './cut-columns';
import type { ColumnHints } from './page-rooms';

export interface MulticolOptions {
  /** The page's content height: no column set is taller, so the paginator can keep each one whole on a page. */
  pageHeight?: number;
  /** The container's own content height, when it is given: columns are no taller. */
  height?: number;
  /** Where a first pagination found room for columns at a page's foot (see ColumnHints). */
  hints?: ColumnHints;
}

/** What the column sets, columns and rules paint with: nothing of their own. */
const PLAIN: ComputedStyle = { ...initialStyle(), display: 'block' };

/** A `column-span: all` child: it leaves the columns and takes the container's whole width (§6.1). */
const isSpanner = (box: BlockLevelBox) =>
  box.style.columnSpan === 'all' && box.style.float === 'none' && box.style.position !== 'absolute';

/**
 * A multi-column container's content (CSS Multi-column 1). The content between two spanners is laid out once in a
 * single column as wide as a column (the strip), then cut into columns at the paginator's break points:
 * balanced (`column-fill: balance`, the least height at which it fits) or filled in turn, in sets of at most
 * `column-count` columns no taller than a page. Spanners sit between the sets at full width. Right-to-left
 * containers fill their columns from the right; rules are drawn in the gaps between columns with content.
 * Each set is a box the paginator keeps whole (it is never taller than a page), its columns boxes of their own.
 */
export function layoutMulticol(
  box: BlockBox,
  contentWidth: number,
  ctx: LayoutContext,
  options: MulticolOptions = {},
): BlockContents {
  const sizes = columnSizes(box.style, contentWidth);
  // The content between spanners, laid out as one column (the box's own properties, minus the columns).
  const single: ComputedStyle = { ...box.style, columnCount: 'auto', columnWidth: 'auto' };
  const cap = Math.min(options.pageHeight ?? Number.POSITIVE_INFINITY, options.height ?? Number.POSITIVE_INFINITY);
  const balance = box.style.columnFill === 'balance' || options.height === undefined;
  const runs = box.inlines ? [null] : splitAtSpanners(box.blocks ?? []);

  const children: Fragment[] = [];
  const positioned: BoxFragment[] = [];
  let cursor = 0;
  let pending: MarginSet = NO_MARGIN;
  let first = true;
  for (let r = 0; r < runs.length; r++) {
    const run = runs[r] as BlockLevelBox[] | BlockLevelBox | null;
    if (run !== null && !Array.isArray(run)) {
      const { fragment, margin } = ctx.layoutBox(run, contentWidth);
      const y = cursor + collapsed(adjoin(pending, marginSet(margin[0])));
      fragment.x = margin[3];
      fragment.y = y;
      children.push(fragment);
      cursor = y + (fragment.kind === 'text' ? 0 : fragment.height);
      pending = marginSet(margin[2]);
      continue;
    }
    // The marker of a list item goes with its first line; out-of-flow children are placed by the container.
    const { positioned: _own, marker, ...rest } = box;
    const content: BlockBox = {
      ...rest,
      style: single,
      ...(run === null ? {} : { blocks: run }),
      ...(first && marker ? { marker } : {}),
    };
    if (run !== null) reportNestedSpanners(run, box, ctx);
    const laidOut = ctx.layoutContents(content, sizes.width);
    if (laidOut.children.length === 0 && laidOut.height === 0) continue;
    const strip: BoxFragment = {
      kind: 'box',
      x: 0,
      y: 0,
      width: sizes.width,
      height: laidOut.height,
      style: single,
      role: 'block',
      children: laidOut.children,
      ...(laidOut.floats ? { floats: true as const } : {}),
    };
    // A run is known by its first box (the box tree is the same in every layout of the document).
    const key = run === null ? box : (run[0] as BlockLevelBox);
    const sets = columnSets(strip, sizes.count, cap, balance, options.hints?.rooms.get(key));
    if (sets.some((set) => set.sliced)) {
      ctx.findings.add({
        code: 'content_overflow',
        message: `A <${box.tag ?? 'div'}> in ${sizes.count} columns holds something that cannot be broken (a line, an image) taller than a column can be (${Math.round(cap)}pt, a page): it is drawn whole and runs past the column's foot`,
        ...(box.line !== undefined ? { line: box.line } : {}),
      });
    }
    const lastRun = !runs.slice(r + 1).some((later) => Array.isArray(later) || later === null);
    cursor += collapsed(pending);
    pending = NO_MARGIN;
    for (let s = 0; s < sets.length; s++) {
      const set = columnSet(strip, sets[s] as ColumnRange[], sizes, box.style, contentWidth, {
        first: first && s === 0,
        last: lastRun && s === sets.length - 1,
      });
      set.y = cursor;
      if (s === 0) options.hints?.firstSets.set(set, key);
      cursor += set.height;
      children.push(set);
      for (const p of laidOut.positioned ?? []) {
        const at = placeInColumns(p, sets[s] as ColumnRange[], s === sets.length - 1, sizes, box.style, contentWidth);
        if (at) positioned.push({ ...p, x: at.x, y: set.y + at.y });
      }
    }
    first = false;
  }
  return {
    children,
    height: Math.max(0, cursor + collapsed(pending)),
    ...(positioned.length > 0 ? { positioned } : {}),
  };
}

/**
 * `column-span: all` deeper than the container's children (CSS Multi-column §6.1 lets any box of its formatting
 * context span) is not done: such a box stays in its column, and is named.
 */
function reportNestedSpanners(run: BlockLevelBox[], container: BlockBox, ctx: LayoutContext): void {
  const visit = (box: BlockLevelBox, depth: number) => {
    if (depth > 0 && box.style.columnSpan === 'all') {
      ctx.findings.add({
        code: 'unsupported_css_value',
        message: `column-span: all on a <${box.type === 'block' ? (box.tag ?? 'div') : box.type === 'table' ? 'table' : 'img'}> that is not a child of the multi-column <${container.tag ?? 'div'}> is laid out in its column: only the container's own children span the columns`,
        ...(box.type === 'block' && box.line !== undefined ? { line: box.line } : {}),
      });
    }
    // Inside a box with a formatting context of its own (a table, a flex or grid container, nested columns)
    // column-span does not apply.
    const flowsOn = box.style.display === 'block' && box.style.overflow === 'visible' && !isMulticol(box.style);
    if (box.type === 'block' && box.blocks && flowsOn) for (const child of box.blocks) visit(child, depth + 1);
  };
  for (const box of run) visit(box, 0);
}

/** The children as runs of column content and the spanners between them, in order. */
function splitAtSpanners(blocks: BlockLevelBox[]): Array<BlockLevelBox[] | BlockLevelBox> {
  const runs: Array<BlockLevelBox[] | BlockLevelBox> = [];
  let run: BlockLevelBox[] = [];
  for (const child of blocks) {
    if (!isSpanner(child)) {
      run.push(child);
      continue;
    }
    if (run.length > 0) runs.push(run);
    runs.push(child);
    run = [];
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** Where column `index` starts, from the content box's left: right-to-left containers start at the right. */
function columnX(index: number, sizes: ColumnSizes, style: ComputedStyle, contentWidth: number): number {
  const offset = index * (sizes.width + sizes.gap);
  return style.direction === 'rtl' ? contentWidth - sizes.width - offset : offset;
}

/** One row of columns: a box as high as its tallest column, the columns side by side and the rules between. */
function columnSet(
  strip: BoxFragment,
  ranges: ColumnRange[],
  sizes: ColumnSizes,
  style: ComputedStyle,
  contentWidth: number,
  ends: { first: boolean; last: boolean },
): BoxFragment {
  const height = Math.max(0, ...ranges.map((r) => columnHeight(strip, r)));
  const columns: BoxFragment[] = ranges.map((range, i) => ({
    kind: 'box',
    x: columnX(i, sizes, style, contentWidth),
    y: 0,
    width: sizes.width,
    height,
    style: PLAIN,
    role: 'block',
    children: cutColumn(strip, range, ends.first && i === 0, ends.last && i === ranges.length - 1),
  }));
  const rules: BoxFragment[] = [];
  const rule = style.columnRule;
  if (rule.width > 0 && rule.style !== 'none' && rule.style !== 'hidden') {
    for (let i = 0; i + 1 < columns.length; i++) {
      const a = columns[i] as BoxFragment;
      const b = columns[i + 1] as BoxFragment;
      if (a.children.length === 0 || b.children.length === 0) continue;
      // Centred in the gap; a rule wider than the gap takes no room from the columns (§5).
      const centre = (Math.min(a.x, b.x) + sizes.width + Math.max(a.x, b.x)) / 2;
      rules.push({
        kind: 'box',
        x: centre - rule.width / 2,
        y: 0,
        width: rule.width,
        height,
        style: { ...PLAIN, borderLeft: rule },
        role: 'block',
        children: [],
      });
    }
  }
  return {
    kind: 'box',
    x: 0,
    y: 0,
    width: contentWidth,
    height,
    style: PLAIN,
    role: 'block',
    children: [...columns, ...rules],
    avoidBreakInside: true,
  };
}

/**
 * An absolutely positioned box laid out in the strip (one with no positioned ancestor inside the container), moved
 * to the column of this set its top falls in; null when it falls in another set (the last set takes what is below).
 */
function placeInColumns(
  p: BoxFragment,
  ranges: ColumnRange[],
  lastSet: boolean,
  sizes: ColumnSizes,
  style: ComputedStyle,
  contentWidth: number,
): { x: number; y: number } | null {
  const first = ranges[0] as ColumnRange;
  const index = ranges.findIndex((r, i) => p.y < r.end || (lastSet && i === ranges.length - 1));
  const range = ranges[index];
  if (!range || (first.start > 0 && p.y < first.start)) return null;
  return { x: p.x + columnX(index, sizes, style, contentWidth), y: p.y - range.start };
}
