import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { type Baseline, percent, regressions } from './baseline';
import { type CaseMeasure, compareAlike } from './measure';

/** The shares the README states: how many cases are within each threshold. */
export const PIXEL_TIERS = [0.02, 0.05, 0.1, 0.2] as const;

export interface Summary {
  cases: number;
  everyWord: number;
  pagesWithinOne: number;
  /** Cases whose worst page is within each of PIXEL_TIERS. */
  pixelTiers: number[];
  regressions: string[];
}

export function summarize(measures: CaseMeasure[], baseline: Baseline): Summary {
  return {
    cases: measures.length,
    everyWord: measures.filter((m) => m.missing.count === 0).length,
    pagesWithinOne: measures.filter((m) => Math.abs(m.pages.quire - m.pages.chromium) <= 1).length,
    pixelTiers: PIXEL_TIERS.map((tier) => measures.filter((m) => m.worstDiff <= tier).length),
    regressions: measures.flatMap((m) => regressions(m, baseline[m.id])),
  };
}

const share = (n: number, of: number) => `${n}/${of} (${Math.round((n / Math.max(1, of)) * 100)}%)`;

export function summaryLines(s: Summary): string[] {
  return [
    `Every word Chromium prints is printed by Quire: ${share(s.everyWord, s.cases)}`,
    `Page count within one of Chromium's: ${share(s.pagesWithinOne, s.cases)}`,
    ...PIXEL_TIERS.map(
      (tier, i) =>
        `Worst page within ${percent(tier)} of Chromium's pixels: ${share(s.pixelTiers[i] as number, s.cases)}`,
    ),
  ];
}

/**
 * Writes the report: `index.md` (the summary, then a table per category: pages, words, the worst page's
 * difference, what Quire warned about) and, per case, its worst page as Quire | Chromium | difference in one PNG.
 * The folder is emptied first, so a case that left the corpus leaves no picture behind.
 */
export async function writeReport(dir: string, measures: CaseMeasure[], baseline: Baseline): Promise<Summary> {
  await mkdir(dir, { recursive: true });
  for (const name of await readdir(dir)) if (name.endsWith('.png') || name === 'index.md') await rm(join(dir, name));
  const summary = summarize(measures, baseline);
  const lines = [
    '# Fidelity report: Quire against Chromium',
    '',
    'Written by `pnpm fidelity` (packages/render/fidelity). Each case of the corpus is rendered by Quire and by',
    "Chromium (headless, printing with the CSS's `@page`), both seeing only Quire's bundled fonts under the same",
    "names; their text (pdftotext) and pages (pdftoppm at 40 dpi, pixelmatch) are compared. Each case's picture",
    'is its worst page: Quire, Chromium, and the differing pixels in red.',
    '',
    ...summaryLines(summary).map((line) => `- ${line}`),
    '',
    summary.regressions.length === 0
      ? 'No case does worse than its baseline (`fidelity/baseline.json`).'
      : `Regressions against the baseline:\n\n${summary.regressions.map((r) => `- ${r}`).join('\n')}`,
  ];
  const categories = [...new Set(measures.map((m) => m.category))];
  for (const category of categories) {
    lines.push(
      '',
      `## ${category}`,
      '',
      '| case | pages (Quire / Chromium) | words not printed | worst page | Quire warned |',
    );
    lines.push('|---|---|---|---|---|');
    for (const m of measures.filter((x) => x.category === category)) {
      const missing = m.missing.count === 0 ? '0' : `${m.missing.count}: ${m.missing.sample.slice(0, 6).join(', ')}`;
      const warned = Object.entries(m.warnings)
        .map(([code, n]) => (n > 1 ? `${code} ×${n}` : code))
        .join(', ');
      lines.push(
        `| [${m.id}](../corpus/${m.file}) | ${m.pages.quire} / ${m.pages.chromium} | ${escapeCell(missing)} | ` +
          `[${percent(m.worstDiff)} (p. ${m.worstPage + 1})](${m.id}.png) | ${warned || '–'} |`,
      );
      await writeFile(join(dir, `${m.id}.png`), sideBySide(m));
    }
  }
  await writeFile(join(dir, 'index.md'), `${lines.join('\n')}\n`);
  return summary;
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|');

/** The worst page of both engines and their difference, left to right on a white canvas with 8px gaps. */
function sideBySide(m: CaseMeasure): Buffer {
  const quire = m.images.quire[m.worstPage];
  const chromium = m.images.chromium[m.worstPage];
  const diff = quire && chromium ? compareAlike(quire, chromium).diffPng : undefined;
  const images: Array<PNG | undefined> = [quire, chromium, diff].map((png) => (png ? PNG.sync.read(png) : undefined));
  const present = images.filter((i): i is PNG => i !== undefined);
  const cell = Math.max(...present.map((i) => i.width));
  const height = Math.max(...present.map((i) => i.height));
  const out = new PNG({ width: cell * 3 + 16, height });
  out.data.fill(255);
  images.forEach((image, k) => {
    if (image) PNG.bitblt(image, out, 0, 0, image.width, image.height, k * (cell + 8), 0);
  });
  // Committed with the report: RGB without alpha, deflated hard, keeps the 40-odd pictures small.
  return PNG.sync.write(out, { colorType: 2, deflateLevel: 9, deflateStrategy: 1 });
}
