import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStores } from '../store/index';
import type { BlobStore, Store } from '../store/port';
import { backoffDelay } from './backoff';
import { createJobQueue, type Job, type JobQueue, PermanentJobError } from './queue';
import { startWorker } from './worker';

let dir: string;
let store: Store;
let blobs: BlobStore;
let clock: { offsetMs: number };
let queue: JobQueue;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-jobs-'));
  ({ store, blobs } = await openStores({ dataDir: dir }));
  clock = { offsetMs: 0 };
  queue = await createJobQueue(store, {
    now: () => new Date(Date.now() + clock.offsetMs),
    backoff: { baseMs: 1_000, maxMs: 8_000, jitter: 0 },
  });
});
afterEach(async () => {
  await store.close();
  await blobs.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the job queue', () => {
  it('gives each job to one worker only, however many claim at once', async () => {
    for (let i = 0; i < 10; i++) await queue.enqueue('render', { i }, { teamId: 't' });
    const claims = await Promise.all(Array.from({ length: 30 }, (_, n) => queue.claim('render', `w${n}`, 10_000)));
    const taken = claims.filter((job): job is Job => job !== undefined);
    expect(taken).toHaveLength(10);
    expect(new Set(taken.map((job) => job.id)).size).toBe(10);
    expect(taken.every((job) => job.state === 'running' && job.attempts === 1)).toBe(true);
  });

  it('claims the oldest due job first and leaves future ones alone', async () => {
    const later = await queue.enqueue('render', 'later', { teamId: 't', runAt: new Date(Date.now() + 60_000) });
    const first = await queue.enqueue('render', 'first', { teamId: 't' });
    const claimed = (await queue.claim('render', 'w', 1_000)) as Job;
    expect(claimed.id).toBe(first.id);
    expect(await queue.claim('render', 'w', 1_000)).toBeUndefined();
    await queue.complete(claimed, null);
    clock.offsetMs = 61_000;
    expect((await queue.claim('render', 'w', 1_000))?.id).toBe(later.id);
  });

  it('retries a failed attempt after an exponential backoff, then fails for good', async () => {
    const job = await queue.enqueue('render', {}, { teamId: 't', maxAttempts: 3 });
    let claimed = await queue.claim('render', 'w', 1_000);
    let after = await queue.fail(claimed as Job, { code: 'boom', message: 'first' }, false);
    expect(after).toMatchObject({ state: 'queued', attempts: 1, lastError: { code: 'boom' } });
    expect(Date.parse(after?.runAt ?? '') - Date.now()).toBeGreaterThan(900);
    expect(await queue.claim('render', 'w', 1_000)).toBeUndefined();
    clock.offsetMs = 1_100;
    claimed = await queue.claim('render', 'w', 1_000);
    after = await queue.fail(claimed as Job, { code: 'boom', message: 'second' }, false);
    // The second retry waits twice as long as the first.
    expect(Date.parse(after?.runAt ?? '') - (Date.now() + clock.offsetMs)).toBeGreaterThan(1_900);
    clock.offsetMs = 4_000;
    claimed = await queue.claim('render', 'w', 1_000);
    after = await queue.fail(claimed as Job, { code: 'boom', message: 'third' }, false);
    expect(after).toMatchObject({ id: job.id, state: 'failed', attempts: 3, lastError: { message: 'third' } });
  });

  it('does not retry a permanent failure', async () => {
    await queue.enqueue('render', {}, { teamId: 't', maxAttempts: 5 });
    const claimed = await queue.claim('render', 'w', 1_000);
    expect(await queue.fail(claimed as Job, { code: 'bad', message: 'no' }, true)).toMatchObject({
      state: 'failed',
      attempts: 1,
    });
  });

  it('gives a job whose worker died to another once the lease expires, and ignores the dead one after', async () => {
    await queue.enqueue('render', {}, { teamId: 't' });
    const dead = (await queue.claim('render', 'dead', 1_000)) as Job;
    expect(await queue.claim('render', 'alive', 1_000)).toBeUndefined();
    clock.offsetMs = 1_500;
    const taken = (await queue.claim('render', 'alive', 1_000)) as Job;
    expect(taken).toMatchObject({ id: dead.id, workerId: 'alive', attempts: 2 });
    // The first worker comes back: its result and its lease renewals are refused.
    expect(await queue.complete(dead, 'late')).toBe(false);
    expect(await queue.extend(dead, 1_000)).toBe(false);
    expect(await queue.complete(taken, 'ok')).toBe(true);
    expect(await queue.get(dead.id)).toMatchObject({ state: 'succeeded', result: '"ok"' });
  });

  it('fails a job whose worker died on its last attempt, and tells its owner', async () => {
    const lost: string[] = [];
    queue = await createJobQueue(store, {
      now: () => new Date(Date.now() + clock.offsetMs),
      onWorkerLost: async (dead) => {
        lost.push(dead.id);
      },
    });
    const job = await queue.enqueue('render', {}, { teamId: 't', maxAttempts: 1 });
    await queue.claim('render', 'dead', 1_000);
    clock.offsetMs = 2_000;
    expect(await queue.claim('render', 'other', 1_000)).toBeUndefined();
    expect(await queue.get(job.id)).toMatchObject({ state: 'failed', lastError: { code: 'worker_lost' } });
    expect(lost).toEqual([job.id]);
  });

  it('backs off exponentially up to a cap, with jitter around each step', () => {
    const options = { baseMs: 1_000, maxMs: 5_000, jitter: 0 };
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, options))).toEqual([
      1_000, 2_000, 4_000, 5_000, 5_000,
    ]);
    const jittered = backoffDelay(2, { ...options, jitter: 0.2 }, () => 1);
    expect(jittered).toBe(2_400);
  });
});

describe('a worker', () => {
  const logger = pino({ level: 'silent' });

  it('runs jobs up to its concurrency, renews leases of long ones, and reports outcomes', async () => {
    const settled: string[] = [];
    let active = 0;
    let peak = 0;
    const worker = startWorker(queue, {
      queue: 'render',
      concurrency: 2,
      leaseMs: 300,
      pollMs: 20,
      logger,
      async handle(job) {
        active++;
        peak = Math.max(peak, active);
        // Longer than the lease: only the heartbeat keeps it.
        await new Promise((resolve) => setTimeout(resolve, 500));
        active--;
        const { n } = JSON.parse(job.payload) as { n: number };
        if (n === 3) throw new PermanentJobError('bad_input', 'n must not be 3');
        return { doubled: n * 2 };
      },
      async settled(job, outcome) {
        settled.push(`${JSON.parse(job.payload).n}:${outcome.ok ? 'ok' : outcome.error.code}`);
      },
    });
    for (const n of [1, 2, 3, 4]) await queue.enqueue('render', { n }, { teamId: 't' });
    worker.notify();
    await expect.poll(() => settled.length, { timeout: 5_000 }).toBe(4);
    await worker.stop();
    expect(peak).toBe(2);
    expect(settled.sort()).toEqual(['1:ok', '2:ok', '3:bad_input', '4:ok']);
    const all = await queue.collection.find({});
    // No job was claimed twice: the heartbeat held every lease.
    expect(all.every((job) => job.attempts === 1)).toBe(true);
  });
});
