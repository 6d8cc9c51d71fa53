import { type ComputedStyle, type Display, INHERITED_PROPERTIES, initialStyle } from '../style/computed-style';

/**
 * Properties an anonymous box takes from its parent (CSS 2.1 §9.2.1.1: anonymous boxes inherit the inheritable
 * ones, the others are initial). `textDecoration` is here because the style stage stores the decorations that
 * reach an element's text, which an anonymous box's text must keep.
 */
const INHERITED = [...INHERITED_PROPERTIES, 'textDecoration'] as const;

/** The style of an anonymous box inside `parent`: inherited properties from it, the rest initial. */
export function anonymousStyle(parent: ComputedStyle, display: Display = 'block'): ComputedStyle {
  // A fresh literal rather than a spread of one: V8 writes to a spread copy of this many fields slowly.
  const style = initialStyle();
  style.display = display;
  const target = style as unknown as Record<string, unknown>;
  const source = parent as unknown as Record<string, unknown>;
  for (const key of INHERITED) target[key] = source[key];
  return style;
}
