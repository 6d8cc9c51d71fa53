import type { JsonSchema } from '@quire/core';

/**
 * What values seen at one place of the data have in common. core's schemaFromUsages works from how a template
 * uses variables; here there is data instead, so the schema comes from the values: every row is looked at, a
 * property is required when every object had it, and differing types become a list (`["string", "null"]`).
 */
interface Shape {
  types: Set<string>;
  objects: number;
  properties: Map<string, { shape: Shape; count: number }>;
  items?: Shape;
  /** The string formats seen (undefined for a string with none). */
  formats: Set<string | undefined>;
}

/** Deeper than this the schema says nothing: JSON from an API can nest without end. */
const MAX_DEPTH = 32;

const newShape = (): Shape => ({ types: new Set(), objects: 0, properties: new Map(), formats: new Set() });

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;

function formatOf(value: string): string | undefined {
  if (DATE.test(value)) return 'date';
  if (DATE_TIME.test(value)) return 'date-time';
  return undefined;
}

function add(shape: Shape, value: unknown, depth: number): void {
  if (depth > MAX_DEPTH) return;
  if (value === null || value === undefined) shape.types.add('null');
  else if (Array.isArray(value)) {
    shape.types.add('array');
    shape.items ??= newShape();
    for (const item of value) add(shape.items, item, depth + 1);
  } else if (typeof value === 'object') {
    shape.types.add('object');
    shape.objects += 1;
    for (const [key, item] of Object.entries(value)) {
      let property = shape.properties.get(key);
      if (!property) {
        property = { shape: newShape(), count: 0 };
        shape.properties.set(key, property);
      }
      property.count += 1;
      add(property.shape, item, depth + 1);
    }
  } else if (typeof value === 'number') shape.types.add(Number.isInteger(value) ? 'integer' : 'number');
  else if (typeof value === 'boolean') shape.types.add('boolean');
  else if (typeof value === 'string') {
    shape.types.add('string');
    shape.formats.add(formatOf(value));
  }
}

function toSchema(shape: Shape): JsonSchema {
  const types = new Set(shape.types);
  // An integer among other numbers is a number.
  if (types.has('number')) types.delete('integer');
  const list = [...types];
  const schema: JsonSchema = {};
  if (list.length === 1) schema.type = list[0];
  else if (list.length > 1) schema.type = list;
  if (types.has('object')) {
    const entries = [...shape.properties];
    // fromEntries defines own properties: a column called __proto__ stays a property.
    schema.properties = Object.fromEntries(entries.map(([name, { shape: child }]) => [name, toSchema(child)]));
    const required = entries.filter(([, { count }]) => count === shape.objects).map(([name]) => name);
    if (required.length > 0) schema.required = required;
  }
  if (types.has('array')) schema.items = shape.items ? toSchema(shape.items) : {};
  if (types.has('string') && shape.formats.size === 1) {
    const [format] = shape.formats;
    if (format) schema.format = format;
  }
  return schema;
}

/** The JSON Schema (2020-12) of a value: the data a data source gives a template. */
export function inferSchema(value: unknown): JsonSchema {
  const shape = newShape();
  add(shape, value, 0);
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...toSchema(shape) };
}
