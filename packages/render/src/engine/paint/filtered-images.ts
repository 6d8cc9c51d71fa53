import type { ColorFilter } from '../style/color-filter';
import { latin1 } from './content';
import type { PdfDocument, PdfImage, PdfRef } from './pdfkit-types';
import type { DecodedImage } from './platform';

/**
 * Images larger than this are not decoded for a filter: they are reported. The pixels pass through a few copies on
 * their way into the PDF (RGBA, RGB and alpha planes, the stream), some 16 bytes a pixel: 400 MB at this size.
 */
export const MAX_FILTERED_PIXELS = 25_000_000;

/**
 * Decoded pixels through a colour filter, as an image pdfkit's `image()` draws like any other: the colours written
 * as a raw RGB image XObject (pdfkit deflates it), the alpha, when there is any, as its soft mask, with the
 * original's size and EXIF orientation so that it is placed exactly as the unfiltered image would be.
 */
export function embedFiltered(
  doc: PdfDocument,
  decoded: DecodedImage,
  filter: ColorFilter,
  label: string,
  orientation: number,
): PdfImage {
  const { width, height, data } = decoded;
  filter.pixels(data);
  const count = width * height;
  const rgb = new Uint8Array(count * 3);
  const alpha = new Uint8Array(count);
  let opaque = true;
  for (let i = 0, o = 0; i < count; i++, o += 3) {
    const at = i * 4;
    rgb[o] = data[at] as number;
    rgb[o + 1] = data[at + 1] as number;
    rgb[o + 2] = data[at + 2] as number;
    const a = data[at + 3] as number;
    alpha[i] = a;
    if (a !== 255) opaque = false;
  }
  const image = (colorSpace: 'DeviceRGB' | 'DeviceGray', bytes: Uint8Array, mask?: PdfRef): PdfRef => {
    const ref = doc.ref({
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: height,
      BitsPerComponent: 8,
      ColorSpace: colorSpace,
      ...(mask ? { SMask: mask } : {}),
    });
    ref.end(latin1(bytes));
    return ref;
  };
  const obj = image('DeviceRGB', rgb, opaque ? undefined : image('DeviceGray', alpha));
  return { label, width, height, orientation, obj, embed() {} };
}
