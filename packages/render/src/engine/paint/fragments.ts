import type {
  BoxFragment,
  CanvasBackground,
  EnclosingBox,
  Fragment,
  ImageFragment,
  PagePiece,
  SvgFragment,
} from '../layout/fragment';
import {
  type BackgroundBox,
  type BorderSide,
  type ComputedStyle,
  type Length,
  TRANSPARENT,
} from '../style/computed-style';
import { type Matrix, showsBackFace, transformMatrix } from '../style/transforms';
import { isVisible, paintBorders, type Sides } from './borders';
import { clipToShape } from './clip-path';
import { num, type Radii, type Rect } from './content';
import { paintFiltered, paintThroughFilters } from './filters';
import { fitRadii, insetRadii, insetRect, isRounded, SQUARE, type Widths } from './geometry';
import { paintBackgroundImage, paintImage, paintSvg } from './images';
import type { PaintContext } from './paint-context';
import { paintShadows } from './shadows';
import { paintText } from './text';

/**
 * A page's pieces in order. Runs of whole table rows painted alike (the rows of a long table, each a piece of its
 * own) are painted in phases, as the rows of a row group painted whole are (paintRowsInPhases).
 */
export function paintPieces(ctx: PaintContext, pieces: readonly PagePiece[]): void {
  for (let i = 0; i < pieces.length; ) {
    const first = pieces[i] as PagePiece;
    let end = i + 1;
    if (phasedRowPiece(first)) while (end < pieces.length && alikeRowPiece(first, pieces[end] as PagePiece)) end++;
    if (end - i < 2) paintPiece(ctx, first);
    else {
      const run = pieces.slice(i, end);
      paintPiece(ctx, first, () =>
        paintRowsInPhases(
          ctx,
          run.map((piece) => ({
            row: piece.fragment as BoxFragment,
            x: piece.x,
            y: piece.y,
            continues: piece.rowContinues === true,
          })),
        ),
      );
    }
    i = end;
  }
}

/** A piece that is a whole row, unclipped, that can be painted in phases. */
const phasedRowPiece = (piece: PagePiece): boolean =>
  !piece.clip && !piece.decorationOnly && paintsInPhases(piece.fragment);

/** A row piece painted through the same frame, zoom, filters and enclosing boxes as `first`. */
const alikeRowPiece = (first: PagePiece, piece: PagePiece): boolean =>
  phasedRowPiece(piece) &&
  piece.matrix === first.matrix &&
  piece.zoom === first.zoom &&
  piece.filters === first.filters &&
  piece.enclosing === first.enclosing;

/**
 * One piece of a page: its fragment with the parent's origin at (x, y), clipped to its clip rectangle; `body`
 * paints instead of the piece's fragment (a run of rows painted in phases) inside the same frame and effects.
 */
export function paintPiece(ctx: PaintContext, piece: PagePiece, body?: () => void): void {
  const { cw } = ctx;
  const { zoom, matrix: frame } = piece;
  if (frame) {
    // Laid out in a frame of its own (a vertical document's, turned): painted through it.
    cw.save();
    cw.write(`${frame.map(num).join(' ')} cm`);
    ctx.links.pushMatrix(frame);
  }
  if (zoom) {
    // Laid out in a wider page, printed smaller: scaled about the page area's corner.
    const { factor: k, x, y } = zoom;
    const matrix: Matrix = [k, 0, 0, k, x * (1 - k), y * (1 - k)];
    cw.save();
    cw.write(`${matrix.map(num).join(' ')} cm`);
    ctx.links.pushMatrix(matrix);
  }
  if (piece.clip) {
    cw.save();
    cw.rect(piece.clip);
    cw.write('W n');
    ctx.links.pushClip(piece.clip);
  }
  const { filters, enclosing } = piece;
  const rowContinues = ctx.rowContinues;
  ctx.rowContinues = piece.rowContinues === true;
  const fragment = body ?? (() => paintPieceFragment(ctx, piece));
  const paint = enclosing ? () => paintEnclosed(ctx, enclosing, fragment) : fragment;
  if (filters) paintThroughFilters(ctx, filters, paint);
  else paint();
  ctx.rowContinues = rowContinues;
  if (piece.clip) {
    cw.restore();
    ctx.links.popClip();
  }
  if (zoom) {
    cw.restore();
    ctx.links.popMatrix();
  }
  if (frame) {
    cw.restore();
    ctx.links.popMatrix();
  }
}

