import type { BlockBox, BlockLevelBox, TableBox } from '../../boxes/box';
import type { Findings } from '../../findings';
import type { ComputedStyle } from '../../style/computed-style';
import type { TransformFunction } from '../../style/transforms';
import type { TextShaping } from '../../text/shaper-types';
import type { BlockContents, IntrinsicWidths, LayoutContext } from '../context';
import { FloatContext, type FloatSpace, placeFloat } from '../floats/floats';
import type { BoxFragment, Fragment } from '../fragment';
import { isMulticol, multicolIntrinsicWidths } from '../multicol/column-sizes';
import type { MulticolOptions } from '../multicol/multicol-layout';
import { ColumnHints } from '../multicol/page-rooms';
import { borderOf, clampSize, lengthOrNull, marginOf, paddingOf, relativeShift, toContentSize } from './box-sides';
import { adjoin, collapsed, type MarginSet, marginSet, NO_MARGIN } from './margins';
import { mirrorBlockAxis } from './mirror';
import { type ContainingBlock, moved, type PendingPositioned, placePositioned } from './positioned';
import { replacedFragment, replacedSize } from './replaced';

/** The inline, table and flex layout modules, handed in so that block layout depends on their functions only. */
export interface LayoutModules {
  /** `space`: the floats the lines flow around, when the box is not a formatting context of its own. */
  layoutInline(box: BlockBox, contentWidth: number, ctx: LayoutContext, space?: FloatSpace): BlockContents;
  inlineIntrinsicWidths(box: BlockBox, ctx: LayoutContext): IntrinsicWidths;
  layoutTable(table: TableBox, containingWidth: number, ctx: LayoutContext): BoxFragment;
  tableIntrinsicWidths(table: TableBox, ctx: LayoutContext): IntrinsicWidths;
  /** `definiteHeight`: a content height the container is given other than by its style (a stretched auto height). */
  layoutFlex(box: BlockBox, contentWidth: number, ctx: LayoutContext, definiteHeight?: number): BlockContents;
  flexIntrinsicWidths(box: BlockBox, ctx: LayoutContext): IntrinsicWidths;
  /** `definiteHeight`: the container's content height when given: its auto rows stretch to fill it. */
  layoutGrid(box: BlockBox, contentWidth: number, ctx: LayoutContext, definiteHeight?: number): BlockContents;
  gridIntrinsicWidths(box: BlockBox, ctx: LayoutContext): IntrinsicWidths;
  layoutMulticol(box: BlockBox, contentWidth: number, ctx: LayoutContext, options: MulticolOptions): BlockContents;
}

const isFlexContainer = (box: BlockBox) => box.style.display === 'flex' || box.style.display === 'inline-flex';
const isGridContainer = (box: BlockBox) => box.style.display === 'grid' || box.style.display === 'inline-grid';
/** Columns apply to block containers (flex and grid containers lay out their items their own way). */
const isMulticolContainer = (box: BlockBox) => !isFlexContainer(box) && !isGridContainer(box) && isMulticol(box.style);

/** A float among blocks (absolutely positioned boxes are out of the flow before floating matters). */
const isFloat = (box: BlockLevelBox) =>
  box.style.float !== 'none' && box.style.position !== 'absolute' && box.style.position !== 'fixed';

/**
 * Boxes that establish a block formatting context (CSS 2.1 §9.4.1): their floats stay inside them, and beside an
 * outer float they are narrowed or moved down, never overlapped (§9.5).
 */
function ownsFloats(box: BlockLevelBox): boolean {
  if (box.type !== 'block') return true;
  const d = box.style.display;
  return (
    box.style.overflow !== 'visible' ||
    d === 'flow-root' ||
    d === 'flex' ||
    d === 'grid' ||
    d === 'inline-block' ||
    d === 'inline-flex' ||
    d === 'inline-grid' ||
    d === 'table-cell' ||
    d === 'table-caption' ||
    isMulticolContainer(box) ||
    isFloat(box)
  );
}

/** A block-level box laid out in normal flow, with what its parent needs to collapse margins around it. */
interface Flowed {
  fragment: BoxFragment;
  /** Its top margin with the margins that collapsed through its top (its first child's, …). */
  marginTop: MarginSet;
  marginBottom: MarginSet;
  marginLeft: number;
  marginRight: number;
  /** An empty box whose top and bottom margins adjoin (§8.3.1): it takes no room. */
  collapsesThrough: boolean;
  /** Baselines from the border box's top. */
  firstBaseline?: number;
  lastBaseline?: number;
  /** Out-of-flow descendants still looking for their containing block (static positions in the border box). */
  positioned?: PendingPositioned[];
}

interface FlowOptions {
  shrinkToFit?: boolean;
  /** The containing block's height when it is definite (its own height is given): percentages of it resolve. */
  containingHeight?: number;
  /**
   * The border-box height an auto height takes (an absolutely positioned box with top and bottom given fills the
   * room between them, CSS 2.1 §10.6.4); min- and max-height still apply.
   */
  stretchHeight?: number;
  /** Establishes a block formatting context: no margin collapses through its edges. */
  formattingRoot?: boolean;
  /** The floats of the formatting context the box is in, and where its border box's top is estimated to be. */
  space?: FloatSpace;
  /** A formatting root's own floats, when the caller wants to know about them. */
  floats?: FloatContext;
  /**
   * The parent's `text-align` when it is a legacy HTML one (`-webkit-center`, from `<td align="center">` and
   * `<center>`): it aligns block children that have no auto margins too.
   */
  legacyAlign?: ComputedStyle['textAlign'];
  /** A turned box laid out as its own (turned) frame sees it: see flowTurned. */
  inTurnedFrame?: true;
}

