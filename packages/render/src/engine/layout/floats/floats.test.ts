import { describe, expect, it } from 'vitest';
import { FloatContext } from './floats';

describe('FloatContext', () => {
  it('leaves the room between left and right floats over a band, and none outside their heights', () => {
    const floats = new FloatContext();
    floats.place('left', 100, 50, 0, 0, 500, 'none');
    floats.place('right', 80, 20, 0, 0, 500, 'none');
    expect(floats.band(0, 10, 0, 500)).toEqual({ left: 100, right: 420, narrowed: true });
    expect(floats.band(30, 10, 0, 500)).toEqual({ left: 100, right: 500, narrowed: true });
    expect(floats.band(50, 10, 0, 500)).toEqual({ left: 0, right: 500, narrowed: false });
    // A band that reaches into a float is narrowed by it.
    expect(floats.band(15, 10, 0, 500).right).toBe(420);
  });

  it('puts a float beside the earlier ones when it fits, else below the first one it clears', () => {
    const floats = new FloatContext();
    expect(floats.place('left', 200, 40, 0, 0, 500, 'none')).toEqual({ x: 0, y: 0 });
    expect(floats.place('left', 200, 60, 0, 0, 500, 'none')).toEqual({ x: 200, y: 0 });
    // 100 wide is left beside them, and still beside the second where the first ends: 150 goes below both.
    expect(floats.place('left', 150, 10, 0, 0, 500, 'none')).toEqual({ x: 0, y: 60 });
    // Never above an earlier float, even where there would be room.
    expect(floats.place('right', 50, 10, 0, 0, 500, 'none')).toEqual({ x: 450, y: 60 });
  });

  it('clears the floats of one side or both, and gives the next bottom where the room changes', () => {
    const floats = new FloatContext();
    floats.place('left', 100, 30, 0, 0, 500, 'none');
    floats.place('right', 100, 70, 0, 0, 500, 'none');
    expect(floats.clearance('left')).toBe(30);
    expect(floats.clearance('right')).toBe(70);
    expect(floats.clearance('both')).toBe(70);
    expect(floats.clearance('none')).toBe(Number.NEGATIVE_INFINITY);
    expect(floats.nextBottom(0)).toBe(30);
    expect(floats.nextBottom(30)).toBe(70);
    expect(floats.nextBottom(70)).toBeNull();
    expect(floats.place('left', 10, 10, 0, 0, 500, 'right')).toEqual({ x: 0, y: 70 });
  });

  it('finds where a box of a given width fits beside the floats, and takes back what a discarded layout placed', () => {
    const floats = new FloatContext();
    floats.place('left', 300, 50, 0, 0, 500, 'none');
    expect(floats.roomFor(150, 20, 0, 0, 500)).toMatchObject({ left: 300, right: 500, top: 0 });
    expect(floats.roomFor(250, 20, 0, 0, 500)).toMatchObject({ left: 0, right: 500, top: 50, narrowed: false });
    const mark = floats.count;
    floats.place('right', 10, 10, 0, 0, 500, 'none');
    floats.truncate(mark);
    expect(floats.count).toBe(1);
    expect(floats.lowest()).toBe(50);
    expect(floats.reachesBelow(49)).toBe(true);
    expect(floats.reachesBelow(50)).toBe(false);
  });
});
