/**
 * `pnpm bench` for the service's HTTP path: W1, the render bench's one-page invoice, as synchronous reports
 * (`POST /v1/reports` with an API key and `Accept: application/pdf`: the file in the answer), against the same
 * engine rendering W1 in this process without HTTP, in the same run. Figures only; it asserts nothing.
 *
 *   node --conditions=@quire/source --import tsx bench/http.bench.ts [--quick] [--engine quire]
 *
 * QUIRE_BENCH_QUICK=1 is --quick and QUIRE_BENCH_ENGINE=NAME is --engine NAME (how `pnpm bench` at the root passes
 * them on).
 *
 * For each engine (pdfmake, then the candidate given by --engine or $QUIRE_BENCH_ENGINE, default quire):
 *  1. W1 in this process: renderReport in a loop on this thread, then a RenderPool with as many workers as the
 *     service gives reports, kept busy (two tasks in flight per worker);
 *  2. the real service (createApp on an embedded store in a temporary directory, on loopback, as the service's
 *     tests start it) with QUIRE_RENDER_ENGINE set to the engine; a person signs up, their team is put on the
 *     Enterprise plan, they make an API key and the template;
 *  3. autocannon keeps 32 requests in flight for 10 s (3 s with --quick) after a warm-up.
 * Limits that would throttle the bench are lifted and printed: the request rate limit, and the plan's monthly
 * quotas (Enterprise, with the larger of the two readings of its monthly reports).
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { getPlan } from '@quire/core';
import { type RenderOptions, RenderPool, type RenderResult, renderReport } from '@quire/render';
import {
  assertEmbeddedNoto,
  assertOwnEngine,
  BASELINE_ENGINE,
  EngineNotAvailableError,
} from '../../packages/render/bench/engine-check';
import { type LoadResult, loadTest } from '../../packages/render/bench/http-load';
import { invoice } from '../../packages/render/bench/workloads';
import { startApp } from '../src/__fixtures__/harness';
import { ConfigError } from '../src/config';
import { renderLanesOf } from '../src/rendering/render-service';

interface Budget {
  inProcessWarmupMs: number;
  inProcessMs: number;
  /** Requests from 32 clients that each wait for their answer, so that none is left rendering when the load starts. */
  httpWarmupSeconds: number;
  httpSeconds: number;
}

const BUDGETS: Record<'default' | 'quick', Budget> = {
  default: { inProcessWarmupMs: 1_500, inProcessMs: 5_000, httpWarmupSeconds: 3, httpSeconds: 10 },
  quick: { inProcessWarmupMs: 500, inProcessMs: 1_500, httpWarmupSeconds: 1, httpSeconds: 3 },
};
const CONNECTIONS = 32;
/** Far above what a run sends: the limit is counted (a store write per request, as in production) but never met. */
const RATE_LIMIT_PER_MINUTE = '1000000000';
const PLAN = 'enterprise';
/** The reading of monthly report limits that gives Enterprise 50,000 reports a month rather than 5,000. */
const REPORTS_READING = 'listing';

function parseArgs(argv: string[]): { quick: boolean; candidate: string } {
  let quick = process.env.QUIRE_BENCH_QUICK === '1';
  let candidate = process.env.QUIRE_BENCH_ENGINE || 'quire';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--quick') quick = true;
    else if (arg === '--engine' || arg.startsWith('--engine=')) {
      const value = arg === '--engine' ? argv[++i] : arg.slice('--engine='.length);
      if (!value) throw new Error('--engine needs a value, such as quire or pdfmake');
      candidate = value;
    } else throw new Error(`Unknown argument ${arg}. Usage: http.bench.ts [--quick] [--engine quire]`);
  }
  return { quick, candidate };
}

/** Documents per second with `inFlight` renders kept going: a warm-up, then as many as fit in `ms`. */
async function docsPerSecond(render: () => Promise<unknown>, inFlight: number, warmupMs: number, ms: number) {
  const lane = async (until: number, done: { count: number }) => {
    do {
      await render();
      done.count += 1;
    } while (performance.now() < until);
  };
  const lanes = (until: number, done: { count: number }) =>
    Promise.all(Array.from({ length: inFlight }, () => lane(until, done)));
  await lanes(performance.now() + warmupMs, { count: 0 });
  const done = { count: 0 };
  const started = performance.now();
  await lanes(started + ms, done);
  return done.count / ((performance.now() - started) / 1000);
}

