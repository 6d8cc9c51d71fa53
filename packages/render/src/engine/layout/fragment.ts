/**
 * The layout stage's output and the paint stage's input: positioned fragments. Coordinates are points, y down,
 * each fragment's `x`/`y` relative to its parent fragment's top-left corner (the border-box corner for boxes),
 * so a laid-out table cell or line can be moved by changing one number.
 *
 * Layout runs in one continuous flow as wide as the page's content box; the paginator (layout/pages) then cuts
 * it into pages at the allowed break points and repeats table headers. The break metadata below is what it reads.
 */
import type { BorderSide, Color, ComputedStyle, TextDecoration, TextShadow } from '../style/computed-style';
import type { Filter } from '../style/filters';
import type { Matrix } from '../style/transforms';

export type Fragment = BoxFragment | LineFragment | TextFragment | ImageFragment | SvgFragment;

/** A collapsed-border table cell's borders, each centred on a grid line. */
export interface CollapsedSides {
  top: BorderSide;
  right: BorderSide;
  bottom: BorderSide;
  left: BorderSide;
  /**
   * The edges the neighbouring cells draw, as their top and left, so that an edge two cells share is drawn once (a
   * translucent border would print twice as dark): the right edge when a visible cell is beside it in every row
   * it spans; the bottom when a visible cell of the same row group is below it in every column it spans, and only
   * while the row below is painted on the same page (paint/fragments.ts, `rowContinues`).
   */
  shared?: { right: boolean; bottom: boolean };
}

/** A block, table, row, cell, inline-block or inline box: background, borders and children. */
export interface BoxFragment {
  kind: 'box';
  x: number;
  y: number;
  /** Border-box size. */
  width: number;
  height: number;
  /** What it paints with: backgroundColor, backgroundImage, border*, borderRadius, opacity, visibility, overflow. */
  style: ComputedStyle;
  /**
   * Collapsed-border tables: the borders to draw instead of the style's (the winners of the border conflict).
   * Each is drawn CENTRED on the box's edge (half inside, half outside): a cell's box edges are the grid lines.
   * Boxes with `borders` draw no style borders; the table box itself has none in the collapsing model.
   */
  borders?: CollapsedSides;
  children: Fragment[];
  /** Table cells spanning rows: how many rows (the cell's fragment sits in its first row, as tall as the span). */
  rowSpan?: number;
  /** What kind of box, for the paginator: it may break between rows, and repeats `thead` rows. */
  role:
    | 'block'
    | 'table'
    | 'table-head'
    | 'table-body'
    | 'table-foot'
    | 'row'
    | 'cell'
    | 'inline'
    | 'inline-block'
    | 'caption'
    | 'page-margin';
  /** href for a live link over the box. */
  link?: string;
  /** From the style, for the paginator. */
  breakBefore?: ComputedStyle['breakBefore'];
  breakAfter?: ComputedStyle['breakAfter'];
  /** True when the box must not be split across pages (break-inside: avoid, or an atomic inline). */
  avoidBreakInside?: boolean;
  /**
   * `position: relative`'s offset (CSS 2.1 §9.4.3): the box and its content are painted this far from where they
   * were laid out; the flow and the page breaks do not move.
   */
  shift?: { x: number; y: number };
  /**
   * Absolutely positioned boxes whose containing block this box is (CSS 2.1 §10.1): out of the flow, so the
   * paginator does not see them; painted with the box, those of negative z-index under its content, the others
   * over it, in z-index order.
   */
  positioned?: BoxFragment[];
  /**
   * A float (CSS 2.1 §9.5). Floats come after their in-flow siblings among a box's children (painted over their
   * backgrounds, out of y order), and the paginator breaks between those siblings, never at a float.
   */
  float?: true;
  /**
   * Some of the children are floats, at the end, or have floats that may hang out of them (a parent without a
   * clearfix): the box's content may reach below its bottom.
   */
  floats?: true;
}

/** One line box: its items are text and atomic inlines, positioned relative to the line's top-left. */
export interface LineFragment {
  kind: 'line';
  x: number;
  y: number;
  width: number;
  height: number;
  /** Distance from the line's top to its baseline. */
  baseline: number;
  children: Fragment[];
}

/** A shaped run of glyphs in one font, drawn at its baseline. */
export interface TextFragment {
  kind: 'text';
  /** Left edge of the run and its baseline, relative to the parent (the line). */
  x: number;
  y: number;
  /** Advance width of the whole run. */
  width: number;
  font: FontFaceRef;
  fontSize: number;
  /**
   * Glyphs in visual order (left to right), already shaped (ligatures, kerning, Arabic joining). Read-only: the
   * glyphs of a word at a size are one frozen array shared by every fragment that draws the word (the shaper's
   * cache), so a long table keeps one copy of "Customer", not one per row.
   */
  glyphs: readonly ShapedGlyph[];
  /** The text the glyphs stand for, in logical order: for the PDF's text layer (copy, search, pdftotext). */
  text: string;
  color: Color;
  /** Lines to draw over, under or through the run. */
  decoration?: TextDecoration & { color: Color };
  /** `text-shadow`, first on top. */
  shadows?: TextShadow[];
  link?: string;
  /** Opacity inherited from boxes is applied by the painter; this is the text's own (visibility hidden = 0). */
  hidden?: boolean;
  /**
   * Vertical text laid out turned (boxes/vertical-flow.ts): the glyphs of characters that stand upright in vertical
   * text (`mixed`: text/vertical-orientation.ts; `all`: every glyph, text-orientation: upright) are painted turned
   * back, each about its centre.
   */
  upright?: 'mixed' | 'all';
}

