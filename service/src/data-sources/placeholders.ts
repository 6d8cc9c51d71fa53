import { QuireError } from '@quire/core';

/** What a report (or a preview) passes to a data source: `{ customer_id: 42, since: '2024-01-01' }`. */
export type Params = Record<string, unknown>;

/** `{{name}}`, spaces allowed inside the braces. */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
const WHOLE = /^\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$/;

const missing = (name: string) =>
  new QuireError('validation_failed', {
    param: `params.${name}`,
    message: `params.${name}: the data source needs this parameter`,
  });

/** A parameter's value; a missing one is the caller's mistake (400), not a failure of the source. */
export function paramValue(params: Params, name: string): unknown {
  const value = Object.hasOwn(params, name) ? params[name] : undefined;
  if (value === undefined) throw missing(name);
  return value;
}

/** A value as it goes into text (a URL, a query string): strings, numbers and booleans only. */
function scalarText(params: Params, name: string): string {
  const value = paramValue(params, name);
  if (value === null) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new QuireError('validation_failed', {
    param: `params.${name}`,
    message: `params.${name}: must be a string, a number or a boolean here`,
  });
}

/** Fills `{{name}}` placeholders in text; `encode` escapes each value for where it goes (a URL path, say). */
export function fillText(template: string, params: Params, encode: (value: string) => string = (v) => v): string {
  return template.replace(PLACEHOLDER, (_match, name: string) => encode(scalarText(params, name)));
}

/**
 * Fills placeholders in a JSON body. A string that is exactly one placeholder takes the parameter's value with
 * its type (`"{{ids}}"` → `[1, 2]`); placeholders inside longer strings are filled as text. Keys are left alone.
 */
export function fillJson(value: unknown, params: Params): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    return whole ? paramValue(params, whole[1] as string) : fillText(value, params);
  }
  if (Array.isArray(value)) return value.map((item) => fillJson(item, params));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillJson(item, params)]));
  }
  return value;
}

/** The names a text uses, in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] as string))];
}
