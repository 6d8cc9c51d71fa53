/**
 * What the pool and its workers say to each other. Kept free of Node imports so both sides can share it.
 */

/** Piscina's `workerData` for every worker of a pool. */
export interface PoolWorkerData {
  /**
   * URL (or absolute path) of a module whose named exports are the handlers. Unset: the worker's built-in
   * handler, Quire's renderer.
   */
  handlerModule?: string;
}

/** One task as it travels to a worker. */
export interface TaskEnvelope<TIn = unknown> {
  /** The pool's id for the task, echoed in the "started" message. */
  id: number;
  /** Name of the handler export to call. */
  handler: string;
  input: TIn;
}

/**
 * Posted by a worker when it begins a task. The time limit counts from here, so that time spent waiting in the
 * queue behind other renders does not count against a render.
 */
export interface TaskStartedMessage {
  type: 'quire:task-started';
  id: number;
}

export function isTaskStartedMessage(value: unknown): value is TaskStartedMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'quire:task-started' &&
    typeof (value as { id?: unknown }).id === 'number'
  );
}

/** The export the worker calls when neither the pool nor the task names one. */
export const DEFAULT_HANDLER = 'renderReport';

/**
 * A Quire error thrown by a handler, as it crosses back to the pool. Worker threads clone errors with only their
 * name, message and stack, which would turn a template's syntax error (code, line, column) into an anonymous
 * failure; the worker sends this instead and the pool throws the same error again on its side.
 */
export interface QuireErrorMessage {
  type: 'quire:error';
  code: string;
  message: string;
  param?: string;
  details: Record<string, unknown>;
  template: boolean;
}

export function isQuireErrorMessage(value: unknown): value is QuireErrorMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'quire:error' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}
