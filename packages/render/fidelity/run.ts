/**
 * `pnpm fidelity`: renders every case of the corpus with Quire and with Chromium, writes the report
 * (fidelity/report/index.md and a PNG per case) and fails when a case does worse than its baseline.
 *
 *   pnpm fidelity                     the whole corpus
 *   pnpm fidelity <case-id>...        some cases
 *   pnpm fidelity --update [ids]      also record what was measured as the new baseline (after looking at it)
 *   pnpm fidelity --out <dir>         the report somewhere else
 */
import { fileURLToPath } from 'node:url';
import { ChromiumEngine } from '../src/chromium/chromium-engine';
import { baselineOf, loadBaseline, percent, writeBaseline } from './baseline';
import { loadCases } from './cases';
import { showChromiumQuireFonts } from './chromium-fonts';
import { type CaseMeasure, measureCase } from './measure';
import { summaryLines, writeReport } from './report';

const REPORT = fileURLToPath(new URL('./report/', import.meta.url));

async function main(argv: string[]): Promise<number> {
  const update = argv.includes('--update');
  const outAt = argv.indexOf('--out');
  const out = outAt >= 0 ? (argv[outAt + 1] as string) : REPORT;
  const ids = argv.filter((arg, i) => !arg.startsWith('--') && (outAt < 0 || i !== outAt + 1));
  const cases = await loadCases(ids);
  if (cases.length === 0) {
    console.error(ids.length ? `No case named ${ids.join(', ')} in the corpus.` : 'The corpus is empty.');
    return 2;
  }
  const restoreFonts = showChromiumQuireFonts();
  const chromium = await ChromiumEngine.launch();
  const measures: CaseMeasure[] = [];
  try {
    for (const c of cases) {
      const m = await measureCase(c, chromium);
      measures.push(m);
      console.log(
        `${m.id.padEnd(36)} pages ${m.pages.quire}/${m.pages.chromium}  words missing ${String(m.missing.count).padStart(3)}` +
          `  extra ${String(m.extra.count).padStart(3)}  worst page ${percent(m.worstDiff).padStart(6)}`,
      );
    }
  } finally {
    await chromium.close();
    restoreFonts();
  }
  const baseline = loadBaseline();
  if (update) {
    for (const m of measures) baseline[m.id] = baselineOf(m);
    writeBaseline(baseline);
  }
  // The report of a partial run goes elsewhere unless asked: the committed one covers the whole corpus.
  const summary = await writeReport(ids.length && outAt < 0 ? `${REPORT}partial/` : out, measures, baseline);
  console.log(`\n${summaryLines(summary).join('\n')}`);
  if (summary.regressions.length > 0) {
    console.error(
      `\n${summary.regressions.length} regression(s):\n${summary.regressions.map((r) => `- ${r}`).join('\n')}`,
    );
    return 1;
  }
  console.log(update ? '\nBaseline written: fidelity/baseline.json.' : '\nNo regression.');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