interface Stacked extends BlockContents {
  escapeTop: MarginSet;
  escapeBottom: MarginSet;
  placedAny: boolean;
  /** The children's out-of-flow descendants looking for a containing block, in content-box coordinates. */
  pending?: PendingPositioned[];
  /** Some children are floats (after the others). */
  floats?: true;
}

/**
 * A block's margins when neither is auto and its parent's `text-align` is a legacy HTML one: Chromium gives the room
 * left to both sides for `-webkit-center` (`<td align="center">` centres a table narrowed by `max-width`), to the
 * left for `-webkit-right`, and to the right for `-webkit-left`, as for any block (ResolveInlineAutoMargins).
 */
function legacyMargins(left: number, right: number, free: number, align: ComputedStyle['textAlign']): [number, number] {
  if (align === 'center') return [left + free / 2, right + free / 2];
  if (align === 'right') return [left + free, right];
  return [left, right + free];
}

const shifted = (children: Fragment[], dx: number, dy: number): Fragment[] => {
  if (dx === 0 && dy === 0) return children;
  for (const child of children) {
    child.x += dx;
    child.y += dy;
  }
  return children;
};

/**
 * Block layout (CSS 2.1 §9.4.1, §10.3.3, §10.6.3): widths from the containing block, auto margins, min/max sizes,
 * box-sizing, and vertical margin collapsing between siblings, through parents' edges and through empty boxes.
 * It is the LayoutContext the inline and table modules call back into for inline-blocks, cells and captions.
 */
export class BlockLayout implements LayoutContext {
  // Maps, not WeakMaps: a 2,000-row table measures 14,000 boxes, and a WeakMap's entries cost several times a Map's
  // to add and again at every garbage collection. The boxes live as long as the layout does.
  private readonly intrinsicCache = new Map<object, IntrinsicWidths>();
  private readonly contentIntrinsicCache = new Map<object, IntrinsicWidths>();
  /** The bottom of the lowest float of the last layoutRoot(): floats below the last block still take room. */
  floatsBottom = 0;
  /** `position: fixed` boxes laid out against the page area, for every page (see takeFixed). */
  private fixed: PendingPositioned[] = [];
  /**
   * How many filtered or transformed boxes are being laid out around the current one. Their fixed descendants are
   * theirs to place, not the page's: one that a table cell, a flex or grid item or an inline-block places (they lay
   * their content out apart) is placed there, against that box, and painted through the boxes around it.
   */
  private fixedHolders = 0;
  /**
   * How long the lines of the vertical box being laid out may be when its height is not given: the page's height
   * less the box's own margins, borders and padding (set by the box, read by flowTurned).
   */
  private turnedRoom: number | undefined;
  /** The first page's content height in the last layoutRoot(): no column set is taller (layout/multicol). */
  private pageHeight: number | undefined;
  /** What the document's paginations tell the column layout about room at the pages' feet. */
  readonly columnHints = new ColumnHints();

  constructor(
    readonly shaping: TextShaping,
    readonly findings: Findings,
    private readonly modules: LayoutModules,
  ) {}

  /**
   * The whole document: the root box laid out as a formatting root as wide as the page's content box. Absolutely
   * positioned boxes with no positioned ancestor are placed against the initial containing block, the first page's
   * page area (`pageHeight` high); fixed ones wait for takeFixed().
   */
  layoutRoot(root: BlockBox, contentWidth: number, pageHeight?: number): BoxFragment {
    this.pageHeight = pageHeight;
    this.columnHints.startLayout();
    const floats = new FloatContext();
    const flowed = this.flow(root, contentWidth, { formattingRoot: true, floats });
    // Relative to the root's content box, which is where the flow's children are (the root has no box edges).
    this.floatsBottom = Math.max(0, floats.lowest());
    const fragment = flowed.fragment;
    fragment.x = flowed.marginLeft;
    fragment.y = collapsed(flowed.marginTop);
    const initial = { x: -fragment.x, y: -fragment.y, width: contentWidth, height: pageHeight ?? fragment.height };
    this.settle(fragment, flowed.positioned ?? [], initial);
    return fragment;
  }

  /**
   * Lets go of what was measured of the boxes laid out so far, before a layout of other boxes that should still
   * find what the layout caches by text and style (a long table's next window of rows: document/long-table).
   */
  forgetBoxes(): void {
    this.intrinsicCache.clear();
    this.contentIntrinsicCache.clear();
  }

  /**
   * The `position: fixed` boxes met since the last call, laid out against a page area of this size and placed
   * relative to its top-left corner: the document repeats them on every page.
   */
  takeFixed(width: number, height: number): BoxFragment[] {
    const fixed = this.fixed;
    this.fixed = [];
    return placePositioned(this, fixed, { x: 0, y: 0, width, height });
  }

  layoutContents(box: BlockBox, contentWidth: number): BlockContents {
    // A vertical table cell's content (its turned box is laid out below).
    if (box.orthogonal) this.turnedRoom = this.roomAcross(box.style);
    if (isFlexContainer(box)) return this.withOwnPositioned(box, this.modules.layoutFlex(box, contentWidth, this));
    if (isGridContainer(box)) return this.withOwnPositioned(box, this.modules.layoutGrid(box, contentWidth, this));
    if (isMulticol(box.style))
      return this.withOwnPositioned(box, this.modules.layoutMulticol(box, contentWidth, this, this.multicolOptions()));
    if (box.inlines) return this.withOwnPositioned(box, this.modules.layoutInline(box, contentWidth, this));
    const space = { floats: new FloatContext(), x: 0, y: 0 };
    const stacked = this.stack(box, contentWidth, false, false, undefined, space);
    // A table cell is a formatting context: its floats are inside it.
    stacked.height = Math.max(stacked.height, space.floats.lowest());
    const pending = [...(stacked.pending ?? []), ...this.staticPositions(box, stacked.children, 0, 0)];
    const { pending: _pending, ...contents } = stacked;
    // A table cell's content: what has no nearer containing block is placed against the cell's content box.
    return this.placedIn(contents, pending, contentWidth);
  }

