import { labelOf } from '../offline/blocks/theme';
import { term } from '../offline/labels';
import type { Named } from '../offline/scan';
import { readRequest } from '../offline/understand';
import type { Feature } from '../offline/words';
import type { Intent, IntentLabel, IntentMark, IntentPage } from './intent';

/** Portrait sizes in millimetres of the page formats a request may name. */
export const PAGE_FORMATS: Record<string, { widthMm: number; heightMm: number }> = {
  A4: { widthMm: 210, heightMm: 297 },
  A5: { widthMm: 148, heightMm: 210 },
  Letter: { widthMm: 215.9, heightMm: 279.4 },
  Legal: { widthMm: 215.9, heightMm: 355.6 },
};

function labelFor(named: Named, language: Intent['language']): IntentLabel {
  const label = labelOf({ path: named.key, ...named }, language as Parameters<typeof labelOf>[1]);
  return { key: named.key, asked: named.phrase, label };
}

const MARKS: Partial<Record<Feature, IntentMark['kind']>> = {
  qr: 'qr',
  barcode: 'barcode',
  signature: 'signature',
  logo: 'logo',
  pageNumbers: 'page_numbers',
};
const SECTIONS: Feature[] = ['notes', 'terms', 'summary', 'payment'];

/**
 * What a request for a new template asks for. The offline writer's reading of the prompt (understand.ts) gives the
 * facts; this names them as a checklist.
 */
export function readIntent(prompt: string, templateKind: Intent['templateKind'] = 'document'): Intent {
  const request = readRequest(prompt);
  const language = request.language;
  const page: IntentPage = {};
  if (request.pageSize) {
    page.size = request.pageSize;
    Object.assign(page, PAGE_FORMATS[request.pageSize]);
  }
  if (request.orientation) page.orientation = request.orientation;
  const marks: IntentMark[] = [];
  for (const feature of request.features) {
    const kind = MARKS[feature];
    if (kind) marks.push({ kind } as IntentMark);
  }
  const lists =
    request.tableAsked || request.columns.length > 0
      ? [{ noun: request.tableNoun ?? '', columns: request.columns.map((c) => labelFor(c, language)) }]
      : [];
  return {
    ...(request.docTypeFound ? { kind: request.docType } : {}),
    templateKind,
    language,
    languageExplicit: request.languageExplicit,
    fields: request.fields.map((f) => labelFor(f, language)),
    lists,
    computed: request.features.has('totals')
      ? [{ key: 'total', asked: 'total', label: term('total', language) ?? 'Total' }]
      : [],
    page,
    marks,
    sections: SECTIONS.filter((s) => request.features.has(s)),
    unsupported: request.unsupported,
  };
}
