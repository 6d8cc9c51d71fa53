import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache';

describe('BoundedCache', () => {
  it('holds at most its limit, letting go of the older half at once', () => {
    const cache = new BoundedCache<string, number>(10);
    for (let i = 0; i < 1000; i++) {
      cache.set(`k${i}`, i);
      expect(cache.size).toBeLessThanOrEqual(10);
    }
    // The last ten are kept (the last five in the recent half, the five before them in the older one); the rest
    // are gone.
    expect(cache.size).toBe(10);
    for (let i = 999; i >= 995; i--) expect(cache.get(`k${i}`)).toBe(i);
    expect(cache.get('k994')).toBe(994);
    expect(cache.get('k989')).toBeUndefined();
    expect(cache.get('k0')).toBeUndefined();
  });

  it('keeps what keeps being read', () => {
    const cache = new BoundedCache<string, number>(4);
    cache.set('often', 1);
    for (let i = 0; i < 100; i++) {
      cache.set(`once${i}`, i);
      expect(cache.get('often')).toBe(1);
    }
  });
});
