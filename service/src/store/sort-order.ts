/**
 * MongoDB's order of values, for the embedded store to sort by. NeDB's own order differs in two ways that matter:
 * it puts a missing field before null (MongoDB sorts them as equal, so the id decides), and it compares strings
 * by UTF-16 unit while MongoDB compares their UTF-8 bytes, which is code point order (they disagree on characters
 * beyond U+FFFF against U+E000..U+FFFF, such as emoji against fullwidth forms).
 *
 * Records hold JSON only (see storable), so the types to order are: missing or null, then numbers, then strings,
 * then objects, then arrays, then booleans. Objects and arrays compare as a whole here; MongoDB orders an array
 * field by its smallest (ascending) or largest (descending) element, which the port does not promise to follow.
 */

const RANK = { null: 0, number: 1, string: 2, object: 3, array: 4, boolean: 5 } as const;

function rank(value: unknown): number {
  if (value === undefined || value === null) return RANK.null;
  if (Array.isArray(value)) return RANK.array;
  switch (typeof value) {
    case 'number':
      return RANK.number;
    case 'string':
      return RANK.string;
    case 'boolean':
      return RANK.boolean;
    default:
      return RANK.object;
  }
}

/** -1, 0 or 1 as MongoDB would order `a` and `b` (undefined standing for a missing field). */
export function compareValues(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case RANK.null:
      return 0;
    case RANK.number:
    case RANK.boolean:
      return a === b ? 0 : (a as number) < (b as number) ? -1 : 1;
    case RANK.string:
      return compareCodePoints(a as string, b as string);
    case RANK.array:
      return compareArrays(a as unknown[], b as unknown[]);
    default:
      return compareObjects(a as Record<string, unknown>, b as Record<string, unknown>);
  }
}

/**
 * Strings in code point order without decoding them: UTF-16 order agrees with it except where one unit is a
 * surrogate (a character beyond U+FFFF) and the other is U+E000..U+FFFF, so those units are moved into place.
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return fixUp(x) < fixUp(y) ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function fixUp(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  if (unit >= 0xd800) return unit + 0x2000;
  return unit;
}

function compareArrays(a: unknown[], b: unknown[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const order = compareValues(a[i], b[i]);
    if (order !== 0) return order;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** Pair by pair in stored order, as MongoDB compares documents: each value's type, then the name, then the value. */
function compareObjects(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  const length = Math.min(ak.length, bk.length);
  for (let i = 0; i < length; i++) {
    const ka = ak[i] as string;
    const kb = bk[i] as string;
    const byType = rank(a[ka]) - rank(b[kb]);
    if (byType !== 0) return byType < 0 ? -1 : 1;
    const byName = compareCodePoints(ka, kb);
    if (byName !== 0) return byName;
    const byValue = compareValues(a[ka], b[kb]);
    if (byValue !== 0) return byValue;
  }
  return ak.length === bk.length ? 0 : ak.length < bk.length ? -1 : 1;
}

/** The value at a dot path, or undefined when a step is missing. */
export function valueAt(doc: unknown, path: string): unknown {
  let value: unknown = doc;
  for (const segment of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/** A comparator for records: by `path` in `direction`, ties by `_id` in the same direction. */
export function recordComparator(path: string, direction: 1 | -1): (a: { _id: string }, b: { _id: string }) => number {
  return (a, b) => {
    const order = path === '_id' ? 0 : compareValues(valueAt(a, path), valueAt(b, path));
    return direction * (order !== 0 ? order : compareCodePoints(a._id, b._id));
  };
}
