import { APIError } from '@quire/client';

/**
 * What a failed call says to a person: the service's own message when it answered with one, else the fallback; in
 * Boss Mode also the request id to quote.
 */
export function failureOf(error: unknown, fallback: string, boss: boolean): { message: string; detail?: string } {
  if (!APIError.isInstance(error) || error.type === undefined) return { message: fallback };
  return boss && error.requestId
    ? { message: error.message, detail: `Request id: ${error.requestId}` }
    : { message: error.message };
}
