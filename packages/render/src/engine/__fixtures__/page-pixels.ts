import { PNG } from 'pngjs';
import { renderReport } from '../../render';
import { rasterize } from '../../visual/rasterize';

export interface PagePixels {
  /** The colour of the pixel at (x, y) of the first page, drawn at 72 dpi: a pixel a point. */
  at(x: number, y: number): [number, number, number];
  /** The render's warnings, as `code: message`. */
  warnings: string[];
}

/** Renders `html` on pages without margins (the body's too) with Quire's engine and reads the first page back. */
export async function pagePixels(html: string): Promise<PagePixels> {
  const report = await renderReport({
    template: { html, css: '@page { margin: 0 } body { margin: 0 }' },
    data: {},
    engine: 'quire',
  });
  const [page] = await rasterize(report.bytes, { dpi: 72 });
  const image = PNG.sync.read(page as Buffer);
  return {
    at(x, y) {
      const i = (y * image.width + x) * 4;
      return [image.data[i] as number, image.data[i + 1] as number, image.data[i + 2] as number];
    },
    warnings: report.warnings.map((w) => `${w.code}: ${w.message}`),
  };
}
