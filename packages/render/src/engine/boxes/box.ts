/**
 * The box tree (CSS 2.1 §9.2): what the layout stage lays out. Built from the styled tree by `buildBoxes`:
 * `display: none` is gone, anonymous block boxes wrap inline content that sits beside blocks, tables are
 * normalised into table > row groups > rows > cells (anonymous parts added), list items carry their marker.
 * A block container holds either block-level children or one inline formatting context, never both.
 */
import type { ComputedStyle } from '../style/computed-style';

export type BlockLevelBox = BlockBox | TableBox | ReplacedBox;

/** A block container. Exactly one of `blocks` and `inlines` is non-null (an empty block has `blocks: []`). */
export interface BlockBox {
  type: 'block';
  style: ComputedStyle;
  /** The element's tag, or null for anonymous boxes. */
  tag: string | null;
  blocks: BlockLevelBox[] | null;
  inlines: InlineLevelBox[] | null;
  /** A list item's marker text (`•`, `3.`, `iv.`), laid out outside (or inside) the first line. */
  marker?: { text: string; style: ComputedStyle };
  /** The `::first-line` style of the block's first line (layout/inline/first-line.ts). */
  firstLine?: ComputedStyle;
  /** href of an enclosing or own `<a>`, for live links. */
  link?: string;
  /** For findings. */
  line?: number;
  /**
   * Absolutely positioned and fixed descendants out of the flow whose nearest block container this is (CSS 2.1
   * §9.6): laid out once the box's size is known, against their containing block.
   */
  positioned?: PositionedBox[];
  /**
   * A vertical block in horizontal content (boxes/vertical-flow.ts): its one child is its content, `turned`. The box
   * is as wide as that content's lines stack up unless its width is given.
   */
  orthogonal?: true;
  /** The content of an orthogonal box: laid out with turned styles, as long as the box is high, painted turned. */
  turned?: Turn;
}

/** How vertical content is turned to be laid out as horizontal (boxes/vertical-flow.ts). */
export type Turn = 'clockwise' | 'mirrored' | 'counter-clockwise';

/** An out-of-flow box and where it would have been in the flow (its static position). */
export interface PositionedBox {
  box: BlockLevelBox;
  /** In-flow block children before it (0 in inline or flex content: the container's top). */
  after: number;
  fixed: boolean;
}

export type InlineLevelBox = TextBox | InlineBox | LineBreakBox | AtomicInlineBox;

export interface TextBox {
  type: 'text';
  /** As in the source; white space is collapsed by the inline layout according to `style.whiteSpace`. */
  text: string;
  style: ComputedStyle;
  link?: string;
}

/** An inline element (span, b, a…): its children are laid out on lines; its own padding/border/background paint around them. */
export interface InlineBox {
  type: 'inline';
  style: ComputedStyle;
  tag: string | null;
  children: InlineLevelBox[];
  link?: string;
}

/** `<br>`. */
export interface LineBreakBox {
  type: 'br';
  style: ComputedStyle;
}

/** Something laid out as one piece on a line: an inline-block, an inline-table, or an inline image/SVG/code. */
export interface AtomicInlineBox {
  type: 'atomic';
  style: ComputedStyle;
  box: BlockBox | TableBox | ReplacedBox;
  link?: string;
  /**
   * A float met in inline content (CSS 2.1 §9.5): not on the line, but placed beside the line it falls in, which
   * it shortens. (A float among blocks is a block-level box whose style says it floats.)
   */
  float?: 'left' | 'right';
}

/** Content the engine does not lay out as text: images, SVG, QR codes and barcodes. */
export interface ReplacedBox {
  type: 'replaced';
  style: ComputedStyle;
  tag: string;
  content: ReplacedContent;
  /** Size of the content without CSS (px of the image or the SVG's width/height), in points; null if unknown. */
  intrinsic: { width: number; height: number } | null;
  link?: string;
  line?: number;
}

export type ReplacedContent =
  | { kind: 'image'; bytes: Uint8Array; format: 'png' | 'jpeg' }
  /** SVG markup (inline `<svg>`, an SVG image, a `qr-code` or `bar-code` element drawn as SVG). */
  | { kind: 'svg'; markup: string }
  /** An image that could not be loaded: laid out at its size (or 0), painted as nothing, reported. */
  | { kind: 'missing'; alt: string };

export interface TableBox {
  type: 'table';
  style: ComputedStyle;
  caption: BlockBox | null;
  /** From `<col>`/`<colgroup>`: one entry per column they span, with their width if given. */
  columns: Array<{ style: ComputedStyle }>;
  head: TableRowGroupBox | null;
  bodies: TableRowGroupBox[];
  foot: TableRowGroupBox | null;
  line?: number;
}

export interface TableRowGroupBox {
  type: 'row-group';
  style: ComputedStyle;
  rows: TableRowBox[];
}

export interface TableRowBox {
  type: 'row';
  style: ComputedStyle;
  cells: TableCellBox[];
}

export interface TableCellBox {
  type: 'cell';
  style: ComputedStyle;
  colspan: number;
  rowspan: number;
  /** The cell's content: a block container whose own style is the cell's (its padding and borders are the cell's). */
  content: BlockBox;
}
