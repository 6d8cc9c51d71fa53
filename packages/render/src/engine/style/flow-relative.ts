import type { PreparedDeclaration } from './declarations';

/**
 * CSS Logical Properties 1 for `writing-mode: horizontal-tb`, the only writing mode the engine lays out: the block
 * axis runs top to bottom and the inline axis left to right, or right to left when the direction is rtl.
 *
 * Properties of the block axis and the sizes mean one physical property whatever the direction: they are read as
 * that property's other name (`ALIASES`), so that they share its cascade. Properties of the inline axis mean left
 * or right depending on the element's own computed `direction`, which is known only once the element is computed:
 * the cascade files each such declaration under both physical properties it can mean (`physicalLonghands`), in
 * cascade order with the physical declarations, and the computation skips it under the one it does not mean for
 * the element's direction (`meantLonghand`). Whichever of a logical and a physical declaration comes later in
 * cascade order wins, as the specification asks.
 */

export type Direction = 'ltr' | 'rtl';

/** Flow-relative properties that are one physical property in every horizontal writing mode. */
export const DIRECTION_FREE_ALIASES: Record<string, string> = {
  'inline-size': 'width',
  'block-size': 'height',
  'min-inline-size': 'min-width',
  'min-block-size': 'min-height',
  'max-inline-size': 'max-width',
  'max-block-size': 'max-height',
  'margin-block-start': 'margin-top',
  'margin-block-end': 'margin-bottom',
  'padding-block-start': 'padding-top',
  'padding-block-end': 'padding-bottom',
  'inset-block-start': 'top',
  'inset-block-end': 'bottom',
  'border-block-start-width': 'border-top-width',
  'border-block-start-style': 'border-top-style',
  'border-block-start-color': 'border-top-color',
  'border-block-end-width': 'border-bottom-width',
  'border-block-end-style': 'border-bottom-style',
  'border-block-end-color': 'border-bottom-color',
};

/** Flow-relative longhands of the inline axis: the physical longhand each means in ltr and in rtl. */
export const INLINE_LONGHANDS: Record<string, readonly [ltr: string, rtl: string]> = {
  'margin-inline-start': ['margin-left', 'margin-right'],
  'margin-inline-end': ['margin-right', 'margin-left'],
  'padding-inline-start': ['padding-left', 'padding-right'],
  'padding-inline-end': ['padding-right', 'padding-left'],
  'inset-inline-start': ['left', 'right'],
  'inset-inline-end': ['right', 'left'],
  // The corners name the block side first, then the inline side.
  'border-start-start-radius': ['border-top-left-radius', 'border-top-right-radius'],
  'border-start-end-radius': ['border-top-right-radius', 'border-top-left-radius'],
  'border-end-start-radius': ['border-bottom-left-radius', 'border-bottom-right-radius'],
  'border-end-end-radius': ['border-bottom-right-radius', 'border-bottom-left-radius'],
};
for (const part of ['width', 'style', 'color']) {
  INLINE_LONGHANDS[`border-inline-start-${part}`] = [`border-left-${part}`, `border-right-${part}`];
  INLINE_LONGHANDS[`border-inline-end-${part}`] = [`border-right-${part}`, `border-left-${part}`];
}

/** The physical longhands a declared (or shorthand-set) longhand may mean: both sides for the inline axis. */
export function physicalLonghands(longhand: string): readonly string[] {
  return INLINE_LONGHANDS[longhand] ?? [longhand];
}

/**
 * Which longhand of a declaration sets `physical` on an element of this direction: `physical` itself for a
 * declaration that is not flow-relative, the inline-axis longhand that means it, or undefined when the
 * declaration was filed under `physical` for the other direction.
 */
export function meantLonghand(
  declaration: PreparedDeclaration,
  physical: string,
  direction: Direction,
  inlineShorthands: ReadonlyMap<string, readonly string[]>,
): string | undefined {
  const side = direction === 'rtl' ? 1 : 0;
  const { property } = declaration;
  if (declaration.kind === 'longhand') {
    const sides = INLINE_LONGHANDS[property];
    return sides === undefined || sides[side] === physical ? property : undefined;
  }
  const longhands = inlineShorthands.get(property);
  if (longhands === undefined) return physical;
  return longhands.find((name) => INLINE_LONGHANDS[name]?.[side] === physical);
}

/** The shorthands that set inline-axis longhands, with those longhands (for `meantLonghand`). */
export function inlineShorthands(shorthandLonghands: Record<string, string[]>): Map<string, readonly string[]> {
  const found = new Map<string, readonly string[]>();
  for (const [shorthand, longhands] of Object.entries(shorthandLonghands))
    if (longhands.some((name) => INLINE_LONGHANDS[name] !== undefined)) found.set(shorthand, longhands);
  return found;
}
