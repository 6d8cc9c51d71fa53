/**
 * `pnpm bench` for @quire/render: what a report costs to render. Figures, never pass/fail: the targets are printed
 * next to the figures as met / not met, and the run always exits 0 unless the bench itself breaks.
 *
 *   npx tsx bench/render.bench.ts                 the default run (about 2 minutes on 2 cores)
 *   npx tsx bench/render.bench.ts --quick         a short run (fewer documents, noisier figures)
 *   npx tsx bench/render.bench.ts --only W2,W3    some workloads (W1 W2 W3 W4, or one unit such as W1-pool2)
 *
 * The process started by that command only orchestrates: every unit (one engine on one workload) runs in a child
 * process of its own, `node --import tsx --conditions=@quire/source bench/render.bench.ts --unit <name>`, so that
 * each unit's peak RSS is its own and not what an earlier unit left behind, and so that @quire/core resolves to its
 * sources as it does in the pool's workers and in vitest. Units run one after another, never side by side.
 *
 * Peak RSS is sampled every 20 ms by a worker thread (`process.memoryUsage.rss()` is process-wide, so it covers the
 * RenderPool's worker threads, and a worker thread keeps sampling while a long render blocks the main thread). The
 * kernel's own high-water mark (`process.resourceUsage().maxRSS`, the child's whole life) is printed beside it.
 * Chromium renders in processes of its own: their memory is not in the Node RSS and is printed separately.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, cpus } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { findChromium } from '../src/chromium/find-chromium';
import type { RenderOptions, RenderResult } from '../src/types';

// ---------------------------------------------------------------------------------------------------------------
// Workloads
// ---------------------------------------------------------------------------------------------------------------

const INVOICE_CSS = `
.invoice { font-size: 10pt; color: #222; }
h1 { font-size: 20pt; margin: 0 0 4px 0; color: #1f4e79; }
.head { display: flex; gap: 24px; margin-bottom: 18px; }
.head > div { flex: 1; }
.from { text-align: right; }
.muted { color: #666; }
.label { font-size: 8pt; text-transform: uppercase; color: #666; margin: 0 0 2px 0; }
.bill-to { margin-bottom: 18px; }
table.items { width: 100%; border-collapse: collapse; }
table.items th { background: #1f4e79; color: #fff; text-align: left; padding: 5px 6px; }
table.items td { padding: 5px 6px; border-bottom: 1px solid #ddd; }
.num { text-align: right; }
table.totals { width: 40%; margin-left: 60%; margin-top: 12px; border-collapse: collapse; }
table.totals th { text-align: left; font-weight: normal; padding: 3px 6px; }
table.totals td { text-align: right; padding: 3px 6px; }
table.totals tr.total th, table.totals tr.total td { font-weight: bold; border-top: 2px solid #1f4e79; }
`;

const INVOICE_HTML = `{% assign subtotal = 0 %}
{% for item in items %}{% assign line = item.qty | times: item.unit_price %}{% assign subtotal = subtotal | plus: line %}{% endfor %}
{% assign tax = subtotal | times: tax_rate | round: 2 %}
{% assign total = subtotal | plus: tax %}
<div class="invoice">
<div class="head">
  <div>
    <h1>Invoice</h1>
    <p class="muted">No. {{ invoice.number }}<br>Issued {{ invoice.issued }} · Due {{ invoice.due }}</p>
  </div>
  <div class="from">
    <strong>{{ company.name }}</strong><br>
    {% for line in company.address %}{{ line }}<br>{% endfor %}
    {{ company.email }}
  </div>
</div>
<div class="bill-to">
  <p class="label">Bill to</p>
  <p><strong>{{ customer.name }}</strong><br>
    {% for line in customer.address %}{{ line }}<br>{% endfor %}
    {{ customer.email }}</p>
</div>
<table class="items">
  <colgroup><col width="52%"><col width="12%"><col width="18%"><col width="18%"></colgroup>
  <thead><tr><th>Description</th><th class="num">Qty</th><th class="num">Unit price</th><th class="num">Amount</th></tr></thead>
  <tbody>
  {% for item in items %}<tr>
    <td>{{ item.description }}</td>
    <td class="num">{{ item.qty }}</td>
    <td class="num">{{ item.unit_price | money }}</td>
    <td class="num">{{ item.qty | times: item.unit_price | money }}</td>
  </tr>{% endfor %}
  </tbody>
</table>
<table class="totals"><tbody>
  <tr><th>Subtotal</th><td>{{ subtotal | money }}</td></tr>
  <tr><th>Tax ({{ tax_rate | times: 100 }}%)</th><td>{{ tax | money }}</td></tr>
  <tr class="total"><th>Total due</th><td>{{ total | money }}</td></tr>
</tbody></table>
</div>`;

const SERVICES = [
  'Architecture review',
  'Backend development',
  'Frontend development',
  'Code review and pairing',
  'Database migration',
  'Load testing',
  'Security assessment',
  'Project management',
  'Technical writing',
  'On-call support (monthly)',
  'Cloud hosting (pass-through)',
  'Design workshop',
  'Accessibility audit',
  'Training session',
  'Travel expenses',
];

function invoice(): RenderOptions {
  return {
    template: { name: 'Invoice', html: INVOICE_HTML, css: INVOICE_CSS },
    data: {
      invoice: { number: 'INV-2026-0042', issued: 'March 3, 2026', due: 'April 2, 2026' },
      company: {
        name: 'Northwind Consulting LLC',
        address: ['500 Market Street, Suite 12', 'San Francisco, CA 94105'],
        email: 'billing@northwind.example',
      },
      customer: {
        name: 'Contoso Manufacturing Inc.',
        address: ['Attn: Accounts Payable', '1200 Industrial Parkway', 'Columbus, OH 43215'],
        email: 'ap@contoso.example',
      },
      tax_rate: 0.08,
      items: SERVICES.map((description, i) => ({
        description,
        qty: (i % 6) + 1,
        unit_price: 85 + ((i * 37) % 140) + 0.5,
      })),
    },
  };
}

// No `body` rule: the converter styles the template's fragment, which has no <body> of its own, so sizes are set
// on the elements (Chromium would honour a body rule and lay out a different number of pages).
const LEDGER_CSS = `
h1 { font-size: 14pt; }
table { font-size: 10pt; width: 100%; border-collapse: collapse; }
th { background: #eee; text-align: left; padding: 3px 4px; border-bottom: 1px solid #999; }
td { padding: 3px 4px; border-bottom: 1px solid #ddd; }
.num { text-align: right; }
`;

const LEDGER_HTML = `<h1>Sales ledger, {{ rows.size }} lines</h1>
<table>
  <thead><tr><th>#</th><th>Date</th><th>Customer</th><th>Item</th><th class="num">Qty</th><th class="num">Amount</th></tr></thead>
  <tbody>
  {% for r in rows %}<tr><td>{{ forloop.index }}</td><td>{{ r.date }}</td><td>{{ r.customer }}</td><td>{{ r.item }}</td><td class="num">{{ r.qty }}</td><td class="num">{{ r.amount | money }}</td></tr>
  {% endfor %}</tbody>
</table>`;

/** A table of `rows` rows and 6 columns, with a repeating header row and "Page N of M" in the footer. */
function ledger(rows: number): RenderOptions {
  return {
    template: {
      name: 'Ledger',
      html: LEDGER_HTML,
      css: LEDGER_CSS,
      footer_html: '<p style="text-align:right; font-size:8pt">Page {{ page_number }} of {{ page_count }}</p>',
    },
    data: {
      rows: Array.from({ length: rows }, (_, i) => ({
        date: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
        customer: `Customer ${(i * 7919) % 1000}`,
        item: `Item ${i % 97}`,
        qty: (i % 9) + 1,
        amount: ((i * 31) % 500) * 3.25,
      })),
    },
  };
}

