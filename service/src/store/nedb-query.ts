import type { ParsedChange, ParsedCondition, Scalar } from './query';

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
        put(path, { ...condition.bounds });
        break;
      case 'exists':
        put(path, { $exists: condition.value });
        break;
    }
  }
  if (and.length > 0) query.$and = and;
  return query;
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
