import type { Color, ComputedStyle } from '../../style/computed-style';

/**
 * An inline element's `opacity` (a `<span style="opacity: .5">`) on the text inside it. A browser paints the
 * element's content as one group at that opacity; its text runs do not overlap, so drawing each run (its colour, its
 * decoration lines, its shadows) with the alpha multiplied prints the same. The inline box's own background and
 * borders are painted as a group by the painter.
 */
const made = new WeakMap<ComputedStyle, Map<number, ComputedStyle>>();

const fade = (color: Color, by: number): Color => ({ ...color, a: color.a * by });

export function faded(style: ComputedStyle, by: number): ComputedStyle {
  let byStyle = made.get(style);
  if (!byStyle) {
    byStyle = new Map();
    made.set(style, byStyle);
  }
  let result = byStyle.get(by);
  if (!result) {
    const decoration = style.textDecoration;
    result = {
      ...style,
      color: fade(style.color, by),
      textDecoration: decoration.color ? { ...decoration, color: fade(decoration.color, by) } : decoration,
      textShadow: style.textShadow?.map((shadow) => ({ ...shadow, color: fade(shadow.color, by) })) ?? null,
    };
    byStyle.set(by, result);
  }
  return result;
}
