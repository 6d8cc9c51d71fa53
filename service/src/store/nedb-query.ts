import type { Bounds, ParsedChange, ParsedCondition, Scalar } from './query';
import { compareCodePoints, valueAt } from './sort-order';

/**
 * Translates parsed filters and changes to NeDB. NeDB speaks MongoDB's query language but differs on missing
 * fields: in MongoDB `{ f: null }` and `{ f: { $in: [null] } }` also match records without `f`, and
 * `{ f: { $ne: null } }` does not; `$ne` on an array means "no element equals". The port follows MongoDB, so
 * those cases are spelled out here with `$or`, `$exists` and `$not`.
 */
export type NedbQuery = Record<string, unknown>;

export function toNedbQuery(conditions: ParsedCondition[]): NedbQuery {
  const query: NedbQuery = {};
  const and: NedbQuery[] = [];
  // Plain `{ path: … }` entries stay at the top level, where NeDB can answer them from an index.
  const put = (path: string, value: unknown) => {
    if (path in query) and.push({ [path]: value });
    else query[path] = value;
  };
  for (const condition of conditions) {
    const { path } = condition;
    switch (condition.op) {
      case 'eq':
        if (condition.value === null) and.push(nullOrMissing(path));
        else put(path, condition.value);
        break;
      case 'in':
        if (condition.values.includes(null)) and.push({ $or: [{ [path]: { $in: condition.values } }, missing(path)] });
        else put(path, { $in: condition.values });
        break;
      case 'ne':
        and.push({ $not: equals(path, condition.value) });
        break;
      case 'range':
        if (needsCodePointOrder(condition.bounds)) and.push(codePointRange(path, condition.bounds));
        else put(path, { ...condition.bounds });
        break;
      case 'exists':
        put(path, { $exists: condition.value });
        break;
    }
  }
  if (and.length > 0) query.$and = and;
  return query;
}

/**
 * NeDB compares strings by UTF-16 unit, MongoDB by code point (see sort-order.ts). The two orders agree whenever
 * the bound has no unit from U+D800 up, so only such bounds (rare: times and ids are ASCII) are checked by a
 * function, which follows MongoDB: strings compare with string bounds only, and an array matches by any element.
 */
function needsCodePointOrder(bounds: Bounds): boolean {
  return Object.values(bounds).some((bound) => typeof bound === 'string' && /[\ud800-\uffff]/.test(bound));
}

function codePointRange(path: string, bounds: Bounds): NedbQuery {
  const holds = (value: unknown) =>
    Object.entries(bounds).every(([op, bound]) => {
      if (typeof bound === 'number') return typeof value === 'number' && compareNumbers(op, value, bound);
      if (typeof value !== 'string') return false;
      const order = compareCodePoints(value, bound as string);
      return op === '$gt' ? order > 0 : op === '$gte' ? order >= 0 : op === '$lt' ? order < 0 : order <= 0;
    });
  return {
    $where(this: unknown) {
      const value = valueAt(this, path);
      return Array.isArray(value) ? value.some(holds) : holds(value);
    },
  };
}

function compareNumbers(op: string, value: number, bound: number): boolean {
  return op === '$gt' ? value > bound : op === '$gte' ? value >= bound : op === '$lt' ? value < bound : value <= bound;
}

function equals(path: string, value: Scalar): NedbQuery {
  return value === null ? nullOrMissing(path) : { [path]: value };
}

function nullOrMissing(path: string): NedbQuery {
  return { $or: [{ [path]: null }, missing(path)] };
}

function missing(path: string): NedbQuery {
  return { [path]: { $exists: false } };
}

export function toNedbUpdate(change: ParsedChange): NedbQuery {
  const update: NedbQuery = {};
  if (Object.keys(change.set).length > 0) update.$set = change.set;
  if (Object.keys(change.inc).length > 0) update.$inc = change.inc;
  if (change.unset.length > 0) update.$unset = Object.fromEntries(change.unset.map((path) => [path, true]));
  return update;
}
