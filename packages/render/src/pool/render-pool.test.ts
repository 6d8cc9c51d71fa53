import { TemplateError } from '@quire/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckResult } from '../check/check';
import type { RenderOptions, RenderResult } from '../types';
import { RenderLimitError } from './errors';
import { RenderPool, type RenderPoolOptions } from './render-pool';

const handlerModule = new URL('./__fixtures__/handlers.ts', import.meta.url);

const pools: RenderPool[] = [];

function createPool(options: RenderPoolOptions = {}): RenderPool {
  const pool = new RenderPool({ workers: 2, handlerModule, ...options });
  pools.push(pool);
  return pool;
}

/** Runs a short task on every worker so that thread start-up does not count in timed checks. */
async function warmUp(pool: RenderPool, workers = 2): Promise<void> {
  await Promise.all(Array.from({ length: workers }, () => pool.run({ ms: 50 }, { handler: 'sleep' })));
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.destroy()));
});

describe('RenderPool', () => {
  it('runs a task in a worker and returns its result', async () => {
    const pool = createPool();
    await expect(pool.run({ hello: 'world' }, { handler: 'echo' })).resolves.toEqual({ hello: 'world' });
    expect(pool.stats.completed).toBe(1);
  });

  it('returns byte arrays from workers intact', async () => {
    const pool = createPool();
    const result = await pool.run<{ size: number }, { bytes: Uint8Array; pages: number }>(
      { size: 1 << 20 },
      { handler: 'bytes' },
    );
    expect(result.bytes).toBeInstanceOf(Uint8Array);
    expect(result.bytes.byteLength).toBe(1 << 20);
    expect(result.bytes[12345]).toBe(7);
    expect(result.pages).toBe(1);
  });

  it('runs tasks on two workers in parallel', async () => {
    const pool = createPool();
    await warmUp(pool);
    const started = performance.now();
    const results = await Promise.all([
      pool.run<{ ms: number }, { threadId: number }>({ ms: 300 }, { handler: 'sleep' }),
      pool.run<{ ms: number }, { threadId: number }>({ ms: 300 }, { handler: 'sleep' }),
    ]);
    const elapsed = performance.now() - started;
    // One after the other would take 600 ms or more.
    expect(elapsed).toBeLessThan(550);
    expect(results[0]?.threadId).not.toBe(results[1]?.threadId);
  });

  it('keeps the caller’s event loop free during a CPU-heavy task', async () => {
    const pool = createPool({ workers: 1 });
    await warmUp(pool, 1);
    let ticks = 0;
    const interval = setInterval(() => ticks++, 20);
    try {
      await pool.run({ ms: 600 }, { handler: 'spin' });
    } finally {
      clearInterval(interval);
    }
    // 30 ticks if the loop were perfectly free; a blocked loop would manage at most one.
    expect(ticks).toBeGreaterThanOrEqual(10);
  });

  it('stops a task over its time limit with render_timeout and keeps serving', async () => {
    const pool = createPool({ timeoutMs: 300 });
    await warmUp(pool);
    const started = performance.now();
    const stuck = pool.run({}, { handler: 'spinForever' });
    const neighbour = pool.run({ ms: 100 }, { handler: 'sleep' });

    const error = await stuck.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenderLimitError);
    expect(error).toMatchObject({ code: 'render_timeout' });
    expect((error as Error).message).toMatch(/longer than 300 ms/);
    expect(performance.now() - started).toBeLessThan(5_000);
    await expect(neighbour).resolves.toMatchObject({ threadId: expect.any(Number) });

    await expect(pool.run({ again: true }, { handler: 'echo' })).resolves.toEqual({ again: true });
    await expect(Promise.all([pool.run(1, { handler: 'echo' }), pool.run(2, { handler: 'echo' })])).resolves.toEqual([
      1, 2,
    ]);
    expect(pool.stats).toMatchObject({ failed: 1, killed: 1, workers: 2 });
  });

  it('does not count time in the queue against a task', async () => {
    const pool = createPool({ workers: 1, timeoutMs: 400 });
    await warmUp(pool, 1);
    const first = pool.run({ ms: 300 }, { handler: 'sleep' });
    const second = pool.run({ ms: 300 }, { handler: 'sleep' });
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
  });

  it('takes a per-task time limit', async () => {
    const pool = createPool();
    await expect(pool.run({ ms: 2_000 }, { handler: 'sleep', timeoutMs: 100 })).rejects.toMatchObject({
      code: 'render_timeout',
    });
  });

  it('stops a task over its memory limit with render_memory_exceeded and recovers', async () => {
    const pool = createPool({ maxMemoryMb: 64 });
    await warmUp(pool);
    const neighbour = pool.run({ ms: 200 }, { handler: 'sleep' });
    const error = await pool.run({}, { handler: 'burnMemory' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RenderLimitError);
    expect(error).toMatchObject({ code: 'render_memory_exceeded' });
    expect((error as Error).message).toMatch(/more than 64 MB/);
    await expect(neighbour).resolves.toBeDefined();
    await expect(pool.run('after', { handler: 'echo' })).resolves.toBe('after');
    expect(pool.stats.killed).toBe(1);
  });

  it('passes a handler’s own error through', async () => {
    const pool = createPool();
    await expect(pool.run({ message: 'bad data' }, { handler: 'fail' })).rejects.toThrow('bad data');
    await expect(pool.run({}, { handler: 'missing' })).rejects.toThrow(/no function named "missing"/);
    expect(pool.stats).toMatchObject({ completed: 0, failed: 2, killed: 0 });
  });

  it('cancels a task with the caller’s AbortSignal', async () => {
    const pool = createPool();
    const controller = new AbortController();
    const task = pool.run({ ms: 5_000 }, { handler: 'sleep', signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(task).rejects.toMatchObject({ name: 'AbortError' });
    await expect(pool.run('next', { handler: 'echo' })).resolves.toBe('next');
  });

  it('ends everything on destroy', async () => {
    const pool = createPool();
    await warmUp(pool);
    expect(pool.stats.workers).toBe(2);
    const running = pool.run({ ms: 5_000 }, { handler: 'sleep' });
    const queued = [1, 2, 3].map((n) => pool.run({ ms: 5_000 + n }, { handler: 'sleep' }));
    const settled = Promise.allSettled([running, ...queued]);
    const started = performance.now();
    await pool.destroy();
    const outcomes = await settled;
    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(pool.stats.workers).toBe(0);
    await expect(pool.run('late', { handler: 'echo' })).rejects.toThrow(/destroyed/);
  });
});

// The default handler is Quire's renderer, which is written alongside the pool: check the wiring once it loads.
const rendererLoads = await import('../render').then(
  () => true,
  () => false,
);

describe.skipIf(!rendererLoads)('RenderPool with its default handler', () => {
  it('renders a report with renderReport in a worker', async () => {
    const pool = new RenderPool({ workers: 1 });
    pools.push(pool);
    const result = await pool.run<RenderOptions, RenderResult>({
      template: { html: '<p>Hello {{ name }}</p>' },
      data: { name: 'Quire' },
    });
    expect(result.contentType).toBe('application/pdf');
    expect(result.bytes).toBeInstanceOf(Uint8Array);
    expect(new TextDecoder().decode(result.bytes.subarray(0, 5))).toBe('%PDF-');
    expect(result.pages).toBe(1);
  });

  it('takes tasks only on threads that have loaded the renderer', async () => {
    const pool = new RenderPool({ workers: 2 });
    pools.push(pool);
    const tiny = () => pool.run<RenderOptions, RenderResult>({ template: { html: '<p>Hi</p>' }, data: {} });
    // The first task waits for a thread to boot; then one render alone on a warm thread.
    await tiny();
    let started = performance.now();
    await tiny();
    const warm = performance.now() - started;
    // Two at once: a second thread that was ready before loading the renderer would spend seconds loading it.
    started = performance.now();
    await Promise.all([tiny(), tiny()]);
    const both = performance.now() - started;
    // A ratio with a generous bound (and a floor under a render of a few ms): loading takes about 100 renders.
    expect(both / Math.max(warm, 20)).toBeLessThan(25);
  });

  it('throws a template error of a worker with its code, line and column', async () => {
    const pool = new RenderPool({ workers: 1 });
    pools.push(pool);
    const error = await pool
      .run<RenderOptions, RenderResult>({ template: { html: '<p>\n{% if %}</p>' }, data: {} })
      .catch((e: unknown) => e);
    expect(TemplateError.isInstance(error)).toBe(true);
    expect(error).toBeInstanceOf(TemplateError);
    expect(error).toMatchObject({ code: 'template_syntax_error', status: 422, line: 2 });
    expect(pool.stats.failed).toBe(1);
  });

  it('runs check in a worker', async () => {
    const pool = new RenderPool({ workers: 1 });
    pools.push(pool);
    const result = await pool.run<RenderOptions, CheckResult>(
      { template: { html: '<p>{{ customer.name }}</p>' }, data: {} },
      { handler: 'check' },
    );
    expect(result.findings.map((f) => f.code)).toContain('missing_variable');
  });
});
