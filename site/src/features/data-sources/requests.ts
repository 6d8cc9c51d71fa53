import { APIError, type RequestOptions } from '@quire/client';

/**
 * Boss Mode shows the request id of each call. The service takes a sane `X-Request-Id` from the client (and logs
 * it), so the screen makes one per call and knows it whether the call succeeds or fails.
 */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return `req_site_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export interface Traced<T> {
  value: T;
  requestId: string;
}

/** Runs a client call with a request id of its own; a failure keeps the id (APIError.requestId). */
export async function traced<T>(call: (options: RequestOptions) => Promise<T>): Promise<Traced<T>> {
  const requestId = newRequestId();
  const value = await call({ headers: { 'x-request-id': requestId } });
  return { value, requestId };
}

/** What a failed call says: the service's message and code, or the fallback for anything else. */
export function failureOf(error: unknown, fallback: string): { message: string; code?: string; requestId?: string } {
  if (APIError.isInstance(error) && error.type !== undefined) {
    return {
      message: error.message,
      ...(error.code ? { code: error.code } : {}),
      ...(error.requestId ? { requestId: error.requestId } : {}),
    };
  }
  return { message: fallback };
}
