/**
 * `pnpm bench` for @quire/render: what a report costs to render. Figures, never pass/fail: the targets are printed
 * next to the figures as met / not met, and the run always exits 0 unless the bench itself breaks.
 *
 *   npx tsx bench/render.bench.ts                 the default run (several minutes on 2 cores)
 *   npx tsx bench/render.bench.ts --quick         a short run (about 2 minutes; fewer documents, noisier figures)
 *   npx tsx bench/render.bench.ts --only W2,W3    some workloads (W1 W2 W3 W3z W4 W5, or one unit such as W1-pool2)
 *   npx tsx bench/render.bench.ts --engine NAME   the candidate engine (default quire, or $QUIRE_BENCH_ENGINE)
 *   npx tsx bench/render.bench.ts --source        the TypeScript sources through tsx instead of the built package
 *
 * QUIRE_BENCH_QUICK=1 is --quick and QUIRE_BENCH_ENGINE=NAME is --engine NAME (how `pnpm bench` at the root passes
 * them on).
 *
 * Every workload runs on pdfmake (the earlier engine, the baseline); W1, the pool, W2 and W3 also run on the
 * candidate engine (`--engine`, default Quire's own, the units named `-cand`), and W1 and W2 on Chromium (one
 * reused page) when it is installed. W5, a flex-and-grid dashboard with SVG charts (issue 16), runs on the candidate
 * and on Chromium only (pdfmake cannot lay it out). The issue's targets are checked for each engine. A candidate engine the
 * renderer does not have fails its units with a message saying so (see engine-check.ts); run with
 * `--engine pdfmake` to exercise the candidate units' code on an engine that exists.
 *
 * The process started by that command only orchestrates: every unit (one engine on one workload) runs in a child
 * process of its own (`--unit <name>`), so that each unit's peak RSS is its own and not what an earlier unit left
 * behind. Units run one after another, never side by side.
 *
 * The units render with the built package (`dist`, what `npm install @quire/render` gives), which the orchestrator
 * builds first when a source file is newer, and run as plain JavaScript: this file bundled by esbuild into
 * `bench/unit.built.mjs`, the package left external. Through tsx, a unit would carry tsx's loader (its own thread and
 * heap, some 90 MB of RSS) and, on the sources, esbuild's `keepNames` wrapper around every closure (some 10% of a
 * render's time), which users never pay. `--source` runs the units on the sources through tsx instead (the
 * `@quire/source` condition), for a quick look while changing them.
 *
 * Peak RSS is the kernel's own high-water mark of the unit's process (VmHWM, which covers the RenderPool's worker
 * threads), reset after the imports. Where the kernel cannot reset it, RSS is sampled every 20 ms by a worker thread
 * instead (which keeps sampling while a long render blocks the main thread, and whose own isolate, some 10 MB, is
 * then in the figures: before session 22 every figure was taken so). Chromium renders in processes of its own: their
 * memory is not in the Node RSS and is printed separately.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { findChromium } from '../src/chromium/find-chromium';
import type { EngineName, RenderOptions, RenderResult } from '../src/types';
import {
  assertEmbeddedNoto,
  assertOwnEngine,
  BASELINE_ENGINE,
  EngineNotAvailableError,
  pdfFonts,
} from './engine-check';
import { dashboard, invoice, ledger, SCRIPTS, scriptPage, zebraLedger } from './workloads';

// ---------------------------------------------------------------------------------------------------------------
// Units: one engine on one workload, each in a child process of its own
// ---------------------------------------------------------------------------------------------------------------

const UNITS = [
  'W1',
  'W1-cand',
  'W1-pool1',
  'W1-pool2',
  'W1-cand-pool1',
  'W1-cand-pool2',
  'W1-cand-2proc',
  'W1-chromium',
  'W2',
  'W2-cand',
  'W2-chromium',
  'W3',
  'W3-cand',
  'W3z-cand',
  'W4',
  'W5-cand',
  'W5-chromium',
] as const;
type UnitName = (typeof UNITS)[number];

/** `candidate`: the engine given by --engine. */
type UnitEngine = 'pdfmake' | 'chromium' | 'candidate';

const W1_LABEL = 'W1 invoice, 15 rows';
const W2_LABEL = 'W2 2,000 rows x 6 cols';
const W3_LABEL = 'W3 20,000 rows x 6 cols';
const W5_LABEL = 'W5 flex and grid dashboard';
const UNIT_LABELS: Record<UnitName, { workload: string; engine: UnitEngine; how: string }> = {
  W1: { workload: W1_LABEL, engine: 'pdfmake', how: '1 worker: renderReport in a loop' },
  'W1-cand': { workload: W1_LABEL, engine: 'candidate', how: '1 worker: renderReport in a loop' },
  'W1-pool1': { workload: W1_LABEL, engine: 'pdfmake', how: 'RenderPool, 1 worker, 2 in flight' },
  'W1-pool2': { workload: W1_LABEL, engine: 'pdfmake', how: 'RenderPool, 2 workers, 4 in flight' },
  'W1-cand-pool1': { workload: W1_LABEL, engine: 'candidate', how: 'RenderPool, 1 worker, 2 in flight' },
  'W1-cand-pool2': { workload: W1_LABEL, engine: 'candidate', how: 'RenderPool, 2 workers, 4 in flight' },
  'W1-cand-2proc': { workload: W1_LABEL, engine: 'candidate', how: '2 processes at once, each as W1-cand' },
  'W1-chromium': { workload: W1_LABEL, engine: 'chromium', how: '1 reused page, in a loop' },
  W2: { workload: W2_LABEL, engine: 'pdfmake', how: '1 worker, one at a time' },
  'W2-cand': { workload: W2_LABEL, engine: 'candidate', how: '1 worker, one at a time' },
  'W2-chromium': { workload: W2_LABEL, engine: 'chromium', how: '1 reused page, one at a time' },
  W3: { workload: W3_LABEL, engine: 'pdfmake', how: '1 worker, one at a time' },
  'W3-cand': { workload: W3_LABEL, engine: 'candidate', how: '1 worker, one at a time' },
  'W3z-cand': { workload: 'W3z W3 with zebra stripes', engine: 'candidate', how: '1 worker, one at a time' },
  W4: { workload: 'W4 one page per script', engine: 'pdfmake', how: '1 worker, in a loop per script' },
  'W5-cand': { workload: W5_LABEL, engine: 'candidate', how: '1 worker: renderReport in a loop' },
  'W5-chromium': { workload: W5_LABEL, engine: 'chromium', how: '1 reused page, in a loop' },
};

