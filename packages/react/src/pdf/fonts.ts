import type { FontFaces } from '@quire/render/browser';
// One list for this module and `quire-react-fonts` (scripts/copy-fonts.mjs), which copies the files for a host.
import bundled from './bundled-fonts.json';

export type FontFace = keyof FontFaces;

/**
 * The fonts the PDF engine draws with, by family and face: the files of the registry packages @quire/render
 * depends on (Google Fonts: Noto, and Arimo, Tinos and the other metric-compatible families). The server renders
 * with exactly these; a preview with the same files draws the same PDF. A host serves them under one URL
 * (`fonts: { baseUrl }`), each under its file name. (The optional CJK fonts are not among them: 30 MB is too much
 * for a page to fetch; a preview of CJK text draws empty boxes where the service, with @quire/fonts-cjk, does not.)
 */
export const BUNDLED_FONT_FILES: Readonly<Record<string, Readonly<Partial<Record<FontFace, string>>>>> = bundled;

/** The name a bundled font file is served under: its file name (`NotoSans_400Regular.ttf`). */
export const fontFileName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/**
 * Where the PDF preview gets its fonts:
 * - `{ baseUrl }`: the bundled files served by the host under one URL, each by its file name
 *   (`<baseUrl>/NotoSans_400Regular.ttf`…); fetched once per page and cached by the browser;
 * - `{ load }`: the host's own loader, answering families and their faces as bytes (other fonts, say).
 */
export type PdfFontSource = { baseUrl: string } | { load(): Promise<Record<string, FontFaces>> };

export class FontLoadError extends Error {
  readonly code = 'pdf_fonts_unavailable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FontLoadError';
  }
}

/** Fetches every bundled face from `baseUrl`, in parallel. */
export async function fetchBundledFonts(
  baseUrl: string,
  fetcher: (url: string) => Promise<Response> = (url) => fetch(url),
): Promise<Record<string, FontFaces>> {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const entries = await Promise.all(
    Object.entries(BUNDLED_FONT_FILES).map(async ([family, faces]) => {
      const loaded = await Promise.all(
        Object.entries(faces).map(async ([face, path]) => {
          const url = `${base}${fontFileName(path as string)}`;
          let response: Response;
          try {
            response = await fetcher(url);
          } catch (cause) {
            throw new FontLoadError(`${url}: ${(cause as Error).message}`, { cause });
          }
          if (!response.ok) throw new FontLoadError(`${url} answered ${response.status}`);
          return [face, new Uint8Array(await response.arrayBuffer())] as const;
        }),
      );
      return [family, Object.fromEntries(loaded) as unknown as FontFaces] as const;
    }),
  );
  return Object.fromEntries(entries);
}
