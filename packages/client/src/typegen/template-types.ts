import type { Quire } from '../client';
import type { TemplateSummary, TemplateTypes } from '../types';

export interface TemplateTypesOptions {
  /** Types of each template's latest version instead of its published one (which reports use by default). */
  latest?: boolean;
  /** Told about each template whose types could not be made (it is left out, so its data stays untyped). */
  onSkip?: (template: TemplateSummary, error: unknown) => void;
}

const indent = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => (line ? `  ${line}` : line))
    .join('\n');

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The names of a template's declarations: its type name's stem (`Invoice`) for the oldest template with that stem;
 * for a newer one, the stem and the start of its id (`Invoice_aB3xY9k2`), so that its names stay the same when
 * templates of the same name are added or removed. Longer parts of the id are taken in the (unlikely) case that
 * even these clash.
 */
function nameFor(stem: string, id: string, taken: Set<string>): string {
  const free = (base: string) => ![base, `${base}TemplateId`, `${base}Data`].some((name) => taken.has(name));
  if (free(stem)) return stem;
  const tail = id.replace(/^[a-z]+_/, '').replace(/[^A-Za-z0-9]/g, '');
  for (let length = 8; length < tail.length; length += 4) {
    if (free(`${stem}_${tail.slice(0, length)}`)) return `${stem}_${tail.slice(0, length)}`;
  }
  let base = `${stem}_${tail}`;
  for (let n = 2; !free(base); n++) base = `${stem}_${tail}${n}`;
  return base;
}

/**
 * A TypeScript module with the data type of each of the team's templates, and a `TemplateDataMap` augmentation
 * that maps each template id to it: with it in a project, `quire.reports.create({ template_id, data })` checks
 * `data` against the template's type. Each template's declarations (GET /v1/templates/{id}/types) sit in a
 * namespace of their own, so that two templates with the same name cannot clash.
 */
export async function templateTypes(client: Quire, options: TemplateTypesOptions = {}): Promise<string> {
  const templates: TemplateSummary[] = [];
  for await (const template of client.templates.list({ limit: 100 })) templates.push(template);
  // Oldest first, so that names are given in an order that adding a template never changes. Plain comparisons,
  // not localeCompare: the file must not depend on the machine's locale.
  templates.sort((a, b) => compare(a.created_at, b.created_at) || compare(a.id, b.id));

  const taken = new Set<string>();
  const blocks: string[] = [];
  const entries: string[] = [];
  for (const template of templates) {
    const version = options.latest ? template.latest_version : template.published_version;
    let types: TemplateTypes;
    try {
      types = await client.templates.getTypes(template.id, { version });
    } catch (error) {
      options.onSkip?.(template, error);
      continue;
    }
    const base = nameFor(types.type_name.replace(/Data$/, '') || 'Template', template.id, taken);
    for (const name of [base, `${base}TemplateId`, `${base}Data`]) taken.add(name);
    // Ids are letters, digits, _ and -: a plain string literal, and a plain key where it is an identifier.
    const id = `'${template.id.replace(/[^\w-]/g, '')}'`;
    const key = /^[A-Za-z_$][\w$]*$/.test(template.id) ? template.id : id;
    blocks.push(
      [
        `/** ${template.name.replace(/\*\//g, '*\\/')} (${template.id}), version ${types.version}. */`,
        `export type ${base}TemplateId = ${id};`,
        `export type ${base}Data = ${base}.${types.type_name};`,
        `export declare namespace ${base} {`,
        indent(types.typescript),
        '}',
      ].join('\n'),
    );
    entries.push(`    ${key}: ${base}Data;`);
  }
  return [
    `// The data types of the Quire templates of a team, written by \`quire-client types pull\` from ${client.baseUrl}.`,
    '// Regenerate rather than edit. Each template id is mapped to its data type in TemplateDataMap, so that',
    '// `quire.reports.create({ template_id, data })` checks `data` against the template.',
    '',
    ...blocks.flatMap((block) => [block, '']),
    "declare module '@quire/client' {",
    '  interface TemplateDataMap {',
    ...entries,
    '  }',
    '}',
    '',
    // A module even without templates: the `declare module` above must augment, not declare.
    ...(blocks.length === 0 ? ['export {};', ''] : []),
  ].join('\n');
}
