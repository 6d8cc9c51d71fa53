import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getStarter, starters } from '@quire/core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../render';
import { comparePng } from './compare';
import { rasterize } from './rasterize';

/*
 * Visual regression tests: every document starter is rendered with its sample data by each engine (pdfmake and
 * Quire's own), rasterised at 50 dpi and compared page by page with that engine's PNGs in __goldens__ (pdfmake)
 * or __goldens__/quire (<starter-id>-<page>.png). Quire's goldens were looked at beside Chromium's pages
 * (scripts/side-by-side.ts) before they were written.
 *
 * After an intended change to the layout, look at the failing diffs, then rewrite the goldens with
 *   cd packages/render && UPDATE_GOLDENS=1 npx vitest run src/visual
 * and look at the new goldens before committing them.
 */

const GOLDENS = fileURLToPath(new URL('./__goldens__/', import.meta.url));
/** Each engine has its own goldens: pdfmake's at the top of __goldens__, Quire's engine's in __goldens__/quire. */
const ENGINES = [
  ['pdfmake', GOLDENS],
  ['quire', join(GOLDENS, 'quire')],
] as const;
type Engine = (typeof ENGINES)[number][0];
const UPDATE = process.env.UPDATE_GOLDENS === '1';
const DPI = 50;

/**
 * A page passes when at most 0.5% of its pixels differ. The tolerance absorbs antialiasing and hinting
 * differences between poppler/cairo builds (a few hundred edge pixels on a 414 × 585 page), while a real layout
 * regression — a moved column, a missing or extra table row, a lost background — changes several percent.
 */
const TOLERANCE = 0.005;

/** Fixed metadata, so that the same input renders the same bytes. */
const metadata = { creationDate: new Date('2026-01-01T00:00:00Z') };

const documents = starters.filter((starter) => starter.kind === 'document');

const goldenName = (id: string, page: number) => `${id}-${page}.png`;

/** The golden files of a starter, by page number (1-based). */
async function goldenPages(id: string, dir: string): Promise<Map<number, string>> {
  // Starter ids are slugs ([a-z0-9-]), so they need no escaping; `purchase-order-1.png` never matches `purchase`.
  const pattern = new RegExp(`^${id}-(\\d+)\\.png$`);
  const pages = new Map<number, string>();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const page = pattern.exec(name)?.[1];
    if (page) pages.set(Number(page), join(dir, name));
  }
  return pages;
}

async function renderPages(
  template: (typeof documents)[number],
  data: Record<string, unknown>,
  engine: Engine = 'pdfmake',
) {
  const result = await renderReport({ template, data, metadata, engine });
  const pngs = await rasterize(result.bytes, { dpi: DPI });
  expect(pngs.length).toBe(result.pages);
  return pngs;
}

describe.each(
  ENGINES.flatMap(([engine, dir]) => documents.map((starter) => [engine, starter.id, starter, dir] as const)),
)('%s: starter %s', (engine, id, starter, dir) => {
  it(UPDATE ? 'writes its goldens' : 'looks like its goldens', async () => {
    const pngs = await renderPages(starter, starter.sample_data, engine);
    const goldens = await goldenPages(id, dir);

    if (UPDATE) {
      await mkdir(dir, { recursive: true });
      for (const [index, png] of pngs.entries()) await writeFile(join(dir, goldenName(id, index + 1)), png);
      for (const [page, file] of goldens) if (page > pngs.length) await rm(file);
      return;
    }

    expect(
      goldens.size,
      `no ${engine} goldens for ${id}; create them with UPDATE_GOLDENS=1 npx vitest run src/visual`,
    ).toBeGreaterThan(0);

    const problems: string[] = [];
    let out: string | undefined;
    const keep = async (page: number, png: Buffer, diff?: Buffer) => {
      out ??= await mkdtemp(join(tmpdir(), `quire-visual-${engine}-${id}-`));
      const actualPath = join(out, `${id}-${page}.actual.png`);
      await writeFile(actualPath, png);
      if (!diff) return `actual ${actualPath}`;
      const diffPath = join(out, `${id}-${page}.diff.png`);
      await writeFile(diffPath, diff);
      return `actual ${actualPath}, diff ${diffPath}`;
    };

    for (const [index, png] of pngs.entries()) {
      const page = index + 1;
      const golden = goldens.get(page);
      if (!golden) {
        problems.push(`page ${page}: no golden ${goldenName(id, page)} (${await keep(page, png)})`);
        continue;
      }
      const { ratio, mismatchedPixels, diffPng } = comparePng(png, await readFile(golden));
      if (ratio > TOLERANCE) {
        problems.push(
          `page ${page}: ${(ratio * 100).toFixed(2)}% of pixels differ (${mismatchedPixels}), ` +
            `more than ${TOLERANCE * 100}% (golden ${golden}; ${await keep(page, png, diffPng)})`,
        );
      }
    }

    const pageCount = `${id} rendered ${pngs.length} pages but has ${goldens.size} golden pages`;
    expect(pngs.length, [pageCount, ...problems].join('\n')).toBe(goldens.size);
    expect(problems, `${id} differs from its goldens:\n${problems.join('\n')}`).toEqual([]);
  });
});

describe('the visual comparison', () => {
  const invoice = getStarter('invoice');
  if (!invoice) throw new Error('the invoice starter is missing');

  it('passes a page compared with itself', async () => {
    const [page] = await renderPages(invoice, invoice.sample_data);
    if (!page) throw new Error('no page');
    const result = comparePng(page, page);
    expect(result.mismatchedPixels).toBe(0);
    expect(result.ratio).toBe(0);
  });

  it('fails when an extra line item moves the content below it', async () => {
    const data = structuredClone(invoice.sample_data) as { invoice: { items: unknown[] } } & Record<string, unknown>;
    data.invoice.items.unshift({
      description: 'Discovery workshop',
      details: 'Stakeholder interviews and requirements',
      quantity: 2,
      unit: 'days',
      unit_price: 1600,
    });
    const [before] = await renderPages(invoice, invoice.sample_data);
    const [after] = await renderPages(invoice, data);
    if (!before || !after) throw new Error('no page');
    const { ratio } = comparePng(after, before);
    expect(ratio).toBeGreaterThan(TOLERANCE);
  });

  it('counts images of different sizes as completely different', async () => {
    const { bytes } = await renderReport({ template: invoice, data: invoice.sample_data, metadata });
    const [page] = await rasterize(bytes, { dpi: DPI });
    const [smaller] = await rasterize(bytes, { dpi: 40 });
    if (!page || !smaller) throw new Error('no page');
    const result = comparePng(smaller, page);
    expect(result.ratio).toBe(1);
    const { width, height } = PNG.sync.read(page);
    expect(result.mismatchedPixels).toBe(width * height);
  });
});
