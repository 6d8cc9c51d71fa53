import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type ErrorCode, QuireError, TemplateError } from '@quire/core';
import { Piscina } from 'piscina';
import { isWorkerOutOfMemory, RenderMemoryExceededError, RenderTimeoutError } from './errors';
import {
  DEFAULT_HANDLER,
  isQuireErrorMessage,
  isTaskStartedMessage,
  type PoolWorkerData,
  type QuireErrorMessage,
  type TaskEnvelope,
} from './protocol';
import { resolveWorkerLaunch, typeScriptExecArgv, type WorkerLaunch } from './worker-file';

export interface RenderPoolOptions {
  /** Worker threads. Default: the machine's available parallelism. */
  workers?: number;
  /** The worker script. Default: this package's render worker. */
  workerFile?: URL;
  /**
   * Module whose named exports handle tasks (see `run`'s `handler`). Default: the worker's built-in handler,
   * `renderReport` of Quire's renderer.
   */
  handlerModule?: URL;
  /** Export of the handler module a task calls unless it names another. Default: `renderReport`. */
  handler?: string;
  /** Time one task may run, counted from when a worker starts it. Default: 30 s. */
  timeoutMs?: number;
  /** Heap of one worker (V8's old generation) in MB. Default: 512. */
  maxMemoryMb?: number;
}

export interface RunOptions {
  /** Export of the handler module to call. Default: the pool's `handler`. */
  handler?: string;
  /** Overrides the pool's time limit for this task. */
  timeoutMs?: number;
  /** Cancels the task; it then rejects with piscina's AbortError. */
  signal?: AbortSignal;
}

export interface RenderPoolStats {
  /** Tasks that resolved. */
  completed: number;
  /** Tasks that rejected, for any reason. */
  failed: number;
  /** Workers the pool ended because their task went over a time or memory limit. */
  killed: number;
  /** Tasks waiting for a free worker. */
  queued: number;
  /** Worker threads alive. */
  workers: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_MEMORY_MB = 512;

/** A running task's time limit, armed when its worker reports that the task started. */
interface PendingTask {
  startTimer(): void;
}

/**
 * Runs renders on worker threads, so that a render never blocks the caller's event loop, and stops a render that
 * runs too long or takes too much memory without disturbing the others: its worker is ended and replaced.
 */
export class RenderPool {
  readonly #piscina: Piscina;
  readonly #timeoutMs: number;
  readonly #maxMemoryMb: number;
  readonly #handler: string;
  readonly #pending = new Map<number, PendingTask>();
  #nextId = 1;
  #destroyed = false;
  #completed = 0;
  #failed = 0;
  #killed = 0;

  constructor(options: RenderPoolOptions = {}) {
    const workers = Math.max(1, options.workers ?? availableParallelism());
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#maxMemoryMb = options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB;
    this.#handler = options.handler ?? DEFAULT_HANDLER;
    const launch = workerLaunch(options);
    const workerData: PoolWorkerData = options.handlerModule ? { handlerModule: options.handlerModule.href } : {};
    this.#piscina = new Piscina({
      filename: launch.filename,
      execArgv: launch.execArgv,
      workerData,
      // All workers start at once and stay: a render should not wait for a thread to boot.
      minThreads: workers,
      maxThreads: workers,
      resourceLimits: { maxOldGenerationSizeMb: this.#maxMemoryMb },
    });
    this.#piscina.on('message', (message: unknown) => {
      if (isTaskStartedMessage(message)) this.#pending.get(message.id)?.startTimer();
    });
    // A worker that fails while idle is replaced by piscina; without a listener the event would crash the process.
    this.#piscina.on('error', () => {});
  }

  /** Runs one task on a free worker (or after the ones queued before it). */
  async run<TIn, TOut>(input: TIn, options: RunOptions = {}): Promise<TOut> {
    if (this.#destroyed) throw new Error('The render pool was destroyed.');
    const id = this.#nextId++;
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    this.#pending.set(id, {
      startTimer: () => {
        timer ??= setTimeout(() => {
          timedOut = true;
          // Aborting a running task makes piscina terminate its worker and start a fresh one.
          controller.abort(new RenderTimeoutError(timeoutMs));
        }, timeoutMs);
      },
    });
    const forwardAbort = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', forwardAbort, { once: true });
    if (options.signal?.aborted) forwardAbort();

    const envelope: TaskEnvelope<TIn> = { id, handler: options.handler ?? this.#handler, input };
    try {
      const result = await this.#piscina.run(envelope, { signal: controller.signal });
      if (isQuireErrorMessage(result)) throw quireErrorOf(result);
      this.#completed++;
      return result as TOut;
    } catch (error) {
      this.#failed++;
      throw this.#explain(error, timedOut, timeoutMs);
    } finally {
      clearTimeout(timer);
      this.#pending.delete(id);
      options.signal?.removeEventListener('abort', forwardAbort);
    }
  }

  get stats(): RenderPoolStats {
    return {
      completed: this.#completed,
      failed: this.#failed,
      killed: this.#killed,
      queued: this.#piscina.queueSize,
      workers: this.#piscina.threads.length,
    };
  }

  /** Ends all workers at once; tasks still queued or running reject. */
  async destroy(): Promise<void> {
    this.#destroyed = true;
    await this.#piscina.destroy();
  }

  #explain(error: unknown, timedOut: boolean, timeoutMs: number): unknown {
    if (timedOut) {
      this.#killed++;
      return new RenderTimeoutError(timeoutMs, { cause: error });
    }
    if (isWorkerOutOfMemory(error)) {
      this.#killed++;
      return new RenderMemoryExceededError(this.#maxMemoryMb, { cause: error });
    }
    return error;
  }
}

function workerLaunch(options: RenderPoolOptions): WorkerLaunch {
  if (options.workerFile === undefined) {
    const launch = resolveWorkerLaunch();
    // A handler module in TypeScript needs the TypeScript loader even when the worker itself is built.
    if (launch.execArgv === undefined && isTypeScript(options.handlerModule)) {
      return { ...launch, execArgv: typeScriptExecArgv() };
    }
    return launch;
  }
  const needsTypeScript = isTypeScript(options.workerFile) || isTypeScript(options.handlerModule);
  return {
    filename: fileURLToPath(options.workerFile),
    execArgv: needsTypeScript ? typeScriptExecArgv() : undefined,
  };
}

function isTypeScript(url: URL | undefined): boolean {
  return url !== undefined && /\.[cm]?ts$/.test(url.pathname);
}

/** The error a handler threw in its worker, rebuilt with its code, details and (for templates) line and column. */
function quireErrorOf(message: QuireErrorMessage): QuireError {
  const { line, column, ...details } = message.details as { line?: number; column?: number };
  const options = {
    message: message.message,
    ...(message.param === undefined ? {} : { param: message.param }),
    details,
  };
  if (message.template) {
    return new TemplateError(message.code as ConstructorParameters<typeof TemplateError>[0], {
      ...options,
      ...(line === undefined ? {} : { line }),
      ...(column === undefined ? {} : { column }),
    });
  }
  return new QuireError(message.code as ErrorCode, options);
}
