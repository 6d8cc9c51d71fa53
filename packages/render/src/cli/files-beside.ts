import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Assets } from '../types';

/** One file at most this large is read; larger ones are left for the renderer to report as not loaded. */
const FILE_MAX_BYTES = 20 * 1024 * 1024;
/** All the files of one template together. */
const TOTAL_MAX_BYTES = 100 * 1024 * 1024;

// An <img>/<source> src, and a CSS url() (backgrounds, @font-face), with or without quotes.
const SRC = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi;
const URL_FUNCTION = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)/gi;

/**
 * The files a template names by relative URL (an image's `src`, a background's or an `@font-face`'s `url()`), read
 * from the template's folder as a browser opening the HTML file would, so that `quire render page.html` prints the
 * logo and the font beside it. Only files inside that folder are read (a URL that climbs out of it, an absolute
 * path or another scheme is not); a URL written with Liquid (`{{ logo }}`) is the data's, not a file's. Each file
 * becomes an asset under the URL as written, which is how the renderer looks it up. Names that are not files
 * there are left out: the renderer reports them as it reports any image or font it cannot load.
 */
export async function filesBeside(texts: Array<string | undefined>, folder: string): Promise<Assets> {
  const root = await realpath(folder);
  const assets: Assets = {};
  let total = 0;
  for (const url of relativeUrls(texts)) {
    const file = await fileInside(root, url);
    if (!file) continue;
    const info = await stat(file);
    if (!info.isFile() || info.size > FILE_MAX_BYTES || total + info.size > TOTAL_MAX_BYTES) continue;
    assets[url] = new Uint8Array(await readFile(file));
    total += info.size;
  }
  return assets;
}

/** The distinct relative URLs the texts name, in order. */
export function relativeUrls(texts: Array<string | undefined>): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const pattern of [SRC, URL_FUNCTION]) {
      for (const match of text.matchAll(pattern)) {
        const url = (match[1] ?? match[2] ?? match[3] ?? '').trim();
        if (isRelative(url)) found.add(url);
      }
    }
  }
  return [...found];
}

function isRelative(url: string): boolean {
  if (!url || url.startsWith('#') || url.startsWith('/') || url.startsWith('\\')) return false;
  // A scheme (data:, https:, asset:, file:…) or a Liquid expression.
  return !/^[a-z][a-z0-9+.-]*:/i.test(url) && !/\{[{%]/.test(url);
}

/** The file a relative URL names inside `root` (symbolic links followed), or undefined. */
async function fileInside(root: string, url: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.replace(/[?#].*$/, ''));
  } catch {
    return undefined;
  }
  const candidate = path.resolve(root, decoded);
  let real: string;
  try {
    real = await realpath(candidate);
  } catch {
    return undefined;
  }
  return real.startsWith(root + path.sep) ? real : undefined;
}
