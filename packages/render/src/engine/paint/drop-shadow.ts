import { sniffImage } from '../../convert/images';
import type { BoxFragment, Fragment, ImageFragment, TextFragment } from '../layout/fragment';
import type { ComputedStyle, TextShadow } from '../style/computed-style';
import { INLINE_DROP_SHADOW } from '../style/filters';
import { isVisible } from './borders';
import type { Rect } from './content';
import { MAX_FILTERED_PIXELS } from './filtered-images';
import { fitRadii, SQUARE, type Widths } from './geometry';
import { shadowImage } from './image-shadow';
import type { PaintContext } from './paint-context';
import type { DecodedImage } from './platform';
import { paintShadows } from './shadows';
import { paintRunShadow } from './text';

/** Draws a drop shadow (its offsets, blur and colour) of what the box paints, under it. */
export type ShadowPainter = (shadow: TextShadow) => void;

const NO_WIDTHS: Widths = [0, 0, 0, 0];
// Half a point: rounding in the layout's sums, not content that sticks out.
const EPSILON = 0.5;

/**
 * How to draw a `drop-shadow()` of what a box paints (Filter Effects 1 §13.5: the alpha of all it paints, offset
 * and blurred, in one colour) where that shape is known without rasterising the box; otherwise why it is not drawn.
 * - A box with an opaque background over its border box that nothing it holds paints beyond: the border box,
 *   rounded corners and all, drawn as box-shadow draws an outer shadow of no spread (the same Gaussian: half the
 *   blur radius as its deviation).
 * - A box that paints nothing but an image: the image's rectangle when it is opaque, its blurred alpha otherwise.
 * - A box that paints nothing but text: its glyphs, drawn as text-shadow draws them.
 * `rect` is the box's border box on the page.
 */
export function dropShadowPainter(ctx: PaintContext, box: BoxFragment, rect: Rect): ShadowPainter | string {
  if (box.role === 'inline') return INLINE_DROP_SHADOW;
  const style = box.style;
  const radii = fitRadii(rect, box.borders ? [] : style.borderRadius);
  if (opaqueBorderBox(style) && holdsItsContent(box, rect)) {
    return (shadow) => paintShadows(ctx.cw, [{ ...shadow, inset: false, spread: 0 }], rect, radii, NO_WIDTHS, false);
  }
  if (paintsOwnBox(box)) return NOT_KNOWN;
  const image = box.children.length === 1 && !box.positioned?.length ? box.children[0] : undefined;
  if (image?.kind === 'image') return imageShadow(ctx, image, rect);
  const runs: PlacedRun[] = [];
  if (
    style.overflow === 'visible' &&
    textOnly(box.children, rect.x, rect.y, runs) &&
    textOnly(box.positioned ?? [], rect.x, rect.y, runs)
  )
    return (shadow) => {
      for (const { run, x, y } of runs) paintRunShadow(ctx, run, x, y, shadow);
    };
  return NOT_KNOWN;
}

const NOT_KNOWN =
  'drop-shadow() is not drawn here: its shape is known only for a box with an opaque background that holds all of its content, an image alone, or text alone.';

/** A background that covers the border box opaquely, and nothing of the box's own drawn outside it. */
function opaqueBorderBox(style: ComputedStyle): boolean {
  return (
    style.visibility === 'visible' &&
    style.backgroundColor.a >= 1 &&
    style.backgroundClip === 'border-box' &&
    !outside(style)
  );
}

/** An outline or an outer box-shadow: paint beyond the border box. */
function outside(style: ComputedStyle): boolean {
  return (
    (style.outline.style !== 'none' && style.outline.width > 0) ||
    (style.boxShadow?.some((shadow) => !shadow.inset) ?? false)
  );
}

function paintsOwnBox(box: BoxFragment): boolean {
  const style = box.style;
  if (style.visibility !== 'visible') return false;
  if (style.backgroundColor.a > 0 || style.backgroundImage || style.boxShadow || outside(style)) return true;
  if (box.borders) return [box.borders.top, box.borders.right, box.borders.bottom, box.borders.left].some(isVisible);
  return [style.borderTop, style.borderRight, style.borderBottom, style.borderLeft].some(isVisible);
}