/** One page of five short paragraphs in each script; right-to-left scripts in a `dir="rtl"` block. */
const SCRIPTS: Array<{ script: string; lang: string; rtl: boolean; title: string; paragraphs: string[] }> = [
  {
    script: 'Latin',
    lang: 'en',
    rtl: false,
    title: 'Quarterly report',
    paragraphs: [
      'Revenue grew by 12% compared with the previous quarter, driven by new customers in the north.',
      'Les factures impayées sont rappelées automatiquement après trente jours.',
      'Die Lieferung erfolgt frei Haus; Rücksendungen sind innerhalb von 14 Tagen möglich.',
      'Los pagos con tarjeta se procesan en un plazo de dos días hábiles.',
      'Thank you for your business. Questions? Write to billing@example.com.',
    ],
  },
  {
    script: 'Cyrillic',
    lang: 'ru',
    rtl: false,
    title: 'Квартальный отчёт',
    paragraphs: [
      'Выручка выросла на 12% по сравнению с прошлым кварталом благодаря новым клиентам на севере.',
      'Неоплаченные счета напоминаются автоматически через тридцать дней.',
      'Доставка бесплатная; возврат товара возможен в течение 14 дней.',
      'Оплата картой обрабатывается в течение двух рабочих дней.',
      'Спасибо за сотрудничество! Вопросы направляйте в отдел расчётов.',
    ],
  },
  {
    script: 'Greek',
    lang: 'el',
    rtl: false,
    title: 'Τριμηνιαία αναφορά',
    paragraphs: [
      'Τα έσοδα αυξήθηκαν κατά 12% σε σύγκριση με το προηγούμενο τρίμηνο, χάρη σε νέους πελάτες στον βορρά.',
      'Τα απλήρωτα τιμολόγια υπενθυμίζονται αυτόματα μετά από τριάντα ημέρες.',
      'Η παράδοση είναι δωρεάν· οι επιστροφές γίνονται δεκτές εντός 14 ημερών.',
      'Οι πληρωμές με κάρτα διεκπεραιώνονται μέσα σε δύο εργάσιμες ημέρες.',
      'Σας ευχαριστούμε για τη συνεργασία. Για ερωτήσεις επικοινωνήστε με το λογιστήριο.',
    ],
  },
  {
    script: 'Arabic',
    lang: 'ar',
    rtl: true,
    title: 'التقرير الفصلي',
    paragraphs: [
      'ارتفعت الإيرادات بنسبة 12% مقارنة بالربع السابق بفضل عملاء جدد في الشمال.',
      'يتم التذكير بالفواتير غير المدفوعة تلقائيًا بعد ثلاثين يومًا.',
      'التوصيل مجاني، ويمكن إرجاع المنتجات خلال 14 يومًا.',
      'تتم معالجة المدفوعات بالبطاقة خلال يومي عمل.',
      'شكرًا لتعاملكم معنا. للاستفسارات يرجى التواصل مع قسم الحسابات.',
    ],
  },
  {
    script: 'Hebrew',
    lang: 'he',
    rtl: true,
    title: 'דוח רבעוני',
    paragraphs: [
      'ההכנסות גדלו ב־12% לעומת הרבעון הקודם, בזכות לקוחות חדשים בצפון.',
      'חשבוניות שלא שולמו מקבלות תזכורת אוטומטית לאחר שלושים יום.',
      'המשלוח חינם; ניתן להחזיר מוצרים תוך 14 יום.',
      'תשלומים בכרטיס אשראי מעובדים תוך שני ימי עסקים.',
      'תודה על שיתוף הפעולה. לשאלות אפשר לפנות למחלקת הנהלת החשבונות.',
    ],
  },
];