  layoutVerticalCell(box: BlockBox, contentWidth: number, contentHeight: number): BlockContents {
    const content = box.blocks?.[0];
    if (!box.orthogonal || content?.type !== 'block') return this.layoutContents(box, contentWidth);
    const { fragment } = this.flowTurned(content, contentWidth, { containingHeight: contentHeight });
    // vertical-align runs across a vertical cell's lines: top is where they start (vertical-rl's right), bottom the
    // other side.
    const room = contentWidth - fragment.width;
    const align = box.style.verticalAlign;
    const start = blockStartsRight(content) ? room : 0;
    fragment.x = align === 'middle' ? room / 2 : align === 'bottom' ? room - start : start;
    return { children: [fragment], height: fragment.height };
  }

  /** The page's height less a vertical box's own margins, borders and padding above and below its content. */
  private roomAcross(s: ComputedStyle): number | undefined {
    if (this.pageHeight === undefined) return undefined;
    const pad = paddingOf(s, 0);
    const bor = borderOf(s);
    const margin = (m: ComputedStyle['marginTop']) => (m === 'auto' ? 0 : marginOf(m, 0));
    const extras = pad.top + pad.bottom + bor.top + bor.bottom + margin(s.marginTop) + margin(s.marginBottom);
    return Math.max(0, this.pageHeight - extras);
  }

  layoutBox(
    box: BlockLevelBox,
    containingWidth: number,
    options: { shrinkToFit?: boolean; stretchHeight?: number } = {},
  ) {
    const flowed = this.flow(box, containingWidth, { ...options, formattingRoot: true });
    // Inline-blocks and flex items: out-of-flow descendants with no nearer containing block are placed in them.
    if (flowed.positioned?.length) {
      const f = flowed.fragment;
      this.settle(f, flowed.positioned, paddingBoxOf(f));
    }
    return {
      fragment: flowed.fragment,
      margin: [collapsed(flowed.marginTop), flowed.marginRight, collapsed(flowed.marginBottom), flowed.marginLeft] as [
        number,
        number,
        number,
        number,
      ],
    };
  }

  intrinsicWidths(box: BlockLevelBox): IntrinsicWidths {
    let cached = this.intrinsicCache.get(box);
    if (!cached) {
      cached = this.measure(box);
      this.intrinsicCache.set(box, cached);
    }
    return cached;
  }

  contentIntrinsicWidths(box: BlockBox): IntrinsicWidths {
    let cached = this.contentIntrinsicCache.get(box);
    if (!cached) {
      if (isFlexContainer(box)) cached = this.modules.flexIntrinsicWidths(box, this);
      else if (isGridContainer(box)) cached = this.modules.gridIntrinsicWidths(box, this);
      else if (box.inlines) cached = this.modules.inlineIntrinsicWidths(box, this);
      else if (box.orthogonal && box.blocks?.[0]?.type === 'block') {
        // As wide as its content's lines stack up at the length its own height gives them (flowTurned).
        const height = definiteContentHeight(box.style);
        const options = height === null ? {} : { containingHeight: height };
        this.turnedRoom = this.roomAcross(box.style);
        const { width } = this.flowTurned(box.blocks[0], 0, options).fragment;
        cached = { min: width, max: width };
      } else {
        cached = { min: 0, max: 0 };
        // Floats in a row sit side by side: their max-content widths add up.
        let row = 0;
        for (const child of box.blocks ?? []) {
          const child_ = this.intrinsicWidths(child);
          const margins = horizontalMargins(child);
          cached.min = Math.max(cached.min, child_.min + margins);
          if (isFloat(child)) row = (child.style.clear === 'none' ? row : 0) + child_.max + margins;
          else row = 0;
          cached.max = Math.max(cached.max, row || child_.max + margins);
        }
      }
      if (isMulticolContainer(box)) cached = multicolIntrinsicWidths(box.style, cached);
      this.contentIntrinsicCache.set(box, cached);
    }
    return cached;
  }

  private measure(box: BlockLevelBox): IntrinsicWidths {
    if (box.type === 'table') return this.modules.tableIntrinsicWidths(box, this);
    if (box.type === 'replaced') {
      const { width } = replacedSize(box, null);
      const extras = horizontalExtras(box.style, 0);
      // A replaced element sized in percentages shrinks with its container: its min-content contribution is
      // zero (CSS Sizing 3 §5.2.2, compressible replaced elements), so a chart at width: 100% does not widen a column.
      const { width: w, maxWidth } = box.style;
      const percent = (w !== 'auto' && w.pct !== 0) || (maxWidth !== 'none' && maxWidth.pct !== 0);
      return { min: (percent ? 0 : width) + extras, max: width + extras };
    }
    if (box.turned) {
      // As wide as its lines stack up at the length they are laid out (flowTurned).
      const { width } = this.flowTurned(box, 0, {}).fragment;
      return { min: width, max: width };
    }
    const s = box.style;
    const extras = horizontalExtras(s, 0);
    const specified = lengthOrNull(s.width, null);
    let min: number;
    let max: number;
    if (specified !== null) {
      min = max = toContentSize(specified, s, extras);
    } else {
      const content = this.contentIntrinsicWidths(box);
      min = content.min;
      max = content.max;
    }
    const minW = lengthOrNull(s.minWidth, null);
    const maxW = lengthOrNull(s.maxWidth, null);
    const lo = minW === null ? null : toContentSize(minW, s, extras);
    const hi = maxW === null ? null : toContentSize(maxW, s, extras);
    return { min: clampSize(min, lo, hi) + extras, max: clampSize(max, lo, hi) + extras };
  }

