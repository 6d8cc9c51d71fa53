import type { Change, Condition, Filter, FindOptions } from './port';
import { isPlainObject, storable, wellFormed } from './records';

/**
 * The port's filters and changes, checked once and brought into one shape that each adapter translates.
 * Checking here (rather than passing objects through to the database) keeps the two adapters in step and stops
 * request data from smuggling in operators the port does not offer, such as `$where` or `$regex`.
 */

export type Scalar = string | number | boolean | null;
export type Bounds = { $gt?: string | number; $gte?: string | number; $lt?: string | number; $lte?: string | number };

/** One condition on one stored path (`id` is already mapped to `_id`). */
export type ParsedCondition =
  | { path: string; op: 'eq'; value: Scalar }
  | { path: string; op: 'in'; values: Scalar[] }
  | { path: string; op: 'ne'; value: Scalar }
  | { path: string; op: 'range'; bounds: Bounds }
  | { path: string; op: 'exists'; value: boolean };

export interface ParsedChange {
  set: Record<string, unknown>;
  inc: Record<string, number>;
  unset: string[];
}

export interface ParsedFindOptions {
  /** Stored path and direction; the adapters add `_id` in the same direction to break ties. */
  sort?: { path: string; direction: 1 | -1 };
  skip: number;
  /** undefined means no limit; 0 means no records. */
  limit?: number;
}

const RANGE_OPS = new Set(['$gt', '$gte', '$lt', '$lte']);

/** Maps a caller's field path to the stored one: `id` is stored as `_id`, which callers may not name. */
export function storedPath(field: string, what = 'field'): string {
  const segments = field.split('.');
  if (field.length === 0 || segments.some((s) => s.length === 0 || s.startsWith('$'))) {
    throw new Error(`Invalid ${what} ${JSON.stringify(field)}`);
  }
  if (segments[0] === '_id' || (segments[0] === 'id' && segments.length > 1)) {
    throw new Error(`Invalid ${what} ${JSON.stringify(field)}: use id`);
  }
  return field === 'id' ? '_id' : field;
}

export function parseFilter(filter: Filter): ParsedCondition[] {
  if (!isPlainObject(filter as unknown)) throw new Error('A filter must be a plain object');
  return Object.entries(filter).map(([field, condition]) => parseCondition(storedPath(field), condition));
}

function parseCondition(path: string, condition: Condition | undefined): ParsedCondition {
  if (isScalar(condition)) return { path, op: 'eq', value: scalar(condition) };
  if (!isPlainObject(condition)) {
    // undefined usually means an optional value the caller forgot to check: refusing beats matching everything.
    throw new Error(`Unsupported condition on ${path}: ${describe(condition)}`);
  }
  const keys = Object.keys(condition);
  const only = keys.length === 1 ? keys[0] : undefined;
  if (only === '$in') {
    const values = (condition as { $in: unknown }).$in;
    if (!Array.isArray(values) || !values.every(isScalar)) throw new Error(`$in on ${path} needs an array of values`);
    return { path, op: 'in', values: values.map(scalar) };
  }
  if (only === '$ne') {
    const value = (condition as { $ne: unknown }).$ne;
    if (!isScalar(value)) throw new Error(`$ne on ${path} needs a value`);
    return { path, op: 'ne', value: scalar(value) };
  }
  if (only === '$exists') {
    const value = (condition as { $exists: unknown }).$exists;
    if (typeof value !== 'boolean') throw new Error(`$exists on ${path} needs true or false`);
    return { path, op: 'exists', value };
  }
  // An undefined bound is left out (`{ $gte: from, $lte: to }` with no `to`), but at least one must remain.
  const defined = Object.entries(condition).filter(([, value]) => value !== undefined);
  if (defined.length > 0 && keys.every((key) => RANGE_OPS.has(key))) {
    const bounds: Bounds = {};
    for (const [key, value] of defined) {
      if (typeof value !== 'string' && typeof value !== 'number') {
        throw new Error(`${key} on ${path} needs a string or a number`);
      }
      bounds[key as keyof Bounds] = scalar(value) as string | number;
    }
    return { path, op: 'range', bounds };
  }
  throw new Error(`Unsupported condition on ${path}: ${describe(condition)}`);
}

