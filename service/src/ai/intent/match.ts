import { conceptsOfLabel, TERMS } from '../offline/labels';
import { snake } from '../offline/text';
import { CONCEPTS, conceptOf } from '../offline/vocabulary';
import type { IntentLabel } from './intent';

/**
 * How the intent check tells that a label asked for is on the page, fairly to a model that words things its own
 * way: case, accents and plurals are folded, a concept's synonyms (vocabulary.ts) and its label in every language
 * (labels.ts) count, and so does the field's value from the sample printed on the page. Never looser than that:
 * a one-word synonym counts only as a whole label ("Due:"), never inside other text ("Amount due").
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Lower case, no accents, words of any script separated by one space, a Latin plural's `s` dropped. The offline
 * writer's `fold` keeps only Latin letters, which would turn a Japanese label into nothing.
 */
export function foldWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => (word.length > 3 && /[a-z]s$/.test(word) && !word.endsWith('ss') ? word.slice(0, -1) : word))
    .join(' ');
}

/** Whether folded `haystack` holds folded `needle` as whole words (CJK has no spaces: as characters). */
export function holds(haystack: string, needle: string): boolean {
  if (!needle) return false;
  if (CJK.test(needle)) return haystack.replaceAll(' ', '').includes(needle.replaceAll(' ', ''));
  return ` ${haystack} `.includes(` ${needle} `);
}

/** The concept a label asked for means, when the vocabulary knows it. */
export function conceptFor(label: IntentLabel): string | undefined {
  const concept = conceptOf(label.asked) ?? conceptOf(label.label);
  if (concept) return concept;
  return label.key in CONCEPTS ? label.key : undefined;
}

export interface Names {
  /** The label and the words asked: they count anywhere. */
  own: string[];
  /** Synonyms and translations: several words count anywhere, one word only as a whole label. */
  others: string[];
}

/** Every name a label may be printed as, folded. */
export function namesOf(label: IntentLabel): Names {
  const own = new Set([foldWords(label.label), foldWords(label.asked)].filter(Boolean));
  const others = new Set<string>();
  const add = (name: string) => {
    const folded = foldWords(name);
    if (folded && !own.has(folded) && (folded.length >= 3 || CJK.test(folded))) others.add(folded);
  };
  const concept = conceptFor(label);
  if (concept) {
    add(concept.replace(/_/g, ' '));
    for (const word of CONCEPTS[concept]?.words ?? []) add(word);
    for (const term of TERMS[concept] ?? []) add(term);
  }
  for (const known of conceptsOfLabel(label.asked)) for (const term of TERMS[known] ?? []) add(term);
  return { own: [...own], others: [...others] };
}

/** Whether a name shows in the text, by the rules above; `labels` are the page's label texts, folded. */
export function shows(names: Names, text: string, labels: Set<string>): boolean {
  if (names.own.some((name) => holds(text, name))) return true;
  return names.others.some((name) => (name.includes(' ') ? holds(text, name) : labels.has(name)));
}

/** How a header cell matches a column's names: the same words, or holding them ("Unit price (EUR)"). */
export function cellMatch(cell: string, names: Names): 'exact' | 'partial' | undefined {
  const all = [...names.own, ...names.others];
  if (all.includes(cell)) return 'exact';
  if (all.some((name) => holds(cell, name))) return 'partial';
  // "Comment" for "teacher comment": the cell is part of what was asked.
  if (names.own.some((name) => holds(name, cell))) return 'partial';
  return undefined;
}

/** The scalar values of the sample, with their paths (lists: their first item). */
function leaves(value: unknown, path: string[] = [], out: { path: string[]; value: string }[] = []) {
  if (Array.isArray(value)) {
    if (value.length > 0) leaves(value[0], path, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) leaves(inner, [...path, key], out);
  } else if (typeof value === 'string' || typeof value === 'number') {
    out.push({ path, value: String(value) });
  }
  return out;
}

/**
 * The sample's values for a label: at a path whose name is the label's data name (`shipment.tracking_number` for
 * `tracking_number`), or whose last part means the same concept (`tracking_no`).
 */
export function sampleValues(sample: Record<string, unknown>, label: IntentLabel): string[] {
  const concept = conceptFor(label);
  const values: string[] = [];
  for (const leaf of leaves(sample)) {
    const last = leaf.path[leaf.path.length - 1];
    if (!last) continue;
    const joined = snake(leaf.path.join('_'));
    const byName = joined === label.key || joined.endsWith(`_${label.key}`);
    const byConcept = concept !== undefined && conceptOf(last) === concept;
    if ((byName || byConcept) && leaf.value.trim()) values.push(leaf.value.trim());
  }
  return values;
}
