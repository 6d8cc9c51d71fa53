import { NESTING_LIMITS } from '../limits/nesting';
import type { JsonSchema } from './schema';

/** Plausible values by field name, so that a generated sample reads like a real document. */
const TEXT_BY_NAME: [RegExp, (i: number) => string][] = [
  [/e-?mail/i, (i) => ['ada@example.com', 'grace@example.org', 'alan@example.net'][i % 3] as string],
  [/phone|tel/i, (i) => `+1 555 010 ${String(20 + i).padStart(4, '0')}`],
  [/url|link|website/i, () => 'https://example.com'],
  [/currency/i, () => 'USD'],
  [/country/i, (i) => ['United States', 'Germany', 'Japan'][i % 3] as string],
  [/city/i, (i) => ['Springfield', 'Berlin', 'Osaka'][i % 3] as string],
  [/zip|postal/i, () => '94107'],
  [/street|address|line1/i, (i) => `${100 + i} Market Street`],
  [
    /company|organi[sz]ation|vendor|supplier|customer|client/i,
    (i) => ['Acme Corporation', 'Globex Ltd', 'Initech'][i % 3] as string,
  ],
  [/first_?name/i, (i) => ['Ada', 'Grace', 'Alan'][i % 3] as string],
  [/last_?name|surname/i, (i) => ['Lovelace', 'Hopper', 'Turing'][i % 3] as string],
  [/name|owner|author|by$/i, (i) => ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'][i % 3] as string],
  [/title|subject|heading/i, (i) => ['Quarterly review', 'Project kickoff', 'Annual summary'][i % 3] as string],
  [
    /description|summary|notes?|comment|details/i,
    (i) => ['Consulting services', 'Software licence', 'Support plan'][i % 3] as string,
  ],
  [/status/i, (i) => ['paid', 'pending', 'overdue'][i % 3] as string],
  [/sku|code/i, (i) => `SKU-${1001 + i}`],
  [/(^|_)(id|number|no|ref|reference)$/i, (i) => `INV-2026-${String(42 + i).padStart(4, '0')}`],
  [/unit/i, () => 'hours'],
];

const NUMBER_BY_NAME: [RegExp, (i: number) => number][] = [
  [/qty|quantity|count|units|hours/i, (i) => [2, 5, 1][i % 3] as number],
  [/rate$|percent|ratio|discount_rate|tax_rate/i, () => 0.2],
  [/year/i, () => 2026],
  [
    /price|amount|total|subtotal|cost|fee|tax|balance|revenue|sales|value/i,
    (i) => [120, 349.5, 75.25][i % 3] as number,
  ],
];

function fromName(name: string, i: number): string {
  for (const [pattern, make] of TEXT_BY_NAME) if (pattern.test(name)) return make(i);
  return `Sample ${name.replace(/[_-]+/g, ' ')}`.trim();
}

function numberFromName(name: string, i: number): number {
  for (const [pattern, make] of NUMBER_BY_NAME) if (pattern.test(name)) return make(i);
  return 10 * (i + 1);
}

function types(schema: JsonSchema): string[] {
  return schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
}

export interface SampleOptions {
  /** Items generated for each list. Default 3. */
  itemsPerList?: number;
}

/**
 * Data that fits a schema, for previews and tests: deterministic, with values that suit each field's name
 * (emails look like emails, prices like prices) and `examples` or `default` used where the schema has them.
 */
export function sampleFromSchema(schema: JsonSchema, options: SampleOptions = {}): unknown {
  const perList = options.itemsPerList ?? 3;
  // Data nests at most NESTING_LIMITS.json deep, so a schema's deeper levels get no sample (and no recursion).
  function make(node: JsonSchema, name: string, index: number, depth = 0): unknown {
    if (depth > NESTING_LIMITS.json) return undefined;
    if (Array.isArray(node.examples) && node.examples.length) return node.examples[index % node.examples.length];
    if (node.default !== undefined) return node.default;
    if (Array.isArray(node.enum) && node.enum.length) return node.enum[index % node.enum.length];
    const t = types(node);
    if (t.includes('object') || node.properties) {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node.properties ?? {})) out[key] = make(child, key, index, depth + 1);
      return out;
    }
    if (t.includes('array')) {
      const items = node.items ?? {};
      return Array.from({ length: perList }, (_, i) => make(items, singular(name), i, depth + 1));
    }
    if (t.includes('number') || t.includes('integer')) {
      const n = numberFromName(name, index);
      return t.includes('integer') ? Math.round(n) : n;
    }
    if (t.includes('boolean')) return index % 2 === 0;
    if (node.format === 'date') return `2026-03-${String(14 + index).padStart(2, '0')}`;
    if (node.format === 'date-time') return `2026-03-${String(14 + index).padStart(2, '0')}T09:30:00Z`;
    return fromName(name, index);
  }
  return make(schema, '', 0);
}

function singular(name: string): string {
  return name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.endsWith('s') ? name.slice(0, -1) : name;
}