  private flow(box: BlockLevelBox, containingWidth: number, options: FlowOptions): Flowed {
    let flowed: Flowed;
    if (box.type === 'table') flowed = this.flowTable(box, containingWidth, options.legacyAlign);
    else if (box.type === 'replaced') {
      const fragment = replacedFragment(box, containingWidth, 'block');
      flowed = this.placeHorizontally(fragment, box.style, containingWidth, options.legacyAlign);
    } else flowed = this.flowBlock(box, containingWidth, options);
    const shift = relativeShift(box.style, containingWidth);
    if (shift) flowed.fragment.shift = shift;
    return flowed;
  }

  private flowTable(table: TableBox, containingWidth: number, legacyAlign?: ComputedStyle['textAlign']): Flowed {
    const fragment = this.modules.layoutTable(table, containingWidth, this);
    fragment.breakBefore = table.style.breakBefore;
    fragment.breakAfter = table.style.breakAfter;
    if (table.style.breakInside !== 'auto') fragment.avoidBreakInside = true;
    return this.placeHorizontally(fragment, table.style, containingWidth, legacyAlign);
  }

  /** Margins of a box whose width is already known (tables, replaced): auto margins centre it or push it over. */
  private placeHorizontally(
    fragment: BoxFragment,
    style: BoxFragment['style'],
    containingWidth: number,
    legacyAlign?: ComputedStyle['textAlign'],
  ): Flowed {
    let left = style.marginLeft === 'auto' ? null : marginOf(style.marginLeft, containingWidth);
    let right = style.marginRight === 'auto' ? null : marginOf(style.marginRight, containingWidth);
    const free = containingWidth - fragment.width - (left ?? 0) - (right ?? 0);
    if (left === null && right === null) left = right = Math.max(0, free) / 2;
    else if (left === null) left = Math.max(0, free);
    else if (right === null) right = free;
    else if (free > 0 && legacyAlign) [left, right] = legacyMargins(left, right, free, legacyAlign);
    const baseline = fragment.height;
    return {
      fragment,
      marginTop: marginSet(marginOf(style.marginTop, containingWidth)),
      marginBottom: marginSet(marginOf(style.marginBottom, containingWidth)),
      marginLeft: left,
      marginRight: right as number,
      collapsesThrough: false,
      firstBaseline: baseline,
      lastBaseline: baseline,
    };
  }

  /**
   * The content of a vertical box (boxes/vertical-flow.ts): laid out in its turned frame, its lines as long as
   * the box's definite height (a table cell's once its row is sized: layoutVerticalCell), else as long as their
   * text up to the page's height (CSS Writing Modes 3 §7.3: orthogonal flows take the initial containing block's),
   * then turned a quarter
   * clockwise. Its lines stack from the box's right edge; it is not split across pages.
   */
  private flowTurned(box: BlockBox, containingWidth: number, options: FlowOptions): Flowed {
    const { min, max } = this.contentIntrinsicWidths(box);
    // A box of definite height (a table cell's, once its row is sized) is its lines' length, along which text-align
    // places them; else they are as long as their text, up to the page's height.
    const given = options.containingHeight;
    const room = this.turnedRoom ?? this.pageHeight ?? Number.POSITIVE_INFINITY;
    this.turnedRoom = undefined;
    const length = given !== undefined ? Math.max(min, given) : Math.min(Math.max(min, room), max);
    const content = this.flowBlock(box, length, { formattingRoot: true, inTurnedFrame: true }).fragment;
    if (box.turned === 'mirrored') mirrorBlockAxis(content);
    const width = content.height;
    const clockwise = box.turned !== 'counter-clockwise';
    // Turned about its top-left corner: clockwise, that corner goes to the box's top-right; else to its bottom-left.
    const turned: BoxFragment = {
      ...content,
      x: clockwise ? width : 0,
      y: clockwise ? 0 : content.width,
      style: { ...content.style, transform: clockwise ? QUARTER_TURN : QUARTER_TURN_BACK, transformOrigin: TOP_LEFT },
    };
    const fragment: BoxFragment = {
      kind: 'box',
      x: 0,
      y: 0,
      width,
      height: content.width,
      style: box.style,
      role: 'block',
      children: [turned],
      avoidBreakInside: true,
    };
    return {
      fragment,
      marginTop: NO_MARGIN,
      marginBottom: NO_MARGIN,
      // vertical-rl's block start is the right: what the box has to spare is at its left (vertical-lr's, right).
      marginLeft: blockStartsRight(box) ? containingWidth - width : 0,
      marginRight: blockStartsRight(box) ? 0 : containingWidth - width,
      collapsesThrough: false,
    };
  }

