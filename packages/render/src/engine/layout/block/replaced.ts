import type { ReplacedBox } from '../../boxes/box';
import { resolveLength } from '../../style/computed-style';
import type { BoxFragment, Fragment, Rect } from '../fragment';
import { borderOf, clampSize, type Edges, lengthOrNull, paddingOf, toContentSize } from './box-sides';

// CSS 2.1 §10.3.2: a replaced element with no size at all is 300 × 150 px.
const DEFAULT_WIDTH = 300 * 0.75;
const DEFAULT_HEIGHT = 150 * 0.75;

/** The used content size of an image, SVG or code (§10.3.2, §10.6.2, §10.4 with the aspect ratio kept). */
export function replacedSize(box: ReplacedBox, containingWidth: number | null): { width: number; height: number } {
  const s = box.style;
  const pad = paddingOf(s, containingWidth ?? 0);
  const bor = borderOf(s);
  const extrasH = pad.left + pad.right + bor.left + bor.right;
  const extrasV = pad.top + pad.bottom + bor.top + bor.bottom;
  const specifiedW = lengthOrNull(s.width, containingWidth);
  const specifiedH = lengthOrNull(s.height, null);
  let width = specifiedW === null ? null : toContentSize(specifiedW, s, extrasH);
  let height = specifiedH === null ? null : toContentSize(specifiedH, s, extrasV);
  const intrinsic = box.content.kind === 'missing' ? { width: 0, height: 0 } : box.intrinsic;
  const ratio = intrinsic && intrinsic.height > 0 ? intrinsic.width / intrinsic.height : null;
  if (width === null && height === null) {
    width = intrinsic?.width ?? DEFAULT_WIDTH;
    height = intrinsic?.height ?? (ratio ? width / ratio : DEFAULT_HEIGHT);
  } else if (width === null) {
    width = ratio ? (height as number) * ratio : (intrinsic?.width ?? DEFAULT_WIDTH);
  } else if (height === null) {
    height = ratio ? width / ratio : (intrinsic?.height ?? DEFAULT_HEIGHT);
  }
  const minW = lengthOrNull(s.minWidth, containingWidth);
  const maxW = lengthOrNull(s.maxWidth, containingWidth);
  const minH = lengthOrNull(s.minHeight, null);
  const maxH = lengthOrNull(s.maxHeight, null);
  const clampedW = clampSize(
    width,
    minW === null ? null : toContentSize(minW, s, extrasH),
    maxW === null ? null : toContentSize(maxW, s, extrasH),
  );
  let usedH = height as number;
  // A width clamped by max-width (the common `max-width: 100%`) scales an auto height with it.
  if (clampedW !== width && specifiedH === null && ratio) usedH = clampedW / ratio;
  usedH = clampSize(
    usedH,
    minH === null ? null : toContentSize(minH, s, extrasV),
    maxH === null ? null : toContentSize(maxH, s, extrasV),
  );
  return { width: clampedW, height: usedH };
}

/**
 * Where the content is drawn in a content box of `width` × `height` (CSS Images 3 §5.5 object-fit, §5.6
 * object-position), relative to the box's top-left corner: `fill` stretches it over the box; `contain` and `cover`
 * scale it, ratio kept, to fit inside or to cover; `none` keeps its natural size; `scale-down` is the smaller of
 * none and contain. Content without a natural size (an SVG with neither size nor viewBox) fills the box.
 */
function objectRect(box: ReplacedBox, width: number, height: number): Rect {
  const { objectFit, objectPosition } = box.style;
  const natural = box.intrinsic;
  if (objectFit === 'fill' || !natural || !(natural.width > 0 && natural.height > 0))
    return { x: 0, y: 0, width, height };
  let drawnW = natural.width;
  let drawnH = natural.height;
  if (objectFit !== 'none') {
    const pick = objectFit === 'cover' ? Math.max : Math.min;
    let scale = pick(width / natural.width, height / natural.height);
    if (objectFit === 'scale-down') scale = Math.min(scale, 1);
    drawnW = natural.width * scale;
    drawnH = natural.height * scale;
  }
  return {
    x: resolveLength(objectPosition.x, width - drawnW),
    y: resolveLength(objectPosition.y, height - drawnH),
    width: drawnW,
    height: drawnH,
  };
}

/** The replaced box's border-box fragment, its content drawn inside the padding. */
export function replacedFragment(
  box: ReplacedBox,
  containingWidth: number | null,
  role: BoxFragment['role'],
): BoxFragment {
  const { width, height } = replacedSize(box, containingWidth);
  const pad: Edges = paddingOf(box.style, containingWidth ?? 0);
  const bor = borderOf(box.style);
  const x = bor.left + pad.left;
  const y = bor.top + pad.top;
  const children: Fragment[] = [];
  const { content } = box;
  if ((content.kind === 'image' || content.kind === 'svg') && width > 0 && height > 0) {
    const drawn = objectRect(box, width, height);
    const clipped = drawn.x < 0 || drawn.y < 0 || drawn.x + drawn.width > width || drawn.y + drawn.height > height;
    const placed = {
      x: x + drawn.x,
      y: y + drawn.y,
      width: drawn.width,
      height: drawn.height,
      ...(clipped ? { clip: { x, y, width, height } } : {}),
      ...(box.link ? { link: box.link } : {}),
    };
    if (content.kind === 'image')
      children.push({ kind: 'image', ...placed, bytes: content.bytes, format: content.format });
    else children.push({ kind: 'svg', ...placed, markup: content.markup });
  }
  return {
    kind: 'box',
    x: 0,
    y: 0,
    width: width + pad.left + pad.right + bor.left + bor.right,
    height: height + pad.top + pad.bottom + bor.top + bor.bottom,
    style: box.style,
    role,
    children,
    avoidBreakInside: true,
    breakBefore: box.style.breakBefore,
    breakAfter: box.style.breakAfter,
    ...(box.link ? { link: box.link } : {}),
  };
}
