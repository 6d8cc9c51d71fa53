import type { BlockLevelBox } from '../../boxes/box';
import { type ComputedStyle, pt, resolveLength } from '../../style/computed-style';

const ZERO = pt(0);

/**
 * The item as block layout must lay it out once the flex algorithm has sized it: its border box exactly `width`
 * (and `height`, when given) wide, no margins (the flex layout placed them), percentage paddings resolved
 * against the flex container's content width as CSS says (block layout would resolve them against `width`).
 */
export function sizedItem(
  item: BlockLevelBox,
  width: number,
  height: number | null,
  containerWidth: number,
): BlockLevelBox {
  const s = item.style;
  const style: ComputedStyle = {
    ...s,
    boxSizing: 'border-box',
    width: pt(width),
    minWidth: 'auto',
    maxWidth: 'none',
    height: height === null ? 'auto' : pt(height),
    minHeight: 'auto',
    maxHeight: 'none',
    marginTop: ZERO,
    marginRight: ZERO,
    marginBottom: ZERO,
    marginLeft: ZERO,
    paddingTop: pt(resolveLength(s.paddingTop, containerWidth)),
    paddingRight: pt(resolveLength(s.paddingRight, containerWidth)),
    paddingBottom: pt(resolveLength(s.paddingBottom, containerWidth)),
    paddingLeft: pt(resolveLength(s.paddingLeft, containerWidth)),
  };
  return { ...item, style } as BlockLevelBox;
}
