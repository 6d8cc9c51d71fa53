import { inferTemplateVariables, type JsonSchema, type TemplateEngine } from '@quire/core';
import type { TemplateDraft } from '../builder/types';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const typeOfValue = (value: unknown): string | undefined => {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
};

/**
 * The schema a form is drawn from: the template's schema, made to agree with the sample data where they differ
 * (a price the data holds as text stays text), so that the form edits the data as it is instead of flagging it.
 */
function agree(schema: JsonSchema, value: unknown): JsonSchema {
  const out: JsonSchema = { ...schema };
  const actual = typeOfValue(value);
  const declared = Array.isArray(schema.type) ? undefined : schema.type;
  if (actual && declared && actual !== declared && !(declared === 'number' && actual === 'integer')) {
    if (actual === 'object' || actual === 'array')
      return { ...inferFromValue(value), ...(schema.title ? { title: schema.title } : {}) };
    out.type = actual === 'integer' ? 'number' : actual;
    delete out.format;
  }
  if (out.format === 'date' && typeof value === 'string' && !DATE.test(value)) delete out.format;
  if (out.properties) {
    const record = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    out.properties = Object.fromEntries(
      Object.entries(out.properties).map(([key, child]) => [key, agree(child, record[key])]),
    );
  }
  if (out.items && !Array.isArray(out.items)) {
    out.items = agree(out.items, Array.isArray(value) ? value[0] : undefined);
  }
  // An array of items the template reads nothing of: the data says what they are.
  if (
    out.type === 'array' &&
    (!out.items || Object.keys(out.items).length === 0) &&
    Array.isArray(value) &&
    value.length
  ) {
    out.items = inferFromValue(value[0]);
  }
  return out;
}

/** A schema for a value the template does not describe. */
function inferFromValue(value: unknown): JsonSchema {
  const type = typeOfValue(value);
  if (type === 'array') {
    const list = value as unknown[];
    return { type: 'array', items: list.length ? inferFromValue(list[0]) : {} };
  }
  if (type === 'object') {
    return {
      type: 'object',
      properties: Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([key, child]) => [key, inferFromValue(child)]),
      ),
    };
  }
  if (type === 'integer') return { type: 'number' };
  return type ? { type } : { type: 'string' };
}

/**
 * The JSON Schema of the sample-data form: the draft's own schema when it has one, else the schema inferred from
 * what the template reads, agreeing with the sample data's types. `$schema` is left out (the form's validator
 * knows the draft it speaks without being told).
 */
export function formSchema(draft: TemplateDraft, engine: TemplateEngine): JsonSchema {
  let base: JsonSchema;
  if (draft.data_schema) base = draft.data_schema as JsonSchema;
  else {
    try {
      base = inferTemplateVariables(engine, draft).schema;
    } catch {
      // The template does not parse (Boss Mode shows where): the data as it is.
      base = inferFromValue(draft.sample_data);
    }
  }
  const { $schema: _ignored, ...rest } = base;
  return agree({ ...rest, type: 'object' }, draft.sample_data);
}
