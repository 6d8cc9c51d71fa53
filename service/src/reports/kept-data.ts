import type { ReportInput } from './records';

/** What replaces a value the template's data schema marks secret (`writeOnly: true`). */
export const REDACTED = '********';

/** Data larger than this (as JSON) is not kept with its report: the report says so with `data: null`. */
export const MAX_KEPT_DATA_BYTES = 64 * 1024;

type Schema = Record<string, unknown>;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The data with every value its JSON Schema marks `writeOnly: true` (JSON Schema's word for a value that is sent
 * but never shown back: a password, an account number) replaced by "********". Follows `properties`,
 * `additionalProperties`, `items` (a schema or a tuple's list) and `prefixItems`, and local `$ref`s into `$defs` or
 * `definitions`; values the schema says nothing about stay as they are.
 */
export function redactSecrets(data: unknown, schema: unknown, root: unknown = schema, depth = 0): unknown {
  if (!isObject(schema) || depth > 64) return data;
  const resolved = resolveRef(schema, root);
  if (resolved.writeOnly === true) return REDACTED;
  if (Array.isArray(data)) {
    const prefix = Array.isArray(resolved.prefixItems)
      ? resolved.prefixItems
      : Array.isArray(resolved.items)
        ? resolved.items
        : [];
    const rest = Array.isArray(resolved.items) ? undefined : resolved.items;
    return data.map((item, index) => redactSecrets(item, prefix[index] ?? rest, root, depth + 1));
  }
  if (isObject(data)) {
    const properties = isObject(resolved.properties) ? resolved.properties : {};
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      const own = Object.hasOwn(properties, key) ? properties[key] : resolved.additionalProperties;
      out[key] = redactSecrets(value, own, root, depth + 1);
    }
    return out;
  }
  return data;
}

function resolveRef(schema: Schema, root: unknown): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/') || !isObject(root)) return schema;
  let target: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    target = isObject(target) ? target[key] : undefined;
  }
  return isObject(target) ? { ...target, ...(schema.writeOnly === true ? { writeOnly: true } : {}) } : schema;
}

/**
 * What a report keeps of its input, so that its page can show the data used and "generate again" can start from
 * it: inline data with its secrets redacted (null when larger than MAX_KEPT_DATA_BYTES), or a data source's
 * parameters (the data source's rows are not kept: they are read again).
 */
export function keptInput(
  input: ReportInput,
  schema: unknown,
): { dataJson: string | null; dataSourceParamsJson: string | null } {
  if ('dataSource' in input) return { dataJson: null, dataSourceParamsJson: JSON.stringify(input.dataSource.params) };
  const json = JSON.stringify(redactSecrets(input.data, schema));
  return { dataJson: Buffer.byteLength(json, 'utf8') <= MAX_KEPT_DATA_BYTES ? json : null, dataSourceParamsJson: null };
}
