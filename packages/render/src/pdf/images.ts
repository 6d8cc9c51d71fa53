import type { Assets } from '../types';

const IMG_SRC = /<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;

/** The image sources an HTML document names. */
export function imageSources(html: string): string[] {
  const out = new Set<string>();
  for (const match of html.matchAll(IMG_SRC)) {
    const src = (match[1] ?? match[2] ?? match[3] ?? '').trim().replace(/&amp;/g, '&');
    if (src && !src.startsWith('data:')) out.add(src);
  }
  return [...out];
}

/**
 * The images a render may draw: the caller's named assets, and remote images fetched through the caller's loader
 * (never fetched otherwise). A loader that fails or times out leaves the image out; the converter reports it.
 */
export async function collectImages(
  htmls: string[],
  assets: Assets | undefined,
  loadImage: ((url: string) => Promise<Uint8Array | undefined>) | undefined,
  timeoutMs = 10_000,
): Promise<Map<string, Uint8Array>> {
  const images = new Map<string, Uint8Array>();
  for (const [name, bytes] of Object.entries(assets ?? {})) images.set(name, bytes);
  if (!loadImage) return images;
  const remote = [...new Set(htmls.flatMap(imageSources))].filter(
    (src) => /^https?:\/\//i.test(src) && !images.has(src),
  );
  await Promise.all(
    remote.map(async (url) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        const bytes = await Promise.race([
          loadImage(url),
          new Promise<undefined>((resolve) => {
            timer = setTimeout(() => resolve(undefined), timeoutMs);
          }),
        ]);
        if (bytes) images.set(url, bytes);
      } catch {
        // Reported by the converter as an image that could not be loaded.
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return images;
}
