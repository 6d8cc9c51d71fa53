import type { TemplateEngine } from '../liquid/engine';
import type { TemplateContent } from '../templates/template.schema';
import { type JsonSchema, schemaFromUsages } from './schema';
import { analyseVariables, type VariableUsage } from './variables';

/** What the renderer gives headers and footers besides the data. */
export const PAGE_VARIABLES = ['page_number', 'page_count'] as const;

export type TemplateSources = Pick<TemplateContent, 'html'> &
  Partial<Pick<TemplateContent, 'header_html' | 'footer_html'>>;

export interface TemplateVariables {
  /** Every read, with where it is (`part` says which of body, header or footer). */
  usages: (VariableUsage & { part: 'html' | 'header_html' | 'footer_html' })[];
  /** The distinct data paths read, leaves only, `items[].price` style, sorted. */
  paths: string[];
  schema: JsonSchema;
}

/** Parses a template's body, header and footer and infers the data they read and its JSON Schema. */
export function inferTemplateVariables(engine: TemplateEngine, sources: TemplateSources): TemplateVariables {
  const usages: TemplateVariables['usages'] = [];
  for (const part of ['html', 'header_html', 'footer_html'] as const) {
    const source = sources[part];
    if (!source) continue;
    const { templates } = engine.parse(source);
    const provided = part === 'html' ? [] : [...PAGE_VARIABLES];
    for (const usage of analyseVariables(templates, { provided })) usages.push({ ...usage, part });
  }
  const all = [...new Set(usages.map((u) => u.path.join('.').replace(/\.\[\]/g, '[]')))];
  // Leaves only: `items[].price` already says that `items` is read.
  const paths = all
    .filter((p) => !all.some((other) => other !== p && (other.startsWith(`${p}.`) || other.startsWith(`${p}[]`))))
    .sort();
  return { usages, paths, schema: schemaFromUsages(usages) };
}
