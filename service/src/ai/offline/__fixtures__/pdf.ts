import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where things are in a rendered PDF, read back with poppler's tools: where words are (pdftotext -bbox), the page
 * size in millimetres (pdfinfo), its fonts (pdffonts) and its pixels (pdftoppm), so tests check the document a person
 * would see rather than the template's source. Its plain text is `pdfText` in reports/__fixtures__/pdf.ts.
 */

function withPdf<T>(bytes: Uint8Array, read: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'quire-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, bytes);
    return read(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Word {
  text: string;
  page: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word with its box in points, and each page's width and height. */
export function pdfWords(bytes: Uint8Array): { words: Word[]; pages: { width: number; height: number }[] } {
  const html = withPdf(bytes, (file) => execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' }));
  const pages = [...html.matchAll(/<page width="([\d.]+)" height="([\d.]+)">/g)].map((m) => ({
    width: Number(m[1]),
    height: Number(m[2]),
  }));
  const words: Word[] = [];
  let page = -1;
  for (const line of html.split('\n')) {
    if (line.includes('<page ')) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/.exec(line);
    if (m)
      words.push({
        page,
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        yMax: Number(m[4]),
        text: (m[5] as string).replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'),
      });
  }
  return { words, pages };
}

/** The first page's size in millimetres. */
export function pdfPageMm(bytes: Uint8Array): { width: number; height: number } {
  const info = withPdf(bytes, (file) => execFileSync('pdfinfo', [file], { encoding: 'utf8' }));
  const m = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  if (!m) throw new Error(`pdfinfo gave no page size:\n${info}`);
  const mm = (pt: string) => Math.round(((Number(pt) * 25.4) / 72) * 10) / 10;
  return { width: mm(m[1] as string), height: mm(m[2] as string) };
}

export function pdfFonts(bytes: Uint8Array): string[] {
  const out = withPdf(bytes, (file) => execFileSync('pdffonts', [file], { encoding: 'utf8' }));
  return out
    .split('\n')
    .slice(2)
    .map((l) => l.split(/\s+/)[0]?.replace(/^[A-Z]{6}\+/, '') ?? '')
    .filter(Boolean);
}

export interface Raster {
  width: number;
  height: number;
  /** RGB, three bytes a pixel, row by row. */
  rgb: Uint8Array;
}

/** The first page as pixels (a binary PPM from pdftoppm). */
export function pdfPixels(bytes: Uint8Array, dpi = 36): Raster {
  return withPdf(bytes, (file, dir) => {
    execFileSync('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'page')]);
    const ppm = readFileSync(join(dir, 'page.ppm'));
    // Header: "P6\n<width> <height>\n<max>\n", then the pixels.
    const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 40).toString('latin1'));
    if (!header) throw new Error('pdftoppm did not write a binary PPM');
    return {
      width: Number(header[1]),
      height: Number(header[2]),
      rgb: new Uint8Array(ppm.subarray(header[0].length)),
    };
  });
}

/** The box of the pixels close to a colour, as fractions of the page; undefined when there are none. */
export function colourBox(
  raster: Raster,
  hex: string,
  tolerance = 40,
): { left: number; right: number; top: number; bottom: number; count: number } | undefined {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  let left = Number.POSITIVE_INFINITY;
  let right = -1;
  let top = Number.POSITIVE_INFINITY;
  let bottom = -1;
  let count = 0;
  for (let y = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; x++) {
      const i = (y * raster.width + x) * 3;
      const near =
        Math.abs((raster.rgb[i] as number) - r) +
          Math.abs((raster.rgb[i + 1] as number) - g) +
          Math.abs((raster.rgb[i + 2] as number) - b) <
        tolerance;
      if (!near) continue;
      count++;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  if (count === 0) return undefined;
  return {
    left: left / raster.width,
    right: (right + 1) / raster.width,
    top: top / raster.height,
    bottom: (bottom + 1) / raster.height,
    count,
  };
}
