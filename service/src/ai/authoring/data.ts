import { type JsonSchema, type JsonSchemaDocument, sampleFromSchema } from '@quire/core';
import { inferSchema } from '../../data-sources/infer-schema';

/** The data a generated template is written for: what the model is told, and what the checks render with. */
export interface TemplateData {
  /** Stored as the template's sample_data: the user's sample or the source's data cut down, or made from the schema. */
  sample: Record<string, unknown>;
  /** The data's JSON Schema: the one given, or inferred from the sample or the source's data. */
  schema: JsonSchemaDocument;
  /** Whether the user wrote the schema (it is then saved as the template's data_schema). */
  schemaGiven: boolean;
  /** Where the data came from, for the report. */
  origin: 'data_sample' | 'data_source' | 'schema';
}

/** Rows kept per list in a stored sample: enough to show a table's shape, not a whole database. */
export const SAMPLE_ROWS = 20;

/** Lists cut to their first `rows` items, at every depth. */
export function trimLists(value: unknown, rows = SAMPLE_ROWS): unknown {
  if (Array.isArray(value)) return value.slice(0, rows).map((item) => trimLists(item, rows));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, trimLists(item, rows)]));
  }
  return value;
}

/** Template data is an object; a list (CSV rows, a JSON array) is read as `{ rows }`, as data sources give it. */
export function asObject(value: unknown): Record<string, unknown> {
  if (Array.isArray(value)) return { rows: value };
  if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
  return { value };
}

export function fromSample(data: unknown, origin: 'data_sample' | 'data_source'): TemplateData {
  const sample = trimLists(asObject(data)) as Record<string, unknown>;
  // The schema comes from all of the data (every row says which fields are always there), the sample from its start.
  return { sample, schema: inferSchema(asObject(data)), schemaGiven: false, origin };
}

export function fromSchema(schema: JsonSchemaDocument): TemplateData {
  const sample = sampleFromSchema(schema as JsonSchema);
  return { sample: asObject(sample), schema, schemaGiven: true, origin: 'schema' };
}

/**
 * A short view of data for a prompt: lists cut to three items and long strings shortened, as JSON of at most
 * `maxChars` characters. The model needs the data's shape and flavour, not all of it.
 */
export function excerpt(value: unknown, maxChars: number): string {
  const shorten = (node: unknown): unknown => {
    if (typeof node === 'string') return node.length > 120 ? `${node.slice(0, 117)}...` : node;
    if (Array.isArray(node)) return node.slice(0, 3).map(shorten);
    if (typeof node === 'object' && node !== null) {
      return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, shorten(item)]));
    }
    return node;
  };
  const text = JSON.stringify(shorten(value), null, 2);
  return text.length > maxChars ? `${text.slice(0, maxChars)}\n… (cut)` : text;
}
