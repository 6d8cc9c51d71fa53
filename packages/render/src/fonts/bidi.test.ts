import { describe, expect, it } from 'vitest';
import { hasRtl, toVisualOrder } from './bidi';

describe('right-to-left text', () => {
  it('leaves left-to-right text alone', () => {
    expect(hasRtl('Invoice 42')).toBe(false);
    expect(toVisualOrder('Invoice 42 (draft)')).toBe('Invoice 42 (draft)');
  });

  it('orders right-to-left words for a left-to-right writer, keeping each word logical for the shaper', () => {
    // Two Hebrew words: the second is placed first (leftmost); letters stay in logical order for fontkit.
    expect(toVisualOrder('שלום עולם')).toBe('עולם שלום');
    expect(toVisualOrder('مرحبا بالعالم')).toBe('بالعالم مرحبا');
  });

  it('keeps numbers left to right inside right-to-left text and mirrors brackets', () => {
    expect(toVisualOrder('סה״כ 120 ₪')).toBe('₪ 120 סה״כ');
    expect(toVisualOrder('(שלום)')).toBe('(שלום)');
  });

  it('handles mixed text in a left-to-right paragraph', () => {
    expect(toVisualOrder('Total: שקל חדש')).toBe('Total: חדש שקל');
    expect(toVisualOrder('Total: שקל חדש', 'ltr')).toBe('Total: חדש שקל');
  });

  it('follows the paragraph direction when one is given', () => {
    expect(toVisualOrder('Invoice שולמה', 'rtl')).toBe('שולמה Invoice');
  });
});
