import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CaseMeasure } from './measure';

/**
 * What a case is allowed, recorded from a reviewed run (`pnpm fidelity --update`): a later run that does worse on
 * any of these is a regression and fails the gate. Doing better is reported, and recorded by the next update.
 */
export interface CaseBaseline {
  /** Highest share of differing pixels on any page (the measured value plus a margin for rasteriser noise). */
  maxPageDiff: number;
  /** Words Chromium prints that Quire does not; 0 is the goal of every case. */
  missingWords: number;
  /** Words Quire prints that Chromium does not (hidden text drawn, text repeated). */
  extraWords: number;
  /** Pages more or fewer than Chromium's: at most 1, or the known gap when more. */
  pageDelta: number;
}

export type Baseline = Record<string, CaseBaseline>;

export const BASELINE_FILE = fileURLToPath(new URL('./baseline.json', import.meta.url));

/** Pixel noise allowed over the recorded value: poppler builds antialias text edges a little differently. */
export const PIXEL_MARGIN = 0.01;

export function loadBaseline(): Baseline {
  try {
    return JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Baseline;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

export function baselineOf(m: CaseMeasure): CaseBaseline {
  return {
    maxPageDiff: Math.ceil((m.worstDiff + PIXEL_MARGIN) * 1000) / 1000,
    missingWords: m.missing.count,
    extraWords: m.extra.count,
    pageDelta: Math.max(1, Math.abs(m.pages.quire - m.pages.chromium)),
  };
}

export function writeBaseline(baseline: Baseline): void {
  const sorted = Object.fromEntries(Object.entries(baseline).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(BASELINE_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
}

/** How a case does against what it is allowed: each regression as a sentence, empty when it holds. */
export function regressions(m: CaseMeasure, allowed: CaseBaseline | undefined): string[] {
  if (!allowed)
    return [`${m.id} has no baseline: look at its report, then record it with \`pnpm fidelity --update ${m.id}\`.`];
  const out: string[] = [];
  if (m.missing.count > allowed.missingWords)
    out.push(
      `${m.id}: ${m.missing.count} of Chromium's words are not printed (allowed ${allowed.missingWords}): ${m.missing.sample.join(', ')}`,
    );
  if (m.extra.count > allowed.extraWords)
    out.push(
      `${m.id}: ${m.extra.count} words printed that Chromium does not print (allowed ${allowed.extraWords}): ${m.extra.sample.join(', ')}`,
    );
  const delta = Math.abs(m.pages.quire - m.pages.chromium);
  if (delta > allowed.pageDelta)
    out.push(
      `${m.id}: ${m.pages.quire} pages against Chromium's ${m.pages.chromium} (allowed a difference of ${allowed.pageDelta})`,
    );
  if (m.worstDiff > allowed.maxPageDiff)
    out.push(
      `${m.id}: page ${m.worstPage + 1} differs from Chromium's in ${percent(m.worstDiff)} of its pixels (allowed ${percent(allowed.maxPageDiff)})`,
    );
  return out;
}

export const percent = (ratio: number): string => `${(ratio * 100).toFixed(1)}%`;