function paintPieceFragment(ctx: PaintContext, piece: PagePiece): void {
  paintFragment(ctx, piece.fragment, piece.x, piece.y, piece.decorationOnly === true);
}

/** Paints a fragment whose parent's top-left corner is at (originX, originY) on the page. */
function paintFragment(
  ctx: PaintContext,
  fragment: Fragment,
  originX: number,
  originY: number,
  decorationOnly = false,
): void {
  switch (fragment.kind) {
    case 'box':
      paintBox(ctx, fragment, originX, originY, decorationOnly);
      break;
    case 'line':
      for (const child of fragment.children) paintFragment(ctx, child, originX + fragment.x, originY + fragment.y);
      break;
    case 'text':
      paintText(ctx, fragment, originX, originY);
      break;
    case 'image':
    case 'svg':
      paintObject(ctx, fragment, originX, originY);
      break;
  }
}

/** An image or SVG, cut to its box's content box where object-fit or object-position drew it beyond. */
function paintObject(ctx: PaintContext, fragment: ImageFragment | SvgFragment, originX: number, originY: number): void {
  const { clip } = fragment;
  if (clip) {
    ctx.cw.save();
    ctx.cw.rect({ x: originX + clip.x, y: originY + clip.y, width: clip.width, height: clip.height });
    ctx.cw.write('W n');
    // The link is as large as what shows.
    ctx.links.pushClip({ x: originX + clip.x, y: originY + clip.y, width: clip.width, height: clip.height });
  }
  if (fragment.kind === 'image') paintImage(ctx, fragment, originX, originY);
  else paintSvg(ctx, fragment, originX, originY);
  if (clip) {
    ctx.cw.restore();
    ctx.links.popClip();
  }
}

function paintBox(
  ctx: PaintContext,
  box: BoxFragment,
  originX: number,
  originY: number,
  decorationOnly: boolean,
): void {
  const { style } = box;
  // Most boxes have no effect: painted straight, without a closure per box (a long table has tens of thousands).
  if (style.opacity >= 1 && !style.transform && !style.clipPath && !style.filter && style.mixBlendMode === 'normal') {
    paintBoxLayer(ctx, box, originX, originY, decorationOnly);
    return;
  }
  withBoxEffects(ctx, box, originX, originY, 'whole', () => paintBoxLayer(ctx, box, originX, originY, decorationOnly));
}

/**
 * Paints inside a box's effects, as CSS orders them: its transform, its clip path, then its filter, opacity and
 * blend mode as one group. A box painted `whole` draws its filter's drop shadow; a piece painted apart from it
 * (`apart`) takes only the colour functions and the fading, as its shadow is drawn with the box's own piece.
 */
function withBoxEffects(
  ctx: PaintContext,
  box: BoxFragment,
  originX: number,
  originY: number,
  as: 'whole' | 'apart',
  paint: () => void,
): void {
  const opacity = Math.max(0, Math.min(1, box.style.opacity));
  if (opacity <= 0) return;
  const { transform } = box.style;
  if (transform && box.style.backfaceVisibility === 'hidden' && showsBackFace(transform)) return;
  if (transform) {
    // The box and what it holds, drawn through its matrix (the layout and the page breaks do not see it).
    const borderBox = borderBoxOf(box, originX, originY);
    const matrix = transformMatrix(transform, box.style.transformOrigin, borderBox);
    ctx.cw.save();
    ctx.cw.write(`${matrix.map(num).join(' ')} cm`);
    ctx.links.pushMatrix(matrix);
  }
  const { clipPath } = box.style;
  if (clipPath) {
    // In the box's own (transformed) space: the shape turns with the box.
    ctx.cw.save();
    ctx.links.pushClip(clipToShape(ctx.cw, clipPath, borderBoxOf(box, originX, originY)));
  }
  const blend = box.style.mixBlendMode;
  const { filter } = box.style;
  if (filter && as === 'whole') {
    const rect = borderBoxOf(box, originX, originY);
    paintFiltered(ctx, box, filter, rect, opacity, blend, paint);
  } else if (filter) {
    const group = () => paintThroughFilters(ctx, [filter], paint);
    if (opacity < 1 || blend !== 'normal') ctx.cw.group(opacity, group, blend);
    else group();
  } else if (opacity < 1 || blend !== 'normal') ctx.cw.group(opacity, paint, blend);
  else paint();
  if (clipPath) {
    ctx.cw.restore();
    ctx.links.popClip();
  }
  if (transform) {
    ctx.cw.restore();
    ctx.links.popMatrix();
  }
}

