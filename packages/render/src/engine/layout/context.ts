import type { BlockBox, BlockLevelBox } from '../boxes/box';
import type { Findings } from '../findings';
import type { TextShaping } from '../text/shaper-types';
import type { BoxFragment, Fragment } from './fragment';

/** The content of a block container laid out in a content box of a given width. */
export interface BlockContents {
  /** Fragments relative to the content box's top-left corner. */
  children: Fragment[];
  /** Content height (the content box's, before min/max height). */
  height: number;
  /** Baseline of the first and last line box, from the content box's top, if there is a line. */
  firstBaseline?: number;
  lastBaseline?: number;
  /** Absolutely positioned descendants placed against this content box (a table cell's), relative to it. */
  positioned?: BoxFragment[];
  /** Some children are floats: they come last, out of y order (see BoxFragment.floats). */
  floats?: true;
}

/** Min-content and max-content widths of a box's border box (CSS Sizing §5), in points. */
export interface IntrinsicWidths {
  min: number;
  max: number;
}

/**
 * What every layout module may ask of the others. Block layout (layout/block) implements it; inline and table
 * layout call back into it for inline-blocks, table cells and captions, so each module stays in its own folder.
 */
export interface LayoutContext {
  shaping: TextShaping;
  findings: Findings;
  /** Lays out a block container's children (blocks or lines) in a content box `contentWidth` wide. */
  layoutContents(box: BlockBox, contentWidth: number): BlockContents;
  /**
   * The content of a vertical table cell (a box with `orthogonal` set) again once its row's height is known: its
   * lines as long as the cell's content box is high, placed across it by the cell's vertical-align.
   */
  layoutVerticalCell(box: BlockBox, contentWidth: number, contentHeight: number): BlockContents;
  /**
   * Lays out a block-level box (block, table, replaced) in a containing block `containingWidth` wide: its width,
   * padding, borders and content. Returns its border-box fragment at (0, 0) and its used margins.
   */
  layoutBox(
    box: BlockLevelBox,
    containingWidth: number,
    options?: { shrinkToFit?: boolean },
  ): { fragment: Fragment; margin: [number, number, number, number] };
  /** Border-box intrinsic widths of a block-level box (inline-blocks, table cells, shrink-to-fit). */
  intrinsicWidths(box: BlockLevelBox): IntrinsicWidths;
  /** Intrinsic widths of a block container's content (no padding or borders). */
  contentIntrinsicWidths(box: BlockBox): IntrinsicWidths;
}
