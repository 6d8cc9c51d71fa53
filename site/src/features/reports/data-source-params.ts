import type { DataSource } from '@quire/client';

const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g;

function placeholdersIn(text: string, into: Set<string>) {
  for (const match of text.matchAll(PLACEHOLDER)) if (match[1]) into.add(match[1]);
}

/**
 * The parameters a data source takes, by name, in the order it uses them: a query's `params` (bound to $1, $2… or
 * ?), an HTTP source's `{{name}}` placeholders (its URL, query values and body), none for an upload.
 */
export function parametersOf(source: DataSource): string[] {
  if (source.type === 'postgres' || source.type === 'mysql') return [...new Set(source.params)];
  if (source.type === 'http') {
    const names = new Set<string>();
    placeholdersIn(source.url, names);
    for (const value of Object.values(source.query)) placeholdersIn(String(value), names);
    if (source.body !== null && source.body !== undefined) placeholdersIn(JSON.stringify(source.body), names);
    return [...names];
  }
  return [];
}
