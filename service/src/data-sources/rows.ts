import { jsonDepth, NESTING_LIMITS, QuireError } from '@quire/core';

/**
 * Data nested deeper than NESTING_LIMITS.json cannot reach a template (the whole service follows data by recursion):
 * a source that answers such data fails with 422 data_source_error, like one that answers something unreadable.
 */
export function assertSourceDepth(value: unknown): void {
  const limit = NESTING_LIMITS.json;
  if (jsonDepth(value, limit) <= limit) return;
  throw new QuireError('data_source_error', {
    message: `The data source's data is nested more than ${limit} levels deep; Quire reads at most ${limit}.`,
    details: { limit },
  });
}

/**
 * What a source gives back before it becomes template data: rows (queries, CSV, JSON arrays) or one object
 * (an HTTP API or a JSON file whose data_path picks an object).
 */
export type Loaded = { rows: unknown[]; truncated: boolean } | { value: Record<string, unknown> };

/** The data a report renders with: `{ rows, row_count, truncated }` for rows, the object itself otherwise. */
export function templateData(loaded: Loaded): Record<string, unknown> {
  if ('rows' in loaded) return { rows: loaded.rows, row_count: loaded.rows.length, truncated: loaded.truncated };
  return loaded.value;
}

/**
 * A value picked from JSON (a JSONPath match, a whole document) as Loaded: an array is rows, an object is the
 * data itself, anything else (a number, a string) is wrapped as `{ value }` so that templates always get an object.
 */
export function fromJson(value: unknown): Loaded {
  if (Array.isArray(value)) return { rows: value, truncated: false };
  if (typeof value === 'object' && value !== null) return { value: value as Record<string, unknown> };
  return { value: { value } };
}

/**
 * Driver values as JSON: a Date as its ISO string, bytes as base64, a bigint as a number when it is exact. Rows go
 * to Liquid, to JSON answers and to the idempotency store, which all want plain JSON.
 */
export function jsonSafe(value: unknown): unknown {
  assertSourceDepth(value);
  return plain(value);
}

function plain(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}
