import { PRESETS, type Preset } from '../presets';
import type { DocType, Layout, SectionKind } from '../spec';
import type { Row } from './concepts';
import type { FormatName } from './formats';

/**
 * One kind of document in the catalogue: the words that name it, the document type whose machinery it builds on
 * (refinements, totals, parties), and its own block set: fields, list and columns, figures, clauses, marks, page
 * format and layout. Kinds that are a base type as it is (invoice, quote...) carry only their id and words.
 */
export interface KindDef {
  id: string;
  base: DocType;
  /** The title in en fr de es pt it nl; absent for base types (labels.ts has theirs). */
  title?: Row;
  /** Words that name it, folded (lower case, no accents), in any of the seven languages. */
  words: string[];
  layout?: Layout;
  format?: FormatName;
  /** What it has: the base type's preset with these changes. */
  preset?: Partial<Preset>;
  /** Values shown as cards (KPIs, ageing buckets): concepts. */
  figures?: string[];
  /** Numbered clauses (contracts, agreements). */
  clauses?: boolean;
  /** A chart of its list it has without being asked (a dashboard's). */
  chart?: 'bar' | 'line' | 'pie';
  /** On compact layouts (labels, tickets, cards): the concepts printed large. */
  hero?: string[];
  /** Sample rows for its list: consistent values (totals that add up, ranges that flag). */
  rows?: Record<string, unknown>[];
  /** Sample values under its root that no concept gives. */
  values?: Record<string, unknown>;
  /** Sample values outside its root: who issues it (a school, a laboratory), its signatory. */
  data?: Record<string, unknown>;
  /** Headings of its sections where the dictionary's are wrong for it: a recipe's notes are its method. */
  headings?: Partial<Record<SectionKind, string>>;
}

/** A kind built on `base` with its preset changed. */
export function kind(
  id: string,
  base: DocType,
  title: Row,
  words: string[],
  rest: Omit<KindDef, 'id' | 'base' | 'title' | 'words'> = {},
): KindDef {
  return { id, base, title, words, ...rest };
}

/** The preset a kind plans from. */
export function presetOfKind(def: KindDef | undefined, base: DocType): Preset {
  const preset = PRESETS[def?.base ?? base];
  if (!def?.preset) return preset;
  // A kind's list is its own: one without a table has none, whatever its base type has.
  const { table, ...rest } = { ...preset, ...def.preset };
  return def.preset.table ? { ...rest, table } : rest;
}