  private flowBlock(box: BlockBox, containingWidth: number, options: FlowOptions): Flowed {
    if (box.turned && !options.inTurnedFrame) return this.flowTurned(box, containingWidth, options);
    const s = box.style;
    const pad = paddingOf(s, containingWidth);
    const bor = borderOf(s);
    const extrasH = pad.left + pad.right + bor.left + bor.right;
    const extrasV = pad.top + pad.bottom + bor.top + bor.bottom;
    let marginLeft = s.marginLeft === 'auto' ? null : marginOf(s.marginLeft, containingWidth);
    let marginRight = s.marginRight === 'auto' ? null : marginOf(s.marginRight, containingWidth);

    const specified = lengthOrNull(s.width, containingWidth);
    let width: number;
    if (specified !== null) width = toContentSize(specified, s, extrasH);
    else {
      const available = containingWidth - (marginLeft ?? 0) - (marginRight ?? 0) - extrasH;
      // A vertical box is as wide as its lines stack up (its block size), not as wide as its container.
      if (options.shrinkToFit || box.orthogonal) {
        const content = this.contentIntrinsicWidths(box);
        width = Math.min(Math.max(content.min, available), content.max);
      } else width = available;
    }
    const minW = lengthOrNull(s.minWidth, containingWidth);
    const maxW = lengthOrNull(s.maxWidth, containingWidth);
    width = clampSize(
      width,
      minW === null ? null : toContentSize(minW, s, extrasH),
      maxW === null ? null : toContentSize(maxW, s, extrasH),
    );

    if (options.shrinkToFit) {
      // Inline-blocks, floats and absolutely positioned boxes (§10.3.9, §10.3.5, §10.3.7): auto margins are 0 and
      // the space left is not theirs (it would push what follows them on the line away).
      marginLeft ??= 0;
      marginRight ??= 0;
    } else {
      // §10.3.3: what is left goes to auto margins; over-constrained, the end margin gives way.
      const free = containingWidth - width - extrasH - (marginLeft ?? 0) - (marginRight ?? 0);
      if (marginLeft === null && marginRight === null) marginLeft = marginRight = Math.max(0, free) / 2;
      else if (marginLeft === null) marginLeft = free;
      else if (marginRight === null) marginRight = free;
      else if (free > 0 && options.legacyAlign)
        [marginLeft, marginRight] = legacyMargins(marginLeft, marginRight, free, options.legacyAlign);
      else if (s.direction === 'rtl') marginLeft += free;
      else marginRight += free;
    }

    const flex = isFlexContainer(box);
    const grid = isGridContainer(box);
    const multicol = isMulticolContainer(box);
    const root = options.formattingRoot || ownsFloats(box);
    // Percentage heights resolve against a containing block of definite height, else count as auto (§10.5).
    const reference = options.containingHeight ?? null;
    const stretched = s.height === 'auto' && options.stretchHeight !== undefined;
    const specifiedH = stretched
      ? Math.max(0, (options.stretchHeight as number) - (s.boxSizing === 'border-box' ? 0 : extrasV))
      : lengthOrNull(s.height, reference);
    const minH = lengthOrNull(s.minHeight, reference);
    const maxH = lengthOrNull(s.maxHeight, reference);
    // This box's content height, when definite, for its children's percentages.
    const definite =
      specifiedH === null
        ? undefined
        : clampSize(
            toContentSize(specifiedH, s, extrasV),
            minH === null ? null : toContentSize(minH, s, extrasV),
            maxH === null ? null : toContentSize(maxH, s, extrasV),
          );
    const collapseTop = !root && pad.top === 0 && bor.top === 0;
    const collapseBottom = !root && pad.bottom === 0 && bor.bottom === 0 && specifiedH === null && !minH;

    const content = flex || grid ? box : moveToFirstLine(moveToFirstLine(box, 'marker', 'keep'), 'firstLine', 'drop');
    // The floats this box's lines and blocks flow around: its own, when it is a formatting context.
    const space: FloatSpace =
      root || !options.space
        ? { floats: options.floats ?? new FloatContext(), x: 0, y: 0 }
        : {
            floats: options.space.floats,
            x: options.space.x + (marginLeft as number) + bor.left + pad.left,
            y: options.space.y + bor.top + pad.top,
          };
    // A filtered or transformed box is the containing block of the fixed boxes inside it (see `fixedHolders`).
    const holds = s.filter !== null || s.transform !== null;
    if (holds) this.fixedHolders++;
    if (box.orthogonal) {
      this.turnedRoom = this.roomAcross(s);
      if (width + extrasH > containingWidth + 1)
        this.findings.add({
          code: 'content_overflow',
          message: `Vertical text ${Math.round(width + extrasH)}pt wide (its lines side by side) does not fit the ${Math.round(containingWidth)}pt available: vertical text is not split across pages yet, so it stays on one page`,
          ...(box.line !== undefined ? { line: box.line } : {}),
        });
    }
    let contents: Stacked;
    if (flex || grid) {
      const laidOut = flex
        ? // A stretched height (not the style's, which the flex layout reads itself) is the container's own.
          this.modules.layoutFlex(content, width, this, stretched ? definite : undefined)
        : this.modules.layoutGrid(content, width, this, definite);
      contents = { ...laidOut, escapeTop: NO_MARGIN, escapeBottom: NO_MARGIN, placedAny: true };
    } else if (multicol) {
      const options = this.multicolOptions(definite);
      const laidOut = this.modules.layoutMulticol(content, width, this, options);
      contents = { ...laidOut, escapeTop: NO_MARGIN, escapeBottom: NO_MARGIN, placedAny: true };
    } else if (content.inlines) {
      const inline = this.modules.layoutInline(content, width, this, space);
      contents = {
        ...inline,
        escapeTop: NO_MARGIN,
        escapeBottom: NO_MARGIN,
        placedAny: inline.height > 0 || inline.children.length > 0,
      };
    } else contents = this.stack(content, width, collapseTop, collapseBottom, definite, space);
    if (holds) this.fixedHolders--;
    // A formatting context grows to hold its floats (CSS 2.1 §10.6.7): how a clearfix or overflow: hidden works.
    if (root && space.floats.count > 0) contents.height = Math.max(contents.height, space.floats.lowest());
    // Out-of-flow children of this box and of its descendants, in its content box's coordinates.
    const pending = [
      ...(contents.pending ?? []),
      ...this.staticPositions(box, flex || grid || multicol || content.inlines ? [] : contents.children, 0, 0),
    ];

    let height = specifiedH !== null ? toContentSize(specifiedH, s, extrasV) : contents.height;
    height = clampSize(
      height,
      minH === null ? null : toContentSize(minH, s, extrasV),
      maxH === null ? null : toContentSize(maxH, s, extrasV),
    );
    // Content taller than a fixed height spills over what follows, as in a browser; it is drawn, and said.
    if (contents.height > height + 0.5 && s.overflow === 'visible') {
      this.findings.add({
        code: 'content_overflow',
        message: `A <${box.tag ?? 'div'}> ${Math.round(height)}pt high needs about ${Math.round(contents.height)}pt for its content, which overlaps what follows`,
        ...(box.line !== undefined ? { line: box.line } : {}),
      });
    }
    const top = bor.top + pad.top;
    const fragment: BoxFragment = {
      kind: 'box',
      x: 0,
      y: 0,
      width: width + extrasH,
      height: height + extrasV,
      style: s,
      role:
        s.display === 'inline-block' || s.display === 'inline-flex' || s.display === 'inline-grid'
          ? 'inline-block'
          : 'block',
      children: shifted(contents.children, bor.left + pad.left, top),
      ...(contents.floats ? { floats: true as const } : {}),
      breakBefore: s.breakBefore,
      breakAfter: s.breakAfter,
      ...(s.breakInside !== 'auto' ? { avoidBreakInside: true } : {}),
      ...(box.tag === 'a' && box.link ? { link: box.link } : {}),
    };
    propagateBreaks(fragment);
    let positioned = moved(pending, bor.left + pad.left, top);
    // A positioned box is the containing block of its absolutely positioned descendants (its padding box); a
    // filtered or transformed one of its absolutely positioned and fixed ones, whatever its position (Filter
    // Effects 1 §5, CSS Transforms 1 §2), which are then painted through it. (The root element, which the specs
    // leave out, has no box here: the body's is the first.)
    if ((s.position !== 'static' || holds) && positioned.length > 0) {
      // Fixed ones go on up to a filtered or transformed box around this one, if any.
      const onUp = !holds && this.fixedHolders > 0 ? positioned.filter((p) => p.fixed) : [];
      this.settle(
        fragment,
        onUp.length > 0 ? positioned.filter((p) => !p.fixed) : positioned,
        paddingBoxOf(fragment),
        holds,
      );
      positioned = onUp;
    }
    const marginTop = marginSet(marginOf(s.marginTop, containingWidth));
    const marginBottom = marginSet(marginOf(s.marginBottom, containingWidth));
    const empty = !contents.placedAny && height === 0 && collapseTop && collapseBottom;
    return {
      fragment,
      marginTop: collapseTop ? adjoin(marginTop, contents.escapeTop) : marginTop,
      marginBottom: collapseBottom ? adjoin(marginBottom, contents.escapeBottom) : marginBottom,
      marginLeft: marginLeft as number,
      marginRight: marginRight as number,
      collapsesThrough: empty,
      ...(contents.firstBaseline !== undefined ? { firstBaseline: contents.firstBaseline + top } : {}),
      ...(contents.lastBaseline !== undefined ? { lastBaseline: contents.lastBaseline + top } : {}),
      ...(positioned.length > 0 ? { positioned } : {}),
    };
  }

