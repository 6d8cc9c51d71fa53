import { QuireError } from '../../errors/quire-error';

/** Raised by a filter for a value it cannot use; the engine adds the template's line and column. */
export function badArgument(filter: string, message: string): QuireError {
  return new QuireError('invalid_filter_argument', { message: `${filter}: ${message}`, details: { filter } });
}

export function isBlank(value: unknown): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

/** Numbers, and strings that are numbers (data from CSV or forms), become numbers; anything else is an error. */
export function toNumber(filter: string, value: unknown): number {
  if (typeof value === 'number') {
    if (Number.isNaN(value)) throw badArgument(filter, 'NaN is not a number');
    return value;
  }
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim().replace(/,/g, ''));
    if (!Number.isNaN(parsed)) return parsed;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  throw badArgument(filter, `${describe(value)} is not a number`);
}

export function optionalInteger(
  filter: string,
  name: string,
  value: unknown,
  min: number,
  max: number,
): number | undefined {
  if (isBlank(value)) return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw badArgument(filter, `${name} must be a whole number from ${min} to ${max}, got ${describe(value)}`);
  }
  return n;
}

export function describe(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** Reads `a.b.c` from an object, own properties only (templates are untrusted). */
export function readPath(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export function toArray(filter: string, value: unknown): unknown[] {
  if (isBlank(value)) return [];
  if (Array.isArray(value)) return value;
  throw badArgument(filter, `expects a list, got ${describe(value)}`);
}
