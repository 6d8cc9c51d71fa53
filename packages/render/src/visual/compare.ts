import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export interface CompareOptions {
  /** pixelmatch's per-pixel colour threshold, 0–1; smaller is more sensitive. */
  threshold?: number;
}

export interface CompareResult {
  /** Pixels that differ (every pixel of the larger image when the sizes differ). */
  mismatchedPixels: number;
  /** mismatchedPixels over the pixel count, 0–1. */
  ratio: number;
  /** The differences drawn in red over a faded copy of the golden; the actual image when the sizes differ. */
  diffPng: Buffer;
}

/** Compares two PNGs pixel by pixel; images of different sizes count as completely different. */
export function comparePng(actual: Buffer, golden: Buffer, { threshold = 0.1 }: CompareOptions = {}): CompareResult {
  const a = PNG.sync.read(actual);
  const g = PNG.sync.read(golden);
  if (a.width !== g.width || a.height !== g.height) {
    const total = Math.max(a.width * a.height, g.width * g.height);
    return { mismatchedPixels: total, ratio: 1, diffPng: PNG.sync.write(a) };
  }
  const { width, height } = a;
  const diff = new PNG({ width, height });
  const mismatchedPixels = pixelmatch(g.data, a.data, diff.data, width, height, { threshold });
  const pixels = width * height;
  return { mismatchedPixels, ratio: pixels === 0 ? 0 : mismatchedPixels / pixels, diffPng: PNG.sync.write(diff) };
}
