import type { Color } from '../style/computed-style';
import { latin1, type Rect } from './content';
import type { PdfDocument, PdfImage } from './pdfkit-types';
import type { DecodedImage } from './platform';

/** A drop shadow made of an image's alpha: the image to draw, and where (its own rectangle, in points). */
export interface ShadowImage {
  image: PdfImage;
  rect: Rect;
}

/**
 * The drop shadow of an image with transparency (Filter Effects 1 §13.5: the alpha, offset, blurred with a
 * Gaussian of standard deviation half the blur radius, in the shadow's colour). The image is drawn over `drawn`
 * (points) and shows only inside `visible` (object-fit's cut): its alpha there is blurred in the image's own
 * pixels, three box blurs standing for the Gaussian, and padded by three deviations on each side, where the blur
 * fades out. The result is an image of the colour with that alpha as its soft mask, for `rect` less the offset.
 */
export function shadowImage(
  doc: PdfDocument,
  decoded: DecodedImage,
  drawn: Rect,
  visible: Rect | undefined,
  blur: number,
  color: Color,
  label: string,
): ShadowImage {
  const { width, height, data } = decoded;
  // Image pixels per point, across and down.
  const scaleX = width / drawn.width;
  const scaleY = height / drawn.height;
  const sigmaX = (blur / 2) * scaleX;
  const sigmaY = (blur / 2) * scaleY;
  const padX = Math.ceil(3 * sigmaX);
  const padY = Math.ceil(3 * sigmaY);
  const w = width + 2 * padX;
  const h = height + 2 * padY;
  let plane = new Float32Array(w * h);
  // The part of the image that shows, in its pixels.
  const left = visible ? Math.max(0, Math.floor((visible.x - drawn.x) * scaleX)) : 0;
  const top = visible ? Math.max(0, Math.floor((visible.y - drawn.y) * scaleY)) : 0;
  const right = visible ? Math.min(width, Math.ceil((visible.x + visible.width - drawn.x) * scaleX)) : width;
  const bottom = visible ? Math.min(height, Math.ceil((visible.y + visible.height - drawn.y) * scaleY)) : height;
  for (let y = top; y < bottom; y++)
    for (let x = left; x < right; x++) plane[(y + padY) * w + x + padX] = data[(y * width + x) * 4 + 3] as number;
  let spare = new Float32Array(w * h);
  for (const size of boxSizes(sigmaX)) {
    boxBlur(plane, spare, h, w, size, 1, w);
    [plane, spare] = [spare, plane];
  }
  for (const size of boxSizes(sigmaY)) {
    boxBlur(plane, spare, w, h, size, w, 1);
    [plane, spare] = [spare, plane];
  }
  const alpha = new Uint8Array(w * h);
  for (let i = 0; i < alpha.length; i++) alpha[i] = Math.round(Math.min(255, Math.max(0, plane[i] as number)));
  const rgb = new Uint8Array(w * h * 3);
  for (let i = 0; i < rgb.length; i += 3) {
    rgb[i] = Math.round(color.r);
    rgb[i + 1] = Math.round(color.g);
    rgb[i + 2] = Math.round(color.b);
  }
  const image = (colorSpace: 'DeviceRGB' | 'DeviceGray', bytes: Uint8Array, extra: Record<string, unknown>) => {
    const ref = doc.ref({
      Type: 'XObject',
      Subtype: 'Image',
      Width: w,
      Height: h,
      BitsPerComponent: 8,
      ColorSpace: colorSpace,
      ...extra,
    });
    ref.end(latin1(bytes));
    return ref;
  };
  const mask = image('DeviceGray', alpha, {});
  const obj = image('DeviceRGB', rgb, { SMask: mask });
  return {
    image: { label, width: w, height: h, obj, embed() {} },
    rect: { x: drawn.x - padX / scaleX, y: drawn.y - padY / scaleY, width: w / scaleX, height: h / scaleY },
  };
}

/**
 * The widths of three box blurs that together stand for a Gaussian of deviation `sigma` (Kovesi's construction:
 * odd widths, some one size and the rest the next), none when there is no blur to speak of.
 */
function boxSizes(sigma: number): number[] {
  if (sigma < 0.5) return [];
  const n = 3;
  const ideal = Math.sqrt((12 * sigma * sigma) / n + 1);
  let lower = Math.floor(ideal);
  if (lower % 2 === 0) lower--;
  const upper = lower + 2;
  const m = Math.round((12 * sigma * sigma - n * lower * lower - 4 * n * lower - 3 * n) / (-4 * lower - 4));
  return Array.from({ length: n }, (_, i) => (i < m ? lower : upper));
}

/**
 * One box blur of width `size` along lines of a plane: `lines` lines of `length` values, consecutive values
 * `step` apart and lines `stride` apart (rows: 1 and the width; columns: the width and 1). Outside is 0.
 */
function boxBlur(
  from: Float32Array,
  to: Float32Array,
  lines: number,
  length: number,
  size: number,
  step: number,
  stride: number,
): void {
  const radius = (size - 1) / 2;
  for (let line = 0; line < lines; line++) {
    const start = line * stride;
    let sum = 0;
    for (let i = 0; i <= Math.min(radius, length - 1); i++) sum += from[start + i * step] as number;
    for (let i = 0; i < length; i++) {
      to[start + i * step] = sum / size;
      const enter = i + radius + 1;
      const leave = i - radius;
      if (enter < length) sum += from[start + enter * step] as number;
      if (leave >= 0) sum -= from[start + leave * step] as number;
    }
  }
}
