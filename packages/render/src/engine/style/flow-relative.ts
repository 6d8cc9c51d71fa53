import type { WritingMode } from './computed-style';
import type { PreparedDeclaration } from './declarations';

/**
 * CSS Logical Properties 1: flow-relative properties mean the physical side or size that the element's own computed
 * `writing-mode` and `direction` give them. In horizontal-tb the block axis runs top to bottom and the inline axis
 * left to right (right to left in rtl); in vertical-rl (and sideways-rl) the block axis runs right to left and the
 * inline axis top to bottom (bottom to top in rtl); in vertical-lr left to right and top to bottom; in sideways-lr
 * left to right and bottom to top (top to bottom in rtl).
 *
 * Which physical property a flow-relative one means is known only once the element's writing mode and direction
 * are computed: the cascade files each such declaration under every physical property it can mean
 * (`physicalLonghands`), in cascade order with the physical declarations, and the computation skips it under those
 * it does not mean for the element (`meantLonghand`). Whichever of a logical and a physical declaration comes later
 * in cascade order wins, as the specification asks.
 */

export type Direction = 'ltr' | 'rtl';

type Side = 'top' | 'right' | 'bottom' | 'left';

/** The physical sides of one writing mode and direction. */
interface FlowSides {
  blockStart: Side;
  blockEnd: Side;
  inlineStart: Side;
  inlineEnd: Side;
  /** The inline axis is horizontal: inline-size is the width. */
  horizontal: boolean;
}

const OPPOSITE: Record<Side, Side> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };

function flowSides(mode: WritingMode, direction: Direction): FlowSides {
  const rtl = direction === 'rtl';
  const [blockStart, inlineStart]: [Side, Side] =
    mode === 'horizontal-tb'
      ? ['top', rtl ? 'right' : 'left']
      : mode === 'vertical-rl' || mode === 'sideways-rl'
        ? ['right', rtl ? 'bottom' : 'top']
        : mode === 'vertical-lr'
          ? ['left', rtl ? 'bottom' : 'top']
          : ['left', rtl ? 'top' : 'bottom'];
  return {
    blockStart,
    blockEnd: OPPOSITE[blockStart],
    inlineStart,
    inlineEnd: OPPOSITE[inlineStart],
    horizontal: mode === 'horizontal-tb',
  };
}

const MODES: WritingMode[] = ['horizontal-tb', 'vertical-rl', 'vertical-lr', 'sideways-rl', 'sideways-lr'];
// By writing mode, then direction: looked up for every flow-relative declaration of every element (the user agent's
// paragraph and heading margins among them), without building a key.
const SIDES_BY_FLOW = Object.fromEntries(
  MODES.map((mode) => [mode, { ltr: flowSides(mode, 'ltr'), rtl: flowSides(mode, 'rtl') }]),
) as Record<WritingMode, Record<Direction, FlowSides>>;

type Meaning = (sides: FlowSides) => string;

/** A corner named by its block side then its inline side: the physical corner where those two sides meet. */
const corner =
  (block: 'blockStart' | 'blockEnd', inline: 'inlineStart' | 'inlineEnd'): Meaning =>
  (sides) => {
    const a = sides[block];
    const b = sides[inline];
    const vertical = a === 'top' || a === 'bottom' ? a : b;
    const horizontal = a === 'left' || a === 'right' ? a : b;
    return `border-${vertical}-${horizontal}-radius`;
  };

/** Every flow-relative longhand, with the physical longhand it means for a writing mode and direction. */
export const LOGICAL_LONGHANDS: Record<string, Meaning> = {
  'inline-size': (s) => (s.horizontal ? 'width' : 'height'),
  'block-size': (s) => (s.horizontal ? 'height' : 'width'),
  'min-inline-size': (s) => (s.horizontal ? 'min-width' : 'min-height'),
  'min-block-size': (s) => (s.horizontal ? 'min-height' : 'min-width'),
  'max-inline-size': (s) => (s.horizontal ? 'max-width' : 'max-height'),
  'max-block-size': (s) => (s.horizontal ? 'max-height' : 'max-width'),
  'border-start-start-radius': corner('blockStart', 'inlineStart'),
  'border-start-end-radius': corner('blockStart', 'inlineEnd'),
  'border-end-start-radius': corner('blockEnd', 'inlineStart'),
  'border-end-end-radius': corner('blockEnd', 'inlineEnd'),
};
const FLOW_SIDES = [
  ['block-start', 'blockStart'],
  ['block-end', 'blockEnd'],
  ['inline-start', 'inlineStart'],
  ['inline-end', 'inlineEnd'],
] as const;
for (const [name, side] of FLOW_SIDES) {
  LOGICAL_LONGHANDS[`margin-${name}`] = (s) => `margin-${s[side]}`;
  LOGICAL_LONGHANDS[`padding-${name}`] = (s) => `padding-${s[side]}`;
  LOGICAL_LONGHANDS[`inset-${name}`] = (s) => s[side];
  for (const part of ['width', 'style', 'color'])
    LOGICAL_LONGHANDS[`border-${name}-${part}`] = (s) => `border-${s[side]}-${part}`;
}

/** What a longhand means on an element of this writing mode and direction: itself unless it is flow-relative. */
function physicalOf(longhand: string, sides: FlowSides): string {
  const meaning = LOGICAL_LONGHANDS[longhand];
  return meaning ? meaning(sides) : longhand;
}

// Every physical longhand each flow-relative one can mean, in some writing mode and direction.
const ALL_MEANINGS = new Map<string, readonly string[]>();
for (const [longhand, meaning] of Object.entries(LOGICAL_LONGHANDS))
  ALL_MEANINGS.set(longhand, [
    ...new Set(MODES.flatMap((mode) => [meaning(SIDES_BY_FLOW[mode].ltr), meaning(SIDES_BY_FLOW[mode].rtl)])),
  ]);

/** The physical longhands a declared (or shorthand-set) longhand may mean: several for a flow-relative one. */
export function physicalLonghands(longhand: string): readonly string[] {
  return ALL_MEANINGS.get(longhand) ?? [longhand];
}

/**
 * Which longhand of a declaration sets `physical` on an element of this writing mode and direction: `physical`
 * itself for a declaration that is not flow-relative, the flow-relative longhand that means it, or undefined when
 * the declaration was filed under `physical` for another writing mode or direction.
 */
export function meantLonghand(
  declaration: PreparedDeclaration,
  physical: string,
  mode: WritingMode,
  direction: Direction,
  logicalShorthands: ReadonlyMap<string, readonly string[]>,
): string | undefined {
  const { property } = declaration;
  if (declaration.kind === 'longhand') {
    if (LOGICAL_LONGHANDS[property] === undefined) return property;
    return physicalOf(property, SIDES_BY_FLOW[mode][direction]) === physical ? property : undefined;
  }
  const longhands = logicalShorthands.get(property);
  if (longhands === undefined) return physical;
  const sides = SIDES_BY_FLOW[mode][direction];
  return longhands.find((name) => physicalOf(name, sides) === physical);
}

/** The shorthands that set flow-relative longhands, with the longhands they set (for `meantLonghand`). */
export function logicalShorthands(shorthandLonghands: Record<string, string[]>): Map<string, readonly string[]> {
  const found = new Map<string, readonly string[]>();
  for (const [shorthand, longhands] of Object.entries(shorthandLonghands))
    if (longhands.some((name) => LOGICAL_LONGHANDS[name] !== undefined)) found.set(shorthand, longhands);
  return found;
}