/** Whether everything the box holds is painted inside `rect`, its border box (or clipped to its padding box). */
function holdsItsContent(box: BoxFragment, rect: Rect): boolean {
  if (box.style.overflow !== 'visible') return true;
  return within(box.children, rect.x, rect.y, rect) && within(box.positioned ?? [], rect.x, rect.y, rect);
}

/** Whether these fragments (their parent's corner at x, y) paint inside `rect`, as far as their boxes tell. */
function within(fragments: readonly Fragment[], x: number, y: number, rect: Rect): boolean {
  for (const f of fragments) {
    if (f.kind === 'text') {
      // A run's box is its line's; across, its advance and any shadow's offset and blur.
      let low = 0;
      let high = 0;
      for (const s of f.shadows ?? []) {
        low = Math.min(low, s.x - s.blur);
        high = Math.max(high, s.x + s.blur);
      }
      if (x + f.x + low < rect.x - EPSILON || x + f.x + f.width + high > rect.x + rect.width + EPSILON) return false;
      continue;
    }
    const at = {
      x: x + f.x + (f.kind === 'box' ? (f.shift?.x ?? 0) : 0),
      y: y + f.y + (f.kind === 'box' ? (f.shift?.y ?? 0) : 0),
      width: f.width,
      height: f.height,
    };
    if (f.kind === 'image' || f.kind === 'svg') {
      const shown = f.clip ? { x: x + f.clip.x, y: y + f.clip.y, width: f.clip.width, height: f.clip.height } : at;
      if (!contains(rect, shown)) return false;
      continue;
    }
    if (f.kind === 'box' && f.borders) {
      // Collapsed borders are centred on the box's edges.
      const { top, right, bottom, left } = f.borders;
      const [t, r, b, l] = [top, right, bottom, left].map((side) => (isVisible(side) ? side.width / 2 : 0)) as Widths;
      at.x -= l;
      at.y -= t;
      at.width += l + r;
      at.height += t + b;
    }
    if (!contains(rect, at)) return false;
    if (f.kind === 'line') {
      if (!within(f.children, at.x, at.y, rect)) return false;
      continue;
    }
    // A transform or a shadow of its own may take a box anywhere.
    if (f.style.transform || outside(f.style) || f.style.filter?.functions.some((fn) => fn.kind === 'drop-shadow'))
      return false;
    if (f.style.overflow !== 'visible') continue;
    if (!within(f.children, at.x, at.y, rect) || !within(f.positioned ?? [], at.x, at.y, rect)) return false;
  }
  return true;
}

const contains = (outer: Rect, inner: Rect): boolean =>
  inner.x >= outer.x - EPSILON &&
  inner.y >= outer.y - EPSILON &&
  inner.x + inner.width <= outer.x + outer.width + EPSILON &&
  inner.y + inner.height <= outer.y + outer.height + EPSILON;

interface PlacedRun {
  run: TextFragment;
  /** The run's parent's (its line's) corner on the page. */
  x: number;
  y: number;
}

/**
 * Collects the text runs of fragments that paint nothing but text: no box of their own (background, border,
 * shadow, outline), no decoration lines or text shadows (their shapes would be part of the shadow's), nothing
 * transformed, clipped, faded or filtered on the way; false as soon as something else paints.
 */
