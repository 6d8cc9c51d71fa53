import type { CollectionSpec } from './port';
import { storedPath } from './query';

/** One index a collection spec asks for, in stored paths (`id` is `_id`). */
export interface PlannedIndex {
  fields: string[];
  unique: boolean;
}

/**
 * The indexes of a spec, checked and without repeats: each unique field on its own (unique and sparse in both
 * adapters), then each plain index. The id is the primary key of both databases, so `id` alone needs none.
 */
export function plannedIndexes(spec: CollectionSpec): PlannedIndex[] {
  const planned: PlannedIndex[] = [];
  const seen = new Set<string>();
  const add = (fields: string[], unique: boolean) => {
    const key = fields.join('\u0000');
    if (seen.has(key) || (fields.length === 1 && fields[0] === '_id')) return;
    seen.add(key);
    planned.push({ fields, unique });
  };
  for (const field of spec.unique ?? []) add([storedPath(field, 'unique field')], true);
  for (const index of spec.indexes ?? []) {
    const fields = (typeof index === 'string' ? [index] : [...index]).map((field) => storedPath(field, 'index field'));
    if (fields.length === 0 || new Set(fields).size !== fields.length) {
      throw new Error(`Invalid index ${JSON.stringify(index)} on ${spec.name}: name one or more different fields`);
    }
    add(fields, false);
  }
  return planned;
}
