import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPUS = fileURLToPath(new URL('./corpus/', import.meta.url));

/** A template of the corpus, split as Quire stores templates: its stylesheet and its body's HTML. */
export interface FidelityCase {
  /** The file's name without `.html`, unique across the corpus. */
  id: string;
  /** The corpus folder it is in (email-letters, invoices-tables, dashboards-print, scripts…). */
  category: string;
  /** Path relative to the corpus folder. */
  file: string;
  css: string;
  html: string;
}

const LEADING_STYLE = /^\s*<style[^>]*>([\s\S]*?)<\/style>/i;

/** Splits a corpus file: its leading `<style>` element is the template's CSS, the rest its HTML. */
export function splitTemplate(source: string): { css: string; html: string } {
  const match = LEADING_STYLE.exec(source);
  if (!match) return { css: '', html: source };
  return { css: (match[1] as string).trim(), html: source.slice(match[0].length).trim() };
}

/** Every case of the corpus (or those whose id is in `only`), sorted by category and id. */
export async function loadCases(only: string[] = []): Promise<FidelityCase[]> {
  const cases: FidelityCase[] = [];
  const categories = (await readdir(CORPUS, { withFileTypes: true })).filter((entry) => entry.isDirectory());
  for (const category of categories) {
    for (const name of await readdir(join(CORPUS, category.name))) {
      if (!name.endsWith('.html')) continue;
      const id = name.slice(0, -'.html'.length);
      if (only.length > 0 && !only.includes(id)) continue;
      const source = await readFile(join(CORPUS, category.name, name), 'utf8');
      cases.push({ id, category: category.name, file: `${category.name}/${name}`, ...splitTemplate(source) });
    }
  }
  cases.sort((a, b) => a.category.localeCompare(b.category) || a.id.localeCompare(b.id));
  const ids = new Set<string>();
  for (const c of cases) {
    if (ids.has(c.id)) throw new Error(`Two corpus files are named ${c.id}.html: case ids must be unique.`);
    ids.add(c.id);
  }
  return cases;
}
