import type { BoxFragment, Fragment, PagePiece } from '../layout/fragment';
import { isVisible, paintBorders, type Sides } from './borders';
import type { Radii, Rect } from './content';
import { fitRadii, insetRadii, insetRect, isRounded, type Widths } from './geometry';
import { paintBackgroundImage, paintImage, paintSvg } from './images';
import type { PaintContext } from './paint-context';
import { paintText } from './text';

/** One piece of a page: its fragment with the parent's origin at (x, y), clipped to its clip rectangle. */
export function paintPiece(ctx: PaintContext, piece: PagePiece): void {
  const { cw } = ctx;
  if (piece.clip) {
    cw.save();
    cw.rect(piece.clip);
    cw.write('W n');
    ctx.links.pushClip(piece.clip);
  }
  paintFragment(ctx, piece.fragment, piece.x, piece.y, piece.decorationOnly === true);
  if (piece.clip) {
    cw.restore();
    ctx.links.popClip();
  }
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
      paintImage(ctx, fragment, originX, originY);
      break;
    case 'svg':
      paintSvg(ctx, fragment, originX, originY);
      break;
  }
}

function paintBox(
  ctx: PaintContext,
  box: BoxFragment,
  originX: number,
  originY: number,
  decorationOnly: boolean,
): void {
  const opacity = Math.max(0, Math.min(1, box.style.opacity));
  if (opacity <= 0) return;
  if (opacity < 1) ctx.cw.group(opacity, () => paintBoxLayer(ctx, box, originX, originY, decorationOnly));
  else paintBoxLayer(ctx, box, originX, originY, decorationOnly);
}

/** The box's background, borders and link (unless hidden), then its children, clipped by overflow. */
function paintBoxLayer(
  ctx: PaintContext,
  box: BoxFragment,
  originX: number,
  originY: number,
  decorationOnly: boolean,
): void {
  const style = box.style;
  const rect: Rect = { x: originX + box.x, y: originY + box.y, width: box.width, height: box.height };
  const ownWidths: Widths = [
    style.borderTop.width,
    style.borderRight.width,
    style.borderBottom.width,
    style.borderLeft.width,
  ];
  // Collapsed borders have no radius (css-backgrounds: border-radius does not apply to collapsing tables).
  const radii = fitRadii(rect, box.borders ? [0, 0, 0, 0] : style.borderRadius);
  if (style.visibility === 'visible') {
    paintBackground(ctx, box, rect, ownWidths, radii);
    if (box.borders) {
      const sides: Sides = [box.borders.top, box.borders.right, box.borders.bottom, box.borders.left];
      if (sides.some(isVisible)) {
        // Centred on the box's edges: the grid lines of the table.
        const [t, r, b, l] = sides.map((side) => side.width / 2) as Widths;
        const outer = { x: rect.x - l, y: rect.y - t, width: rect.width + l + r, height: rect.height + t + b };
        paintBorders(ctx.cw, outer, sides, fitRadii(outer, [0, 0, 0, 0]));
      }
    } else {
      const sides: Sides = [style.borderTop, style.borderRight, style.borderBottom, style.borderLeft];
      if (sides.some(isVisible)) paintBorders(ctx.cw, rect, sides, radii);
    }
    if (box.link) ctx.links.add(box.link, rect);
  }
  if (decorationOnly || box.children.length === 0) return;
  const clips = style.overflow === 'hidden' || style.overflow === 'clip';
  if (clips) {
    // Children are clipped to the padding box, following its curve when the corners are rounded.
    const padding = insetRect(rect, ownWidths, 1);
    ctx.cw.save();
    if (isRounded(radii)) ctx.cw.roundedRect(padding, insetRadii(radii, ownWidths, 1));
    else ctx.cw.rect(padding);
    ctx.cw.write('W n');
    ctx.links.pushClip(padding);
  }
  for (const child of box.children) paintFragment(ctx, child, rect.x, rect.y);
  if (clips) {
    ctx.cw.restore();
    ctx.links.popClip();
  }
}

/** Background colour and image, under the borders (background-clip: border-box), following the corners. */
function paintBackground(ctx: PaintContext, box: BoxFragment, rect: Rect, widths: Widths, radii: Radii): void {
  const { backgroundColor, backgroundImage } = box.style;
  const rounded = isRounded(radii);
  const path = () => (rounded ? ctx.cw.roundedRect(rect, radii) : ctx.cw.rect(rect));
  if (backgroundColor.a > 0 && rect.width > 0 && rect.height > 0) {
    ctx.cw.fillColor(backgroundColor);
    path();
    ctx.cw.write('f');
  }
  if (backgroundImage) {
    const padding = insetRect(rect, widths, 1);
    paintBackgroundImage(ctx, backgroundImage.url, path, rect, { x: padding.x, y: padding.y });
  }
}
