export interface BackoffOptions {
  /** Delay before the first retry. */
  baseMs: number;
  /** The longest delay. */
  maxMs: number;
  /** Spread each delay by up to this fraction either way, so retries of many jobs do not arrive together. */
  jitter?: number;
}

/** Exponential backoff: base, 2×base, 4×base... capped, with jitter. `attempt` counts from 1. */
export function backoffDelay(attempt: number, options: BackoffOptions, random = Math.random): number {
  const exponential = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
  const spread = options.jitter ?? 0.2;
  return Math.max(0, Math.round(exponential * (1 - spread + 2 * spread * random())));
}