function textOnly(fragments: readonly Fragment[], x: number, y: number, out: PlacedRun[]): boolean {
  for (const f of fragments) {
    switch (f.kind) {
      case 'text': {
        const lines = f.decoration && (f.decoration.underline || f.decoration.overline || f.decoration.lineThrough);
        if (lines || f.shadows?.length) return false;
        out.push({ run: f, x, y });
        break;
      }
      case 'line':
        if (!textOnly(f.children, x + f.x, y + f.y, out)) return false;
        break;
      case 'box': {
        const s = f.style;
        if (paintsOwnBox(f) || s.transform || s.filter || s.clipPath || s.opacity < 1) return false;
        if (s.mixBlendMode !== 'normal' || s.overflow !== 'visible') return false;
        const bx = x + f.x + (f.shift?.x ?? 0);
        const by = y + f.y + (f.shift?.y ?? 0);
        if (!textOnly(f.children, bx, by, out) || !textOnly(f.positioned ?? [], bx, by, out)) return false;
        break;
      }
      default:
        return false;
    }
  }
  return true;
}

/**
 * An image's shadow: the rectangle that shows when the image is opaque (a JPEG, a PNG without transparency),
 * else its alpha blurred (image-shadow.ts), made once per document, image, size and shadow.
 */
function imageShadow(ctx: PaintContext, image: ImageFragment, rect: Rect): ShadowPainter | string {
  const drawn = { x: rect.x + image.x, y: rect.y + image.y, width: image.width, height: image.height };
  const clip = image.clip;
  const shown = clip ? intersection(drawn, { ...clip, x: rect.x + clip.x, y: rect.y + clip.y }) : drawn;
  if (!(shown.width > 0 && shown.height > 0)) return () => {};
  // The pixels are kept with the document only when they are needed for the shadow: a transparent PNG's.
  const { transparent, decoded } = ctx.images.derived<Transparency>(image.bytes, 'transparency', () => {
    if (sniffImage(image.bytes)?.kind !== 'png' || !pngMayBeTransparent(image.bytes)) return { transparent: false };
    const pixels = ctx.images.decode(image.bytes, 'png');
    if (!pixels) return { transparent: true };
    return hasTransparency(pixels.data) ? { transparent: true, decoded: pixels } : { transparent: false };
  });
  if (!transparent)
    return (shadow) => paintShadows(ctx.cw, [{ ...shadow, inset: false, spread: 0 }], shown, SQUARE, NO_WIDTHS, false);
  if (!decoded)
    return `drop-shadow() of a PNG with transparency is not drawn here (its pixels cannot be decoded: in the browser preview, or over ${MAX_FILTERED_PIXELS / 1e6} megapixels).`;
  const visible = clip
    ? { x: shown.x - drawn.x, y: shown.y - drawn.y, width: shown.width, height: shown.height }
    : undefined;
  return (shadow) => {
    const color = ctx.cw.filter ? ctx.cw.filter.color(shadow.color) : shadow.color;
    const key = [drawn.width, drawn.height, visible?.x, visible?.y, visible?.width, visible?.height, shadow.blur]
      .concat([color.r, color.g, color.b].map(Math.round))
      .join(' ');
    const made = ctx.images.derived(image.bytes, `shadow ${key}`, (label) =>
      shadowImage(
        ctx.doc,
        decoded,
        { x: 0, y: 0, width: drawn.width, height: drawn.height },
        visible,
        shadow.blur,
        color,
        label,
      ),
    );
    ctx.cw.alpha(color.a);
    ctx.cw.flush();
    ctx.doc.image(made.image, drawn.x + made.rect.x + shadow.x, drawn.y + made.rect.y + shadow.y, {
      width: made.rect.width,
      height: made.rect.height,
    });
  };
}

interface Transparency {
  transparent: boolean;
  /** A transparent image's pixels, when they can be decoded here. */
  decoded?: DecodedImage;
}

function hasTransparency(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return true;
  return false;
}

/** A PNG whose colour type has alpha (grey or RGB with alpha) or that has a tRNS chunk (a transparent colour). */
function pngMayBeTransparent(bytes: Uint8Array): boolean {
  const colorType = bytes[25];
  if (colorType === 4 || colorType === 6) return true;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (type === 'tRNS') return true;
    if (type === 'IDAT' || type === 'IEND') return false;
    at += 12 + length;
  }
  return false;
}

function intersection(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - x),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - y),
  };
}
