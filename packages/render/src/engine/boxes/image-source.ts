import { fromDataUrl, type ImageInfo, sniffImage } from '../../convert/images';

/**
 * The bytes of an image source. The render's images are keyed by `src` as written (a name, `asset:name`, a
 * data: URL, a fetched URL); a data: URL not among them is decoded here, and `asset:` may be left off a name.
 */
export function imageBytes(src: string, images: Map<string, Uint8Array>): Uint8Array | undefined {
  const given = images.get(src);
  if (given) return given;
  if (!src.startsWith('data:')) return images.get(src.replace(/^asset:/, ''));
  try {
    return fromDataUrl(src);
  } catch {
    // Bad base64 or percent-encoding: not an image.
    return undefined;
  }
}

/** What the bytes are; sniffImage reads a PNG's size at a fixed offset, so truncated bytes are no image. */
export function sniff(bytes: Uint8Array): ImageInfo | undefined {
  try {
    return sniffImage(bytes);
  } catch {
    return undefined;
  }
}

/** A source as findings show it: data: URLs cut short. */
export function shownSource(src: string): string {
  return src.startsWith('data:') ? `${src.slice(0, 30)}…` : src;
}
