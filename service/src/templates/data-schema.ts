import {
  inferTemplateVariables,
  type JsonSchema,
  QuireError,
  sampleFromSchema,
  type TemplateContent,
  type TemplateEngine,
} from '@quire/core';

/** A version's data schema: what the template reads, what the user wrote, and the two merged. */
export interface DataSchema {
  /** The merge: what clients validate against and generate types from. */
  schema: JsonSchema;
  /** Inferred from the template's Liquid (body, header and footer). */
  inferred: JsonSchema;
  /** The user's edits (the version's data_schema), or null. */
  edited: JsonSchema | null;
}

// Keywords with which a user replaces a node's meaning rather than refining it.
const REPLACING = ['$ref', 'anyOf', 'oneOf', 'allOf', 'not'] as const;

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : (Array.isArray(schema.type) ? schema.type : [schema.type]).map(String);

/** Two type sets conflict when they share no type besides null: `string` vs `number`, not `object` vs `object|null`. */
function conflicting(a: JsonSchema, b: JsonSchema): boolean {
  const left = typesOf(a).filter((t) => t !== 'null');
  const right = typesOf(b).filter((t) => t !== 'null');
  if (left.length === 0 || right.length === 0) return false;
  return !left.some((t) => right.includes(t) || (t === 'integer' && right.includes('number')));
}

/**
 * Merges the schema inferred from a template with the one its users edited; the user's edits win per property.
 *
 * - Properties of both are kept: those the template reads (it needs them, whatever the edit says) and those only
 *   the user added (data the template may read later). A property in both is merged by these same rules.
 * - On a property in both, the user's keywords (`type`, `format`, `description`, `enum`, `examples`, `default`,
 *   `required`, `additionalProperties`...) replace the inferred ones; `properties` and `items` merge recursively.
 * - Where the user changed the kind of value (`number` where `string` was inferred), or described the node with
 *   `$ref`, `anyOf`, `oneOf`, `allOf` or `not`, the user's node replaces the inferred one whole.
 * - `required`: the user's list when they gave one (so a field can be made optional), else the inferred one.
 */
export function mergeSchemas(inferred: JsonSchema, edited: JsonSchema): JsonSchema {
  if (conflicting(inferred, edited) || REPLACING.some((keyword) => keyword in edited)) return edited;
  const merged: JsonSchema = { ...inferred, ...edited };
  if (isSchema(inferred.properties) || isSchema(edited.properties)) {
    const mine = isSchema(inferred.properties) ? inferred.properties : {};
    const theirs = isSchema(edited.properties) ? edited.properties : {};
    const properties: Record<string, JsonSchema> = {};
    for (const key of new Set([...Object.keys(mine), ...Object.keys(theirs)])) {
      const a = mine[key];
      const b = theirs[key];
      // A boolean schema (`true`, `false`) or a lone side is taken as it is.
      properties[key] = (isSchema(a) && isSchema(b) ? mergeSchemas(a, b) : (b ?? a)) as JsonSchema;
    }
    merged.properties = properties;
  }
  if (isSchema(inferred.items) && isSchema(edited.items)) merged.items = mergeSchemas(inferred.items, edited.items);
  return merged;
}

/** The data schema of a version. Throws the template's TemplateError when its Liquid does not parse. */
export function dataSchemaOf(engine: TemplateEngine, content: TemplateContent): DataSchema {
  const { schema: inferred } = inferTemplateVariables(engine, content);
  const edited = content.data_schema as JsonSchema | null;
  return { schema: edited ? mergeSchemas(inferred, edited) : inferred, inferred, edited };
}

/**
 * The data a preview or a check uses when the request gives none: the version's sample data, or, when it has
 * none, data made from the schema (so a new template previews with plausible values rather than blanks). A
 * template that does not parse gets `{}`: the render or the check then reports the syntax error itself.
 */
export function defaultData(engine: TemplateEngine, content: TemplateContent): Record<string, unknown> {
  if (Object.keys(content.sample_data).length > 0) return content.sample_data;
  try {
    return sampleFromSchema(dataSchemaOf(engine, content).schema) as Record<string, unknown>;
  } catch (error) {
    // A TemplateError, possibly from another copy of core: isInstance, not instanceof.
    if (QuireError.isInstance(error)) return {};
    throw error;
  }
}
