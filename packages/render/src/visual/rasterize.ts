import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface RasterizeOptions {
  /** Resolution of the PNGs; 50 dpi keeps goldens small (an A4 page is 414 × 585 pixels). */
  dpi?: number;
}

/**
 * Rasterises every page of a PDF with poppler's pdftoppm and returns one PNG per page, in page order.
 * The PDF and the PNGs live in a temporary directory that is removed afterwards.
 */
export async function rasterize(pdfBytes: Uint8Array, { dpi = 50 }: RasterizeOptions = {}): Promise<Buffer[]> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-raster-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, pdfBytes);
    await run('pdftoppm', ['-png', '-r', String(dpi), file, join(dir, 'page')], { maxBuffer: 64 * 1024 * 1024 });
    // pdftoppm names pages page-1.png … or page-01.png … (zero-padded to the width of the page count).
    const pages = (await readdir(dir))
      .map((name) => ({ name, page: /^page-(\d+)\.png$/.exec(name)?.[1] }))
      .filter((entry): entry is { name: string; page: string } => entry.page !== undefined)
      .sort((a, b) => Number(a.page) - Number(b.page));
    return await Promise.all(pages.map((entry) => readFile(join(dir, entry.name))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
