import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { errorHandler } from '../http/errors';
import { createJobQueue } from '../jobs/queue';
import { openStores } from '../store/index';
import { seedTemplates, slowTableData, TEMPLATES } from './__fixtures__/fakes';
import { pdfPages, pdfText } from './__fixtures__/pdf';
import { actingAs, wireReports } from './__fixtures__/wiring';
import { openReportCollections } from './records';
import type { JobView } from './views';

const WORKER = fileURLToPath(new URL('./__fixtures__/report-worker-process.ts', import.meta.url));
const SERVICE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const LEASE_MS = 1_500;
const TEAM = 'team_killtest';
/**
 * Enough rows for a render of seconds (a warm render worker on the pdfmake engine, which the worker process uses,
 * lays out 4,000 in about 2 s), within the Free plan's 100 pages (about 89).
 */
const ROWS = 4_000;

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

interface WorkerProcess {
  child: ChildProcess;
  events: string[];
  /** Resolves when the process prints this event. */
  waitFor(event: string, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

/** The reports job worker in a process of its own on `dataDir` (see the fixture). */
function startWorkerProcess(dataDir: string): WorkerProcess {
  const child = spawn(
    process.execPath,
    ['--conditions=@quire/source', '--import', 'tsx', WORKER, dataDir, TEAM, String(LEASE_MS)],
    { cwd: SERVICE_DIR, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  const events: string[] = [];
  const output: string[] = [];
  const waiters = new Map<string, () => void>();
  let buffered = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      output.push(line);
      const { event } = JSON.parse(line) as { event: string };
      events.push(event);
      waiters.get(event)?.();
    }
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    events,
    exited,
    waitFor(event, timeoutMs = 20_000) {
      if (events.includes(event)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no "${event}" within ${timeoutMs} ms:\n${output.join('\n')}`)),
          timeoutMs,
        );
        waiters.set(event, () => {
          clearTimeout(timer);
          resolve();
        });
        void exited.then((code) => reject(new Error(`exited with ${code} before "${event}":\n${output.join('\n')}`)));
      });
    },
  };
}

/** Asks for an async report of a slow render through the module's routes in this process, then closes the store. */
async function enqueueSlowReport(dataDir: string): Promise<JobView> {
  const config = loadConfig({ NODE_ENV: 'test', QUIRE_DATA_DIR: dataDir, QUIRE_SECRET: 'x'.repeat(40) });
  const logger = pino({ level: 'silent' });
  const { store, blobs } = await openStores({ dataDir });
  const wired = await wireReports({ store, blobs, config, logger, now: () => new Date() }, actingAs(TEAM));
  seedTemplates(wired.templates, TEAM);
  const app = express();
  app.use(express.json({ limit: '5mb' }));
  app.use('/v1/reports', wired.reports.router);
  app.use(errorHandler(logger));
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/v1/reports`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ template_id: TEMPLATES.slow, data: slowTableData(ROWS), async: true }),
    });
    expect(response.status).toBe(202);
    return (await response.json()) as JobView;
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await wired.pool.destroy();
    await store.close();
    await blobs.close();
  }
}

describe('the render worker', () => {
  it('a job whose worker is killed mid-render is finished by another', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'quire-killed-'));
    dirs.push(dataDir);
    const queued = await enqueueSlowReport(dataDir);
    expect(queued).toMatchObject({ status: 'queued', attempts: 0 });

    // A claims the job and starts rendering; it dies without a chance to say anything.
    const a = startWorkerProcess(dataDir);
    await a.waitFor('rendering');
    await new Promise((resolve) => setTimeout(resolve, 300));
    a.child.kill('SIGKILL');
    expect(await a.exited).toBeNull();
    expect(a.events).not.toContain('rendered');

    // B starts on the same data, takes the job over once A's lease has passed, and finishes it.
    const b = startWorkerProcess(dataDir);
    await b.waitFor('report.completed', 25_000);
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);

    const { store, blobs } = await openStores({ dataDir });
    try {
      const jobs = await createJobQueue(store);
      expect(await jobs.get(queued.id)).toMatchObject({ state: 'succeeded', attempts: 2 });
      const { reports } = await openReportCollections(store);
      const report = await reports.get(queued.report_id);
      expect(report).toMatchObject({ status: 'succeeded', error: null, format: 'pdf' });
      // The render was slow enough for A to die in the middle of it.
      expect(report?.timings?.total_ms).toBeGreaterThan(1_000);
      const file = await blobs.get(report?.blobKey ?? '');
      expect(file?.contentType).toBe('application/pdf');
      const bytes = file?.bytes ?? new Uint8Array();
      expect(bytes.byteLength).toBe(report?.bytes);
      expect(await pdfPages(bytes)).toBe(report?.pages);
      expect(report?.pages).toBeGreaterThan(50);
      expect(await pdfText(bytes)).toContain(`Row ${ROWS - 1}`);
    } finally {
      await store.close();
      await blobs.close();
    }
  });
});
