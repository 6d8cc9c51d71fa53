/**
 * Reading the service's OpenAPI 3.1 document (/openapi.json) for the in-app reference: its operations grouped by
 * tag, schemas resolved, and example requests filled with the team's own template id.
 */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  exclusiveMinimum?: number;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: Schema;
}

interface MediaType {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { summary?: string; value?: unknown }>;
}

export interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface OperationEntry {
  key: string;
  method: string;
  path: string;
  tag: string;
  operation: Operation;
}

export interface Group {
  tag: string;
  description?: string;
  operations: OperationEntry[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The operations by tag, in the document's tag order (operations without a tag last, under "Other"). */
export function groupOperations(doc: OpenApiDocument): Group[] {
  const groups = new Map<string, Group>();
  for (const tag of doc.tags ?? []) {
    groups.set(tag.name, {
      tag: tag.name,
      ...(tag.description ? { description: tag.description } : {}),
      operations: [],
    });
  }
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, { tag, operations: [] });
      groups
        .get(tag)
        ?.operations.push({ key: `${method} ${path}`, method: method.toUpperCase(), path, tag, operation });
    }
  }
  return [...groups.values()].filter((group) => group.operations.length > 0);
}

/** Whether an operation matches a search: its method, path, summary, id or description hold every word. */
export function matches(entry: OperationEntry, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const text = [
    entry.method,
    entry.path,
    entry.operation.summary,
    entry.operation.operationId,
    entry.operation.description,
  ]
    .join(' ')
    .toLowerCase();
  return words.every((word) => text.includes(word));
}

export function resolve(doc: OpenApiDocument, schema: Schema | undefined, depth = 0): Schema | undefined {
  if (!schema?.$ref || depth > 10) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return resolve(doc, doc.components?.schemas?.[name], depth + 1);
}

/** The team's values that fill the examples. */
export interface ExampleValues {
  templateId?: string;
  templateVersion?: number;
}

/** A path with the team's template id (and version) where the operation takes them. */
export function examplePath(path: string, values: ExampleValues): string {
  let filled = path;
  if (values.templateId && path.startsWith('/v1/templates/{id}')) filled = filled.replace('{id}', values.templateId);
  if (values.templateVersion !== undefined && path.startsWith('/v1/templates/')) {
    filled = filled.replace('{version}', String(values.templateVersion));
  }
  return filled;
}

/**
 * An example value for a schema: its own example or default, else the smallest value that fits (required
 * properties only); a `template_id` is the team's template.
 */
export function exampleOf(doc: OpenApiDocument, raw: Schema | undefined, values: ExampleValues, depth = 0): unknown {
  const schema = resolve(doc, raw);
  if (!schema || depth > 6) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined && depth > 0) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const chosen = variants.find((v) => resolve(doc, v)?.type !== 'null') ?? variants[0];
    return exampleOf(doc, chosen, values, depth + 1);
  }
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((part) => exampleOf(doc, part, values, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) {
        const property = schema.properties?.[name];
        out[name] =
          name === 'template_id' && values.templateId ? values.templateId : exampleOf(doc, property, values, depth + 1);
      }
      // A report names its template and takes its data from `data` (or a data source): show both.
      if (schema.properties?.template_id && values.templateId && !('template_id' in out)) {
        out.template_id = values.templateId;
      }
      if (schema.properties?.data && schema.properties.template_id && !('data' in out)) out.data = {};
      return out;
    }
    case 'array':
      return schema.items ? [exampleOf(doc, schema.items, values, depth + 1)] : [];
    case 'integer':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'email') return 'ada@example.com';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/hook';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      return 'string';
    default:
      return null;
  }
}

/** The JSON request body of an operation, as an example (its own example when the document has one). */
export function exampleBody(doc: OpenApiDocument, operation: Operation, values: ExampleValues): unknown {
  const media = operation.requestBody?.content?.['application/json'];
  if (!media) return undefined;
  const own = media.example ?? Object.values(media.examples ?? {})[0]?.value;
  const body = own ?? exampleOf(doc, media.schema, values);
  return fillTemplateId(body, values);
}

/** Puts the team's template id into `template_id` fields of a document example. */
function fillTemplateId(value: unknown, values: ExampleValues): unknown {
  if (!values.templateId || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => fillTemplateId(item, values));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === 'template_id' && typeof item === 'string' ? values.templateId : fillTemplateId(item, values),
    ]),
  );
}

/** A curl command for an example request. */
export function curlExample(origin: string, method: string, path: string, operation: Operation, body: unknown): string {
  const lines = [`curl -sS -X ${method} '${origin}${path}'`];
  if (operation.security?.length) lines.push(`  -H "Authorization: Bearer $QUIRE_API_KEY"`);
  if (body !== undefined) {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  --data '${JSON.stringify(body).replaceAll("'", "'\\''")}'`);
  }
  return lines.join(' \\\n');
}

/** A response's example, when the document gives one. */
export function responseExample(media: MediaType | undefined): unknown {
  if (!media) return undefined;
  return media.example ?? Object.values(media.examples ?? {})[0]?.value;
}

/** A schema's type in words: `string`, `integer | null`, `array of object`, `one of: …`. */
export function typeLabel(doc: OpenApiDocument, raw: Schema | undefined): string {
  const schema = resolve(doc, raw);
  if (!schema) return 'any';
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((v) => typeLabel(doc, v)).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const label = types.map((t) => (t === 'array' ? `array of ${typeLabel(doc, schema.items)}` : t)).join(' | ');
  const named = raw?.$ref ? raw.$ref.replace('#/components/schemas/', '') : '';
  return (
    [named, label || (schema.properties ? 'object' : 'any')].filter(Boolean).join(': ') +
    (schema.format ? ` (${schema.format})` : '')
  );
}