const CHROMIUM_UNITS = new Set<UnitName>(['W1-chromium', 'W2-chromium', 'W5-chromium']);

const engineName = (unit: UnitName, candidate: string): string => {
  const { engine } = UNIT_LABELS[unit];
  return engine === 'candidate' ? candidate : engine;
};

interface Stats {
  p50: number;
  p95: number;
  min: number;
  max: number;
}

interface Throughput {
  label: string;
  docs: number;
  seconds: number;
  docsPerSecond: number;
  /** Caller's view: from the call (or the pool's run) to the result. */
  latency: Stats;
  /** `timings.total_ms` of the results: the render itself, without the pool's queue and messaging. */
  render: Stats;
  /** p50 of each phase of `timings`: Liquid, HTML to a pdfmake document, and pdfmake's layout and writing (or Chromium). */
  phases: { template: number; layout: number; output: number };
  pages: number;
  bytes: number;
  /** The first document's fonts, `(not embedded)` after those whose program is not in the file. */
  fonts: string[];
  warnings: string[];
}

interface UnitResult {
  unit: UnitName;
  /** Why it did not run, when it did not. */
  skipped?: string;
  failed?: string;
  /** The unit's candidate engine is not in this build (see engine-check.ts): the other candidate units are skipped. */
  engineMissing?: boolean;
  rows: Throughput[];
  memory?: {
    /** After the imports, before the first render. */
    baselineMb: number;
    /** Peak RSS from the start of the workload (warm-up included) to its end. */
    peakMb: number;
    /** How the peak was measured (PeakRss.how). */
    how: string;
    /** Chromium's processes (sum of proportional set sizes), highest 200 ms sample. */
    chromiumPeakMb?: number;
  };
  wallSeconds?: number;
}

interface Budget {
  /** Sequential loops: warm-up and measured time. */
  warmupMs: number;
  loopMs: number;
  /** W4: measured time per script. */
  scriptMs: number;
  w2Runs: number;
  w2ChromiumRuns: number;
  w3Runs: number;
}

const BUDGETS: Record<'default' | 'quick', Budget> = {
  default: { warmupMs: 1_500, loopMs: 5_000, scriptMs: 1_500, w2Runs: 7, w2ChromiumRuns: 5, w3Runs: 3 },
  quick: { warmupMs: 600, loopMs: 1_500, scriptMs: 500, w2Runs: 3, w2ChromiumRuns: 2, w3Runs: 1 },
};

const RESULT_MARK = '@@quire-bench-result ';

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), min: sorted[0] ?? NaN, max: sorted[sorted.length - 1] ?? NaN };
}

function uniqueWarnings(results: RenderResult[]): string[] {
  return [...new Set(results.flatMap((r) => r.warnings.map((w) => `${w.code}: ${w.message}`)))];
}

/** A unit's peak RSS from `reset()` on, all its threads' included. */
interface PeakRss {
  /** What measures it, for the memory table. */
  readonly how: string;
  reset(): void;
  read(): { peakMb: number };
  stop(): Promise<void>;
}

/**
 * The kernel's own high-water mark of the process's RSS (VmHWM), reset after the imports by writing 5 to
 * /proc/self/clear_refs (Linux 4.0+): exact, never between two samples, and with nothing of its own in the process
 * it measures. Null where the kernel does not offer it.
 */
function kernelPeak(): PeakRss | null {
  const hwmKb = () => Number(/^VmHWM:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? Number.NaN);
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    if (!Number.isFinite(hwmKb())) return null;
  } catch {
    return null;
  }
  return {
    how: "the kernel's high-water mark (VmHWM), reset after the imports",
    reset: () => writeFileSync('/proc/self/clear_refs', '5'),
    read: () => ({ peakMb: hwmKb() / 1024 }),
    stop: async () => {},
  };
}

/**
 * Samples process RSS every 20 ms from a worker thread, so that a render blocking the main thread is no blind spot:
 * where the kernel has no resettable high-water mark. The thread's own isolate (some 10 MB) is in what it measures.
 */
class RssSampler implements PeakRss {
  readonly how = 'the highest of samples taken every 20 ms by a worker thread (counted in the RSS)';
  readonly #shared = new Int32Array(new SharedArrayBuffer(8)); // [peak KB, stop]
  readonly #worker: Worker;

  constructor() {
    const source = `
      const { workerData } = require('node:worker_threads');
      const view = new Int32Array(workerData);
      const sample = () => {
        const kb = Math.round(process.memoryUsage.rss() / 1024);
        if (kb > Atomics.load(view, 0)) Atomics.store(view, 0, kb);
      };
      sample();
      const timer = setInterval(() => (Atomics.load(view, 1) ? clearInterval(timer) : sample()), 20);`;
    // execArgv: [] keeps tsx's loader out of this plain-JavaScript thread.
    this.#worker = new Worker(source, { eval: true, workerData: this.#shared.buffer, execArgv: [] });
    this.#worker.unref();
  }

