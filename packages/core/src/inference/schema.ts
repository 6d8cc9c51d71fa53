import type { JsonSchemaDocument } from '../templates/template.schema';
import { assertPathLength, ITEM, type UsageHint, type VariableUsage } from './variables';

/** A JSON Schema (2020-12) node as Quire writes them. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  description?: string;
  [key: string]: unknown;
}

interface Node {
  hints: Set<UsageHint>;
  required: boolean;
  children: Map<string, Node>;
  item?: Node;
}

const newNode = (): Node => ({ hints: new Set(), required: false, children: new Map() });

function insert(root: Node, usage: VariableUsage): void {
  let node = root;
  usage.path.forEach((segment, index) => {
    let next: Node;
    if (segment === ITEM) {
      node.item ??= newNode();
      next = node.item;
    } else {
      next = node.children.get(segment) ?? newNode();
      node.children.set(segment, next);
    }
    const last = index === usage.path.length - 1;
    if (last) next.hints.add(usage.hint);
    // A path the template needs makes every step to it needed; items of a list are needed when the list is.
    if (!usage.optional) next.required = true;
    node = next;
  });
}

function toSchema(node: Node): JsonSchema {
  if (node.item) return { type: 'array', items: toSchema(node.item) };
  if (node.children.size > 0) {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [name, child] of [...node.children.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      properties[name] = toSchema(child);
      if (child.required) required.push(name);
    }
    return { type: 'object', properties, ...(required.length ? { required } : {}) };
  }
  const hints = node.hints;
  if (hints.has('array')) return { type: 'array', items: {} };
  if (hints.has('number')) return { type: 'number' };
  if (hints.has('date')) return { type: 'string', format: 'date' };
  if (hints.has('currency')) return { type: 'string', description: 'ISO 4217 currency code', examples: ['USD'] };
  if (hints.has('locale')) return { type: 'string', description: 'BCP 47 locale', examples: ['en-US'] };
  if (hints.has('time_zone')) return { type: 'string', description: 'IANA time zone', examples: ['UTC'] };
  // Only ever tested for truth, never printed: a flag.
  if (hints.size === 1 && hints.has('condition')) return { type: 'boolean' };
  return { type: 'string' };
}

/**
 * Builds the JSON Schema of the data that a set of usages reads. The schema is built by recursion, so a path longer
 * than NESTING_LIMITS.variablePath is refused with 422 template_too_deep.
 */
export function schemaFromUsages(usages: VariableUsage[]): JsonSchemaDocument & JsonSchema {
  for (const { path, line, column } of usages) assertPathLength(path, line, column);
  const root = newNode();
  for (const usage of usages) insert(root, usage);
  const body = toSchema(root);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: body.properties ?? {},
    ...(body.required ? { required: body.required } : {}),
  };
}
