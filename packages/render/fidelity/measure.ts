import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import type { ChromiumEngine } from '../src/chromium/chromium-engine';
import { renderReport } from '../src/render';
import { type CompareResult, comparePng } from '../src/visual/compare';
import { rasterize } from '../src/visual/rasterize';
import type { FidelityCase } from './cases';
import { countOf, missingWords, sampleOf, wordsOf } from './words';

const run = promisify(execFile);

/** 40 dpi: an A4 page is 331 × 468 pixels, enough to see a moved block, few enough for 40 cases in a minute. */
export const DPI = 40;
// Fixed metadata, so that the same input gives the same bytes.
const CREATION_DATE = new Date('2026-01-01T00:00:00Z');

/** What one case measures, Quire's engine against Chromium on the same HTML, CSS and fonts. */
export interface CaseMeasure {
  id: string;
  category: string;
  file: string;
  pages: { quire: number; chromium: number };
  /** Words Chromium prints that Quire does not (count and the most frequent), and the other way round. */
  missing: { count: number; sample: string[] };
  extra: { count: number; sample: string[] };
  /**
   * Share of differing pixels of each page both engines have (pixelmatch at DPI). Pages only one has are the page
   * count's matter, not counted here (they would count 100% and hide how close the others are).
   */
  pageDiffs: number[];
  worstPage: number;
  worstDiff: number;
  /** Quire's warnings (what `check` names): codes and how many times. */
  warnings: Record<string, number>;
  /** The PNGs of both engines' pages, for the report. */
  images: { quire: Buffer[]; chromium: Buffer[] };
}

/**
 * Renders a case with Quire's engine and with Chromium (the CSS's @page sets the paper in both; without one, A4 and
 * Quire's default margins), and compares their text and their pages.
 */
export async function measureCase(c: FidelityCase, chromium: ChromiumEngine): Promise<CaseMeasure> {
  const quire = await renderReport({
    template: { name: c.id, html: c.html, css: c.css },
    data: {},
    metadata: { creationDate: CREATION_DATE },
  });
  const browser = await chromium.renderPdf({ html: c.html, css: c.css, page: {}, asBrowserPrints: true });
  const [quireText, chromiumText, quirePngs, chromiumPngs] = await Promise.all([
    pdfText(quire.bytes),
    pdfText(browser.bytes),
    rasterize(quire.bytes, { dpi: DPI }),
    rasterize(browser.bytes, { dpi: DPI }),
  ]);
  const quireWords = wordsOf(quireText);
  const chromiumWords = wordsOf(chromiumText);
  const missing = missingWords(chromiumWords, quireWords);
  const extra = missingWords(quireWords, chromiumWords);
  const pageDiffs: number[] = [];
  for (let i = 0; i < Math.min(quirePngs.length, chromiumPngs.length); i++) {
    pageDiffs.push(compareAlike(quirePngs[i] as Buffer, chromiumPngs[i] as Buffer).ratio);
  }
  let worstPage = 0;
  for (let i = 1; i < pageDiffs.length; i++)
    if ((pageDiffs[i] as number) > (pageDiffs[worstPage] as number)) worstPage = i;
  const warnings: Record<string, number> = {};
  for (const warning of quire.warnings) warnings[warning.code] = (warnings[warning.code] ?? 0) + 1;
  return {
    id: c.id,
    category: c.category,
    file: c.file,
    pages: { quire: quirePngs.length, chromium: chromiumPngs.length },
    missing: { count: countOf(missing), sample: sampleOf(missing) },
    extra: { count: countOf(extra), sample: sampleOf(extra) },
    pageDiffs,
    worstPage,
    worstDiff: pageDiffs[worstPage] ?? 1,
    warnings,
    images: { quire: quirePngs, chromium: chromiumPngs },
  };
}

/**
 * Chromium rounds the paper to its own units (A4 is 595.92 × 841.92 pt there, 595.28 × 841.89 pt in Quire), so at
 * 40 dpi its page can be a pixel wider or taller: pages within 2 pixels are compared on their common area. Pages
 * further apart (another paper size, a turned page) count as wholly different.
 */
export function compareAlike(a: Buffer, b: Buffer): CompareResult {
  const pa = PNG.sync.read(a);
  const pb = PNG.sync.read(b);
  const width = Math.min(pa.width, pb.width);
  const height = Math.min(pa.height, pb.height);
  if (Math.abs(pa.width - pb.width) > 2 || Math.abs(pa.height - pb.height) > 2) return comparePng(a, b);
  return comparePng(cropped(pa, width, height), cropped(pb, width, height));
}

function cropped(png: PNG, width: number, height: number): Buffer {
  if (png.width === width && png.height === height) return PNG.sync.write(png);
  const out = new PNG({ width, height });
  PNG.bitblt(png, out, 0, 0, width, height, 0, 0);
  return PNG.sync.write(out);
}

/** The PDF's text layer as poppler's pdftotext reads it (what copy and search see). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quire-fidelity-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
