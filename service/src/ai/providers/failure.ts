import { AiProviderError } from '../provider';
import type { Deadline } from './deadline';

type Reason = AiProviderError['reason'];

/** What an HTTP error status from a provider means for Quire. */
export function reasonForStatus(status: number): Reason {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 429) return 'rate_limited';
  if (status === 408) return 'timeout';
  // 5xx, and the 4xx left (a model that does not exist, a request the server refuses): the provider cannot answer
  // this request, which is what `unavailable` tells the user; the message says why.
  return 'unavailable';
}

/** An error for a provider's non-2xx answer, with the provider's own message when it gave one. */
export function httpFailure(
  provider: string,
  label: string,
  status: number,
  detail: string | undefined,
  cause?: unknown,
): AiProviderError {
  const text = detail ? `: ${clip(detail)}` : '.';
  return new AiProviderError(provider, reasonForStatus(status), `${label} answered HTTP ${status}${text}`, { cause });
}

/**
 * Turns whatever a request threw into an AiProviderError. Errors already mapped pass through; an abort is the
 * deadline's (timeout or cancelled); anything else is the network (refused, reset, a connection dropped mid-answer).
 */
export function providerFailure(provider: string, label: string, error: unknown, deadline: Deadline): AiProviderError {
  if (error instanceof AiProviderError) return error;
  const aborted = deadline.abortError(error);
  if (aborted) return aborted;
  return new AiProviderError(provider, 'unavailable', `The connection to ${label} failed: ${describe(error)}.`, {
    cause: error,
  });
}

export function badResponse(provider: string, message: string, cause?: unknown): AiProviderError {
  return new AiProviderError(provider, 'bad_response', message, cause === undefined ? undefined : { cause });
}

/** fetch says only "fetch failed"; the useful part (ECONNREFUSED, "other side closed") is in its cause. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : '';
  return detail ? `${error.message} (${detail})` : error.message;
}

/** Error bodies can be whole HTML pages (a proxy's): keep messages readable. */
function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
