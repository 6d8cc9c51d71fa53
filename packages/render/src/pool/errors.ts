import { QuireError } from '@quire/core';

/** Codes of the errors a render can end with when Quire stops it from the outside. */
export type RenderLimitCode = 'render_timeout' | 'render_memory_exceeded';

/**
 * A render stopped because it went over one of its limits; the worker or page that ran it was replaced. It is a
 * QuireError (422, the template's or the data's doing), so every caller answers it with its code, not a 500.
 */
export class RenderLimitError extends QuireError {
  declare readonly code: RenderLimitCode;

  constructor(code: RenderLimitCode, message: string, options?: { cause?: unknown }) {
    super(code, { message, ...(options?.cause === undefined ? {} : { cause: options.cause }) });
    this.name = 'RenderLimitError';
  }
}

export class RenderTimeoutError extends RenderLimitError {
  readonly timeoutMs: number;

  constructor(timeoutMs: number, options?: { cause?: unknown }) {
    super('render_timeout', `The render took longer than ${timeoutMs} ms and was stopped.`, options);
    this.name = 'RenderTimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

export class RenderMemoryExceededError extends RenderLimitError {
  readonly maxMemoryMb: number;

  constructor(maxMemoryMb: number, options?: { cause?: unknown }) {
    super(
      'render_memory_exceeded',
      `The render needed more than ${maxMemoryMb} MB of memory and was stopped.`,
      options,
    );
    this.name = 'RenderMemoryExceededError';
    this.maxMemoryMb = maxMemoryMb;
  }
}

/** Node's code for a worker thread that hit its `resourceLimits`. */
export function isWorkerOutOfMemory(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY'
  );
}