  private multicolOptions(height?: number): MulticolOptions {
    return {
      ...(this.pageHeight !== undefined ? { pageHeight: this.pageHeight } : {}),
      ...(height !== undefined ? { height } : {}),
      hints: this.columnHints,
    };
  }

  /**
   * Where a box's own out-of-flow children would have been in the flow: below the in-flow block before them (the
   * container's top in inline or flex content), at the content box's left.
   */
  private staticPositions(box: BlockBox, children: Fragment[], dx: number, dy: number): PendingPositioned[] {
    if (!box.positioned) return [];
    return box.positioned.map((p) => {
      const before = p.after > 0 ? children[p.after - 1] : undefined;
      const bottom = before && before.kind !== 'text' ? before.y + before.height : 0;
      return { box: p.box, x: dx, y: dy + bottom, fixed: p.fixed };
    });
  }

  /** Places the absolutely positioned ones against `cb` in `fragment`; fixed ones go on to the page unless held. */
  private settle(fragment: BoxFragment, pending: PendingPositioned[], cb: ContainingBlock, holdsFixed = false): void {
    const absolute: PendingPositioned[] = [];
    for (const p of pending) (p.fixed && !holdsFixed && !this.heldFixed(p) ? this.fixed : absolute).push(p);
    if (absolute.length === 0) return;
    fragment.positioned = [...(fragment.positioned ?? []), ...placePositioned(this, absolute, cb)];
  }

  /**
   * Whether a fixed box met in content laid out apart (a cell's, an item's) belongs to a filtered or transformed
   * box around it: it is then placed where it was met, which is where it would be when its offsets are auto, and
   * said when they are not.
   */
  private heldFixed(p: PendingPositioned): boolean {
    if (this.fixedHolders === 0) return false;
    const s = p.box.style;
    if ([s.top, s.right, s.bottom, s.left].some((inset) => inset !== 'auto'))
      this.findings.add({
        code: 'unsupported_css_value',
        message:
          'A position: fixed box inside a table cell, a flex or grid item or an inline-block of a filtered or transformed element is placed against that cell or item, not against the filtered or transformed element',
        ...('line' in p.box && p.box.line !== undefined ? { line: p.box.line } : {}),
      });
    return true;
  }

  /** Inline or flex content's own out-of-flow children, placed against its content box. */
  private withOwnPositioned(box: BlockBox, contents: BlockContents): BlockContents {
    return this.placedIn(contents, this.staticPositions(box, [], 0, 0), 0);
  }

  private placedIn(contents: BlockContents, pending: PendingPositioned[], width: number): BlockContents {
    const absolute: PendingPositioned[] = [];
    for (const p of pending) (p.fixed && !this.heldFixed(p) ? this.fixed : absolute).push(p);
    if (absolute.length === 0) return contents;
    const cb = { x: 0, y: 0, width, height: contents.height };
    return { ...contents, positioned: placePositioned(this, absolute, cb) };
  }