export function parseChange(change: Change): ParsedChange {
  if (!isPlainObject(change as unknown)) throw new Error('A change must be a plain object');
  const parsed: ParsedChange = { set: {}, inc: {}, unset: [] };
  for (const [field, value] of Object.entries(change.set ?? {})) {
    const path = changePath(field);
    // Setting undefined means "no value": the same as unsetting, which is also what JSON would store.
    if (value === undefined) parsed.unset.push(path);
    else parsed.set[path] = storable(value, path);
  }
  for (const [field, value] of Object.entries(change.inc ?? {})) {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`inc on ${field} needs a finite number`);
    parsed.inc[changePath(field)] = value;
  }
  if (change.unset !== undefined && !Array.isArray(change.unset)) throw new Error('unset must be an array of fields');
  for (const field of change.unset ?? []) parsed.unset.push(changePath(field));
  assertNoOverlap([...Object.keys(parsed.set), ...Object.keys(parsed.inc), ...parsed.unset]);
  return parsed;
}

/**
 * An upsert whose filter names one id must insert a record with that id: MongoDB takes the new record's _id from
 * the filter and would refuse a different one, so both adapters refuse it up front.
 */
export function assertUpsertId(conditions: ParsedCondition[], id: string): void {
  for (const condition of conditions) {
    if (condition.path === '_id' && condition.op === 'eq' && condition.value !== id) {
      throw new Error(
        `An upsert filtered by id ${JSON.stringify(condition.value)} cannot insert id ${JSON.stringify(id)}`,
      );
    }
  }
}

export function isEmptyChange(change: ParsedChange): boolean {
  return Object.keys(change.set).length === 0 && Object.keys(change.inc).length === 0 && change.unset.length === 0;
}

function changePath(field: string): string {
  const path = storedPath(field, 'change path');
  if (path === '_id') throw new Error('A change cannot modify id');
  return path;
}

/** MongoDB refuses one update touching a path twice (or a path and its parent); NeDB would apply both in turn. */
function assertNoOverlap(paths: string[]): void {
  for (const [i, a] of paths.entries()) {
    for (const b of paths.slice(i + 1)) {
      if (a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`)) {
        throw new Error(`A change touches ${a} and ${b}: they overlap`);
      }
    }
  }
}

export function parseFindOptions(options: FindOptions = {}): ParsedFindOptions {
  const { sort, skip = 0, limit } = options;
  if (!Number.isInteger(skip) || skip < 0) throw new Error('skip must be a non-negative integer');
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) {
    throw new Error('limit must be a non-negative integer');
  }
  return { sort: parseSort(sort), skip, limit };
}

export function parseSort(sort: FindOptions['sort']): ParsedFindOptions['sort'] {
  if (sort === undefined) return undefined;
  if (sort.direction !== 1 && sort.direction !== -1) throw new Error('sort direction must be 1 or -1');
  return { path: storedPath(sort.field, 'sort field'), direction: sort.direction };
}

/** The sort as both databases take it: the field, then `_id` in the same direction so ties are stable. */
export function sortSpec(sort: NonNullable<ParsedFindOptions['sort']>): Record<string, 1 | -1> {
  return sort.path === '_id' ? { _id: sort.direction } : { [sort.path]: sort.direction, _id: sort.direction };
}

/** A filter value as the stores compare it: strings with lone surrogates as MongoDB stores them (see storable). */
function scalar(value: Scalar): Scalar {
  return typeof value === 'string' ? wellFormed(value) : value;
}

function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value instanceof Date) return 'a Date (store and compare dates as ISO strings)';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