/**
 * Paints a piece inside the boxes it is painted apart from (PagePiece's `enclosing`, outermost first): each one's
 * effects, then its overflow clip, around the next.
 */
function paintEnclosed(ctx: PaintContext, enclosing: readonly EnclosingBox[], paint: () => void, index = 0): void {
  const layer = enclosing[index];
  if (!layer) {
    paint();
    return;
  }
  const { box, x, y } = layer;
  withBoxEffects(ctx, box, x, y, 'apart', () => {
    if (box.style.overflow === 'visible') paintEnclosed(ctx, enclosing, paint, index + 1);
    else {
      clipToPaddingBox(ctx, box, borderBoxOf(box, x, y));
      paintEnclosed(ctx, enclosing, paint, index + 1);
      ctx.cw.restore();
      ctx.links.popClip();
    }
  });
}

/**
 * Clips what follows to a box's padding box, following its curve when the corners are rounded (overflow other than
 * visible): the caller restores the graphics state and pops the links' clip.
 */
function clipToPaddingBox(ctx: PaintContext, box: BoxFragment, rect: Rect): Rect {
  const widths = borderWidthsOf(box.style);
  const radii = radiiOf(box, rect);
  const padding = insetRect(rect, widths, 1);
  ctx.cw.save();
  if (isRounded(radii)) ctx.cw.roundedRect(padding, insetRadii(radii, widths, 1));
  else ctx.cw.rect(padding);
  ctx.cw.write('W n');
  ctx.links.pushClip(padding);
  return padding;
}

const NO_RADII: readonly Length[] = [];
const NO_SIDE: BorderSide = Object.freeze({ width: 0, style: 'none', color: TRANSPARENT }) as BorderSide;

/** The widths of a box's own borders (its style's), top, right, bottom, left. */
const borderWidthsOf = (style: ComputedStyle): Widths => [
  style.borderTop.width,
  style.borderRight.width,
  style.borderBottom.width,
  style.borderLeft.width,
];

/** A box's corner radii fitted to its border box; collapsed borders have none (border-radius does not apply). */
const radiiOf = (box: BoxFragment, rect: Rect): Radii =>
  fitRadii(rect, box.borders ? NO_RADII : box.style.borderRadius);

/**
 * `outline` (CSS UI 4 §5): a border drawn around the border box, `outline-offset` away, taking no room; its corners
 * follow the box's rounded ones, grown by the distance.
 */
function paintOutline(ctx: PaintContext, style: ComputedStyle, rect: Rect, radii: Radii): void {
  const { outline } = style;
  const grow = style.outlineOffset + outline.width;
  const outer = { x: rect.x - grow, y: rect.y - grow, width: rect.width + 2 * grow, height: rect.height + 2 * grow };
  if (!(outer.width > 0 && outer.height > 0)) return;
  const corners = isRounded(radii)
    ? (radii.map(([x, y]) => (x > 0 || y > 0 ? [Math.max(0, x + grow), Math.max(0, y + grow)] : [0, 0])) as Radii)
    : SQUARE;
  paintBorders(ctx.cw, outer, [outline, outline, outline, outline], corners);
}

/** The box's background, borders and link (unless hidden), then its children, clipped by overflow. */
function paintBoxLayer(
  ctx: PaintContext,
  box: BoxFragment,
  originX: number,
  originY: number,
  decorationOnly: boolean,
): void {
  const rect: Rect = borderBoxOf(box, originX, originY);
  if (box.style.visibility === 'visible') {
    const radii = radiiOf(box, rect);
    paintBoxBackground(ctx, box, rect, radii);
    paintBoxBorders(ctx, box, rect, radii);
  }
  if (decorationOnly || (box.children.length === 0 && !box.positioned)) return;
  paintBoxContent(ctx, box, rect);
}

