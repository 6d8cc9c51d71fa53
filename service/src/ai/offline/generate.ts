import { type JsonSchemaDocument, type PageSetupInput, sampleFromSchema } from '@quire/core';
import { bindSpec, dataShape } from './bind';
import { labelOf } from './blocks/theme';
import { chartColumns } from './charts';
import { compose } from './compose';
import { LANGUAGE_NAMES, term } from './labels';
import { planSpec } from './plan';
import { fillSample } from './sample';
import type { ContentParts, DocumentSpec, SectionSpec } from './spec';
import { listText } from './text';
import { generalTitle, readRequest } from './understand';

/**
 * A new template from a prompt: read the request, plan the spec from the document type's preset, bind it to the
 * user's data when there is some, compose it, and say in a sentence or two what was made and what was not.
 */
export interface Generated {
  reply: string;
  spec: DocumentSpec;
  content: ContentParts;
}

export interface GenerateInput {
  prompt: string;
  page?: PageSetupInput;
  schema?: JsonSchemaDocument;
  sample?: Record<string, unknown>;
}

const SECTION_NAMES: Record<string, string> = {
  notes: 'notes',
  terms: 'terms',
  signature: 'a signature',
  summary: 'a summary',
  payment: 'payment details',
  qr: 'a QR code',
  barcode: 'a barcode',
  figures: 'figure cards',
  clauses: 'numbered clauses',
};

export function unsupportedReply(what: string): string {
  return `I can't add ${what} yet: the offline generator composes templates from fixed blocks (header, parties, details, an items table with totals, text sections, charts of the table, signature, QR code and barcode). A model provider (Gemini or an OpenAI-compatible one) can, or you can add an inline SVG or an image to the HTML yourself.`;
}

export function generate(input: GenerateInput): Generated {
  const request = readRequest(input.prompt);
  // A general document is named after the request's first words, not "Document".
  if (!request.docTypeFound && !request.title) {
    const title = generalTitle(input.prompt);
    if (title) request.title = title;
  }
  const plan = planSpec(request, input.prompt, input.page);
  let spec = plan.spec;
  const shape = dataShape(input.schema, input.sample);
  const notes: string[] = [];
  let given: Record<string, unknown> = {};
  if (shape) {
    const bound = bindSpec(spec, plan.named, shape);
    spec = bound.spec;
    // A sample the user gave is theirs and stays as it is. From a schema alone, the values the template shows are
    // the provider's own plausible ones (by concept), the rest the schema's generic ones.
    given = input.sample
      ? structuredClone(input.sample)
      : (overlay(input.schema ? sampleFromSchema(input.schema) : {}, fillSample(spec, {})) as Record<string, unknown>);
    if (bound.invented.length > 0)
      notes.push(
        `Your data has no ${listText(bound.invented)}, so I added ${bound.invented.length === 1 ? 'it' : 'them'} to the sample data.`,
      );
    if (bound.unused.length > 0)
      notes.push(
        `Not shown from your data: ${listText(bound.unused.slice(0, 12).map((p) => `\`${p}\``))}${bound.unused.length > 12 ? ` and ${bound.unused.length - 12} more` : ''}.`,
      );
  }
  const content = compose(spec, given);
  // The look is named only when the request asked for it.
  const look = [
    request.accentName ? `in ${request.accentName.startsWith('#') ? spec.style.accent : request.accentName}` : '',
    request.font ? `with a ${{ sans: 'sans-serif', serif: 'serif', mono: 'monospace' }[request.font]} font` : '',
  ].filter(Boolean);
  const parts: string[] = [describe(spec, request.docTypeFound ? undefined : 'general', look)];
  if (!request.docTypeFound)
    parts.push(
      'I did not recognise a kind of document in your request, so I made a general one; name it (an invoice, a quote, a report, a letter, a certificate...) for a better start.',
    );
  parts.push(...notes);
  if (request.chart && !spec.sections.some((s) => s.kind === 'chart'))
    parts.push(
      'I could not add the chart: a chart draws a list of numbers, and this document has none. Ask for the list with its columns (for example "a table of months with revenue") and the chart is drawn from it.',
    );
  if (request.unsupported.length > 0) parts.push(unsupportedReply(listText(request.unsupported)));
  return { reply: parts.join(' '), spec, content };
}

/** `over` laid on `base`: objects merged key by key, list rows by position, values from `over`. */
function overlay(base: unknown, over: unknown): unknown {
  if (Array.isArray(over)) {
    const rows = Array.isArray(base) ? base : [];
    return over.map((row, i) => overlay(rows[i], row));
  }
  if (over && typeof over === 'object') {
    const out: Record<string, unknown> =
      base && typeof base === 'object' && !Array.isArray(base) ? { ...(base as object) } : {};
    for (const [k, v] of Object.entries(over)) out[k] = overlay(out[k], v);
    return out;
  }
  return over;
}

/** "a bar chart of Revenue by Category", as the reply names a chart section. */
export function chartName(section: SectionSpec, spec: DocumentSpec): string | undefined {
  const columns = spec.table ? chartColumns(spec.table, section.of) : undefined;
  if (!columns) return undefined;
  const name = (c: typeof columns.value) => labelOf(c, spec.language);
  return `a ${section.chart ?? 'bar'} chart of ${name(columns.value)} by ${name(columns.label)}`;
}

/** "Here is a French invoice with the columns ..., notes and a logo, on A4 portrait." */
export function describe(spec: DocumentSpec, general?: 'general', look: string[] = []): string {
  const kind = general ? 'document' : (term(spec.kind ?? spec.docType, 'en') ?? 'document').toLowerCase();
  const language = spec.language === 'en' ? '' : `${LANGUAGE_NAMES[spec.language]} `;
  const article = /^[aeiou]/i.test(language || kind) ? 'an' : 'a';
  const bits: string[] = [];
  if (spec.table)
    bits.push(
      `the columns ${listText(spec.table.columns.map((c) => labelOf(c, spec.language)))}${spec.table.totals ? ' with totals' : ''}`,
    );
  const fields = spec.fields.map((f) => labelOf(f, spec.language));
  if (fields.length > 0) bits.push(`${fields.length === 1 ? 'the field' : 'the fields'} ${listText(fields)}`);
  const sections = spec.sections
    .map((s) => (s.kind === 'chart' ? chartName(s, spec) : SECTION_NAMES[s.kind]))
    .filter(Boolean) as string[];
  if (spec.logo) sections.unshift('a logo');
  if (spec.pageNumbers) sections.push('page numbers');
  if (sections.length > 0) bits.push(listText(sections));
  const style = look.length ? `, ${look.join(' ')}` : '';
  const page =
    spec.page.size === 'custom'
      ? `${spec.page.format ?? `${spec.page.widthMm} × ${spec.page.heightMm} mm`}`
      : spec.page.size;
  return `Here is ${article} ${language}${kind}${bits.length ? ` with ${listText(bits)}` : ''}, on ${page} ${spec.page.orientation}${style}.`;
}
