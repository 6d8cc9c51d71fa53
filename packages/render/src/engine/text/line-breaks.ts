/// <reference path="./linebreak.d.ts" />
import LineBreaker from 'linebreak';
import { BoundedCache } from './bounded-cache';

/** Before index i of a text: no break, a break opportunity, or a mandatory break (after a newline). */
export const NO_BREAK = 0;
export const SOFT_BREAK = 1;
export const FORCED_BREAK = 2;

const cache = new BoundedCache<string, Uint8Array>(5_000);

/**
 * UAX #14 line-break opportunities of a text: entry i says whether a line may (1) or must (2) break before the
 * UTF-16 index i (entries 0 and text.length stay 0). Kept for the process per text, since the same paragraphs
 * (table cells, repeated labels) come back render after render; the array is shared, do not modify it.
 */
export function lineBreaks(text: string): Uint8Array {
  let breaks = cache.get(text);
  if (breaks) return breaks;
  breaks = new Uint8Array(text.length + 1);
  const breaker = new LineBreaker(text);
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) {
    if (bk.position > 0 && bk.position < text.length) breaks[bk.position] = bk.required ? FORCED_BREAK : SOFT_BREAK;
  }
  cache.set(text, breaks);
  return breaks;
}
