import { type ErrorCode, getPlan, type PlanId, QuireError } from '@quire/core';

/** The header the service gives every answer; its value is also the `request_id` of an error. */
let requestCount = 0;
export const nextRequestId = () => `req_fake${String(++requestCount).padStart(12, '0')}`;

/** A JSON answer, as the service writes it. */
export function json(status: number, body: unknown, requestId: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId, ...headers },
  });
}

/** The `error` object of the API's envelope for a QuireError, with the request's id, as the error middleware writes it. */
export function errorBody(error: QuireError, requestId: string) {
  return { error: { ...error.toJSON(), request_id: requestId } };
}

/** An error answer: the catalogue's status, type and message (or the one given), as the service answers it. */
export function errorAnswer(error: QuireError, requestId: string): Response {
  return json(error.status, errorBody(error, requestId), requestId);
}

/**
 * The error a code stands for, with what the service adds to it: a reached plan limit names the limit, the
 * usage and the plan (as the service's usage module does), a syntax error its line and column.
 */
export function quireError(
  code: ErrorCode,
  options: { message?: string; param?: string; details?: Record<string, unknown>; plan?: PlanId } = {},
): QuireError {
  if (code === 'plan_limit_exceeded' && !options.message) {
    const plan = getPlan(options.plan ?? 'free');
    const limit = plan.limits.templates;
    return new QuireError(code, {
      message: `Your ${plan.name} plan allows ${limit} templates. Upgrade your plan to continue.`,
      details: { limit, used: limit, plan: plan.id, resource: 'templates', ...options.details },
    });
  }
  return new QuireError(code, {
    ...(options.message ? { message: options.message } : {}),
    ...(options.param ? { param: options.param } : {}),
    ...(options.details ? { details: options.details } : {}),
  });
}

/** One event of a stream; its data may be made when the event is sent (the result of an AI turn, say). */
export interface StreamEvent {
  event: string;
  data: unknown | (() => unknown);
}

/**
 * A `text/event-stream` answer: `event: <name>` and one `data:` line of JSON per event, as the service streams.
 * An event whose data is a function is made when its turn comes: a stream aborted before it never makes it.
 */
export function eventStream(
  events: StreamEvent[],
  requestId: string,
  options: { delayMs: number; signal?: AbortSignal | null | undefined },
): Response {
  const encoder = new TextEncoder();
  const { delayMs, signal } = options;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const { event, data } of events) {
        if (delayMs > 0) await sleep(delayMs, signal);
        if (signal?.aborted) return;
        const value = typeof data === 'function' ? (data as () => unknown)() : data;
        controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(value)}\n\n`));
      }
      controller.close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-request-id': requestId,
    },
  });
}

/** Waits, or rejects with the signal's reason when it aborts first (as fetch does). */
export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