  /**
   * Block-level children stacked top to bottom with their margins collapsed (§8.3.1), floats placed beside them
   * (§9.5), `clear` moving a child below the floats it clears, and boxes with a formatting context of their own
   * put where they fit beside the floats.
   */
  private stack(
    box: BlockBox,
    width: number,
    collapseTop: boolean,
    collapseBottom: boolean,
    definiteHeight: number | undefined,
    space: FloatSpace,
  ): Stacked {
    const children: Fragment[] = [];
    const floated: BoxFragment[] = [];
    // A child's floats may hang out of it (no clearfix): the paginator must look for them here too.
    let nestedFloats = false;
    const { floats } = space;
    let cursor = 0;
    let pending = NO_MARGIN;
    let escapeTop = NO_MARGIN;
    let placedAny = false;
    let firstBaseline: number | undefined;
    let lastBaseline: number | undefined;
    const outOfFlow: PendingPositioned[] = [];
    const collect = (flowed: Flowed) => {
      if (flowed.positioned) outOfFlow.push(...moved(flowed.positioned, flowed.fragment.x, flowed.fragment.y));
    };
    const options: FlowOptions = definiteHeight === undefined ? {} : { containingHeight: definiteHeight };
    if (box.style.textAlignLegacy) options.legacyAlign = box.style.textAlign;
    for (const child of box.blocks ?? []) {
      if (isFloat(child)) {
        const top = !placedAny && collapseTop ? 0 : cursor + collapsed(pending);
        floated.push(placeFloat(this.layoutBox(child, width, { shrinkToFit: true }), child.style, space, width, top));
        continue;
      }
      // Where its border box would go by its own margins, below the floats it clears: layout inside it needs to
      // know where the floats around it are. Margins collapsing through it may still move it; then it is laid out
      // again where it landed, if floats are near enough to matter.
      const clearTo = child.style.clear === 'none' ? null : floats.clearance(child.style.clear) - space.y;
      const hypothetical = (marginTop: MarginSet) =>
        !placedAny && collapseTop ? 0 : cursor + collapsed(adjoin(pending, marginTop));
      let estimate = hypothetical(marginSet(marginOf(child.style.marginTop, width)));
      if (clearTo !== null && clearTo > estimate) estimate = clearTo;
      const ownContext = ownsFloats(child);
      let flowed: Flowed;
      let y: number;
      for (let pass = 0; ; pass++) {
        const mark = floats.count;
        flowed = this.flow(
          child,
          width,
          ownContext ? options : { ...options, space: { ...space, y: space.y + estimate } },
        );
        y = flowed.collapsesThrough ? cursor : hypothetical(flowed.marginTop);
        if (clearTo !== null && clearTo > y) y = clearTo;
        const settled = Math.abs(y - estimate) < 0.01;
        if (settled || ownContext || pass >= 2) break;
        if (floats.count === mark && !floats.reachesBelow(space.y + Math.min(y, estimate))) break;
        floats.truncate(mark);
        estimate = y;
      }
      const cleared = clearTo !== null && y > hypothetical(flowed.marginTop) + 0.01;
      let dx = 0;
      if (ownContext && floats.reachesBelow(space.y + y)) {
        const beside = this.besideFloats(child, width, space, y, flowed, options);
        flowed = beside.flowed;
        dx = beside.x;
        if (beside.y > y + 0.01) y = beside.y;
      }
      const { fragment } = flowed;
      fragment.x = dx + flowed.marginLeft;
      fragment.y = y;
      if (fragment.floats && !ownContext) nestedFloats = true;
      const movedDown = y > hypothetical(flowed.marginTop) + 0.01;
      if (flowed.collapsesThrough && !cleared) {
        const through = adjoin(flowed.marginTop, flowed.marginBottom);
        if (!placedAny && collapseTop) escapeTop = adjoin(escapeTop, through);
        else pending = adjoin(pending, through);
        children.push(fragment);
        collect(flowed);
        continue;
      }
      // Clearance (or the floats a box had to go below) takes the place of the margins above it.
      if (!placedAny && collapseTop && !movedDown) {
        escapeTop = adjoin(escapeTop, adjoin(pending, flowed.marginTop));
        pending = NO_MARGIN;
      }
      children.push(fragment);
      collect(flowed);
      if (firstBaseline === undefined && flowed.firstBaseline !== undefined)
        firstBaseline = fragment.y + flowed.firstBaseline;
      if (flowed.lastBaseline !== undefined) lastBaseline = fragment.y + flowed.lastBaseline;
      cursor = fragment.y + fragment.height;
      pending = flowed.marginBottom;
      placedAny = true;
    }
    const height = collapseBottom ? cursor : cursor + collapsed(pending);
    if (floated.length > 0) children.push(...floated);
    return {
      children,
      height: Math.max(0, height),
      escapeTop,
      escapeBottom: collapseBottom ? pending : NO_MARGIN,
      placedAny,
      ...(firstBaseline !== undefined ? { firstBaseline } : {}),
      ...(lastBaseline !== undefined ? { lastBaseline } : {}),
      ...(outOfFlow.length > 0 ? { pending: outOfFlow } : {}),
      ...(floated.length > 0 || nestedFloats ? { floats: true as const } : {}),
    };
  }