function scriptPage(entry: (typeof SCRIPTS)[number]): RenderOptions {
  const dir = entry.rtl ? ' dir="rtl"' : '';
  return {
    template: {
      name: entry.title,
      html: `<div lang="${entry.lang}"${dir}><h1>{{ title }}</h1>{% for p in paragraphs %}<p>{{ p }}</p>{% endfor %}</div>`,
      css: 'div { font-size: 11pt; } h1 { font-size: 18pt; } p { margin: 0 0 8px 0; }',
    },
    data: { title: entry.title, paragraphs: entry.paragraphs },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Units: one engine on one workload, each in a child process of its own
// ---------------------------------------------------------------------------------------------------------------

const UNITS = ['W1', 'W1-pool1', 'W1-pool2', 'W1-chromium', 'W2', 'W2-chromium', 'W3', 'W4'] as const;
type UnitName = (typeof UNITS)[number];

const UNIT_LABELS: Record<UnitName, { workload: string; engine: string; how: string }> = {
  W1: { workload: 'W1 invoice, 15 rows', engine: 'pdfmake', how: '1 worker: renderReport in a loop' },
  'W1-pool1': { workload: 'W1 invoice, 15 rows', engine: 'pdfmake', how: 'RenderPool, 1 worker, 2 in flight' },
  'W1-pool2': { workload: 'W1 invoice, 15 rows', engine: 'pdfmake', how: 'RenderPool, 2 workers, 4 in flight' },
  'W1-chromium': { workload: 'W1 invoice, 15 rows', engine: 'chromium', how: '1 reused page, in a loop' },
  W2: { workload: 'W2 2,000 rows x 6 cols', engine: 'pdfmake', how: '1 worker, one at a time' },
  'W2-chromium': { workload: 'W2 2,000 rows x 6 cols', engine: 'chromium', how: '1 reused page, one at a time' },
  W3: { workload: 'W3 20,000 rows x 6 cols', engine: 'pdfmake', how: '1 worker, one at a time' },
  W4: { workload: 'W4 one page per script', engine: 'pdfmake', how: '1 worker, in a loop per script' },
};

const CHROMIUM_UNITS = new Set<UnitName>(['W1-chromium', 'W2-chromium']);

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
  warnings: string[];
}

interface UnitResult {
  unit: UnitName;
  /** Why it did not run, when it did not. */
  skipped?: string;
  failed?: string;
  rows: Throughput[];
  memory?: {
    /** After the imports, before the first render. */
    baselineMb: number;
    /** Highest 20 ms sample from the start of the workload (warm-up included) to its end. */
    peakMb: number;
    samples: number;
    /** The kernel's high-water mark for the whole child process. */
    kernelPeakMb: number;
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

/** Samples process RSS every 20 ms from a worker thread, so that a render blocking the main thread is no blind spot. */
class RssSampler {
  readonly #shared = new Int32Array(new SharedArrayBuffer(12)); // [peak KB, samples, stop]
  readonly #worker: Worker;

  constructor() {
    const source = `
      const { workerData } = require('node:worker_threads');
      const view = new Int32Array(workerData);
      const sample = () => {
        const kb = Math.round(process.memoryUsage.rss() / 1024);
        if (kb > Atomics.load(view, 0)) Atomics.store(view, 0, kb);
        Atomics.add(view, 1, 1);
      };
      sample();
      const timer = setInterval(() => (Atomics.load(view, 2) ? clearInterval(timer) : sample()), 20);`;
    // execArgv: [] keeps tsx's loader out of this plain-JavaScript thread.
    this.#worker = new Worker(source, { eval: true, workerData: this.#shared.buffer, execArgv: [] });
    this.#worker.unref();
  }

  reset(): void {
    Atomics.store(this.#shared, 0, Math.round(process.memoryUsage.rss() / 1024));
    Atomics.store(this.#shared, 1, 0);
  }

  read(): { peakMb: number; samples: number } {
    const now = Math.round(process.memoryUsage.rss() / 1024);
    const peak = Math.max(now, Atomics.load(this.#shared, 0));
    return { peakMb: peak / 1024, samples: Atomics.load(this.#shared, 1) };
  }

  async stop(): Promise<void> {
    Atomics.store(this.#shared, 2, 1);
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

async function runUnit(unit: UnitName, budget: Budget): Promise<UnitResult> {
  const { renderReport, defaultFonts } = await import('../src/render');
  const sampler = new RssSampler();
  const baselineMb = process.memoryUsage.rss() / 1024 / 1024;
  const wallStart = performance.now();
  sampler.reset();
  let tree: ProcessTreeSampler | undefined;
  let close: () => Promise<void> = async () => {};
  const rows: Throughput[] = [];

  try {
    switch (unit) {
      case 'W1': {
        const options = invoice();
        rows.push(await sequential('invoice', () => renderReport(options), budget));
        break;
      }
      case 'W1-pool1':
      case 'W1-pool2': {
        const { RenderPool } = await import('../src/pool/index');
        const workers = unit === 'W1-pool1' ? 1 : 2;
        const pool = new RenderPool({ workers });
        close = () => pool.destroy();
        const options = invoice();
        const run = () => pool.run<RenderOptions, RenderResult>(options);
        rows.push(await saturate('invoice', run, workers * 2, budget));
        break;
      }
      case 'W1-chromium':
      case 'W2-chromium': {
        const { ChromiumEngine } = await import('../src/chromium/index');
        tree = new ProcessTreeSampler();
        const engine = await ChromiumEngine.launch({ pages: 1 });
        close = () => engine.close();
        const context = { chromium: async () => engine };
        if (unit === 'W1-chromium') {
          const options: RenderOptions = { ...invoice(), engine: 'chromium' };
          rows.push(await sequential('invoice', () => renderReport(options, context), budget));
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
      case 'W2': {
        const options = ledger(2_000);
        const render = () => renderReport(options);
        rows.push(
          await sequential('2,000 rows', render, { warmupMs: 0, warmupDocs: 2, loopMs: 0, minDocs: budget.w2Runs }),
        );
        break;
      }
      case 'W3': {
        // Warm up on the 2,000-row table, so the 20,000-row runs are compared with W2 on equal (warm) terms.
        const warm = ledger(2_000);
        for (let i = 0; i < 2; i++) await renderReport(warm);
        const options = ledger(20_000);
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
    return { unit, rows, failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  } finally {
    await close();
  }
  const chromiumPeakMb = tree?.stop();
  const { peakMb, samples } = sampler.read();
  await sampler.stop();
  return {
    unit,
    rows,
    wallSeconds: (performance.now() - wallStart) / 1000,
    memory: {
      baselineMb,
      peakMb,
      samples,
      kernelPeakMb: process.resourceUsage().maxRSS / 1024,
      ...(chromiumPeakMb !== undefined ? { chromiumPeakMb } : {}),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Orchestration
// ---------------------------------------------------------------------------------------------------------------

const PACKAGE_DIR = dirname(dirname(fileURLToPath(import.meta.url)));

function parseArgs(argv: string[]): { quick: boolean; only: Set<UnitName>; unit?: UnitName } {
  let quick = false;
  let unit: UnitName | undefined;
  const wanted: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--quick') quick = true;
    else if (arg === '--only' || arg === '--unit') {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${arg} needs a value, such as W1`);
      if (arg === '--unit') {
        if (!UNITS.includes(value as UnitName)) throw new Error(`Unknown unit ${value}`);
        unit = value as UnitName;
      } else wanted.push(...value.split(','));
    } else if (arg.startsWith('--only=')) wanted.push(...arg.slice('--only='.length).split(','));
    else throw new Error(`Unknown argument ${arg}. Usage: render.bench.ts [--quick] [--only W1,W2,W3,W4]`);
  }
  const only = new Set<UnitName>();
  for (const name of wanted.map((w) => w.trim().toUpperCase()).filter(Boolean)) {
    const matches = UNITS.filter((u) => u.toUpperCase() === name || u.split('-')[0] === name);
    if (matches.length === 0) throw new Error(`Unknown workload ${name}; one of ${UNITS.join(', ')}`);
    for (const m of matches) only.add(m);
  }
  return { quick, only: only.size > 0 ? only : new Set(UNITS), ...(unit ? { unit } : {}) };
}

function runChild(unit: UnitName, quick: boolean): Promise<UnitResult> {
  const args = [
    '--import',
    'tsx',
    '--conditions=@quire/source',
    '--expose-gc',
    fileURLToPath(import.meta.url),
    '--unit',
    unit,
    ...(quick ? ['--quick'] : []),
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

async function orchestrate(quick: boolean, only: Set<UnitName>): Promise<void> {
  const chromiumPath = findChromium();
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  console.log(`\n@quire/render bench (${quick ? 'quick' : 'default'} run)`);
  console.log(
    `Node ${process.version}, ${availableParallelism()} CPUs (${cpu}), pdfmake ${versionOf('pdfmake')}, playwright-core ${versionOf('playwright-core')}`,
  );
  console.log(`Chromium: ${chromiumPath ? `${chromiumVersion(chromiumPath)} at ${chromiumPath}` : 'not installed'}`);
  console.log('Each unit runs in its own child process, one after another.\n');

  const started = performance.now();
  const results = new Map<UnitName, UnitResult>();
  for (const unit of UNITS) {
    if (!only.has(unit)) continue;
    if (CHROMIUM_UNITS.has(unit) && !chromiumPath) {
      results.set(unit, { unit, rows: [], skipped: 'Chromium is not installed (findChromium() found none)' });
      continue;
    }
    process.stderr.write(`running ${unit} (${UNIT_LABELS[unit].how})...\n`);
    results.set(unit, await runChild(unit, quick));
  }
  const wall = (performance.now() - started) / 1000;

  // Throughput and latency.
  const body: string[][] = [];
  for (const [unit, result] of results) {
    const { workload, engine, how } = UNIT_LABELS[unit];
    if (result.skipped || result.failed) {
      body.push([workload, engine, how, result.skipped ? 'skipped' : 'FAILED']);
      continue;
    }
    for (const row of result.rows) {
      body.push([
        unit === 'W4' ? `W4 ${row.label}` : workload,
        engine,
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
        UNIT_LABELS[unit].engine,
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
        "for Chromium the header and footer marks only). PDF out: output_ms (pdfmake's own layout, font subsetting and\n" +
        'writing; for Chromium setContent + page.pdf).',
    );
  }

  // Memory.
  const memory: string[][] = [];
  for (const [unit, result] of results) {
    if (!result.memory) continue;
    const m = result.memory;
    memory.push([
      unit,
      fmt(m.baselineMb),
      fmt(m.peakMb),
      fmt(m.peakMb - m.baselineMb),
      fmt(m.kernelPeakMb),
      fmt(m.samples),
      m.chromiumPeakMb === undefined ? '' : fmt(m.chromiumPeakMb),
      fmt(result.wallSeconds, 1),
    ]);
  }
  if (memory.length > 0) {
    console.log("\nMemory (MB) of each unit's own Node process");
    console.log(
      table(
        ['unit', 'RSS at start', 'peak RSS', 'growth', 'kernel peak', '20 ms samples', 'Chromium PSS', 'unit s'],
        memory,
        1,
      ),
    );
    console.log(
      'RSS at start: after the imports, before the first render. peak RSS: highest 20 ms sample (worker-thread\n' +
        'sampler) from then to the end, warm-up included. RSS is process-wide: for the RenderPool units it includes\n' +
        "the worker threads (worker_threads share the process). kernel peak: resourceUsage().maxRSS over the child's\n" +
        'whole life. Chromium PSS: its own processes, summed, sampled every 200 ms (not part of the Node RSS).',
    );
  }

  // Targets and ratios.
  const row = (unit: UnitName) => {
    const r = results.get(unit);
    return r && !r.failed && !r.skipped ? r.rows[0] : undefined;
  };
  const targets: string[][] = [];
  const verdict = (ok: boolean | undefined) => (ok === undefined ? 'n/a' : ok ? 'met' : 'NOT MET');
  const w1 = row('W1');
  const w1c = row('W1-chromium');
  const w2 = row('W2');
  const w2c = row('W2-chromium');
  const w3 = row('W3');
  const chromiumNote = chromiumPath ? 'not run' : 'skipped: Chromium not installed';
  targets.push([
    'W1 pdfmake docs/s, one worker',
    '>= 150',
    fmt(w1?.docsPerSecond, 1),
    verdict(w1 && w1.docsPerSecond >= 150),
  ]);
  const w1Ratio = w1 && w1c ? w1.docsPerSecond / w1c.docsPerSecond : undefined;
  targets.push([
    'W1 pdfmake / Chromium docs/s',
    '>= 6x',
    w1Ratio === undefined ? (w1c ? '-' : chromiumNote) : `${fmt(w1Ratio, 2)}x`,
    verdict(w1Ratio === undefined ? undefined : w1Ratio >= 6),
  ]);
  targets.push([
    'W2 pdfmake p50',
    '<= 300 ms',
    w2 ? `${fmt(w2.latency.p50)} ms` : '-',
    verdict(w2 && w2.latency.p50 <= 300),
  ]);
  const w2Rss = results.get('W2')?.memory?.peakMb;
  targets.push([
    'W2 pdfmake peak RSS',
    '<= 300 MB',
    w2Rss === undefined ? '-' : `${fmt(w2Rss)} MB`,
    verdict(w2Rss === undefined ? undefined : w2Rss <= 300),
  ]);
  const w3Ratio = w2 && w3 ? w3.latency.p50 / w2.latency.p50 : undefined;
  targets.push([
    'W3 / W2 latency (p50), 10x the rows',
    '<= 12x',
    w3Ratio === undefined ? '-' : `${fmt(w3Ratio, 1)}x`,
    verdict(w3Ratio === undefined ? undefined : w3Ratio <= 12),
  ]);
  console.log('\nTargets');
  console.log(table(['figure', 'target', 'measured', 'verdict'], targets, 2));

  const ratios: string[][] = [];
  if (w2 && w2c) {
    const speed = w2c.latency.p50 / w2.latency.p50;
    ratios.push([
      'W2 pdfmake / Chromium speed (Chromium p50 / pdfmake p50)',
      `${fmt(speed, 2)}x (${speed >= 1 ? 'pdfmake' : 'Chromium'} faster)`,
    ]);
  } else if (only.has('W2-chromium')) ratios.push(['W2 pdfmake / Chromium speed', chromiumNote]);
  const w3Rss = results.get('W3')?.memory;
  const w2Mem = results.get('W2')?.memory;
  if (w3Rss && w2Mem) {
    ratios.push(['W3 / W2 peak RSS', `${fmt(w3Rss.peakMb / w2Mem.peakMb, 1)}x`]);
  }
  const pool1 = row('W1-pool1');
  const pool2 = row('W1-pool2');
  if (pool1 && pool2)
    ratios.push(['W1 RenderPool 2 workers / 1 worker docs/s', `${fmt(pool2.docsPerSecond / pool1.docsPerSecond, 2)}x`]);
  if (w1 && pool1)
    ratios.push(['W1 RenderPool 1 worker / in-process docs/s', `${fmt(pool1.docsPerSecond / w1.docsPerSecond, 2)}x`]);
  if (ratios.length > 0) {
    console.log('\nOther ratios (same run)');
    console.log(table(['ratio', 'value'], ratios, 1));
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
  console.log(`\nTotal ${fmt(wall, 1)} s. Figures vary by about +-30% between runs; compare engines within one run.\n`);
}

const args = parseArgs(process.argv.slice(2));
const budget = BUDGETS[args.quick ? 'quick' : 'default'];
if (args.unit) {
  const result = await runUnit(args.unit, budget);
  process.stdout.write(`${RESULT_MARK}${JSON.stringify(result)}\n`);
  // Chromium's and piscina's handles are closed; anything left (a stray timer) should not hold the child.
  process.exit(0);
} else {
  await orchestrate(args.quick, args.only);
}