/** A visible box's shadows and background. */
function paintBoxBackground(ctx: PaintContext, box: BoxFragment, rect: Rect, radii: Radii): void {
  const style = box.style;
  const shadows = style.boxShadow;
  // Most boxes (a table's cells) have neither.
  if (!shadows && style.backgroundColor.a <= 0 && !style.backgroundImage) return;
  const ownWidths = borderWidthsOf(style);
  if (shadows) paintShadows(ctx.cw, shadows, rect, radii, ownWidths, false);
  paintBackground(ctx, box, rect, ownWidths, radii);
  if (shadows) paintShadows(ctx.cw, shadows, rect, radii, ownWidths, true);
}

const CELL_SIDES: Sides = [NO_SIDE, NO_SIDE, NO_SIDE, NO_SIDE];
const CELL_OUTER: Rect = { x: 0, y: 0, width: 0, height: 0 };

/** A visible box's borders (its collapsed ones, for a table cell), outline and link. */
function paintBoxBorders(ctx: PaintContext, box: BoxFragment, rect: Rect, radii: Radii): void {
  const style = box.style;
  if (box.borders) {
    const { top, right, bottom, left, shared } = box.borders;
    // A translucent edge shared with the cell on the right or below is that cell's to draw (its left or top), so
    // that it prints as light as a browser prints it, not twice as dark. An opaque one is still drawn from both
    // sides: the same colour either way, and its anti-aliased edges came out nearer Chromium's so in the fidelity
    // corpus (drawn once, six table cases' worst pages were 0.3-0.6% further from Chromium's).
    // Into scratch objects: every cell of a collapsed table comes here, and paintBorders keeps neither.
    const sides = CELL_SIDES;
    sides[0] = top;
    sides[1] = shared?.right && right.color.a < 1 ? NO_SIDE : right;
    sides[2] = shared?.bottom && ctx.rowContinues && bottom.color.a < 1 ? NO_SIDE : bottom;
    sides[3] = left;
    if (isVisible(sides[0]) || isVisible(sides[1]) || isVisible(sides[2]) || isVisible(sides[3])) {
      // Centred on the box's edges: the grid lines of the table.
      const t = sides[0].width / 2;
      const r = sides[1].width / 2;
      const b = sides[2].width / 2;
      const l = sides[3].width / 2;
      const outer = CELL_OUTER;
      outer.x = rect.x - l;
      outer.y = rect.y - t;
      outer.width = rect.width + l + r;
      outer.height = rect.height + t + b;
      paintBorders(ctx.cw, outer, sides, SQUARE);
    }
  } else {
    const sides: Sides = [style.borderTop, style.borderRight, style.borderBottom, style.borderLeft];
    if (sides.some(isVisible)) paintBorders(ctx.cw, rect, sides, radii);
  }
  if (style.outline.style !== 'none' && style.outline.width > 0) paintOutline(ctx, style, rect, radii);
  if (box.link) ctx.links.add(box.link, rect);
}

/** A box's children, and the boxes positioned in it, clipped by overflow: `rect` is its border box on the page. */
// Shared by the boxes with none (most), instead of an empty list for each box painted.
const NO_POSITIONED: readonly BoxFragment[] = Object.freeze([]);

function paintBoxContent(ctx: PaintContext, box: BoxFragment, rect: Rect): void {
  // A scroll container (auto, scroll) prints as what shows in it, as Chromium prints it: clipped like hidden.
  const clips = box.style.overflow !== 'visible';
  // What overflow clips away entirely is not written at all: a browser prints nothing of it, not even to the
  // text layer (an e-mail's preheader hidden with max-height: 0; overflow: hidden).
  const visible = clips ? clipToPaddingBox(ctx, box, rect) : null;
  // Absolutely positioned boxes of negative z-index go under the content, the others over it (CSS 2.1 Appendix E).
  // Indexed loops: every cell of a long table comes here, and for-of made iterators for each.
  const positioned = box.positioned ?? NO_POSITIONED;
  for (let i = 0; i < positioned.length; i++) {
    const p = positioned[i] as BoxFragment;
    if (zIndexOf(p) < 0) paintFragment(ctx, p, rect.x, rect.y);
  }
  const rowGroup = box.role === 'table-body' || box.role === 'table-head' || box.role === 'table-foot';
  if (rowGroup) paintRows(ctx, box.children, rect, visible);
  else {
    const children = box.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as Fragment;
      if (visible && outside(child, rect.x, rect.y, visible)) continue;
      paintFragment(ctx, child, rect.x, rect.y);
    }
  }
  for (let i = 0; i < positioned.length; i++) {
    const p = positioned[i] as BoxFragment;
    if (zIndexOf(p) >= 0) paintFragment(ctx, p, rect.x, rect.y);
  }
  if (clips) {
    ctx.cw.restore();
    ctx.links.popClip();
  }
}

