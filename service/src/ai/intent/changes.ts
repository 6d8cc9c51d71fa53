import { type Op, parseInstruction } from '../offline/instruction';
import { snake } from '../offline/text';
import type { IntentRemovals } from './check';
import type { IntentEvidence } from './evidence';
import type { Intent, IntentLabel, IntentMark } from './intent';
import { foldWords } from './match';
import { PAGE_FORMATS } from './read';

/**
 * What a refinement asks that can be checked on the new version, read with the offline writer's instruction reader
 * (instruction.ts): columns and fields added, removed or renamed, marks added or removed, sections added, the page's
 * size and orientation, the language of the labels and the title. The rest (colours, fonts, moves...) is not
 * checked here, and nothing is claimed about it.
 */
export interface RequestedChanges {
  /** What the new version must hold. */
  intent: Intent;
  /** What must be gone from it. */
  removals: IntentRemovals;
}

/** A name as the instruction wrote it; its data name without a possessive ("customer's phone": customer_phone). */
const labelOf = (name: string): IntentLabel => ({
  key: snake(name.replace(/['\u2019]s\b/gi, '')),
  asked: name,
  label: name,
});

const MARKS: Partial<Record<string, IntentMark['kind']>> = {
  qr: 'qr',
  barcode: 'barcode',
  signature: 'signature',
  logo: 'logo',
  pageNumbers: 'page_numbers',
};
const SECTIONS = new Set(['notes', 'terms', 'summary', 'payment']);

/** Whether the version before held this name as a column of one of its tables. */
function wasColumn(before: IntentEvidence | undefined, name: string): boolean {
  const folded = foldWords(name);
  return before?.tables.some((t) => t.headers.some((cell) => foldWords(cell) === folded)) ?? false;
}

/**
 * The checkable part of a refinement, or undefined when it asks nothing that can be checked. `before` is what the
 * current version shows: a rename or an addition next to one of its columns is a column.
 */
export function readChanges(
  instruction: string,
  templateKind: Intent['templateKind'],
  before?: IntentEvidence,
): RequestedChanges | undefined {
  const intent: Intent = {
    templateKind,
    language: 'en',
    languageExplicit: false,
    fields: [],
    lists: [],
    computed: [],
    page: {},
    marks: [],
    sections: [],
    unsupported: [],
  };
  const columns: IntentLabel[] = [];
  const removals: IntentRemovals = { columns: [], renamed: [], marks: [] };
  let checked = false;
  const apply = (op: Op) => {
    switch (op.op) {
      case 'add': {
        const near = op.before ?? op.after;
        if (op.kind === 'column' || (near !== undefined && wasColumn(before, near))) columns.push(labelOf(op.name));
        else if (op.kind !== 'section') intent.fields.push(labelOf(op.name));
        else return;
        break;
      }
      case 'remove':
        if (op.kind !== 'column' && !wasColumn(before, op.name)) return;
        removals.columns.push(labelOf(op.name));
        break;
      case 'rename':
        if (op.kind === 'column' || wasColumn(before, op.name)) columns.push(labelOf(op.to));
        else intent.fields.push(labelOf(op.to));
        if (foldWords(op.name) !== foldWords(op.to)) removals.renamed.push(labelOf(op.name));
        break;
      case 'section': {
        const mark = MARKS[op.section];
        if (mark && op.on) intent.marks.push({ kind: mark } as IntentMark);
        else if (mark) removals.marks.push(mark);
        else if (SECTIONS.has(op.section) && op.on) intent.sections.push(op.section);
        else return;
        break;
      }
      case 'feature': {
        const mark = MARKS[op.feature];
        if (mark) {
          if (op.on) intent.marks.push({ kind: mark } as IntentMark);
          else removals.marks.push(mark);
        } else if (op.feature === 'totals' && op.on) {
          intent.computed.push({ key: 'total', asked: 'total', label: 'Total' });
        } else return;
        break;
      }
      case 'orientation':
        intent.page.orientation = op.value;
        break;
      case 'pageSize':
        intent.page.size = op.value;
        Object.assign(intent.page, PAGE_FORMATS[op.value]);
        break;
      case 'language':
        intent.language = op.lang;
        intent.languageExplicit = true;
        break;
      case 'title':
        intent.fields.push({ key: 'title', asked: op.text, label: op.text });
        break;
      default:
        return;
    }
    checked = true;
  };
  for (const op of parseInstruction(instruction)) apply(op);
  if (columns.length > 0) intent.lists.push({ noun: '', columns });
  return checked ? { intent, removals } : undefined;
}