interface EngineFigures {
  engine: string;
  /** Why there are no figures, when there are none. */
  failed?: string;
  oneThread?: number;
  pool?: number;
  http?: LoadResult;
  usage?: { reports: number; apiCalls: number };
}

async function inProcess(engine: string, workers: number, budget: Budget) {
  const options: RenderOptions = { ...invoice(), engine: engine as RenderOptions['engine'] };
  await assertOwnEngine(engine, (o) => renderReport(o), invoice());
  assertEmbeddedNoto('W1', await renderReport(options));
  const oneThread = await docsPerSecond(() => renderReport(options), 1, budget.inProcessWarmupMs, budget.inProcessMs);
  const pool = new RenderPool({ workers });
  try {
    const run = () => pool.run<RenderOptions, RenderResult>(options);
    return { oneThread, pool: await docsPerSecond(run, workers * 2, budget.inProcessWarmupMs, budget.inProcessMs) };
  } finally {
    await pool.destroy();
  }
}

async function overHttp(engine: string, budget: Budget) {
  const app = await startApp({
    QUIRE_RENDER_ENGINE: engine,
    RATE_LIMIT_PER_MINUTE,
    QUIRE_REPORTS_READING: REPORTS_READING,
  });
  try {
    const { actors } = app;
    const owner = await actors.signUp('bench');
    await actors.setPlan(owner.teamId, PLAN);
    const key = await actors.apiKey(owner, 'member', { name: 'bench' });
    const { template, data } = invoice();
    const created = await actors.call(owner, '/v1/templates', {
      method: 'POST',
      body: { name: template.name, html: template.html, css: template.css },
    });
    if (created.status !== 201) throw new Error(`template: ${created.status} ${JSON.stringify(created.body)}`);
    const request = {
      url: `${app.url}/v1/reports`,
      method: 'POST' as const,
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: 'application/pdf' },
      body: JSON.stringify({ template_id: created.body.id, data, format: 'pdf' }),
    };
    // One report first: it must be the PDF itself, drawn in the embedded Noto fonts like W1 in process.
    const first = await fetch(request.url, request);
    const bytes = new Uint8Array(await first.arrayBuffer());
    if (first.status !== 201 || first.headers.get('content-type') !== 'application/pdf') {
      throw new Error(`report: ${first.status} ${first.headers.get('content-type')} ${Buffer.from(bytes).toString()}`);
    }
    assertEmbeddedNoto('W1 over HTTP', { bytes } as RenderResult);
    // The warm-up waits for every answer (autocannon would leave its last requests rendering into the measured run).
    const send = async () => {
      const response = await fetch(request.url, request);
      await response.arrayBuffer();
    };
    await docsPerSecond(send, CONNECTIONS, budget.httpWarmupSeconds * 1000, 0);
    const http = await loadTest({ ...request, connections: CONNECTIONS, durationSeconds: budget.httpSeconds });
    const used = await actors.usageOf(owner.teamId);
    return { http, usage: { reports: used.reports, apiCalls: used.api_calls } };
  } finally {
    await app.close({ removeData: true });
  }
}

