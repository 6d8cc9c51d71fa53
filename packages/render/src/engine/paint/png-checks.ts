import { fromDataUrl, sniffImage } from '../../convert/images';
import { pngData } from './images';

/**
 * PNG data checked ahead of painting, for browsers: they inflate only asynchronously (DecompressionStream), and
 * the painter checks synchronously. The PNGs a document can show (its images, and the `data:` URLs in its HTML
 * and CSS) are inflated before it is painted; the painter then asks by the data's length and hash. Data not
 * checked ahead counts as corrupt: the image is left out and reported, where pdfkit would never finish.
 */
export class PngChecks {
  private readonly clean = new Set<string>();

  /** Checks every PNG among these images and in these sources' `data:` URLs. */
  async add(images: Iterable<Uint8Array>, sources: readonly string[]): Promise<void> {
    const pngs = [...images];
    for (const source of sources) {
      for (const [url] of source.matchAll(/data:image\/png;base64,[A-Za-z0-9+/=\s]+/gi)) {
        const bytes = fromDataUrl(url);
        if (bytes) pngs.push(bytes);
      }
    }
    await Promise.all(
      pngs.map(async (bytes) => {
        if (sniffImage(bytes)?.kind !== 'png') return;
        const data = pngData(bytes);
        const key = keyOf(data);
        if (!this.clean.has(key) && (await inflates(data))) this.clean.add(key);
      }),
    );
  }

  /** Throws unless this data was checked ahead and inflated cleanly. */
  checkInflates(data: Uint8Array): void {
    if (!this.clean.has(keyOf(data))) throw new Error('PNG data that did not inflate (or was not checked)');
  }
}

async function inflates(data: Uint8Array): Promise<boolean> {
  try {
    const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate'));
    const reader = stream.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      // Only whether it inflates matters.
    }
    return true;
  } catch {
    return false;
  }
}

/** Length and FNV-1a hash: the same data gives the same key, however many copies of it are made. */
function keyOf(data: Uint8Array): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < data.length; i++) hash = Math.imul(hash ^ (data[i] as number), 0x01000193);
  return `${data.length}:${hash >>> 0}`;
}
