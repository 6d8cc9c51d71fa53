import { QuireError } from '@quire/core';

/** How a render (or the data loading before it) failed: the error to show, and whether trying again can help. */
export interface RenderFailure {
  error: QuireError;
  /** True for failures of the input (template, data, limits): a retry gives the same answer. */
  permanent: boolean;
}

// Failures of the outside world that a later attempt may not meet.
const TRANSIENT_CODES = new Set(['data_source_timeout']);

/**
 * Classifies anything a render threw. The render pool gives back a worker's QuireError (TemplateError included)
 * with its code, line and column, and makes render_timeout / render_memory_exceeded itself: those, and the data
 * sources' errors, are about the request and final. Anything else (a crashed worker, a pool shutting down, a
 * store hiccup) is taken as temporary: a job retries it with backoff, a synchronous render answers 500.
 */
export function classifyRenderError(error: unknown): RenderFailure {
  if (QuireError.isInstance(error)) {
    return { error, permanent: error.status < 500 && !TRANSIENT_CODES.has(error.code) };
  }
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 'render_timeout' || code === 'render_memory_exceeded') {
    return { error: new QuireError(code, { message: String(message), cause: error }), permanent: true };
  }
  return { error: new QuireError('internal_error', { cause: error }), permanent: false };
}