  reset(): void {
    Atomics.store(this.#shared, 0, Math.round(process.memoryUsage.rss() / 1024));
  }

  read(): { peakMb: number } {
    const now = Math.round(process.memoryUsage.rss() / 1024);
    return { peakMb: Math.max(now, Atomics.load(this.#shared, 0)) / 1024 };
  }

  async stop(): Promise<void> {
    Atomics.store(this.#shared, 1, 1);
    await this.#worker.terminate();
  }
}

/** Chromium's processes: the descendants of this process, their proportional set sizes summed, sampled every 200 ms. */
class ProcessTreeSampler {
  #peakKb = 0;
  readonly #timer = setInterval(() => this.#sample(), 200);

  #sample(): void {
    const parents = new Map<number, number[]>();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const list = parents.get(ppid) ?? [];
        list.push(Number(name));
        parents.set(ppid, list);
      } catch {
        // The process ended meanwhile.
      }
    }
    let totalKb = 0;
    const queue = [...(parents.get(process.pid) ?? [])];
    while (queue.length > 0) {
      const pid = queue.pop() as number;
      queue.push(...(parents.get(pid) ?? []));
      try {
        const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
        totalKb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      } catch {
        // Ended, or not ours to read.
      }
    }
    this.#peakKb = Math.max(this.#peakKb, totalKb);
  }

  stop(): number {
    clearInterval(this.#timer);
    this.#sample();
    return this.#peakKb / 1024;
  }
}

/**
 * Shows Chromium the bundled Noto Sans, which W1 and W2 name (the other engines' default), through a fontconfig file
 * that adds its folder to the system's fonts: Chromium finds fonts only through fontconfig, and Noto Sans is not
 * installed on most machines. Without it Chromium would draw another font. Returns the folder to remove after.
 */
function showChromiumBundledNoto(): string {
  const fonts = dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans/package.json'));
  const folder = mkdtempSync(join(tmpdir(), 'quire-bench-fontconfig-'));
  const file = join(folder, 'fonts.conf');
  writeFileSync(
    file,
    '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n' +
      `  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n  <dir>${fonts}</dir>\n` +
      `  <cachedir>${folder}</cachedir>\n</fontconfig>\n`,
  );
  process.env.FONTCONFIG_FILE = file;
  return folder;
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** Renders one document at a time: warm-up, then as many as fit in `loopMs` (at least `minDocs`). */
async function sequential(
  label: string,
  render: () => Promise<RenderResult>,
  budget: { warmupMs: number; loopMs: number; minDocs?: number; warmupDocs?: number },
): Promise<Throughput> {
  const warmupEnd = performance.now() + budget.warmupMs;
  for (let i = 0; i < (budget.warmupDocs ?? 3) || performance.now() < warmupEnd; i++) await render();
  gc();
  const latencies: number[] = [];
  const results: RenderResult[] = [];
  const started = performance.now();
  const end = started + budget.loopMs;
  while (latencies.length < (budget.minDocs ?? 1) || performance.now() < end) {
    const t = performance.now();
    const result = await render();
    latencies.push(performance.now() - t);
    results.push(result);
  }
  const seconds = (performance.now() - started) / 1000;
  return summarize(label, latencies, results, seconds);
}

function summarize(label: string, latencies: number[], results: RenderResult[], seconds: number): Throughput {
  const first = results[0];
  return {
    label,
    docs: latencies.length,
    seconds,
    docsPerSecond: latencies.length / seconds,
    latency: stats(latencies),
    render: stats(results.map((r) => r.timings.total_ms)),
    phases: {
      template: stats(results.map((r) => r.timings.template_ms)).p50,
      layout: stats(results.map((r) => r.timings.layout_ms)).p50,
      output: stats(results.map((r) => r.timings.output_ms)).p50,
    },
    pages: first?.pages ?? 0,
    bytes: first?.bytes.byteLength ?? 0,
    fonts: first ? pdfFonts(first.bytes).map((f) => `${f.name}${f.embedded ? '' : ' (not embedded)'}`) : [],
    warnings: uniqueWarnings(results),
  };
}

/** Keeps `inFlight` tasks queued on the pool for `loopMs` after a warm-up that reaches every worker. */
async function saturate(
  label: string,
  run: () => Promise<RenderResult>,
  inFlight: number,
  budget: Budget,
): Promise<Throughput> {
  const warmupEnd = performance.now() + budget.warmupMs;
  const lane = async (until: number, sink?: { latencies: number[]; results: RenderResult[] }) => {
    do {
      const t = performance.now();
      const result = await run();
      sink?.latencies.push(performance.now() - t);
      sink?.results.push(result);
    } while (performance.now() < until);
  };
  await Promise.all(Array.from({ length: inFlight }, () => lane(warmupEnd)));
  const sink = { latencies: [] as number[], results: [] as RenderResult[] };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, () => lane(started + budget.loopMs, sink)));
  const seconds = (performance.now() - started) / 1000;
  return summarize(label, sink.latencies, sink.results, seconds);
}

/** The candidate's check (assertOwnEngine, rendering the invoice with it and with pdfmake), as a unit's result. */
async function engineCheckAlone(candidate: string): Promise<UnitResult> {
  const { renderReport } = await import('@quire/render');
  try {
    await assertOwnEngine(candidate, (o) => renderReport(o), invoice());
    return { unit: 'W1-cand', rows: [] };
  } catch (error) {
    if (error instanceof EngineNotAvailableError)
      return { unit: 'W1-cand', rows: [], failed: error.message, engineMissing: true };
    return {
      unit: 'W1-cand',
      rows: [],
      failed: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
}

async function runUnit(unit: UnitName, budget: Budget, candidate: string, engineChecked = false): Promise<UnitResult> {
  // The package by its own name: its `dist`, or its sources when the child runs with the `@quire/source` condition.
  const { renderReport, defaultFonts } = await import('@quire/render');
  const sampler = kernelPeak() ?? new RssSampler();
  const baselineMb = process.memoryUsage.rss() / 1024 / 1024;
  const wallStart = performance.now();
  sampler.reset();
  let tree: ProcessTreeSampler | undefined;
  let close: () => Promise<void> = async () => {};
  const rows: Throughput[] = [];
  // The cast: the candidate is any name given on the command line; assertOwnEngine checks the renderer has it.
  const engine = engineName(unit, candidate) as EngineName;
  const isCandidate = UNIT_LABELS[unit].engine === 'candidate';
  // Through a pool the check goes the pool's way (that it passes the engine on). In process it was made in a process
  // of its own (engineCheckAlone) when the orchestrator says so: here it would load pdfmake into the unit's heap,
  // which V8 then sizes the unit's peak by.
  const checkEngine = (render: (options: RenderOptions) => Promise<RenderResult>, pooled = false) =>
    isCandidate && (pooled || !engineChecked) ? assertOwnEngine(engine, render, invoice()) : Promise.resolve();

  try {
    switch (unit) {
      case 'W1':
      case 'W1-cand': {
        await checkEngine((o) => renderReport(o));
        const options: RenderOptions = { ...invoice(), engine };
        assertEmbeddedNoto('W1', await renderReport(options));
        rows.push(await sequential('invoice', () => renderReport(options), budget));
        break;
      }
      case 'W1-pool1':
      case 'W1-pool2':
      case 'W1-cand-pool1':
      case 'W1-cand-pool2': {
        const { RenderPool } = await import('@quire/render');
        const workers = unit.endsWith('pool1') ? 1 : 2;
        const pool = new RenderPool({ workers });
        close = () => pool.destroy();
        const run = (o: RenderOptions) => pool.run<RenderOptions, RenderResult>(o);
        await checkEngine(run, true);
        const options: RenderOptions = { ...invoice(), engine };
        assertEmbeddedNoto('W1', await run(options));
        rows.push(await saturate('invoice', () => run(options), workers * 2, budget));
        break;
      }
      case 'W1-cand-2proc':
        throw new Error(
          'W1-cand-2proc is two W1-cand units run side by side by the orchestrator, not a unit of its own',
        );
      case 'W5-cand': {
        await checkEngine((o) => renderReport(o));
        const options: RenderOptions = { ...dashboard(), engine };
        rows.push(await sequential('dashboard', () => renderReport(options), budget));
        break;
      }
      case 'W1-chromium':
      case 'W2-chromium':
      case 'W5-chromium': {
        const { ChromiumEngine } = await import('@quire/render');
        tree = new ProcessTreeSampler();
        const fontconfig = showChromiumBundledNoto();
        const chromium = await ChromiumEngine.launch({ pages: 1 });
        close = async () => {
          await chromium.close();
          rmSync(fontconfig, { recursive: true, force: true });
        };
        const context = { chromium: async () => chromium };
        if (unit === 'W1-chromium') {
          const options: RenderOptions = { ...invoice(), engine: 'chromium' };
          assertEmbeddedNoto('W1', await renderReport(options, context));
          rows.push(await sequential('invoice', () => renderReport(options, context), budget));
        } else if (unit === 'W5-chromium') {
          const options: RenderOptions = { ...dashboard(), engine: 'chromium' };
          rows.push(await sequential('dashboard', () => renderReport(options, context), budget));
        } else {
          const options: RenderOptions = { ...ledger(2_000), engine: 'chromium' };
          const render = () => renderReport(options, context);
          rows.push(
            await sequential('2,000 rows', render, {
              warmupMs: 0,
              warmupDocs: 1,
              loopMs: 0,
              minDocs: budget.w2ChromiumRuns,
            }),
          );
        }
        break;
      }
      case 'W2':
      case 'W2-cand': {
        await checkEngine((o) => renderReport(o));
        const options: RenderOptions = { ...ledger(2_000), engine };
        const render = () => renderReport(options);
        rows.push(
          await sequential('2,000 rows', render, { warmupMs: 0, warmupDocs: 2, loopMs: 0, minDocs: budget.w2Runs }),
        );
        break;
      }
      case 'W3':
      case 'W3-cand':
      case 'W3z-cand': {
        await checkEngine((o) => renderReport(o));
        // Warm up on the 2,000-row table, so the 20,000-row runs are compared with W2 on equal (warm) terms.
        const table = unit === 'W3z-cand' ? zebraLedger : ledger;
        const warm: RenderOptions = { ...table(2_000), engine };
        for (let i = 0; i < 2; i++) await renderReport(warm);
        const options: RenderOptions = { ...table(20_000), engine };
        const render = () => renderReport(options);
        rows.push(
          await sequential('20,000 rows', render, { warmupMs: 0, warmupDocs: 0, loopMs: 0, minDocs: budget.w3Runs }),
        );
        break;
      }
      case 'W4': {
        defaultFonts();
        for (const entry of SCRIPTS) {
          const options = scriptPage(entry);
          rows.push(
            await sequential(entry.script, () => renderReport(options), {
              warmupMs: budget.warmupMs / 3,
              loopMs: budget.scriptMs,
            }),
          );
        }
        break;
      }
    }
  } catch (error) {
    if (error instanceof EngineNotAvailableError) return { unit, rows, failed: error.message, engineMissing: true };
    return { unit, rows, failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  } finally {
    await close();
  }
  const chromiumPeakMb = tree?.stop();
  const { peakMb } = sampler.read();
  await sampler.stop();
  return {
    unit,
    rows,
    wallSeconds: (performance.now() - wallStart) / 1000,
    memory: {
      baselineMb,
      peakMb,
      how: sampler.how,
      ...(chromiumPeakMb !== undefined ? { chromiumPeakMb } : {}),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Orchestration
// ---------------------------------------------------------------------------------------------------------------

const PACKAGE_DIR = dirname(dirname(fileURLToPath(import.meta.url)));

interface Args {
  quick: boolean;
  only: Set<UnitName>;
  /** The engine of the `-cand` units. */
  candidate: string;
  unit?: UnitName;
  /** Child mode: only check that the candidate is an engine of its own (assertOwnEngine), in a process of its own. */
  checkEngine: boolean;
  /** The candidate was checked in a process of its own: the in-process units need not load pdfmake to check it. */
  engineChecked: boolean;
  /** Measure the TypeScript sources (the `@quire/source` condition) instead of the built package. */
  source: boolean;
}

function parseArgs(argv: string[]): Args {
  let quick = process.env.QUIRE_BENCH_QUICK === '1';
  let source = false;
  let checkEngine = false;
  let engineChecked = false;
  let unit: UnitName | undefined;
  let candidate = process.env.QUIRE_BENCH_ENGINE || 'quire';
  const wanted: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--quick') quick = true;
    else if (arg === '--source') source = true;
    else if (arg === '--check-engine') checkEngine = true;
    else if (arg === '--engine-checked') engineChecked = true;
    else if (arg === '--engine' || arg.startsWith('--engine=')) {
      const value = arg === '--engine' ? argv[++i] : arg.slice('--engine='.length);
      if (!value) throw new Error('--engine needs a value, such as quire or pdfmake');
      candidate = value;
    } else if (arg === '--only' || arg === '--unit') {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${arg} needs a value, such as W1`);
      if (arg === '--unit') {
        if (!UNITS.includes(value as UnitName)) throw new Error(`Unknown unit ${value}`);
        unit = value as UnitName;
      } else wanted.push(...value.split(','));
    } else if (arg.startsWith('--only=')) wanted.push(...arg.slice('--only='.length).split(','));
    else {
      throw new Error(
        `Unknown argument ${arg}. Usage: render.bench.ts [--quick] [--only W1,W2,W3,W4,W5] [--engine quire] [--source]`,
      );
    }
  }
  const only = new Set<UnitName>();
  for (const name of wanted.map((w) => w.trim().toUpperCase()).filter(Boolean)) {
    const matches = UNITS.filter((u) => u.toUpperCase() === name || u.split('-')[0]?.toUpperCase() === name);
    if (matches.length === 0) throw new Error(`Unknown workload ${name}; one of ${UNITS.join(', ')}`);
    for (const m of matches) only.add(m);
  }
  if (candidate === 'chromium')
    throw new Error('--engine chromium: Chromium has units of its own; name another engine');
  return {
    quick,
    only: only.size > 0 ? only : new Set(UNITS),
    candidate,
    source,
    checkEngine,
    engineChecked,
    ...(unit ? { unit } : {}),
  };
}

function runChild(
  unit: UnitName,
  quick: boolean,
  candidate: string,
  unitFile: string | null,
  extra: string[] = [],
): Promise<UnitResult> {
  const args = [
    ...(unitFile ? [] : ['--import', 'tsx', '--conditions=@quire/source']),
    '--expose-gc',
    unitFile ?? fileURLToPath(import.meta.url),
    '--unit',
    unit,
    '--engine',
    candidate,
    ...(quick ? ['--quick'] : []),
    ...extra,
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: PACKAGE_DIR, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
    });
    child.on('close', (code, signal) => {
      const line = out.split('\n').find((l) => l.startsWith(RESULT_MARK));
      const rest = out
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith(RESULT_MARK))
        .join('\n');
      if (rest) process.stderr.write(`[${unit}] ${rest}\n`);
      if (line) resolve(JSON.parse(line.slice(RESULT_MARK.length)) as UnitResult);
      else resolve({ unit, rows: [], failed: `child exited with ${signal ?? `code ${code}`} and no result` });
    });
  });
}

/**
 * Two units run side by side as one: their documents and docs/s added up (each process's own latencies are the
 * first's). What two renderers sharing nothing (not a process, not V8's platform threads) get from the machine: the
 * ceiling the RenderPool's 2 workers are measured against.
 */
function side(unit: UnitName, results: UnitResult[]): UnitResult {
  const failed = results.find((r) => r.failed || r.skipped);
  if (failed) return { ...failed, unit };
  const rows = results.map((r) => r.rows[0] as Throughput);
  const first = rows[0] as Throughput;
  const [a, b] = results.map((r) => r.memory);
  return {
    unit,
    rows: [
      {
        ...first,
        docs: rows.reduce((n, r) => n + r.docs, 0),
        seconds: Math.max(...rows.map((r) => r.seconds)),
        docsPerSecond: rows.reduce((n, r) => n + r.docsPerSecond, 0),
      },
    ],
    wallSeconds: Math.max(...results.map((r) => r.wallSeconds ?? 0)),
    ...(a && b
      ? {
          memory: {
            ...a,
            baselineMb: a.baselineMb + b.baselineMb,
            peakMb: a.peakMb + b.peakMb,
          },
        }
      : {}),
  };
}

function versionOf(pkg: string): string {
  try {
    const require = createRequire(import.meta.url);
    const path = require.resolve(`${pkg}/package.json`);
    return (JSON.parse(readFileSync(path, 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
}

function chromiumVersion(path: string): string {
  try {
    return execFileSync(path, ['--version'], {
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return path;
  }
}

const fmt = (n: number | undefined, digits = 0) =>
  n === undefined || Number.isNaN(n)
    ? '-'
    : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function table(header: string[], body: string[][], alignLeft: number): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < alignLeft ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/**
 * The units as plain JavaScript on the built package: builds the package when a file under src/ is newer than the
 * built library (so the units measure the code as it is), then bundles this file with the package left external.
 */
async function builtUnits(): Promise<string> {
  buildIfStale();
  // Imported here: the units themselves do not load esbuild.
  const { buildSync } = await import('esbuild');
  const outfile = join(PACKAGE_DIR, 'bench', 'unit.built.mjs');
  buildSync({
    entryPoints: [fileURLToPath(import.meta.url)],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
  });
  return outfile;
}

function buildIfStale(): void {
  const built = join(PACKAGE_DIR, 'dist', 'index.js');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const newest = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
      const path = join(dir, entry.name);
      return Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
    }, 0);
  if (builtAt > newest(join(PACKAGE_DIR, 'src'))) return;
  process.stderr.write('building @quire/render first (a source file is newer than dist)...\n');
  execFileSync('pnpm', ['run', 'build'], { cwd: PACKAGE_DIR, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function orchestrate({ quick, only, candidate, source }: Args): Promise<void> {
  const unitFile = source ? null : await builtUnits();
  const chromiumPath = findChromium();
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const cores = availableParallelism();
  console.log(`\n@quire/render bench (${quick ? 'quick' : 'default'} run), candidate engine: ${candidate}`);
  console.log(
    `Node ${process.version}, ${cores} CPUs (${cpu}), pdfmake ${versionOf('pdfmake')}, playwright-core ${versionOf('playwright-core')}`,
  );
  console.log(`Chromium: ${chromiumPath ? `${chromiumVersion(chromiumPath)} at ${chromiumPath}` : 'not installed'}`);
  console.log(
    `Each unit runs in its own child process, one after another, on ${source ? 'the TypeScript sources (tsx)' : 'the built package (dist)'}.`,
  );
  const loadAtStart = loadavg()[0] ?? 0;
  console.log(`Load average (1 min) at the start: ${fmt(loadAtStart, 2)} on ${cores} CPUs.\n`);

  const started = performance.now();
  const results = new Map<UnitName, UnitResult>();
  let missing: string | undefined;
  let missingWhy: string | undefined;
  // The candidate is checked once, in a process of its own, before its units: the in-process units then run with
  // nothing of pdfmake loaded (the pool units still check through the pool).
  let engineChecked = false;
  let checkFailed: string | undefined;
  if ([...only].some((unit) => UNIT_LABELS[unit].engine === 'candidate')) {
    process.stderr.write(`checking that '${candidate}' is an engine of its own...\n`);
    const check = await runChild('W1-cand', quick, candidate, unitFile, ['--check-engine']);
    if (check.engineMissing) {
      missing = 'the engine check';
      missingWhy = check.failed;
    } else if (check.failed) checkFailed = check.failed;
    else engineChecked = true;
  }
  for (const unit of UNITS) {
    if (!only.has(unit)) continue;
    if (CHROMIUM_UNITS.has(unit) && !chromiumPath) {
      results.set(unit, { unit, rows: [], skipped: 'Chromium is not installed (findChromium() found none)' });
      continue;
    }
    if (missing && UNIT_LABELS[unit].engine === 'candidate') {
      results.set(unit, { unit, rows: [], skipped: `the engine '${candidate}' is not available (see ${missing})` });
      continue;
    }
    if (checkFailed && UNIT_LABELS[unit].engine === 'candidate') {
      results.set(unit, { unit, rows: [], failed: `the engine check failed: ${checkFailed}` });
      continue;
    }
    process.stderr.write(`running ${unit} (${engineName(unit, candidate)}, ${UNIT_LABELS[unit].how})...\n`);
    const checked = engineChecked ? ['--engine-checked'] : [];
    const result =
      unit === 'W1-cand-2proc'
        ? side(unit, await Promise.all([1, 2].map(() => runChild('W1-cand', quick, candidate, unitFile, checked))))
        : await runChild(unit, quick, candidate, unitFile, checked);
    if (result.engineMissing) {
      missing = unit;
      missingWhy = result.failed;
    }
    results.set(unit, result);
  }
  const wall = (performance.now() - started) / 1000;
  const engineOf = (unit: UnitName) => engineName(unit, candidate);

  // Throughput and latency.
  const body: string[][] = [];
  for (const [unit, result] of results) {
    const { workload, how } = UNIT_LABELS[unit];
    if (result.skipped || result.failed) {
      body.push([workload, engineOf(unit), how, result.skipped ? 'skipped' : 'FAILED']);
      continue;
    }
    for (const row of result.rows) {
      body.push([
        unit === 'W4' ? `W4 ${row.label}` : workload,
        engineOf(unit),
        how,
        fmt(row.docs),
        fmt(row.docsPerSecond, 1),
        fmt(row.latency.p50, 1),
        fmt(row.latency.p95, 1),
        fmt(row.render.p50, 1),
        fmt(row.pages),
        fmt(row.bytes / 1024),
        fmt(result.memory?.peakMb),
      ]);
    }
  }
  console.log('Throughput and latency (ms)');
  console.log(
    table(
      ['workload', 'engine', 'how', 'docs', 'docs/s', 'p50', 'p95', 'render p50', 'pages', 'KB', 'peak RSS MB'],
      body,
      3,
    ),
  );
  console.log(
    'p50/p95: from the call to the result; for the pool that includes waiting behind the other task in flight on\n' +
      "the same worker. render p50: the result's own timings.total_ms (Liquid + layout + PDF), without queue or messaging.",
  );

  // Where the time goes.
  const phases: string[][] = [];
  for (const [unit, result] of results) {
    for (const row of result.rows) {
      const { template, layout, output } = row.phases;
      const total = row.render.p50;
      phases.push([
        unit === 'W4' ? `W4 ${row.label}` : unit,
        engineOf(unit),
        fmt(template, 1),
        fmt(layout, 1),
        fmt(output, 1),
        fmt(total, 1),
        total > 0 ? `${fmt((output / total) * 100)}%` : '-',
      ]);
    }
  }
  if (phases.length > 0) {
    console.log("\nWhere the time goes (p50 ms of the results' own timings)");
    console.log(
      table(['unit', 'engine', 'Liquid', 'HTML to document', 'PDF out', 'total', 'PDF out share'], phases, 2),
    );
    console.log(
      'Liquid: template_ms. HTML to document: layout_ms (for pdfmake the HTML/CSS conversion to a pdfmake document;\n' +
        'for Chromium the header and footer marks only; for another engine what it reports as layout). PDF out:\n' +
        "output_ms (pdfmake's own layout, font subsetting and writing; for Chromium setContent + page.pdf).",
    );
  }

  // The fonts W1 was drawn in: the targets are for the bundled Noto, embedded.
  const fonts: string[][] = [];
  for (const [unit, result] of results) {
    if (!unit.startsWith('W1')) continue;
    const first = result.rows[0];
    if (first) fonts.push([unit, engineOf(unit), first.fonts.join(', ') || 'none']);
  }
  if (fonts.length > 0) {
    console.log("\nW1's fonts (from the first document's font descriptors; subset tags dropped)");
    console.log(table(['unit', 'engine', 'fonts'], fonts, 3));
  }

  // Memory.
  const memory: string[][] = [];
  for (const [unit, result] of results) {
    if (!result.memory) continue;
    const m = result.memory;
    memory.push([
      unit,
      engineOf(unit),
      fmt(m.baselineMb),
      fmt(m.peakMb),
      fmt(m.peakMb - m.baselineMb),
      m.chromiumPeakMb === undefined ? '' : fmt(m.chromiumPeakMb),
      fmt(result.wallSeconds, 1),
    ]);
  }
  if (memory.length > 0) {
    console.log("\nMemory (MB) of each unit's own Node process");
    console.log(table(['unit', 'engine', 'RSS at start', 'peak RSS', 'growth', 'Chromium PSS', 'unit s'], memory, 2));
    const hows = [...new Set([...results.values()].flatMap((r) => (r.memory ? [r.memory.how] : [])))];
    console.log(
      `RSS at start: after the imports, before the first render. peak RSS: ${hows.join('; ')}, from then to\n` +
        'the end, warm-up included. RSS is process-wide: for the RenderPool units it includes the worker threads\n' +
        '(worker_threads share the process); for W1-cand-2proc, its two processes added. Chromium PSS: its own\n' +
        'processes, summed, sampled every 200 ms (not part of the Node RSS).',
    );
  }

  // Targets, for pdfmake and for the candidate engine.
  const measured = (unit: UnitName) => {
    const r = results.get(unit);
    return r && !r.failed && !r.skipped ? { row: r.rows[0], memory: r.memory } : undefined;
  };
  /** Why a figure is missing: the unit's own failure or skip, or that it was not asked for. */
  const why = (...units: UnitName[]) => {
    for (const unit of units) {
      const r = results.get(unit);
      if (!r) return `${unit} not run`;
      if (r.skipped) return `${unit} skipped`;
      if (r.failed) return r.engineMissing ? `${unit}: engine not available` : `${unit} FAILED`;
    }
    return '-';
  };
  const chromiumW1 = measured('W1-chromium')?.row;
  const targets: string[][] = [];
  const target = (
    figure: string,
    goal: string,
    engine: string,
    units: UnitName[],
    value: () => { shown: string; ok?: boolean } | undefined,
  ) => {
    const v = units.every((u) => measured(u)) ? value() : undefined;
    const verdict = v === undefined ? 'n/a' : v.ok === undefined ? 'figure' : v.ok ? 'met' : 'NOT MET';
    targets.push([figure, goal, engine, v?.shown ?? why(...units), verdict]);
  };
  const engines: Array<{ name: string; w1: UnitName; pool1: UnitName; pool2: UnitName; w2: UnitName; w3: UnitName }> = [
    { name: BASELINE_ENGINE, w1: 'W1', pool1: 'W1-pool1', pool2: 'W1-pool2', w2: 'W2', w3: 'W3' },
    {
      name: `${candidate} (candidate)`,
      w1: 'W1-cand',
      pool1: 'W1-cand-pool1',
      pool2: 'W1-cand-pool2',
      w2: 'W2-cand',
      w3: 'W3-cand',
    },
  ];
  for (const e of engines) {
    const docsPerSecond = (u: UnitName) => measured(u)?.row?.docsPerSecond ?? NaN;
    const p50 = (u: UnitName) => measured(u)?.row?.latency.p50 ?? NaN;
    const peak = (u: UnitName) => measured(u)?.memory?.peakMb ?? NaN;
    target('W1 docs/s, one worker', '>= 150', e.name, [e.w1], () => ({
      shown: fmt(docsPerSecond(e.w1), 1),
      ok: docsPerSecond(e.w1) >= 150,
    }));
    target('W1 docs/s / Chromium docs/s', '>= 6x', e.name, [e.w1, 'W1-chromium'], () => {
      const ratio = docsPerSecond(e.w1) / (chromiumW1?.docsPerSecond ?? NaN);
      return { shown: `${fmt(ratio, 2)}x`, ok: ratio >= 6 };
    });
    target('W2 p50', '<= 300 ms', e.name, [e.w2], () => ({ shown: `${fmt(p50(e.w2))} ms`, ok: p50(e.w2) <= 300 }));
    // The target as a speed against Chromium's in the same run: the issue set 300 ms when its Chromium took
    // 1,180 ms for W2 (3.9x), and both engines' times move with the machine.
    target('W2 Chromium p50 / W2 p50', 'figure (issue: 3.9x)', e.name, [e.w2, 'W2-chromium'], () => ({
      shown: `${fmt(p50('W2-chromium') / p50(e.w2), 2)}x`,
    }));
    target('W2 peak RSS', '<= 300 MB', e.name, [e.w2], () => ({
      shown: `${fmt(peak(e.w2))} MB`,
      ok: peak(e.w2) <= 300,
    }));
    target('W3 p50 / W2 p50 (10x the rows)', '<= 12x', e.name, [e.w2, e.w3], () => {
      const ratio = p50(e.w3) / p50(e.w2);
      return { shown: `${fmt(ratio, 1)}x`, ok: ratio <= 12 };
    });
    target('W3 peak RSS vs W2 peak RSS', 'flat', e.name, [e.w2, e.w3], () => ({
      shown: `${fmt(peak(e.w3))} vs ${fmt(peak(e.w2))} MB (${fmt(peak(e.w3) / peak(e.w2), 2)}x)`,
    }));
    target('W1 pool: 2 workers / 1 worker docs/s', `>= 1.7x, 2 cores`, e.name, [e.pool1, e.pool2], () => {
      const ratio = docsPerSecond(e.pool2) / docsPerSecond(e.pool1);
      return { shown: `${fmt(ratio, 2)}x`, ...(cores >= 2 ? { ok: ratio >= 1.7 } : {}) };
    });
    if (e.w1 === 'W1-cand') {
      target('W1 two processes / one process docs/s', 'figure', e.name, [e.w1, 'W1-cand-2proc'], () => ({
        shown: `${fmt(docsPerSecond('W1-cand-2proc') / docsPerSecond(e.w1), 2)}x`,
      }));
    }
    target('W1 pool overhead: in-process / pool of 1 docs/s - 1', '<= 10%', e.name, [e.w1, e.pool1], () => {
      const overhead = docsPerSecond(e.w1) / docsPerSecond(e.pool1) - 1;
      return { shown: `${fmt(overhead * 100, 1)}%`, ok: overhead <= 0.1 };
    });
  }
  target('W3 with zebra stripes p50 / W3 p50', 'figure', `${candidate} (candidate)`, ['W3-cand', 'W3z-cand'], () => {
    const striped = measured('W3z-cand')?.row?.latency.p50 ?? NaN;
    const plain = measured('W3-cand')?.row?.latency.p50 ?? NaN;
    return { shown: `${fmt(striped / 1000, 1)} vs ${fmt(plain / 1000, 1)} s (${fmt(striped / plain, 2)}x)` };
  });
  target(
    'W5 dashboard docs/s / Chromium docs/s',
    'figure',
    `${candidate} (candidate)`,
    ['W5-cand', 'W5-chromium'],
    () => {
      const mine = measured('W5-cand')?.row?.docsPerSecond ?? NaN;
      const theirs = measured('W5-chromium')?.row?.docsPerSecond ?? NaN;
      return { shown: `${fmt(mine, 1)} vs ${fmt(theirs, 1)} docs/s (${fmt(mine / theirs, 2)}x)` };
    },
  );
  console.log('\nTargets (issues 15 and 16)');
  console.log(table(['figure', 'target', 'engine', 'measured', 'verdict'], targets, 3));
  console.log(
    'figure: printed, no threshold. n/a: a unit it needs did not run (the measured column says which and why).\n' +
      `The pool's 1.7x is judged only with 2 or more cores (here ${cores}). Pool overhead: how much faster the same\n` +
      "engine renders W1 in a loop on the caller's thread than through a RenderPool of one worker (2 in flight).\n" +
      'Two processes / one process: two W1-cand units at once, sharing nothing but the machine: the most any\n' +
      'two renderers get from it, so the ceiling for the pool of 2 (whose workers also share V8 and its GC threads).\n' +
      "W2 Chromium p50 / W2 p50: W2's speed against Chromium's in this run; the issue's 300 ms was 3.9x the 1,180 ms\n" +
      'its Chromium took, and both times move with the machine (they are compared in one run for that reason).',
  );

  const w2 = measured('W2')?.row;
  const w2c = measured('W2-chromium')?.row;
  if (w2 && w2c) {
    const speed = w2c.latency.p50 / w2.latency.p50;
    console.log(`\nW2 Chromium p50 / pdfmake p50: ${fmt(speed, 2)}x (${speed >= 1 ? 'pdfmake' : 'Chromium'} faster)`);
  }

  const notes: string[] = [];
  for (const [unit, result] of results) {
    if (result.skipped) notes.push(`${unit}: skipped: ${result.skipped}`);
    if (result.failed) notes.push(`${unit}: FAILED: ${result.failed}`);
    for (const r of result.rows) {
      for (const w of r.warnings) notes.push(`${unit} ${r.label}: warning ${w}`);
    }
  }
  if (notes.length > 0) console.log(`\nNotes\n${notes.join('\n')}`);
  if (missing) {
    const banner = `NO FIGURES FOR '${candidate}': ${missingWhy}`;
    console.log(`\n${'!'.repeat(80)}\n${banner}\n${'!'.repeat(80)}`);
  }
  console.log(
    `\nLoad average (1 min): ${fmt(loadAtStart, 2)} at the start, ${fmt(loadavg()[0], 2)} at the end, on ${cores} CPUs` +
      ' (above 1 or so, other processes took CPU time from the units).',
  );
  console.log(`\nTotal ${fmt(wall, 1)} s. Figures vary by about +-30% between runs; compare engines within one run.\n`);
}

const args = parseArgs(process.argv.slice(2));
const budget = BUDGETS[args.quick ? 'quick' : 'default'];
if (args.checkEngine) {
  process.stdout.write(`${RESULT_MARK}${JSON.stringify(await engineCheckAlone(args.candidate))}\n`);
  process.exit(0);
} else if (args.unit) {
  const result = await runUnit(args.unit, budget, args.candidate, args.engineChecked);
  process.stdout.write(`${RESULT_MARK}${JSON.stringify(result)}\n`);
  // Chromium's and piscina's handles are closed; anything left (a stray timer) should not hold the child.
  process.exit(0);
} else {
  await orchestrate(args);
}
