import type { ColorFilter } from '../../style/color-filter';
import type { ComputedStyle, TextShadow } from '../../style/computed-style';

/**
 * An inline element's `filter` (a `<span style="filter: grayscale(1)">`) on the text inside it. Its content is drawn
 * line by line, not as one group; its colour functions map each colour alike wherever it is painted, so the text
 * runs' colours (their decoration lines' and shadows' too) go through them here. The inline box's own background
 * and borders go through them when the painter paints its pieces.
 */
const made = new WeakMap<ComputedStyle, Map<string, ComputedStyle>>();

export function filteredText(style: ComputedStyle, filter: ColorFilter): ComputedStyle {
  let byFilter = made.get(style);
  if (!byFilter) {
    byFilter = new Map();
    made.set(style, byFilter);
  }
  let result = byFilter.get(filter.key);
  if (!result) {
    const decoration = style.textDecoration;
    result = {
      ...style,
      color: filter.color(style.color),
      textDecoration: decoration.color ? { ...decoration, color: filter.color(decoration.color) } : decoration,
      textShadow:
        style.textShadow?.map((shadow): TextShadow => ({ ...shadow, color: filter.color(shadow.color) })) ?? null,
    };
    byFilter.set(filter.key, result);
  }
  return result;
}