const fmt = (n: number | undefined, digits = 0) =>
  n === undefined || Number.isNaN(n)
    ? '-'
    : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function table(header: string[], body: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

const { quick, candidate } = parseArgs(process.argv.slice(2));
const budget = BUDGETS[quick ? 'quick' : 'default'];
// The service's reports lane as it would be configured here (QUIRE_RENDER_WORKERS unset: the machine's parallelism).
const lanes = renderLanesOf({ renderWorkers: undefined, previewWorkers: 1 });
const plan = getPlan(PLAN, REPORTS_READING);

console.log(`\n@quire/service HTTP bench (${quick ? 'quick' : 'default'} run), candidate engine: ${candidate}`);
const loadAtStart = loadavg()[0] ?? 0;
console.log(
  `Node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown CPU'}), ` +
    `load average (1 min) at the start: ${fmt(loadAtStart, 2)}`,
);
console.log(
  'W1 (one-page invoice, 15 rows) as synchronous reports: POST /v1/reports, an API key, Accept: application/pdf.\n' +
    `autocannon: ${CONNECTIONS} connections for ${budget.httpSeconds} s after ${budget.httpWarmupSeconds} s of warm-up, ` +
    'in a worker thread of this process.\n' +
    `Service: createApp on an embedded store in a temporary directory, on 127.0.0.1; render threads: ${lanes.reports} ` +
    `for reports (QUIRE_RENDER_WORKERS unset) + ${lanes.previews} for previews.\n` +
    `Limits lifted: RATE_LIMIT_PER_MINUTE=${RATE_LIMIT_PER_MINUTE}; the team on the ${plan.name} plan with ` +
    `QUIRE_REPORTS_READING=${REPORTS_READING}: ${fmt(plan.limits.reports_per_month)} reports and ` +
    `${fmt(plan.limits.api_calls_per_month)} API calls a month, ${plan.rendering.concurrent_renders} renders at ` +
    `once, ${plan.rendering.render_time_limit_ms / 1000} s per render.\n`,
);

const figures: EngineFigures[] = [];
for (const engine of [...new Set([BASELINE_ENGINE, candidate])]) {
  const entry: EngineFigures = { engine };
  figures.push(entry);
  try {
    process.stderr.write(`${engine}: W1 in process (1 thread, then a pool of ${lanes.reports})...\n`);
    Object.assign(entry, await inProcess(engine, lanes.reports, budget));
    process.stderr.write(`${engine}: the service, ${CONNECTIONS} connections...\n`);
    Object.assign(entry, await overHttp(engine, budget));
  } catch (error) {
    entry.failed =
      error instanceof EngineNotAvailableError || error instanceof ConfigError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
  }
}

const rows = figures.map(({ engine, failed, oneThread, pool, http }) => {
  if (failed) return [engine, 'FAILED'];
  const ratio = http && pool ? http.okPerSecond / pool : Number.NaN;
  const errors = http ? http.errors + http.non2xx : Number.NaN;
  return [
    engine,
    fmt(oneThread, 1),
    fmt(pool, 1),
    fmt(http?.responsesPerSecond, 1),
    fmt(http?.p50, 1),
    fmt(http?.p99, 1),
    fmt(errors),
    `${fmt(ratio * 100)}%`,
    oneThread && http ? `${fmt((http.okPerSecond / oneThread) * 100)}%` : '-',
    Number.isNaN(ratio) ? 'n/a' : ratio >= 0.8 ? 'met' : 'NOT MET',
  ];
});
console.log('W1 docs/s in process and requests/s over HTTP');
console.log(
  table(
    [
      'engine',
      'in process, 1 thread',
      `in process, pool of ${lanes.reports}`,
      'HTTP req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'HTTP / pool',
      'HTTP / 1 thread',
      'target >= 80% of pool',
    ],
    rows,
  ),
);
console.log(
  'in process: renderReport in a loop on this thread; pool: a RenderPool of as many workers as the service gives\n' +
    'reports, two tasks in flight per worker. HTTP req/s: responses per second; p50/p99: their latency, queueing\n' +
    'behind the other connections included; errors: connection errors, timeouts and non-2xx answers. HTTP / pool:\n' +
    "2xx answers per second over the pool's docs/s (the same engine and threads, without HTTP, the store and the\n" +
    'blob writes); the target is 80%. The load generator shares the machine with the service.',
);

const notes: string[] = [];
for (const { engine, failed, http, usage } of figures) {
  if (failed) notes.push(`${engine}: FAILED: ${failed}`);
  if (http && Object.keys(http.statuses).some((s) => !s.startsWith('2'))) {
    notes.push(`${engine}: answers by status: ${JSON.stringify(http.statuses)}`);
  }
  if (usage) {
    notes.push(
      `${engine}: the team's usage after the run: ${fmt(usage.reports)} of ${fmt(plan.limits.reports_per_month)} ` +
        `reports, ${fmt(usage.apiCalls)} of ${fmt(plan.limits.api_calls_per_month)} API calls`,
    );
  }
}
if (notes.length > 0) console.log(`\nNotes\n${notes.join('\n')}`);
const missing = figures.find((f) => f.failed && f.engine !== BASELINE_ENGINE);
if (missing) {
  console.log(`\n${'!'.repeat(80)}\nNO FIGURES FOR '${missing.engine}': ${missing.failed}\n${'!'.repeat(80)}`);
}
console.log(
  `\nLoad average (1 min): ${fmt(loadAtStart, 2)} at the start, ${fmt(loadavg()[0], 2)} at the end, on ` +
    `${availableParallelism()} CPUs (above 1 or so, other processes took CPU time from the bench).`,
);
console.log('Figures vary by about +-30% between runs; compare within one run.\n');
