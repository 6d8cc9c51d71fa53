/**
 * Adjoining vertical margins collapse (CSS 2.1 §8.3.1): the largest positive margin plus the most negative one.
 * A set is kept as those two numbers, so collapsing any number of margins costs nothing.
 */
export interface MarginSet {
  positive: number;
  negative: number;
}

export const NO_MARGIN: MarginSet = { positive: 0, negative: 0 };

export function marginSet(value: number): MarginSet {
  return value >= 0 ? { positive: value, negative: 0 } : { positive: 0, negative: value };
}

export function adjoin(a: MarginSet, b: MarginSet): MarginSet {
  return { positive: Math.max(a.positive, b.positive), negative: Math.min(a.negative, b.negative) };
}

export function collapsed(set: MarginSet): number {
  return set.positive + set.negative;
}
