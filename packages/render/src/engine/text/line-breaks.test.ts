import { describe, expect, it } from 'vitest';
import { FORCED_BREAK, lineBreaks, NO_BREAK, SOFT_BREAK } from './line-breaks';

const opportunities = (text: string) => [...lineBreaks(text)].flatMap((kind, i) => (kind === SOFT_BREAK ? [i] : []));

describe('lineBreaks', () => {
  it('finds UAX #14 opportunities after spaces and hyphens, not inside words or before punctuation', () => {
    expect(opportunities('one two-three (four)!')).toEqual([4, 8, 14]);
    expect(lineBreaks('a\nb')[2]).toBe(FORCED_BREAK);
    expect(lineBreaks('unbreakable').every((k) => k === NO_BREAK)).toBe(true);
  });

  it('is cached per text', () => {
    expect(lineBreaks('same text here')).toBe(lineBreaks('same text here'));
  });
});
