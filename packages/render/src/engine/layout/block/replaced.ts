import type { ReplacedBox } from '../../boxes/box';
import type { BoxFragment, Fragment } from '../fragment';
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
  if (content.kind === 'image' && width > 0 && height > 0) {
    children.push({
      kind: 'image',
      x,
      y,
      width,
      height,
      bytes: content.bytes,
      format: content.format,
      ...(box.link ? { link: box.link } : {}),
    });
  } else if (content.kind === 'svg' && width > 0 && height > 0) {
    children.push({
      kind: 'svg',
      x,
      y,
      width,
      height,
      markup: content.markup,
      ...(box.link ? { link: box.link } : {}),
    });
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
