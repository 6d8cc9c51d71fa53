import { AiProviderError } from '../provider';

/**
 * One request's abort signal: it fires when the caller's signal does or when `timeoutMs` has passed, and remembers
 * which, because fetch and the Gemini SDK report both the same way (an AbortError) while the caller is told apart.
 * The deadline covers the whole request, a streamed body included, not only the wait for the first byte.
 */
export interface Deadline {
  readonly signal: AbortSignal;
  /** The error to report if the request was aborted by this deadline; undefined if it was not. */
  abortError(cause?: unknown): AiProviderError | undefined;
  /** Stops the timer and aborts whatever is still in flight (a stream whose reader stopped early). */
  dispose(): void;
}

export function startDeadline(
  provider: string,
  label: string,
  timeoutMs: number,
  callerSignal?: AbortSignal,
): Deadline {
  const controller = new AbortController();
  let fired: 'timeout' | 'cancelled' | undefined;
  const timer = setTimeout(() => {
    fired ??= 'timeout';
    controller.abort(new DOMException(`${label} did not answer within ${timeoutMs} ms`, 'TimeoutError'));
  }, timeoutMs);
  const onCallerAbort = () => {
    fired ??= 'cancelled';
    controller.abort(callerSignal?.reason);
  };
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

  return {
    signal: controller.signal,
    abortError(cause) {
      if (!fired) return undefined;
      // A cancelled request is reported as a timeout too: for the caller both mean "no answer in the time given".
      const message =
        fired === 'timeout'
          ? `${label} did not answer within ${timeoutMs} ms.`
          : `The request to ${label} was cancelled.`;
      return new AiProviderError(provider, 'timeout', message, { cause });
    },
    dispose() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
      if (!controller.signal.aborted) controller.abort(new DOMException('The request is over', 'AbortError'));
    },
  };
}