/** A row group's rows, each told whether the next is painted with it (the edge they share is the next row's). */
function paintRows(ctx: PaintContext, rows: Fragment[], rect: Rect, visible: Rect | null): void {
  const rowContinues = ctx.rowContinues;
  if (rows.every(paintsInPhases)) {
    const placed: PlacedRow[] = [];
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as BoxFragment;
      if (visible && outside(row, rect.x, rect.y, visible)) continue;
      placed.push({ row, x: rect.x, y: rect.y, continues: continues(rows, i) });
    }
    paintRowsInPhases(ctx, placed);
  } else {
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i] as Fragment;
      if (visible && outside(row, rect.x, rect.y, visible)) continue;
      ctx.rowContinues = continues(rows, i);
      paintFragment(ctx, row, rect.x, rect.y);
    }
  }
  ctx.rowContinues = rowContinues;
}

const continues = (rows: Fragment[], i: number): boolean => {
  const next = rows[i + 1];
  return next?.kind === 'box' && next.role === 'row';
};

/** A row to paint with its parent's origin at (x, y), and whether the next row is painted on the same page. */
interface PlacedRow {
  row: BoxFragment;
  x: number;
  y: number;
  continues: boolean;
}

/**
 * Rows in the order CSS 2.1 Appendix E paints the blocks of one stacking context: the backgrounds of every row and
 * cell (row by row, each row's under its cells), then their borders (collapsed ones over every cell's background,
 * as Chromium's table painter draws them), then the cells' content. Painted box by box, text hanging out of a row
 * (lines shorter than their glyphs) went under the next row's background, where a browser prints it over; and each
 * cell switched the fill colour from its border's to its text's and back: a 2,000-row ledger set 24,000 colours.
 */
function paintRowsInPhases(ctx: PaintContext, rows: readonly PlacedRow[]): void {
  const rowContinues = ctx.rowContinues;
  // Each row's border box, then its cells', in tree order: made once for the three phases.
  const rects: Rect[] = [];
  for (const { row, x, y } of rows) {
    const rowRect = borderBoxOf(row, x, y);
    rects.push(rowRect);
    for (const cell of row.children) rects.push(borderBoxOf(cell as BoxFragment, rowRect.x, rowRect.y));
  }
  // Each visible row, then each of its visible cells, with its border box and corners.
  const decorate = (paint: (ctx: PaintContext, box: BoxFragment, rect: Rect, radii: Radii) => void) => {
    let k = 0;
    for (const { row, continues } of rows) {
      ctx.rowContinues = continues;
      const rowRect = rects[k++] as Rect;
      if (row.style.visibility === 'visible') paint(ctx, row, rowRect, radiiOf(row, rowRect));
      for (const cell of row.children as BoxFragment[]) {
        const cellRect = rects[k++] as Rect;
        if (cell.style.visibility === 'visible') paint(ctx, cell, cellRect, radiiOf(cell, cellRect));
      }
    }
  };
  decorate(paintBoxBackground);
  decorate(paintBoxBorders);
  let k = 0;
  for (const { row, continues } of rows) {
    ctx.rowContinues = continues;
    k++;
    for (const cell of row.children as BoxFragment[]) {
      const cellRect = rects[k++] as Rect;
      if (cell.children.length > 0) paintBoxContent(ctx, cell, cellRect);
    }
  }
  ctx.rowContinues = rowContinues;
}

/**
 * A row that paints in phases: a plain box whose cells are plain boxes holding only lines (text, images, inline
 * boxes: what Appendix E paints after every block's background). A cell holding blocks is painted box by box, as
 * before: a block's background belongs to the backgrounds' phase, in tree order, which this does not interleave;
 * so is anything with an effect (opacity, a transform, a filter, a blend), a clip, an offset or positioned boxes.
 */
