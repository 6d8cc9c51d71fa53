import type { Preset } from '../presets';
import type { DocType, DocumentSpec } from '../spec';
import { DOC_TYPE_WORDS } from '../vocabulary';
import { BUSINESS_KINDS } from './business';
import { COMPACT_KINDS } from './compact';
import { type KindDef, presetOfKind } from './kind';
import { PEOPLE_KINDS } from './people';

/**
 * The catalogue: every kind of document the offline writer knows, each a block set (kind.ts). The base document
 * types (vocabulary.ts) are kinds too, with their words; the generic `document` is what nothing matched.
 */
export const KINDS: KindDef[] = [...BUSINESS_KINDS, ...PEOPLE_KINDS, ...COMPACT_KINDS];

const BY_ID = new Map(KINDS.map((k) => [k.id, k]));

export function kindById(id: string | undefined): KindDef | undefined {
  return id ? BY_ID.get(id) : undefined;
}

/** Every kind's id, base type and words, base types included: what retrieval searches. */
export function searchable(): { id: string; base: DocType; words: string[]; specific: boolean }[] {
  const out = DOC_TYPE_WORDS.filter(([type]) => type !== 'document').map(([type, words]) => ({
    id: type as string,
    base: type,
    words: [...words],
    specific: false,
  }));
  for (const def of KINDS) {
    const same = out.find((o) => o.id === def.id);
    if (same) same.words.push(...def.words.filter((w) => !same.words.includes(w)));
    else out.push({ id: def.id, base: def.base, words: def.words, specific: true });
  }
  return out;
}

/** The preset a spec (or a request's kind) plans from: its kind's block set, else its base type's. */
export function presetOf(spec: { kind?: string; docType: DocType }): Preset {
  return presetOfKind(kindById(spec.kind), spec.docType);
}

/** Whether a spec is laid out as a small format (label, ticket, card). */
export function isCompact(spec: Pick<DocumentSpec, 'layout'>): boolean {
  return spec.layout === 'label' || spec.layout === 'ticket' || spec.layout === 'card';
}
