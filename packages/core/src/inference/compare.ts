import { NESTING_LIMITS } from '../limits/nesting';
import type { JsonSchema } from './schema';

export interface DataMismatch {
  path: string;
  expected: string;
  actual: string;
}

export interface DataComparison {
  /** Paths the schema requires that the data lacks. */
  missing: string[];
  /** Paths in the data that the schema does not describe (the template never reads them). */
  unexpected: string[];
  /** Paths whose value has another type than the schema's. */
  mismatched: DataMismatch[];
  /** True when more findings existed than `maxFindings`. */
  truncated: boolean;
}

export interface CompareOptions {
  maxFindings?: number;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function accepts(schema: JsonSchema, value: unknown): boolean {
  if (schema.type === undefined) return true;
  const allowed = Array.isArray(schema.type) ? schema.type : [schema.type];
  const actual = typeOf(value);
  if (allowed.includes(actual)) return true;
  if (actual === 'integer' && allowed.includes('number')) return true;
  // Numbers and dates arrive as text from CSV files and forms; the filters accept them.
  if (actual === 'string' && allowed.includes('number')) return !Number.isNaN(Number(value));
  if ((actual === 'number' || actual === 'integer') && allowed.includes('string') && schema.format === undefined)
    return true;
  return false;
}

const join = (base: string, key: string) => (base ? `${base}.${key}` : key);

/** Names what a data object lacks, has too much of, or has of the wrong type, against a template's schema. */
export function compareData(schema: JsonSchema, data: unknown, options: CompareOptions = {}): DataComparison {
  const max = options.maxFindings ?? 100;
  const result: DataComparison = { missing: [], unexpected: [], mismatched: [], truncated: false };
  let count = 0;
  const add = (push: () => void) => {
    if (count >= max) {
      result.truncated = true;
      return;
    }
    count++;
    push();
  };

  // Data deeper than NESTING_LIMITS.json is refused where it enters; the walk stops there too, not on the stack.
  function walk(node: JsonSchema, value: unknown, path: string, depth = 0): void {
    if (value === undefined || value === null || depth > NESTING_LIMITS.json) return;
    if (!accepts(node, value)) {
      add(() => result.mismatched.push({ path: path || '(root)', expected: String(node.type), actual: typeOf(value) }));
      return;
    }
    if (Array.isArray(value) && node.items) {
      for (const [i, item] of value.entries()) walk(node.items as JsonSchema, item, `${path}[${i}]`, depth + 1);
      return;
    }
    if (node.properties && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      for (const key of node.required ?? []) {
        if (record[key] === undefined || record[key] === null) add(() => result.missing.push(join(path, key)));
      }
      for (const [key, child] of Object.entries(record)) {
        const childSchema = node.properties[key];
        if (!childSchema) add(() => result.unexpected.push(join(path, key)));
        else walk(childSchema, child, join(path, key), depth + 1);
      }
    }
  }

  walk(schema, data, '');
  return result;
}