export interface ShapedGlyph {
  /** Glyph id in the font. */
  readonly id: number;
  /** Advance in points (letter-spacing and justification included). */
  readonly advance: number;
  /** Offsets in points from the pen position (GPOS marks, superscripts). */
  readonly dx: number;
  readonly dy: number;
  /** The code points this glyph stands for (several for a ligature, none for a second glyph of a cluster). */
  readonly codePoints: readonly number[];
  /**
   * Drawn at this fraction of the run's font size (advance and offsets already scaled): a synthesised small
   * capital. Absent for 1.
   */
  readonly scale?: number;
}

/** A registered family and one of its four faces. */
export interface FontFaceRef {
  family: string;
  face: 'normal' | 'bold' | 'italics' | 'bolditalics';
  /**
   * Drawn bold by stroking the outlines of `face` (not bold), as Chromium draws bold text in a face that is not:
   * a family with no bold face, or a font it falls back to for characters no listed family has (fontconfig hands
   * it the character's regular face).
   */
  syntheticBold?: true;
  /** Drawn slanted (Skia's skew of a quarter), as Chromium draws italic text in a face that is not italic. */
  syntheticItalic?: true;
}

/** A rectangle in points, y down. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ImageFragment {
  kind: 'image';
  x: number;
  y: number;
  width: number;
  height: number;
  bytes: Uint8Array;
  format: 'png' | 'jpeg';
  /** The replaced box's content box, when object-fit or object-position put part of the image outside it. */
  clip?: Rect;
  link?: string;
}

export interface SvgFragment {
  kind: 'svg';
  x: number;
  y: number;
  width: number;
  height: number;
  markup: string;
  /** As ImageFragment's. */
  clip?: Rect;
  link?: string;
}

/**
 * A page ready to paint. The paginator lists, in paint order, the pieces of the flow that fall on the page:
 * a piece is a fragment subtree placed with its parent's origin at (`x`, `y`) in page coordinates (points from
 * the page's top-left corner), clipped to `clip` when given (a box cut by the page's edge paints the part that
 * falls on this page: no bottom border on the first part, no top border on the next, as `box-decoration-break:
 * slice`). `decorationOnly` pieces paint the box's background and borders but not its children (the children
 * that fall on the page come as pieces of their own), so a 20,000-row table is not walked once per page.
 */
export interface PageFragments {
  /** 1-based page number. */
  number: number;
  width: number;
  height: number;
  pieces: PagePiece[];
  /**
   * Pieces that need the page count (running header and footer, margin boxes) and those drawn over them, when the
   * page is painted before the count is known (a long table's pages, document/long-table): the painter draws them
   * over the page once the last page is done.
   */
  late?: (pageCount: number) => PagePiece[];
  /** The document's canvas background on this page, painted first, under every piece. */
  canvas?: CanvasBackground;
}

/**
 * The background the root element (or, when it has none, the body) gives the canvas (CSS Backgrounds 3
 * §2.11.2). As Chromium prints it: the colour and the image's tiles fill the page area (the page box inside its
 * margins) of every page; the image is sized and placed in the root element's box, which runs through the
 * whole flow, so a `no-repeat` image lies on the page where that point of the flow falls.
 */
export interface CanvasBackground {
  /** The background longhands of the element it comes from. */
  style: ComputedStyle;
  /** The page area, in page coordinates. */
  area: { x: number; y: number; width: number; height: number };
  /** The root element's box placed as the flow is on this page (it starts above the page after the first). */
  root: { x: number; y: number; width: number; height: number };
}

export interface PagePiece {
  fragment: Fragment;
  x: number;
  y: number;
  clip?: Rect;
  decorationOnly?: boolean;
  /**
   * The `filter`s around the fragment that belong to no box it is painted apart from, outermost first: the root
   * element's (around a fixed box or the flow) and a running header's or footer's root. It paints through them,
   * outside its `enclosing` boxes.
   */
  filters?: readonly Filter[];
  /**
   * The boxes around the fragment that are cut by the page's edge and painted apart from it (their own pieces are
   * `decorationOnly`), outermost first, when any of them has an effect on what it holds: opacity, a transform, a
   * clip path, a filter's colour functions, a blend mode, or an overflow clip. The fragment paints inside each of
   * them, as it would inside the box painted whole.
   */
  enclosing?: readonly EnclosingBox[];
  /**
   * The document is printed smaller than it was laid out (shrink to fit, as Chromium prints a document wider than
   * the page): the piece, in the coordinates of the wider layout, is painted scaled by `factor` about (x, y), the
   * page area's top-left corner.
   */
  zoom?: Zoom;
  /**
   * Laid out in a frame of its own and painted through this matrix into the page: the flow of a vertical-rl
   * document, laid out turned (document/vertical-document.ts).
   */
  matrix?: Matrix;
  /**
   * A table row painted as a piece of its own whose next row is painted on the same page: the cells' bottom edges
   * they share with it are left to it (CollapsedSides.shared).
   */
  rowContinues?: boolean;
}

export interface Zoom {
  factor: number;
  x: number;
  y: number;
}

/** A box that a piece is painted apart from, placed as its own piece is: its parent's origin at (`x`, `y`). */
export interface EnclosingBox {
  box: BoxFragment;
  x: number;
  y: number;
}