function paintsInPhases(row: Fragment): boolean {
  if (row.kind !== 'box' || row.role !== 'row' || !plainBox(row)) return false;
  for (const cell of row.children) {
    if (cell.kind !== 'box' || !plainBox(cell)) return false;
    for (const child of cell.children) if (child.kind !== 'line') return false;
  }
  return true;
}

function plainBox(box: BoxFragment): boolean {
  const { style } = box;
  return (
    style.opacity >= 1 &&
    !style.transform &&
    !style.clipPath &&
    !style.filter &&
    style.mixBlendMode === 'normal' &&
    style.overflow === 'visible' &&
    !box.shift &&
    !box.positioned
  );
}

/** Whether a child (its box, line or image; a text run is inside its line) falls wholly outside `clip`. */
function outside(child: Fragment, originX: number, originY: number, clip: Rect): boolean {
  if (child.kind === 'text') return false;
  const x = originX + child.x;
  const y = originY + child.y;
  return (
    x >= clip.x + clip.width || y >= clip.y + clip.height || x + child.width <= clip.x || y + child.height <= clip.y
  );
}

const zIndexOf = (box: BoxFragment): number => (box.style.zIndex === 'auto' ? 0 : box.style.zIndex);

/**
 * Background colour and image, under the borders, in the background-clip box (the border box by default)
 * following the corners; the image placed in the background-origin box.
 */
function paintBackground(ctx: PaintContext, box: BoxFragment, rect: Rect, widths: Widths, radii: Radii): void {
  const style = box.style;
  const { backgroundColor, backgroundImage } = style;
  if (backgroundColor.a <= 0 && !backgroundImage) return;
  const clip = backgroundBox(ctx, style, style.backgroundClip, rect, widths, radii);
  const rounded = isRounded(clip.radii);
  const path = () => (rounded ? ctx.cw.roundedRect(clip.rect, clip.radii) : ctx.cw.rect(clip.rect));
  if (backgroundColor.a > 0 && clip.rect.width > 0 && clip.rect.height > 0) {
    ctx.cw.fillColor(backgroundColor);
    path();
    ctx.cw.write('f');
  }
  if (backgroundImage) {
    const origin = backgroundBox(ctx, style, style.backgroundOrigin, rect, widths, radii).rect;
    paintBackgroundImage(ctx, style, path, clip.rect, origin);
  }
}

/**
 * The border, padding or content box of a fragment, with its corner radii. The fragment knows its border box
 * only: paddings given in percentages (of a containing block painting does not see) fall back to the padding box.
 */
function backgroundBox(
  ctx: PaintContext,
  style: ComputedStyle,
  which: BackgroundBox,
  rect: Rect,
  widths: Widths,
  radii: Radii,
): { rect: Rect; radii: Radii } {
  if (which === 'border-box') return { rect, radii };
  const padding = { rect: insetRect(rect, widths, 1), radii: insetRadii(radii, widths, 1) };
  if (which === 'padding-box') return padding;
  const paddings = [style.paddingTop, style.paddingRight, style.paddingBottom, style.paddingLeft];
  if (paddings.some((p) => p.pct !== 0)) {
    ctx.findings.add({
      code: 'unsupported_css_value',
      message: 'A content-box background on a box with percentage padding is placed in its padding box.',
    });
    return padding;
  }
  const inner = paddings.map((p) => p.pt) as Widths;
  return { rect: insetRect(padding.rect, inner, 1), radii: insetRadii(padding.radii, inner, 1) };
}

/**
 * The canvas (CSS Backgrounds 3 §2.11.2): the root's or the body's background over the page area, its image
 * placed in the root box as it lies on this page.
 */
export function paintCanvas(ctx: PaintContext, canvas: CanvasBackground): void {
  const { style, area, root } = canvas;
  const path = () => ctx.cw.rect(area);
  if (style.backgroundColor.a > 0 && area.width > 0 && area.height > 0) {
    ctx.cw.fillColor(style.backgroundColor);
    path();
    ctx.cw.write('f');
  }
  if (style.backgroundImage) paintBackgroundImage(ctx, style, path, area, root);
}

/** A box's border box on the page, where relative positioning moves it: what transforms, clip paths and filters use. */
function borderBoxOf(box: BoxFragment, originX: number, originY: number) {
  return {
    x: originX + box.x + (box.shift?.x ?? 0),
    y: originY + box.y + (box.shift?.y ?? 0),
    width: box.width,
    height: box.height,
  };
}
