import { labelOf } from '../offline/blocks/theme';
import { FORMATS } from '../offline/kinds/formats';
import { term } from '../offline/labels';
import type { Named } from '../offline/scan';
import { readRequest } from '../offline/understand';
import type { Feature } from '../offline/words';
import type { Intent, IntentLabel, IntentMark, IntentPage } from './intent';

/** Portrait sizes in millimetres of the page formats a request may name (labels and cards: kinds/formats.ts). */
export const PAGE_FORMATS: Record<string, { widthMm: number; heightMm: number }> = Object.fromEntries(
  Object.values(FORMATS).map((f) => [f.name, { widthMm: f.widthMm, heightMm: f.heightMm }]),
);

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
  chart: 'chart',
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
  if (request.pageFormat) {
    // A5, 4x6 in, 85 × 55 mm: Quire's `custom` size with its dimensions.
    page.size = request.pageFormat.size === 'custom' ? 'custom' : request.pageFormat.name;
    page.widthMm = request.pageFormat.widthMm;
    page.heightMm = request.pageFormat.heightMm;
  } else if (request.pageSize) {
    page.size = request.pageSize;
    Object.assign(page, PAGE_FORMATS[request.pageSize]);
  }
  if (request.orientation) page.orientation = request.orientation;
  const marks: IntentMark[] = [];
  for (const feature of request.features) {
    const kind = MARKS[feature];
    if (!kind) continue;
    // "a barcode of the tracking number": the value the code must hold.
    const value = kind === 'qr' || kind === 'barcode' ? request.markValues?.[kind]?.value : undefined;
    if (kind === 'chart') {
      marks.push({ kind, ...(request.chart ? { chart: request.chart.type } : {}) });
      continue;
    }
    marks.push((value ? { kind, value: labelFor(value, language) } : { kind }) as IntentMark);
  }
  const lists =
    request.tableAsked || request.columns.length > 0
      ? [{ noun: request.tableNoun ?? '', columns: request.columns.map((c) => labelFor(c, language)) }]
      : [];
  return {
    ...(request.docTypeFound ? { kind: request.kind ?? request.docType } : {}),
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
