import type { BlockBox, BlockLevelBox } from '../../boxes/box';
import { resolveLength } from '../../style/computed-style';
import { containerItems } from '../container-items';
import type { IntrinsicWidths, LayoutContext } from '../context';

/**
 * A flex container's content min-content and max-content widths (CSS Flexbox §9.9.1): a row lays its items side
 * by side (a single line cannot go below the sum of their min-contents; a wrapping one below the widest), a
 * column stacks them.
 */
export function flexIntrinsicWidths(box: BlockBox, ctx: LayoutContext): IntrinsicWidths {
  const s = box.style;
  const row = s.flexDirection === 'row' || s.flexDirection === 'row-reverse';
  const items = containerItems(box);
  const gap = row
    ? Math.max(0, s.columnGap === 'normal' ? 0 : resolveLength(s.columnGap, 0)) * Math.max(0, items.length - 1)
    : 0;
  let sumMin = 0;
  let sumMax = 0;
  let widestMin = 0;
  let widestMax = 0;
  for (const item of items) {
    const widths = ctx.intrinsicWidths(item);
    const margins = fixedMargins(item);
    sumMin += widths.min + margins;
    sumMax += widths.max + margins;
    widestMin = Math.max(widestMin, widths.min + margins);
    widestMax = Math.max(widestMax, widths.max + margins);
  }
  if (!row) return { min: widestMin, max: widestMax };
  return { min: s.flexWrap === 'nowrap' ? sumMin + gap : widestMin, max: sumMax + gap };
}

function fixedMargins(box: BlockLevelBox): number {
  const fixed = (m: BlockLevelBox['style']['marginLeft']) => (m === 'auto' || m.pct !== 0 ? 0 : m.pt);
  return fixed(box.style.marginLeft) + fixed(box.style.marginRight);
}
