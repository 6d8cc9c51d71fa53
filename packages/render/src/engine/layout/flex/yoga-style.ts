import { Align, FlexDirection, Justify, Wrap } from 'yoga-layout/load';
import type { ComputedStyle } from '../../style/computed-style';

export const isRow = (s: ComputedStyle) => s.flexDirection === 'row' || s.flexDirection === 'row-reverse';

export function flexDirection(s: ComputedStyle): FlexDirection {
  switch (s.flexDirection) {
    case 'row-reverse':
      return FlexDirection.RowReverse;
    case 'column':
      return FlexDirection.Column;
    case 'column-reverse':
      return FlexDirection.ColumnReverse;
    default:
      return FlexDirection.Row;
  }
}

export function flexWrap(s: ComputedStyle): Wrap {
  if (s.flexWrap === 'wrap') return Wrap.Wrap;
  if (s.flexWrap === 'wrap-reverse') return Wrap.WrapReverse;
  return Wrap.NoWrap;
}

/**
 * justify-content: `start`/`end` are the writing mode's, which is the main axis's flex-start/end unless the
 * direction is reversed; `left`/`right` are start/end in a row and start in a column (CSS Box Alignment §6.1).
 */
export function justifyContent(s: ComputedStyle): Justify {
  const reversed = s.flexDirection === 'row-reverse' || s.flexDirection === 'column-reverse';
  const row = isRow(s);
  switch (s.justifyContent) {
    case 'flex-end':
      return Justify.FlexEnd;
    case 'center':
      return Justify.Center;
    case 'space-between':
      return Justify.SpaceBetween;
    case 'space-around':
      return Justify.SpaceAround;
    case 'space-evenly':
      return Justify.SpaceEvenly;
    case 'start':
    case 'left':
      return reversed ? Justify.FlexEnd : Justify.FlexStart;
    case 'end':
      return reversed ? Justify.FlexStart : Justify.FlexEnd;
    case 'right':
      if (!row) return reversed ? Justify.FlexEnd : Justify.FlexStart;
      return reversed ? Justify.FlexStart : Justify.FlexEnd;
    default:
      return Justify.FlexStart;
  }
}

/** align-items and align-self. Baseline is placed at flex-start; the flex layout then moves it (no baseline function in Yoga's JavaScript binding). */
export function alignItem(value: ComputedStyle['alignSelf']): Align {
  switch (value) {
    case 'auto':
      return Align.Auto;
    case 'flex-start':
    case 'start':
    case 'self-start':
    case 'baseline':
      return Align.FlexStart;
    case 'flex-end':
    case 'end':
    case 'self-end':
      return Align.FlexEnd;
    case 'center':
      return Align.Center;
    default:
      return Align.Stretch;
  }
}

export function alignContent(s: ComputedStyle): Align {
  switch (s.alignContent) {
    case 'flex-start':
    case 'start':
    case 'baseline':
      return Align.FlexStart;
    case 'flex-end':
    case 'end':
      return Align.FlexEnd;
    case 'center':
      return Align.Center;
    case 'space-between':
      return Align.SpaceBetween;
    case 'space-around':
      return Align.SpaceAround;
    case 'space-evenly':
      return Align.SpaceEvenly;
    default:
      return Align.Stretch;
  }
}
