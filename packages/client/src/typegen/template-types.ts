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

/**
 * A TypeScript module with the data type of each of the team's templates, and a `TemplateDataMap` augmentation
 * that maps each template id to it: with it in a project, `quire.reports.create({ template_id, data })` checks
 * `data` against the template's type. Each template's declarations (GET /v1/templates/{id}/types) sit in a
 * namespace of their own, so that two templates with the same name cannot clash.
 */
export async function templateTypes(client: Quire, options: TemplateTypesOptions = {}): Promise<string> {
  const templates: TemplateSummary[] = [];
  for await (const template of client.templates.list({ limit: 100 })) templates.push(template);
  templates.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));

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
    const stem = types.type_name.replace(/Data$/, '') || 'Template';
    let base = stem;
    for (let n = 2; [base, `${base}TemplateId`, `${base}Data`].some((name) => taken.has(name)); n++)
      base = `${stem}${n}`;
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