  /**
   * A box with a formatting context of its own beside floats (CSS 2.1 §9.5): laid out in the room the floats
   * leave at `y`, or lower down, past floats, where its margin box fits.
   */
  private besideFloats(
    child: BlockLevelBox,
    width: number,
    space: FloatSpace,
    y: number,
    flowed: Flowed,
    options: FlowOptions,
  ): { flowed: Flowed; x: number; y: number } {
    const { floats } = space;
    const s = child.style;
    const margins =
      (s.marginLeft === 'auto' ? 0 : marginOf(s.marginLeft, width)) +
      (s.marginRight === 'auto' ? 0 : marginOf(s.marginRight, width));
    // A width of auto takes the room there is; a given one (percentages of the containing block) must fit in it.
    const auto = child.type !== 'replaced' && s.width === 'auto';
    let top = space.y + y;
    for (let round = 0; round < 64; round++) {
      const band = floats.band(top, flowed.fragment.height, space.x, space.x + width);
      if (!band.narrowed)
        return { flowed: round === 0 || !auto ? flowed : this.flow(child, width, options), x: 0, y: top - space.y };
      const room = band.right - band.left;
      const narrowed = auto ? this.flow(child, room, options) : flowed;
      const next = floats.nextBottom(top);
      if (narrowed.fragment.width + margins <= room + 0.01 || next === null)
        return { flowed: narrowed, x: band.left - space.x, y: top - space.y };
      top = next;
    }
    return { flowed, x: 0, y };
  }
}

/** A box's padding box in its border box's coordinates. */
/** A box's content height when its style gives it in absolute units (percentages need a containing block). */
function definiteContentHeight(s: ComputedStyle): number | null {
  const specified = lengthOrNull(s.height, null);
  if (specified === null) return null;
  const pad = paddingOf(s, 0);
  const bor = borderOf(s);
  return toContentSize(specified, s, pad.top + pad.bottom + bor.top + bor.bottom);
}

// A quarter turn clockwise about the turned content's top-left corner, placed at the vertical box's top-right (or
// counter-clockwise, placed at its bottom-left).
const QUARTER_TURN: TransformFunction[] = [{ kind: 'rotate', angle: 90 }];
const QUARTER_TURN_BACK: TransformFunction[] = [{ kind: 'rotate', angle: -90 }];

/** Whether turned content's lines stack from the right (vertical-rl, sideways-rl) or the left. */
const blockStartsRight = (turned: BlockBox) => turned.turned === 'clockwise';
const TOP_LEFT = { x: { pt: 0, pct: 0 }, y: { pt: 0, pct: 0 } };

function paddingBoxOf(fragment: BoxFragment): ContainingBlock {
  const s = fragment.style;
  return {
    x: s.borderLeft.width,
    y: s.borderTop.width,
    width: Math.max(0, fragment.width - s.borderLeft.width - s.borderRight.width),
    height: Math.max(0, fragment.height - s.borderTop.width - s.borderBottom.width),
  };
}

/**
 * A box whose content is blocks has its first line in its first block with lines, so what belongs to that line
 * moves down the tree to that block: a list item's marker (`<li><p>…</p></li>`, as browsers place it) and the
 * `::first-line` style (`<div class="opening"><p>…</p></div>`, CSS Pseudo-Elements 4 §2.1). The box tree is not
 * changed in place: the path down to that block is rebuilt. When that block has its own, the marker stays where it
 * is (`ifTaken: 'keep'`) and the outer first-line style gives way to the inner one (`'drop'`).
 */
function moveToFirstLine(box: BlockBox, key: 'marker' | 'firstLine', ifTaken: 'keep' | 'drop'): BlockBox {
  const value = box[key];
  if (!value || box.inlines) return box;
  const path: BlockBox[] = [];
  let at: BlockBox | undefined = box;
  while (at && !at.inlines) {
    path.push(at);
    const next: BlockLevelBox | undefined = at.blocks?.[0];
    at = next?.type === 'block' ? next : undefined;
  }
  const without: BlockBox = { ...box, [key]: undefined };
  if (!at || at[key]) return ifTaken === 'keep' ? box : without;
  let rebuilt: BlockBox = { ...at, [key]: value };
  for (let i = path.length - 1; i >= 1; i--) {
    const parent = path[i] as BlockBox;
    rebuilt = { ...parent, blocks: [rebuilt, ...(parent.blocks ?? []).slice(1)] };
  }
  return { ...without, blocks: [rebuilt, ...(without.blocks ?? []).slice(1)] };
}

const FORCED_PAGE = new Set(['page', 'always', 'left', 'right']);
/** A column break is forced too, but weaker: a page break of the child replaces a column break of its parent. */
const FORCED = new Set([...FORCED_PAGE, 'column']);

/** A forced break before a first child (after a last child) is a break before (after) its parent (CSS Fragmentation §3.1). */
function propagateBreaks(fragment: BoxFragment): void {
  const first = fragment.children[0];
  const last = fragment.children[fragment.children.length - 1];
  const stronger = (child: string | undefined, own: string | undefined) =>
    child !== undefined &&
    FORCED.has(child) &&
    !FORCED_PAGE.has(own ?? 'auto') &&
    !(child === 'column' && own === 'column');
  if (first?.kind === 'box' && stronger(first.breakBefore, fragment.breakBefore))
    fragment.breakBefore = first.breakBefore;
  if (last?.kind === 'box' && stronger(last.breakAfter, fragment.breakAfter)) fragment.breakAfter = last.breakAfter;
}

function horizontalExtras(style: BoxFragment['style'], containingWidth: number): number {
  const pad = paddingOf(style, containingWidth);
  const bor = borderOf(style);
  return pad.left + pad.right + bor.left + bor.right;
}

/** Fixed horizontal margins count in a parent's intrinsic width; auto and percentage ones do not (§ CSS Sizing). */
function horizontalMargins(box: BlockLevelBox): number {
  const { marginLeft, marginRight } = box.style;
  const fixed = (m: typeof marginLeft) => (m === 'auto' || m.pct !== 0 ? 0 : m.pt);
  return fixed(marginLeft) + fixed(marginRight);
}
