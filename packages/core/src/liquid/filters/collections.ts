import { badArgument, isBlank, readPath, toArray, toNumber } from './arguments';

function values(filter: string, list: unknown, property: unknown): number[] {
  const path = isBlank(property) ? undefined : String(property);
  const out: number[] = [];
  for (const item of toArray(filter, list)) {
    const value = path === undefined ? item : readPath(item, path);
    // Missing values are skipped, as a spreadsheet does with empty cells.
    if (!isBlank(value)) out.push(toNumber(filter, value));
  }
  return out;
}

/** `{{ invoice.items | sum: "amount" }}`: 0 for an empty list. */
export function sum(list: unknown, property?: unknown): number {
  // Rounding away float noise keeps 0.1 + 0.2 from printing as 0.30000000000000004 in money columns.
  let total = 0;
  for (const n of values('sum', list, property)) total += n;
  return Math.round(total * 1e9) / 1e9;
}

/** `{{ scores | avg: "value" }}`: nothing for an empty list. */
export function avg(list: unknown, property?: unknown): number | null {
  const numbers = values('avg', list, property);
  if (numbers.length === 0) return null;
  return Math.round((numbers.reduce((a, b) => a + b, 0) / numbers.length) * 1e9) / 1e9;
}

export function min(list: unknown, property?: unknown): number | null {
  const numbers = values('min', list, property);
  return numbers.length === 0 ? null : Math.min(...numbers);
}

export function max(list: unknown, property?: unknown): number | null {
  const numbers = values('max', list, property);
  return numbers.length === 0 ? null : Math.max(...numbers);
}

function compare(a: unknown, b: unknown): number {
  // Blanks go last in either direction, as in every spreadsheet.
  if (isBlank(a) || isBlank(b)) return isBlank(a) === isBlank(b) ? 0 : isBlank(a) ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/** `{{ rows | sort_by: "total", "desc" }}`: a stable sort by a property path; blanks last. */
export function sortBy(list: unknown, property?: unknown, direction?: unknown): unknown[] {
  const dir = isBlank(direction) ? 'asc' : String(direction).toLowerCase();
  if (dir !== 'asc' && dir !== 'desc') throw badArgument('sort_by', 'the direction must be "asc" or "desc"');
  const path = isBlank(property) ? undefined : String(property);
  const read = (item: unknown) => (path === undefined ? item : readPath(item, path));
  return toArray('sort_by', list)
    .map((item, index) => ({ item, index, key: read(item) }))
    .sort((x, y) => {
      const blank = isBlank(x.key) || isBlank(y.key);
      const order = compare(x.key, y.key);
      return (blank || dir === 'asc' ? order : -order) || x.index - y.index;
    })
    .map((entry) => entry.item);
}

export interface Group {
  name: unknown;
  items: unknown[];
  size: number;
}

/** `{% for g in sales | group_by: "region" %}{{ g.name }} {{ g.items | sum: "amount" }}{% endfor %}`. */
export function groupBy(list: unknown, property?: unknown): Group[] {
  if (isBlank(property)) throw badArgument('group_by', 'needs the property to group by');
  const path = String(property);
  const groups = new Map<string, Group>();
  for (const item of toArray('group_by', list)) {
    const name = readPath(item, path) ?? null;
    const key = JSON.stringify(name);
    let group = groups.get(key);
    if (!group) {
      group = { name, items: [], size: 0 };
      groups.set(key, group);
    }
    group.items.push(item);
    group.size += 1;
  }
  return [...groups.values()];
}

/**
 * `{{ invoices | where: "status", "paid" }}`; without a value, keeps items whose property is truthy
 * (Liquid's truthiness: only nil and false are false). Property paths may be nested (`customer.country`).
 */
export function where(list: unknown, property?: unknown, value?: unknown): unknown[] {
  if (isBlank(property)) throw badArgument('where', 'needs the property to test');
  const path = String(property);
  const test =
    value === undefined
      ? (v: unknown) => v !== null && v !== undefined && v !== false
      : (v: unknown) => v === value || (v !== null && v !== undefined && String(v) === String(value));
  return toArray('where', list).filter((item) => test(readPath(item, path)));
}
