import { describe, expect, it } from 'vitest';
import { ColorFilter, filterOpacity } from './color-filter';
import type { Color } from './computed-style';
import type { FilterFunction } from './filters';

const rgb = (r: number, g: number, b: number, a = 1): Color => ({ r, g, b, a });
const through = (functions: FilterFunction[], color: Color, outer: ColorFilter | null = null) => {
  const filter = ColorFilter.of(functions, outer);
  if (!filter) throw new Error('no filter');
  const out = filter.color(color);
  return [out.r, out.g, out.b, out.a].map((v) => Math.round(v * 100) / 100);
};
const amount = (kind: Exclude<FilterFunction['kind'], 'hue-rotate' | 'blur' | 'drop-shadow' | 'url'>, value: number) =>
  ({ kind, amount: value }) as FilterFunction;

describe('ColorFilter: the matrices of Filter Effects 1 §13 on sRGB values', () => {
  it('grayscale: the luminance weights at 100%, half-way at 50%', () => {
    // 0.2126 × 200 + 0.7152 × 100 + 0.0722 × 50.
    expect(through([amount('grayscale', 1)], rgb(200, 100, 50))).toEqual([117.65, 117.65, 117.65, 1]);
    // At 50%: red row (0.2126 + 0.7874 × 0.5, 0.7152 − 0.7152 × 0.5, 0.0722 − 0.0722 × 0.5) · (200, 100, 50).
    expect(through([amount('grayscale', 0.5)], rgb(200, 100, 50))[0]).toBeCloseTo(158.83, 1);
  });

  it('sepia, saturate and hue-rotate by their matrices', () => {
    // (0.393 × 100 + 0.769 × 150 + 0.189 × 200, 0.349 × 100 + 0.686 × 150 + 0.168 × 200, 0.272 × 100 + …).
    expect(through([amount('sepia', 1)], rgb(100, 150, 200))).toEqual([192.45, 171.4, 133.5, 1]);
    // saturate(0) is the grey of the 0.213 / 0.715 / 0.072 weights; saturate(2) pushes away from it (and clamps).
    expect(through([amount('saturate', 0)], rgb(255, 0, 0))).toEqual([54.32, 54.32, 54.32, 1]);
    expect(through([amount('saturate', 2)], rgb(200, 100, 50))).toEqual([255, 82.3, 0, 1]);
    // A half turn of pure red: 0.213 + cos × 0.787 − sin × 0.213 with cos = −1, sin = 0 → clamped at 0, and so on.
    expect(through([{ kind: 'hue-rotate', angle: 180 }], rgb(255, 0, 0))).toEqual([0, 108.63, 108.63, 1]);
  });

  it('invert, brightness and contrast as their component transfers', () => {
    expect(through([amount('invert', 1)], rgb(10, 100, 255))).toEqual([245, 155, 0, 1]);
    expect(through([amount('invert', 0.25)], rgb(0, 255, 100))).toEqual([63.75, 191.25, 113.75, 1]);
    expect(through([amount('brightness', 0.5)], rgb(200, 100, 50))).toEqual([100, 50, 25, 1]);
    expect(through([amount('brightness', 2)], rgb(200, 100, 50))).toEqual([255, 200, 100, 1]);
    // Slope 2 and intercept −0.5: 0.25 → 0, 0.75 → 1, 0.5 stays.
    expect(through([amount('contrast', 2)], rgb(63.75, 191.25, 127.5))).toEqual([0, 255, 127.5, 1]);
  });

  it('leaves alpha alone: opacity() is the group opacity, multiplied over the list', () => {
    expect(through([amount('invert', 1)], rgb(0, 0, 0, 0.3))).toEqual([255, 255, 255, 0.3]);
    expect(ColorFilter.of([amount('opacity', 0.5)], null)).toBeNull();
    expect(filterOpacity([amount('opacity', 0.5), amount('invert', 1), amount('opacity', 0.5)])).toBe(0.25);
  });

  it('applies a list in its order, each function clamping what it gives the next', () => {
    // A white logo from any colours: black first, then inverted; the other way round it is black.
    expect(through([amount('brightness', 0), amount('invert', 1)], rgb(30, 90, 200))).toEqual([255, 255, 255, 1]);
    expect(through([amount('invert', 1), amount('brightness', 0)], rgb(30, 90, 200))).toEqual([0, 0, 0, 1]);
    // 200 × 2 is clamped to 255 before it is halved: not 200 again.
    expect(through([amount('brightness', 2), amount('brightness', 0.5)], rgb(200, 50, 0))).toEqual([127.5, 50, 0, 1]);
    expect(through([amount('grayscale', 1), amount('sepia', 1)], rgb(0, 0, 255))[0]).toBeCloseTo(
      0.0722 * 255 * 1.351,
      1,
    );
  });

  it("applies an element's functions before those of the filtered elements around it", () => {
    const outer = ColorFilter.of([amount('invert', 1)], null);
    expect(through([amount('brightness', 0)], rgb(30, 90, 200), outer)).toEqual([255, 255, 255, 1]);
    // Functions that change nothing leave the filter around as it is.
    expect(
      ColorFilter.of([amount('grayscale', 0), { kind: 'hue-rotate', angle: 0 }, amount('brightness', 1)], outer),
    ).toBe(outer);
    expect(ColorFilter.of([{ kind: 'blur', radius: 2 }], null)).toBeNull();
  });

  it('maps pixels as it maps colours, alpha untouched', () => {
    const functions = [
      amount('saturate', 3),
      { kind: 'hue-rotate', angle: 40 } as FilterFunction,
      amount('contrast', 1.4),
    ];
    const filter = ColorFilter.of(functions, null) as ColorFilter;
    const pixels = new Uint8Array([200, 100, 50, 255, 0, 128, 255, 40, 17, 34, 51, 0]);
    const expected = [0, 4, 8].flatMap((i) => {
      const c = filter.color(rgb(pixels[i] as number, pixels[i + 1] as number, pixels[i + 2] as number));
      return [Math.round(c.r), Math.round(c.g), Math.round(c.b), pixels[i + 3]];
    });
    filter.pixels(pixels);
    expect([...pixels]).toEqual(expected);
    const single = ColorFilter.of([amount('grayscale', 1), amount('invert', 1)], null) as ColorFilter;
    const grey = new Uint8Array([200, 100, 50, 255]);
    single.pixels(grey);
    expect([...grey]).toEqual([137, 137, 137, 255]);
  });
});
