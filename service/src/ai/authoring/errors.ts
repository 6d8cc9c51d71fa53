import { QuireError } from '@quire/core';
import { AiProviderError } from '../provider';

const REASONS: Record<AiProviderError['reason'], string> = {
  unavailable: 'it could not be reached',
  unauthorized: 'it refused the configured key',
  timeout: 'it did not answer in time',
  rate_limited: 'it is rate limiting this server',
  bad_response: 'it answered with something that is not an answer',
};

/** AiProviderError, also from another copy of the module (recognised by shape, as QuireError.isInstance does). */
export function isProviderError(error: unknown): error is AiProviderError {
  return (
    error instanceof AiProviderError ||
    (error instanceof Error &&
      error.name === 'AiProviderError' &&
      typeof (error as Partial<AiProviderError>).provider === 'string' &&
      typeof (error as Partial<AiProviderError>).reason === 'string')
  );
}

/** The error of a request that ran out of time (config.ai.timeoutMs for the whole request, repairs included). */
export function timeoutError(timeoutMs: number): QuireError {
  return new QuireError('ai_timeout', {
    message: `The AI did not finish within ${Math.round(timeoutMs / 1000)} seconds. Please try again, or ask for something smaller.`,
    details: { timeout_ms: timeoutMs },
  });
}

/**
 * What the API answers for a failure of the authoring loop: a provider that cannot answer is 503
 * provider_unavailable naming the provider and why (its own timeout is ai_timeout, 504); when the request was
 * aborted, the abort's reason (the deadline's ai_timeout); anything else passes through.
 */
export function authoringError(error: unknown, signal: AbortSignal): unknown {
  if (QuireError.isInstance(error)) return error;
  if (signal.aborted && QuireError.isInstance(signal.reason)) return signal.reason;
  if (isProviderError(error)) {
    if (error.reason === 'timeout') {
      return new QuireError('ai_timeout', { details: { provider: error.provider }, cause: error });
    }
    return new QuireError('provider_unavailable', {
      message: `The AI provider (${error.provider}) is unavailable: ${REASONS[error.reason] ?? error.reason}. Please try again later.`,
      details: { provider: error.provider, reason: error.reason },
      cause: error,
    });
  }
  return error;
}
