import { describe, expect, it } from 'vitest';
import { mirrorForRtl, paragraphLevels, visualOrder } from './bidi';

describe('paragraphLevels', () => {
  it('skips the algorithm for left-to-right text', () => {
    expect(paragraphLevels('plain text', 'ltr')).toBeNull();
  });

  it('resolves levels: Hebrew at 1 in a left-to-right paragraph, numbers at 2 in a right-to-left one', () => {
    expect([...(paragraphLevels('ab שלום', 'ltr') ?? [])]).toEqual([0, 0, 0, 1, 1, 1, 1]);
    expect([...(paragraphLevels('שלום 12', 'rtl') ?? [])]).toEqual([1, 1, 1, 1, 1, 2, 2]);
  });

  it('types characters outside the BMP by their class', () => {
    // An emoji between Hebrew words is neutral: it takes the right-to-left level, both halves of it.
    expect([...(paragraphLevels('א😀ב', 'ltr') ?? [])]).toEqual([1, 1, 1, 1]);
  });
});

describe('visualOrder', () => {
  it('reverses runs from the highest level down', () => {
    expect(visualOrder([0, 0, 0])).toEqual([0, 1, 2]);
    expect(visualOrder([1, 1, 1])).toEqual([2, 1, 0]);
    expect(visualOrder([0, 1, 1, 0])).toEqual([0, 2, 1, 3]);
    // Numbers (level 2) inside right-to-left text keep their own order.
    expect(visualOrder([1, 2, 2, 1])).toEqual([3, 1, 2, 0]);
  });
});

describe('mirrorForRtl', () => {
  it('swaps brackets', () => {
    expect(mirrorForRtl('(a)')).toBe(')a(');
    expect(mirrorForRtl('abc')).toBe('abc');
  });
});
