/**
 * The PDF preview's benchmark, in a real browser (the system Chromium): W1, the render benchmark's one-page
 * invoice, in `<PdfPreview>`, its title typed into a field one keystroke at a time. For each keystroke: the time
 * from the key going down to the new PDF's page painted on screen (Liquid, layout and PDF writing on the page's
 * thread, then pdf.js parsing in its worker and painting). Target: p50 within 100 ms.
 *
 *   pnpm bench                      # 40 keystrokes, one every 300 ms, and a burst of fast typing
 *   pnpm bench --keys 80            # more keystrokes
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bundlePage, CHROMIUM, openPage } from '../src/__fixtures__/pdf-browser';
import type { PageRecord } from '../src/__fixtures__/pdf-page';

const { values } = parseArgs({
  options: { keys: { type: 'string', default: '40' }, 'gap-ms': { type: 'string', default: '300' } },
  strict: true,
});
const KEYS = Number(values.keys);
const GAP_MS = Number(values['gap-ms']);
const TARGET_P50_MS = 100;

if (!CHROMIUM) {
  console.error('No Chromium found (set QUIRE_CHROMIUM_PATH, or install the chromium package).');
  process.exit(1);
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

const served = await openPage(
  await bundlePage(fileURLToPath(new URL('../src/__fixtures__/pdf-page.tsx', import.meta.url))),
);
const { page } = served;
const record = () => page.evaluate(() => (window as unknown as { quire: PageRecord }).quire);
const settle = async () => {
  // Until no render or paint has happened for a while: the preview has caught up.
  let last = -1;
  for (;;) {
    const { paints, renders } = await record();
    const count = paints.length + renders.length;
    if (count === last) return;
    last = count;
    await page.waitForTimeout(400);
  }
};

try {
  await page.waitForFunction(() => (window as unknown as { quire: PageRecord }).quire.paints.length > 0, null, {
    timeout: 120_000,
  });
  const field = page.locator('#title');
  await field.press('End');
  // Warm up: the engine's first renders compile and cache (fonts are parsed once, words shaped once).
  for (const key of ' warm') {
    await field.press(key === ' ' ? 'Space' : key);
    await page.waitForTimeout(GAP_MS);
  }
  await settle();
  const start = await record();
  const keysBefore = start.keys.length;
  const rendersBefore = start.renders.length;
  const paintsBefore = start.paints.length;

  // One keystroke at a time, as someone typing at a steady pace.
  const text = 'abcdefghijklmnopqrstuvwxyz0123456789';
  for (let i = 0; i < KEYS; i++) {
    await field.press(text[i % text.length] as string);
    await page.waitForTimeout(GAP_MS);
  }
  await settle();
  const steady = await record();
  const keys = steady.keys.slice(keysBefore);
  const paints = steady.paints.slice(paintsBefore);
  const latencies = keys.flatMap((key) => {
    // The first paint of a change made after this key went down.
    const paint = paints.find((p) => p.at - p.ms >= key);
    return paint ? [paint.at - key] : [];
  });
  const renders = steady.renders.slice(rendersBefore).map((r) => r.ms);
  const paintOnly = paints.map((p) => p.ms);

  // A burst: 20 keys 40 ms apart (fast typing); the time from the last key to its PDF on screen.
  const burstStart = (await record()).keys.length;
  for (let i = 0; i < 20; i++) {
    await field.press(text[i] as string);
    await page.waitForTimeout(40);
  }
  await settle();
  const burst = await record();
  const lastKey = burst.keys.at(-1) as number;
  const lastPaint = burst.paints.find((p) => p.at - p.ms >= lastKey);
  const burstRenders = burst.renders.length - steady.renders.length;

  console.log(
    [
      `PDF preview benchmark (W1 invoice, 15 rows, 1 page; system Chromium; ${keys.length} keystrokes ${GAP_MS} ms apart)`,
      `  keystroke to PDF page painted: p50 ${ms(quantile(latencies, 0.5))}, p95 ${ms(quantile(latencies, 0.95))}, max ${ms(Math.max(...latencies))} (${latencies.length} measured)`,
      `    of which the render (Liquid, layout, PDF): p50 ${ms(quantile(renders, 0.5))}; change to paint: p50 ${ms(quantile(paintOnly, 0.5))}`,
      `  burst of ${burst.keys.length - burstStart} keys 40 ms apart: ${burstRenders} renders; last key to its page painted ${lastPaint ? ms(lastPaint.at - lastKey) : 'not painted'}`,
      `  target: p50 ≤ ${TARGET_P50_MS} ms: ${quantile(latencies, 0.5) <= TARGET_P50_MS ? 'met' : 'not met'}`,
    ].join('\n'),
  );
  if (burst.errors.length) console.error(`errors on the page: ${burst.errors.join('; ')}`);
} finally {
  await served.close();
}
