import { randomBytes } from 'node:crypto';
import type { Collection, Store } from '../store/port';
import { type BackoffOptions, backoffDelay } from './backoff';

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed';

/** A unit of work kept in the store, so that it survives the process that accepted it. */
export interface Job {
  id: string;
  /** Which kind of work: `render`, `webhook`... one worker loop per queue. */
  queue: string;
  teamId: string;
  /** The work's input, as JSON (the store's field names are restricted; a string keeps any shape). */
  payload: string;
  state: JobState;
  /** Claims so far, the running one included. */
  attempts: number;
  maxAttempts: number;
  /** maxAttempts - attempts, kept so that a claim can ask for "attempts left" in a single filter. */
  attemptsLeft: number;
  /** Not claimed before this time: the first run, or the next retry. */
  runAt: string;
  /** A running job whose lease passed is taken to have lost its worker, and is claimed again. */
  leaseUntil?: string;
  workerId?: string;
  lastError?: { code: string; message: string };
  /** What the handler returned, as JSON. */
  result?: string;
  createdAt: string;
  updatedAt: string;
  finishedAt?: string;
}

export interface EnqueueOptions {
  teamId: string;
  /** Default: a new `job_…` id. */
  id?: string;
  /** Default 3. */
  maxAttempts?: number;
  /** Default: now. */
  runAt?: Date;
}

export interface JobQueueOptions {
  now?: () => Date;
  backoff?: BackoffOptions;
  /**
   * Called for a job the queue failed because its worker died on its last attempt: no handler ran to the end and
   * no `settled` callback will come, so this is where its owner records the failure.
   */
  onWorkerLost?: (job: Job) => Promise<void>;
}

/** Thrown by a handler for a failure that will not go away on a retry (bad template, missing data...). */
export class PermanentJobError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export interface JobQueue {
  collection: Collection<Job>;
  enqueue(queue: string, payload: unknown, options: EnqueueOptions): Promise<Job>;
  get(id: string): Promise<Job | undefined>;
  /**
   * Takes the next due job of a queue for `workerId` until `leaseMs` from now, atomically: two workers (threads,
   * processes or replicas on one MongoDB) never hold the same job. A running job whose lease expired (its worker
   * died) comes first; it fails for good once it used all its attempts.
   */
  claim(queue: string, workerId: string, leaseMs: number): Promise<Job | undefined>;
  /** Pushes the lease forward while the handler works; false when the job is no longer this worker's. */
  extend(job: Job, leaseMs: number): Promise<boolean>;
  /** Ends the job with its result; false when another worker took it over meanwhile (the result is dropped). */
  complete(job: Job, result: unknown): Promise<boolean>;
  /** Schedules a retry with backoff, or fails the job for good (permanent error or no attempts left). */
  fail(job: Job, error: { code: string; message: string }, permanent: boolean): Promise<Job | undefined>;
}

const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 2_000, maxMs: 10 * 60_000 };

export function newJobId(): string {
  return `job_${randomBytes(12).toString('base64url')}`;
}

export async function createJobQueue(store: Store, options: JobQueueOptions = {}): Promise<JobQueue> {
  const now = options.now ?? (() => new Date());
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const jobs = await store.collection<Job>({
    name: 'jobs',
    // Claims: queued jobs of a queue by runAt, and expired leases by leaseUntil.
    indexes: [['queue', 'state', 'runAt'], ['queue', 'state', 'leaseUntil'], 'teamId'],
  });
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();

  async function failExhausted(queue: string): Promise<void> {
    // Jobs that died with their worker on the last attempt: nobody will run them again.
    for (;;) {
      const dead = await jobs.updateOne(
        { queue, state: 'running', leaseUntil: { $lt: iso() }, attemptsLeft: 0 },
        {
          set: {
            state: 'failed',
            finishedAt: iso(),
            updatedAt: iso(),
            lastError: { code: 'worker_lost', message: 'The worker running this job stopped, on its last attempt.' },
          },
          unset: ['leaseUntil', 'workerId'],
        },
      );
      if (!dead) return;
      await options.onWorkerLost?.(dead).catch(() => {});
    }
  }

  return {
    collection: jobs,
    async enqueue(queue, payload, opts) {
      const at = iso();
      const maxAttempts = opts.maxAttempts ?? 3;
      const job: Job = {
        id: opts.id ?? newJobId(),
        queue,
        teamId: opts.teamId,
        payload: JSON.stringify(payload),
        state: 'queued',
        attempts: 0,
        maxAttempts,
        attemptsLeft: maxAttempts,
        runAt: (opts.runAt ?? now()).toISOString(),
        createdAt: at,
        updatedAt: at,
      };
      return jobs.insert(job);
    },
    get: (id) => jobs.get(id),
    async claim(queue, workerId, leaseMs) {
      await failExhausted(queue);
      const take = {
        set: { state: 'running', workerId, leaseUntil: iso(leaseMs), updatedAt: iso() },
        inc: { attempts: 1, attemptsLeft: -1 },
      };
      const orphan = await jobs.updateOne(
        { queue, state: 'running', leaseUntil: { $lt: iso() }, attemptsLeft: { $gt: 0 } },
        take,
        { sort: { field: 'leaseUntil', direction: 1 } },
      );
      if (orphan) return orphan;
      return jobs.updateOne({ queue, state: 'queued', runAt: { $lte: iso() } }, take, {
        sort: { field: 'runAt', direction: 1 },
      });
    },
    async extend(job, leaseMs) {
      const kept = await jobs.updateOne(
        { id: job.id, state: 'running', workerId: job.workerId ?? null },
        { set: { leaseUntil: iso(leaseMs) } },
      );
      return kept !== undefined;
    },
    async complete(job, result) {
      const done = await jobs.updateOne(
        { id: job.id, state: 'running', workerId: job.workerId ?? null },
        {
          set: { state: 'succeeded', result: JSON.stringify(result ?? null), finishedAt: iso(), updatedAt: iso() },
          unset: ['leaseUntil', 'lastError'],
        },
      );
      return done !== undefined;
    },
    async fail(job, error, permanent) {
      const last = permanent || job.attempts >= job.maxAttempts;
      const delay = backoffDelay(job.attempts, backoff);
      return jobs.updateOne(
        { id: job.id, state: 'running', workerId: job.workerId ?? null },
        last
          ? {
              set: { state: 'failed', lastError: error, finishedAt: iso(), updatedAt: iso() },
              unset: ['leaseUntil', 'workerId'],
            }
          : {
              set: { state: 'queued', lastError: error, runAt: iso(delay), updatedAt: iso() },
              unset: ['leaseUntil', 'workerId'],
            },
      );
    },
  };
}
