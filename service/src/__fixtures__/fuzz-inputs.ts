import type { Operation } from '../openapi/operation-types';
import { jsonSchemaOf } from '../openapi/schemas';

/**
 * What a careless or hostile client sends, per part of a request: path parameters, query strings and JSON bodies.
 * The fuzz test crosses these with every operation of the OpenAPI document.
 */

/** Nested JSON built as text: JSON.stringify would recurse as deeply as the value does. */
export const deepObjectJson = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
export const deepArrayJson = (depth: number): string => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

/** Deeper than any parser or serializer should be asked to follow by recursion. */
export const DEEP = 5_000;

/** Path parameter values: bad percent-encoding first, the issue's own example. */
export const PATH_VALUES: { name: string; value: string }[] = [
  { name: 'an invalid percent-encoding (%ff)', value: '%ff' },
  { name: 'a truncated UTF-8 sequence', value: '%E0%A4%A' },
  { name: 'a lone percent sign', value: '%' },
  { name: 'an encoded NUL', value: '%00' },
  { name: 'an encoded slash and dots', value: '..%2F..%2Fetc%2Fpasswd' },
  { name: 'a long value', value: 'x'.repeat(2_000) },
  { name: 'an id that does not exist', value: 'does-not-exist' },
];

/** Query values for each documented query parameter. */
export const QUERY_VALUES: { name: string; value: string }[] = [
  { name: 'an invalid percent-encoding', value: '%ff' },
  { name: 'a long value', value: 'x'.repeat(5_000) },
  { name: 'a negative number', value: '-1' },
  { name: 'a huge number', value: '1e999' },
  { name: 'a bracketed key', value: '[]' },
];

export interface BodyCase {
  name: string;
  body: string;
  /** Content-Type; JSON unless given. */
  type?: string;
}

/** Whole bodies that are wrong in shape, for every route that takes a body. */
export const WHOLE_BODIES: BodyCase[] = [
  { name: 'malformed JSON', body: '{"email": "a@b.c",' },
  { name: 'a JSON string', body: '"just a string"' },
  { name: 'a JSON array', body: '[1,2,3]' },
  { name: 'null', body: 'null' },
  {
    name: 'wrong types',
    body: JSON.stringify({ email: 42, password: ['x'], name: { a: 1 }, data: 'x', content: 7, format: true }),
  },
  {
    name: 'prototype keys and unknown fields',
    body: '{"__proto__": {"admin": true}, "constructor": {"prototype": {}}, "zzz": 1}',
  },
  { name: `an object nested ${DEEP} levels`, body: deepObjectJson(DEEP) },
  { name: `an array nested ${DEEP} levels`, body: deepArrayJson(DEEP) },
  {
    name: 'a huge string',
    body: JSON.stringify({ email: `${'x'.repeat(3_000_000)}@example.com`, message: 'y'.repeat(100_000) }),
  },
  { name: 'not JSON at all', body: '<xml/>', type: 'application/xml' },
  { name: 'an empty body', body: '' },
];

/** Field values, as JSON text, put in place of each field of a plausible body. */
const FIELD_VALUES: { name: string; json: string }[] = [
  { name: 'a number', json: '42' },
  { name: 'a boolean', json: 'true' },
  { name: 'null', json: 'null' },
  { name: 'an empty array', json: '[]' },
  { name: 'an object', json: '{"zzz":{"yyy":1}}' },
  { name: 'a 20,000-character string', json: JSON.stringify('x'.repeat(20_000)) },
  { name: `an object nested ${DEEP} levels`, json: deepObjectJson(DEEP) },
  { name: `JSON text nested ${DEEP} levels`, json: JSON.stringify(deepObjectJson(DEEP)) },
  { name: 'HTML nested 10,000 elements', json: JSON.stringify(`${'<div>'.repeat(10_000)}x${'</div>'.repeat(10_000)}`) },
  {
    name: 'Liquid nested 2,000 blocks',
    json: JSON.stringify(`${'{% if a %}'.repeat(2_000)}x${'{% endif %}'.repeat(2_000)}`),
  },
  { name: 'MJML nested 3,000 sections', json: JSON.stringify(mjmlNested(3_000)) },
  { name: 'a Liquid path 10,000 steps long', json: JSON.stringify(`{{ ${'a.'.repeat(10_000)}a }}`) },
];

function mjmlNested(depth: number): string {
  const inner = `${'<mj-wrapper>'.repeat(depth)}<mj-section><mj-column><mj-text>x</mj-text></mj-column></mj-section>${'</mj-wrapper>'.repeat(depth)}`;
  return `<mjml><mj-body>${inner}</mj-body></mjml>`;
}

/** A value of a JSON Schema's type, for a body that has no example. */
function plausible(schema: Record<string, unknown> | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (schema && 'const' in schema) return schema.const;
  if (Array.isArray(schema?.enum)) return schema.enum[0];
  switch (type) {
    case 'string':
      return 'x';
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    default:
      return {};
  }
}

/** A body the route could accept: its documented example, else one plausible value per documented field. */
export function plausibleBody(op: Operation): Record<string, unknown> {
  if (op.bodyExample && typeof op.bodyExample === 'object' && !Array.isArray(op.bodyExample))
    return op.bodyExample as Record<string, unknown>;
  if (!op.body) return {};
  const schema = jsonSchemaOf(op.body, 'input') as {
    properties?: Record<string, Record<string, unknown>>;
    anyOf?: { properties?: Record<string, Record<string, unknown>> }[];
    oneOf?: { properties?: Record<string, Record<string, unknown>> }[];
  };
  const properties = schema.properties ?? schema.oneOf?.[0]?.properties ?? schema.anyOf?.[0]?.properties ?? {};
  return Object.fromEntries(Object.entries(properties).map(([name, field]) => [name, plausible(field)]));
}

const PLACEHOLDER = '\u0000fuzz\u0000';

type Path = (string | number)[];

/** The fields of a body down to `depth` levels (an array's first item stands for the others). */
function fieldPaths(value: unknown, depth: number, at: Path = []): Path[] {
  if (depth === 0 || value === null || typeof value !== 'object') return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.length > 0
      ? [[0, value[0]]]
      : []
    : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...at, key], ...fieldPaths(child, depth - 1, [...at, key])]);
}

function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(value)) return value.map((item, i) => (i === key ? replaceAt(item, rest, replacement) : item));
  const object = value as Record<string, unknown>;
  return { ...object, [key]: replaceAt(object[key], rest, replacement) };
}

/** The plausible body as is, then with each field (nested ones too) in turn replaced by each hostile value. */
export function fieldBodies(base: Record<string, unknown>, depth = 3): BodyCase[] {
  const cases: BodyCase[] = [{ name: 'a plausible body', body: JSON.stringify(base) }];
  for (const path of fieldPaths(base, depth)) {
    // A placeholder swapped for the value's text: the deep values cannot go through JSON.stringify.
    const template = JSON.stringify(replaceAt(base, path, PLACEHOLDER));
    for (const { name, json } of FIELD_VALUES) {
      cases.push({
        name: `${path.join('.')} as ${name}`,
        body: template.replace(JSON.stringify(PLACEHOLDER), () => json),
      });
    }
  }
  return cases;
}
