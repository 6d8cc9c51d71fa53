import { TemplateContent } from '@quire/core';
import type { TemplateDraft, TemplateDraftInput } from './types';

/** A draft with every field, from what a host gives (defaults filled in); throws a ZodError when it is invalid. */
export function draftOf(input: TemplateDraftInput): TemplateDraft {
  return TemplateContent.parse(input);
}

/** The draft a builder starts from when the host gives none. */
export const blankDraft = (name: string): TemplateDraft =>
  draftOf({ name, html: '<h1>{{ title }}</h1>\n', sample_data: { title: name } });

const same = (a: unknown, b: unknown): boolean =>
  a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));

/** The fields that differ between two drafts. */
export function fieldsChanged(a: TemplateDraft, b: TemplateDraft): (keyof TemplateDraft)[] {
  return (Object.keys(b) as (keyof TemplateDraft)[]).filter((key) => !same(a[key], b[key]));
}

export const draftsEqual = (a: TemplateDraft, b: TemplateDraft): boolean => a === b || fieldsChanged(a, b).length === 0;

/** Inserts text before `</body>` when the source is a whole document, else at its end on a line of its own. */
export function insertAtBodyEnd(source: string, text: string): string {
  const close = source.search(/<\/body>/i);
  if (close >= 0) return `${source.slice(0, close)}${text}\n${source.slice(close)}`;
  return `${source}${source === '' || source.endsWith('\n') ? '' : '\n'}${text}\n`;
}

/** A loop variable's name for a list: `items` → `item`, `entries` → `entry`, else `item`; unique in the snippet. */
function singular(list: string, taken: Set<string>): string {
  let name = /ies$/.test(list) ? list.replace(/ies$/, 'y') : /[^s]s$/.test(list) ? list.slice(0, -1) : 'item';
  if (!/^[A-Za-z_]\w*$/.test(name)) name = 'item';
  let unique = name;
  for (let n = 2; taken.has(unique); n++) unique = `${name}${n}`;
  taken.add(unique);
  return unique;
}

/**
 * The Liquid that prints a data path: `{{ customer.name }}`, or for a path inside lists
 * (`invoice.items[].price`) a loop over each list that prints the field of each item.
 */
export function snippetFor(path: string): string {
  const lists = path.split('[]');
  if (lists.length === 1) return `{{ ${path} }}`;
  const taken = new Set<string>();
  let open = '';
  let close = '';
  let base = lists[0] as string;
  for (let i = 1; i < lists.length; i++) {
    const name = singular(base.split('.').pop() ?? 'item', taken);
    open += `{% for ${name} in ${base} %}`;
    close = `{% endfor %}${close}`;
    base = `${name}${lists[i]}`;
  }
  // A list itself (`invoice.items[]`): the loop, with its item printed.
  return `${open}{{ ${base} }}${close}`;
}
