import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { type Job, type JobQueue, PermanentJobError } from './queue';

export interface WorkerOptions {
  queue: string;
  /** Jobs run at once by this worker. */
  concurrency: number;
  /** How long a claim holds without a heartbeat. Default 30 s; the lease is renewed every third of it. */
  leaseMs?: number;
  /** Wait between polls when the queue is empty. Default 500 ms; `notify()` wakes the worker at once. */
  pollMs?: number;
  logger: Logger;
  /** Does the work; throw PermanentJobError for failures a retry cannot fix. */
  handle(job: Job): Promise<unknown>;
  /** After the job's final outcome (succeeded, or failed for good): events, webhooks, cleanup. */
  settled?(
    job: Job,
    outcome: { ok: true; result: unknown } | { ok: false; error: { code: string; message: string } },
  ): Promise<void>;
}

export interface Worker {
  readonly id: string;
  /** A job was just enqueued: look now rather than at the next poll. */
  notify(): void;
  /** Stops claiming; waits for the running jobs to end. */
  stop(): Promise<void>;
}

/** The error code and message of anything a handler threw. */
export function describeError(error: unknown): { code: string; message: string } {
  const e = error as { code?: unknown; message?: unknown };
  return {
    code: typeof e?.code === 'string' ? e.code : 'internal_error',
    message: typeof e?.message === 'string' ? e.message : String(error),
  };
}

/** Claims jobs of one queue and runs them, up to `concurrency` at a time, renewing their leases while they run. */
export function startWorker(jobs: JobQueue, options: WorkerOptions): Worker {
  const id = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const leaseMs = options.leaseMs ?? 30_000;
  const pollMs = options.pollMs ?? 500;
  const running = new Set<Promise<void>>();
  let stopped = false;
  let wake: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function run(job: Job) {
    const heartbeat = setInterval(() => void jobs.extend(job, leaseMs).catch(() => {}), Math.max(50, leaseMs / 3));
    try {
      const result = await options.handle(job);
      clearInterval(heartbeat);
      if (await jobs.complete(job, result)) await options.settled?.(job, { ok: true, result });
    } catch (error) {
      clearInterval(heartbeat);
      const described = describeError(error);
      const permanent = error instanceof PermanentJobError || (error as { permanent?: boolean })?.permanent === true;
      const after = await jobs.fail(job, described, permanent);
      if (!permanent) options.logger.warn({ job_id: job.id, err: described }, 'job attempt failed');
      if (after?.state === 'failed') await options.settled?.(after, { ok: false, error: described });
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function loop() {
    while (!stopped) {
      let claimed = false;
      while (!stopped && running.size < options.concurrency) {
        const job = await jobs.claim(options.queue, id, leaseMs).catch((error) => {
          options.logger.error({ err: error }, 'claiming a job failed');
          return undefined;
        });
        if (!job) break;
        claimed = true;
        const task = run(job).catch((error) => options.logger.error({ err: error, job_id: job.id }, 'job crashed'));
        running.add(task);
        void task.finally(() => {
          running.delete(task);
          wake?.();
        });
      }
      if (stopped) break;
      if (!claimed || running.size >= options.concurrency) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, pollMs);
        });
        clearTimeout(timer);
        wake = undefined;
      }
    }
  }

  const done = loop();
  return {
    id,
    notify: () => wake?.(),
    async stop() {
      stopped = true;
      wake?.();
      await done;
      await Promise.allSettled(running);
    },
  };
}
