/**
 * The seed's refresh schedule (section 9), as the auth client it describes runs it: a tick every 30 seconds; at a
 * tick, the access token is refreshed once 3 ticks or fewer of its life remain; a refresh that fails for a
 * reason worth retrying (no connection, 502, 503, 504) is retried after 200 ms, then 400, 800… for as long as
 * the retries stay within one tick.
 */
export const AUTO_REFRESH_TICK_MS = 30_000;
export const AUTO_REFRESH_TICK_THRESHOLD = 3;
export const REFRESH_RETRY_BASE_MS = 200;

/** Whole ticks left before `expiresAtMs`. */
export function ticksLeft(expiresAtMs: number, nowMs: number): number {
  return Math.floor((expiresAtMs - nowMs) / AUTO_REFRESH_TICK_MS);
}

/** Whether a token expiring at `expiresAtMs` is due for a refresh at a tick at `nowMs`. */
export function refreshDue(expiresAtMs: number, nowMs: number): boolean {
  return ticksLeft(expiresAtMs, nowMs) <= AUTO_REFRESH_TICK_THRESHOLD;
}

/** The wait before retry number `attempt + 1` (attempt 0 is the first failure): 200 ms, doubling. */
export function retryDelay(attempt: number): number {
  return REFRESH_RETRY_BASE_MS * 2 ** attempt;
}
