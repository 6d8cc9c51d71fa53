import {
  compareData,
  type DataComparison,
  inferTemplateVariables,
  type JsonSchema,
  type TemplateEngine,
  TemplateError,
  type TemplateVariables,
} from '@quire/core';
import type { DraftFinding, SourcePart, TemplateDraft } from './types';

/** A node of the data the template reads: what completions, hovers and the variable panel show. */
export interface DataNode {
  name: string;
  /** The dot path from the root (`invoice.items[].price`). */
  path: string;
  /** JSON Schema type, or the sample value's type. */
  type: string;
  /** The value in the sample data (the first item's, inside lists); undefined when the sample lacks it. */
  sample: unknown;
  /** True when the sample data has a value here. */
  inSample: boolean;
  children: DataNode[];
  /** For lists: what each item holds. */
  item: DataNode | null;
}

export interface DraftAnalysis {
  /** The JSON Schema in use: the draft's own, else the one inferred from its sources. */
  schema: JsonSchema;
  /** Inferred from the sources; null when a source does not parse. */
  variables: TemplateVariables | null;
  /** The data tree: schema and sample data merged. */
  data: DataNode[];
  comparison: DataComparison | null;
  /** Syntax errors and data the template prints that the sample lacks, at their line and column. */
  findings: DraftFinding[];
}

const LIQUID_PARTS: readonly SourcePart[] = ['html', 'header_html', 'footer_html'];

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function schemaType(schema: JsonSchema | undefined, sample: unknown, inSample: boolean): string {
  const type = schema?.type;
  if (typeof type === 'string') return schema?.format ? `${type} (${schema.format})` : type;
  if (Array.isArray(type)) return type.join(' | ');
  return inSample ? typeOf(sample) : 'unknown';
}

/** Merges a schema node and a sample value into a data tree node. */
function node(
  name: string,
  path: string,
  schema: JsonSchema | undefined,
  sample: unknown,
  inSample: boolean,
): DataNode {
  const properties = new Map<string, JsonSchema | undefined>(Object.entries(schema?.properties ?? {}));
  const sampleObject =
    inSample && typeof sample === 'object' && sample !== null && !Array.isArray(sample)
      ? (sample as Record<string, unknown>)
      : null;
  for (const key of Object.keys(sampleObject ?? {})) if (!properties.has(key)) properties.set(key, undefined);
  const children = [...properties.entries()].map(([key, child]) =>
    node(
      key,
      path ? `${path}.${key}` : key,
      child,
      sampleObject?.[key],
      sampleObject !== null && Object.hasOwn(sampleObject, key),
    ),
  );
  let item: DataNode | null = null;
  const isList = schema?.type === 'array' || Array.isArray(sample);
  if (isList) {
    const first = Array.isArray(sample) && sample.length > 0 ? sample[0] : undefined;
    item = node('[]', `${path}[]`, schema?.items, first, Array.isArray(sample) && sample.length > 0);
  }
  return { name, path, type: schemaType(schema, sample, inSample), sample, inSample, children, item };
}

/** The data tree of a schema and sample data, top-level names sorted. */
export function dataTree(schema: JsonSchema, sample: Record<string, unknown>): DataNode[] {
  return node('', '', schema, sample, true).children.sort((a, b) => a.name.localeCompare(b.name));
}

/** Finds a node by path (`invoice.items[].price`, or `invoice.items.price` as Liquid writes it in a loop). */
export function findNode(tree: DataNode[], path: readonly string[]): DataNode | undefined {
  let level = tree;
  let found: DataNode | undefined;
  for (const raw of path) {
    const name = raw.replace(/\[\]$/, '');
    let current = level.find((n) => n.name === name);
    if (!current) return undefined;
    // Into a list's items: Liquid reads `items.first.name`, loops give `item.name`.
    if (raw.endsWith('[]') && current.item) current = current.item;
    found = current;
    level = current.item ? current.item.children : current.children;
  }
  return found;
}

/** The value of a data path in the sample, following the first item of lists. */
const normalise = (path: string) => path.replace(/\[\d+\]/g, '[]');

/**
 * What the builder knows about a draft without asking the service: whether each Liquid source parses (with the
 * error's line and column), the data it reads (as a schema and a tree with the sample's values) and the data the
 * template prints that the sample lacks, marked where the template prints it.
 */
export function analyseDraft(engine: TemplateEngine, draft: TemplateDraft): DraftAnalysis {
  const findings: DraftFinding[] = [];
  for (const part of LIQUID_PARTS) {
    try {
      engine.parse(draft[part]);
    } catch (error) {
      if (error instanceof TemplateError || (error as { code?: string }).code === 'template_syntax_error') {
        const e = error as TemplateError;
        findings.push({
          part,
          line: e.line ?? 1,
          column: e.column ?? 1,
          severity: 'error',
          message: e.message,
          code: e.code,
        });
      } else throw error;
    }
  }
  let variables: TemplateVariables | null = null;
  if (findings.length === 0) {
    try {
      variables = inferTemplateVariables(engine, draft);
    } catch {
      variables = null;
    }
  }
  const schema: JsonSchema = (draft.data_schema as JsonSchema | null) ?? variables?.schema ?? { type: 'object' };
  const comparison = variables || draft.data_schema ? compareData(schema, draft.sample_data) : null;
  if (comparison && variables) {
    const missing = new Set(comparison.missing.map(normalise));
    const marked = new Set<string>();
    for (const usage of variables.usages) {
      if (usage.optional) continue;
      const path = usage.path.join('.').replace(/\.\[\]/g, '[]');
      // Mark where the template reads the missing path, or anything inside it.
      const hit = [...missing].find((m) => path === m || path.startsWith(`${m}.`) || path.startsWith(`${m}[]`));
      if (!hit) continue;
      const key = `${usage.part}:${usage.line}:${usage.column}`;
      if (marked.has(key)) continue;
      marked.add(key);
      findings.push({
        part: usage.part,
        line: usage.line,
        column: usage.column,
        severity: 'warning',
        message: `The sample data has no ${hit}`,
        code: 'missing_variable',
        path: hit,
      });
    }
  }
  return { schema, variables, data: dataTree(schema, draft.sample_data), comparison, findings };
}
