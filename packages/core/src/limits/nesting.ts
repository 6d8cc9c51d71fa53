import { QuireError } from '../errors/quire-error';

/**
 * How deeply things may nest. Parsers, serializers and renderers follow nesting by recursion, and a document
 * nested thousands of levels deep overflows the call stack; these limits say where Quire stops, well past
 * anything a real report needs, and the checks below find out without recursing themselves.
 */
export const NESTING_LIMITS = Object.freeze({
  /** Objects and arrays inside one another in a JSON value: request bodies, report data, data source rows. */
  json: 64,
  /** HTML (or MJML) elements inside one another in a template, before and after Liquid runs. */
  html: 256,
  /** Liquid blocks (`if`, `for`, `case`, `capture`, ...) inside one another. */
  liquid: 64,
  /** Steps of one variable's path (`order.customer.address.city` has four). */
  variablePath: 64,
});

/**
 * The nesting depth of a JSON-like value (a scalar is 0, `{}` and `[1]` are 1), counted without recursion; it stops
 * counting once it passes `stopAt`, so a hostile value costs no more than a legitimate one.
 */
export function jsonDepth(value: unknown, stopAt = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  // Values met twice (a shared object, or a cycle in a value built in code) are counted once.
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    // Bytes (a driver's Buffer) are a scalar here, not an array of numbers.
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current) || seen.has(current)) continue;
    seen.add(current);
    const inner = depth + 1;
    if (inner > deepest) deepest = inner;
    if (deepest > stopAt) return deepest;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) if (child !== null && typeof child === 'object') stack.push([child, inner]);
  }
  return deepest;
}

/**
 * Throws 400 json_too_deep when a value nests objects and arrays more than {@link NESTING_LIMITS}.json deep.
 * `param` names the field in the message and the error (`data`, `schema`, `content`).
 */
export function assertJsonDepth(value: unknown, param?: string, limit: number = NESTING_LIMITS.json): void {
  if (jsonDepth(value, limit) <= limit) return;
  throw new QuireError('json_too_deep', {
    ...(param ? { param } : {}),
    message: `${param ? `${param}: ` : ''}the JSON is nested more than ${limit} levels deep (objects and arrays inside one another); Quire reads at most ${limit}.`,
    details: { limit },
  });
}
