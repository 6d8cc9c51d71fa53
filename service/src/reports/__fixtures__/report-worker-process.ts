/**
 * A render worker in a process of its own, on a data directory another process wrote: the reports module's job
 * worker, as a service replica runs it. Prints one JSON line per event on stdout (`ready`, `rendering` when a
 * render starts in the pool, `rendered`, then the report events), so that a test can kill it mid-render.
 *
 *   node --conditions=@quire/source --import tsx report-worker-process.ts <dataDir> <teamId> <leaseMs>
 *
 * SIGTERM stops the worker (waiting for its render), closes the stores and exits 0.
 */
import type { RunOptions } from '@quire/render';
import { pino } from 'pino';
import { loadConfig } from '../../config';
import { openStores } from '../../store/index';
import { seedTemplates } from './fakes';
import { actingAs, wireReports } from './wiring';

const [dataDir, teamId, leaseMs] = process.argv.slice(2);
if (!dataDir || !teamId || !leaseMs) {
  process.stderr.write('usage: report-worker-process.ts <dataDir> <teamId> <leaseMs>\n');
  process.exit(2);
}
const say = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(event)}\n`);

const config = loadConfig({
  NODE_ENV: 'test',
  QUIRE_DATA_DIR: dataDir,
  QUIRE_SECRET: 'report-worker-process-secret-0123456789abcdef',
  LOG_LEVEL: 'silent',
  QUIRE_JOB_LEASE_MS: leaseMs,
  QUIRE_JOB_CONCURRENCY: '1',
  // The slowest in-process engine, so that the test's render lasts long enough to be killed in the middle of it
  // (Quire's engine lays the same 4,000 rows out in well under a second, and on more than the plan's 100 pages).
  QUIRE_RENDER_ENGINE: 'pdfmake',
});
const logger = pino({ level: 'warn' }, pino.destination(2));
const { store, blobs } = await openStores({ dataDir });
const wired = await wireReports({ store, blobs, config, logger, now: () => new Date() }, actingAs(teamId), {
  webhooks: {
    async emit(event) {
      say({ event: event.type, reportId: event.reportId });
    },
  },
  wrapPool: (pool) => ({
    async run<TIn, TOut>(input: TIn, options?: RunOptions): Promise<TOut> {
      say({ event: 'rendering', pid: process.pid });
      const result = await pool.run<TIn, TOut>(input, options);
      say({ event: 'rendered' });
      return result;
    },
  }),
});
seedTemplates(wired.templates, teamId);
wired.reports.start();
say({ event: 'ready', pid: process.pid });

process.once('SIGTERM', async () => {
  await wired.reports.stop();
  await wired.pool.destroy();
  await store.close();
  await blobs.close();
  process.exit(0);
});
