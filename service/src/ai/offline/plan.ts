import type { PageSetupInput } from '@quire/core';
import { labelOf } from './blocks/theme';
import { type ChartType, chartColumns } from './charts';
import { jaKindTerm } from './ja/labels';
import { kindById, presetOf } from './kinds/catalogue';
import { FORMATS, type PageFormat, pageOf } from './kinds/formats';
import { term } from './labels';
import type { MarkValue } from './marks';
import { BRAND_ROLES, PRESETS, REPORT_TABLES } from './presets';
import type { Named } from './scan';
import type {
  ColumnSpec,
  DocType,
  DocumentSpec,
  FieldSpec,
  Lang,
  PageSpec,
  PartyLine,
  PartySpec,
  SectionKind,
  SectionSpec,
  TableSpec,
} from './spec';
import { fold } from './text';
import type { Request } from './understand';
import { CONCEPTS } from './vocabulary';
import { FEATURE_SECTIONS, singular } from './words';

/**
 * From what a request says to a complete DocumentSpec: the document type's preset fills in what the request left
 * out, and what it named is added in the right place. Elements that came from the request are remembered in
 * `named`, so that binding to real data keeps them even when the data lacks them (and drops unasked defaults).
 */
export interface Plan {
  spec: DocumentSpec;
  named: Set<object>;
}

/** The currency when the request names none: the labels' language says where the document is used. */
export const DEFAULT_CURRENCY: Partial<Record<Lang, string>> = { en: 'USD', ja: 'JPY' };

/** Sections in the order a document reads. */
export const SECTION_ORDER: SectionKind[] = [
  'summary',
  'parties',
  'details',
  'figures',
  'clauses',
  'chart',
  'table',
  'body',
  'payment',
  'qr',
  'barcode',
  'notes',
  'terms',
  'signature',
];

const SALES: Set<DocType> = new Set(
  Object.entries(PRESETS)
    .filter(([, p]) => p.sales)
    .map(([t]) => t as DocType),
);

/** Totals as subtotal, tax and total: the kind's preset says so, else its base type's. */
export function isSales(docType: DocType, kind?: string): boolean {
  const def = kindById(kind);
  return def?.preset?.sales !== undefined ? def.preset.sales : SALES.has(docType);
}

export function fieldFromNamed(n: Named, root: string): FieldSpec {
  const concept = n.concept ? CONCEPTS[n.concept] : undefined;
  const path = concept?.party ? `${n.concept}.name` : `${root}.${n.key}`;
  return { path, type: n.type, ...(n.concept ? { concept: n.concept } : {}), ...(n.label ? { label: n.label } : {}) };
}

export function fieldFromConcept(concept: string, root: string): FieldSpec {
  const def = CONCEPTS[concept];
  if (def?.party) return { path: `${concept}.name`, concept, type: 'text' };
  return { path: `${root}.${def?.name ?? concept}`, concept, type: def?.type ?? 'text' };
}

export function columnFromNamed(n: Named): ColumnSpec {
  return {
    path: n.key,
    type: n.type,
    ...(n.concept ? { concept: n.concept } : {}),
    ...(n.label ? { label: n.label } : {}),
    ...(n.sum ? { sum: true } : {}),
  };
}

export function columnFromConcept(concept: string): ColumnSpec {
  const def = CONCEPTS[concept];
  return { path: def?.name ?? concept, concept, type: def?.type ?? 'text', ...(def?.sum ? { sum: true } : {}) };
}

/** The lines a party prints, by role. */
export function partyFor(role: string, path: string): PartySpec {
  const lines: PartyLine[] = [{ path: `${path}.name`, kind: 'name' }];
  if (role === 'employee') lines.push({ path: `${path}.job_title`, kind: 'text' });
  lines.push({ path: `${path}.address_lines`, kind: 'lines' });
  if (!['employee', 'ship_to', 'ship_from'].includes(role)) lines.push({ path: `${path}.email`, kind: 'text' });
  return { role, lines };
}

/** Where a party a request names goes: [role, data object]. */
const PARTY_PLACES: Record<string, [string, string]> = {
  customer: ['customer', 'customer'],
  bill_to: ['bill_to', 'customer'],
  ship_to: ['ship_to', 'shipping'],
  ship_from: ['ship_from', 'company'],
  supplier: ['supplier', 'supplier'],
  buyer: ['buyer', 'company'],
  company: ['from', 'company'],
  employee: ['employee', 'employee'],
  employer: ['employer', 'company'],
  recipient: ['recipient', 'recipient'],
  sender: ['from', 'sender'],
  account_holder: ['account_holder', 'customer'],
};

export function placeParty(concept: string): [string, string] {
  return PARTY_PLACES[concept] ?? [concept, concept];
}

/** A section with the data it prints. */
export function sectionFor(
  kind: SectionKind,
  spec: Pick<DocumentSpec, 'root' | 'docType' | 'parties' | 'kind'>,
): SectionSpec {
  const preset = presetOf(spec);
  const brand = spec.parties.find((p) => BRAND_ROLES.has(p.role));
  const brandPath = brand?.lines[0]?.path.replace(/\.[^.]+$/, '') ?? 'company';
  switch (kind) {
    case 'notes':
    case 'terms':
    case 'summary':
      return { kind, path: `${spec.root}.${kind}` };
    case 'body':
      return {
        kind,
        path: `${spec.root}.body`,
        fields: [{ path: `${spec.root}.salutation`, concept: 'salutation', type: 'text' }],
      };
    case 'payment':
      return {
        kind,
        path: `${spec.root}.payment_instructions`,
        fields: [
          { path: `${brandPath}.bank.name`, concept: 'bank', type: 'text' },
          { path: `${brandPath}.bank.iban`, concept: 'iban', type: 'text' },
          { path: `${brandPath}.bank.bic`, concept: 'bic', type: 'text' },
        ],
      };
    case 'signature':
      return { kind, path: `${spec.root}.signatory` };
    case 'qr':
      return { kind, path: `${spec.root}.${preset.qr}` };
    case 'barcode':
      return { kind, path: `${spec.root}.${preset.barcode}` };
    case 'clauses':
      return { kind, path: `${spec.root}.clauses` };
    case 'figures':
      return { kind, fields: (kindById(spec.kind)?.figures ?? []).map((c) => fieldFromConcept(c, spec.root)) };
    default:
      return { kind };
  }
}

/** Puts a section where it belongs in reading order (after the sections that come before it). */
/**
 * The chart asked for (or the kind's own), drawn from the items table: its type and what it shows. A document with
 * no table of numbers gets none (generate.ts says why in the reply).
 */
function planChart(spec: DocumentSpec, request: Request, own: ChartType | undefined): void {
  const type = request.chart?.type ?? own;
  if (!type) return;
  const at = spec.sections.findIndex((s) => s.kind === 'chart');
  const of = request.chart?.of;
  if (!spec.table || !chartColumns(spec.table, of)) {
    if (at >= 0) spec.sections.splice(at, 1);
    return;
  }
  const section: SectionSpec = spec.sections[at] ?? { kind: 'chart' };
  section.chart = type;
  if (of) section.of = of;
  if (at < 0) insertSection(spec.sections, section);
}

export function insertSection(sections: SectionSpec[], section: SectionSpec): void {
  if (sections.some((s) => s.kind === section.kind)) return;
  const rank = SECTION_ORDER.indexOf(section.kind);
  let at = sections.length;
  for (let i = 0; i < sections.length; i++) {
    if (SECTION_ORDER.indexOf((sections[i] as SectionSpec).kind) > rank) {
      at = i;
      break;
    }
  }
  sections.splice(at, 0, section);
}

/** Columns that name a row: a list has one first. */
const ROW_NAMES = new Set([
  'description',
  'item',
  'product',
  'service',
  'task',
  'dish',
  'test',
  'subject',
  'ingredient',
  'medication',
  'session',
  'activity',
  'specification',
  'full_name',
  'name',
  'course',
]);

const TEXT_COLUMN_FOR: Record<string, string> = {
  products: 'product',
  services: 'service',
  regions: 'region',
  tasks: 'task',
  action_items: 'task',
  employees: 'name',
};

function planTable(request: Request, prompt: string): TableSpec | undefined {
  const preset = presetOf(request);
  const base = preset.table;
  if (!base && !request.tableAsked) return undefined;
  const noun = request.tableNoun && request.tableNoun !== 'items' ? request.tableNoun : undefined;
  const name = noun ?? base?.name ?? 'items';
  const root = preset.root;
  let columns: ColumnSpec[];
  if (request.columns.length > 0) {
    columns = request.columns.map(columnFromNamed);
    // Rows need something to name them: "items with qty and price" have a description too, and action items
    // their task.
    // A kind's list names its rows with its first column (the test of a lab result, the subject of a grade).
    const own = kindById(request.kind) ? base?.columns.find((c) => ROW_NAMES.has(c)) : undefined;
    if (
      own &&
      !columns.some((c) => ROW_NAMES.has(c.concept ?? '')) &&
      columns.some((c) => base?.columns.includes(c.concept ?? ''))
    )
      columns.unshift(columnFromConcept(own));
    const naming = TEXT_COLUMN_FOR[name] ?? 'description';
    const needsTask = naming === 'task' && !columns.some((c) => c.concept === 'task');
    if (needsTask || !columns.some((c) => c.type === 'text' || c.type === 'longtext')) {
      columns.unshift(columnFromConcept(naming));
    }
  } else {
    let concepts = base?.columns ?? ['description', 'quantity', 'amount'];
    if (request.docType === 'report' && !kindById(request.kind)) {
      const folded = fold(prompt);
      concepts = REPORT_TABLES.find(([pattern]) => pattern.test(folded))?.[1] ?? concepts;
    }
    columns = concepts.map(columnFromConcept);
  }
  const money = columns.some((c) => c.type === 'money');
  const summable = columns.some((c) => c.sum);
  const totals = request.features.has('totals') || Boolean(base?.totals && (money || summable));
  const table: TableSpec = {
    path: `${root}.${name}`,
    item: noun ? singular(name) : (base?.item ?? singular(name)),
    columns,
    totals,
  };
  if (isSales(request.docType, request.kind) && totals) table.taxRate = `${root}.tax_rate`;
  // A result beside its reference range is flagged when out of it (lab reports).
  if (
    base?.columns.includes('flag') &&
    columns.some((c) => c.concept === 'result') &&
    !columns.some((c) => c.concept === 'flag')
  )
    columns.push(columnFromConcept('flag'));
  const flag = columns.find((c) => c.concept === 'flag');
  const result = columns.find((c) => c.concept === 'result');
  if (flag && result) flag.flag = { value: result.path, low: 'ref_low', high: 'ref_high' };
  return table;
}

export function planSpec(request: Request, prompt: string, page?: PageSetupInput): Plan {
  const preset = presetOf(request);
  const def = kindById(request.kind);
  const root = preset.root;
  const namedSet = new Set<object>();

  const fields: FieldSpec[] = preset.fields.map((c) => fieldFromConcept(c, root));
  if (request.docType === 'certificate') fields.unshift({ path: 'recipient.name', concept: 'recipient', type: 'text' });
  for (const n of request.fields) {
    const field = fieldFromNamed(n, root);
    // "with a date" on an invoice means its issue date: a bare "date" joins the first date the document has.
    const same =
      fields.find((f) => f.path === field.path || (f.concept && f.concept === field.concept)) ??
      (n.concept === 'date' ? fields.find((f) => f.type === 'date') : undefined);
    if (same) {
      if (field.label) same.label = field.label;
      namedSet.add(same);
    } else {
      fields.push(field);
      namedSet.add(field);
    }
  }

  const parties: PartySpec[] = preset.parties.map(([role, path]) => partyFor(role, path));
  for (const concept of request.parties) {
    if (request.docType === 'certificate' && concept === 'recipient') {
      const field = fields.find((f) => f.concept === 'recipient');
      if (field) namedSet.add(field);
      continue;
    }
    const [role, path] = placeParty(concept);
    const existing = parties.find((p) => p.role === role || p.lines[0]?.path.startsWith(`${path}.`));
    if (existing) {
      namedSet.add(existing);
      continue;
    }
    const party = partyFor(role, path);
    parties.push(party);
    namedSet.add(party);
  }

  const table = planTable(request, prompt);
  if (table) {
    for (const c of table.columns) if (request.columns.length > 0) namedSet.add(c);
    if (request.tableAsked) namedSet.add(table);
  }

  const spec: DocumentSpec = {
    v: 1,
    docType: request.docType,
    title: { concept: def ? def.id : request.docType, ...(request.title ? { text: request.title } : {}) },
    language: request.language,
    currency: request.currency ?? DEFAULT_CURRENCY[request.language] ?? 'EUR',
    root,
    fields,
    parties,
    sections: [],
    style: {
      accent: request.accent ?? preset.accent,
      font: request.font ?? preset.font ?? 'sans',
      size: request.size ?? (request.docType === 'certificate' ? 11 : request.docType === 'letter' ? 10.5 : 9.5),
    },
    page: planPage(request, page, def?.format ? FORMATS[def.format] : undefined, preset.landscape),
    pageNumbers: request.features.has('pageNumbers') || Boolean(preset.pageNumbers),
  };
  if (def) spec.kind = def.id;
  if (def?.layout && def.layout !== 'document') spec.layout = def.layout;
  if (table) spec.table = table;
  // Many columns do not fit across a portrait page.
  if (!request.orientation && !page?.orientation && table && table.columns.length >= 8 && !spec.page.widthMm)
    spec.page.orientation = 'landscape';

  const sections = [...preset.sections];
  if (def?.figures) sections.splice(Math.max(0, sections.indexOf('table')), 0, 'figures');
  for (const kind of sections) {
    if (kind === 'table' && !table) continue;
    if (kind === 'parties' && parties.filter((p) => !BRAND_ROLES.has(p.role)).length === 0) continue;
    spec.sections.push(sectionFor(kind, spec));
  }
  if (table && !spec.sections.some((s) => s.kind === 'table')) insertSection(spec.sections, { kind: 'table' });
  if (!spec.sections.some((s) => s.kind === 'parties') && parties.some((p) => !BRAND_ROLES.has(p.role)))
    insertSection(spec.sections, { kind: 'parties' });
  for (const feature of request.features) {
    const kind = FEATURE_SECTIONS[feature];
    if (!kind) continue;
    let section = spec.sections.find((s) => s.kind === kind);
    if (!section) {
      section = sectionFor(kind, spec);
      insertSection(spec.sections, section);
    }
    namedSet.add(section);
  }
  // One code per value: a code the request asked for replaces the kind's own code of the same value.
  const qr = spec.sections.find((s) => s.kind === 'qr');
  const bars = spec.sections.find((s) => s.kind === 'barcode');
  if (qr && bars && qr.path === bars.path) {
    const drop =
      request.features.has('qr') && !request.features.has('barcode')
        ? bars
        : request.features.has('barcode') && !request.features.has('qr')
          ? qr
          : undefined;
    if (drop) spec.sections.splice(spec.sections.indexOf(drop), 1);
  }
  // A kind's own word where the Japanese dictionary's does not fit it (a report card's subject is 科目, not 件名).
  for (const named of [...spec.fields, ...(spec.table?.columns ?? [])]) {
    const own = named.label ? undefined : jaKindTerm(def?.id, named.concept, spec.language);
    if (own) named.label = own;
  }
  for (const section of spec.sections) {
    const heading = def?.headings?.[section.kind];
    if (heading) section.label = term(heading, spec.language) ?? heading;
  }
  planChart(spec, request, def?.chart);
  for (const kind of ['qr', 'barcode'] as const) {
    const mark = request.markValues?.[kind];
    const section = spec.sections.find((s) => s.kind === kind);
    if (mark && section) section.path = markPath(mark, spec, fields, namedSet);
  }
  if (request.features.has('logo')) {
    const brand = parties.find((p) => BRAND_ROLES.has(p.role));
    spec.logo = `${brand?.lines[0]?.path.replace(/\.[^.]+$/, '') ?? 'company'}.logo_url`;
  }
  for (const s of spec.sections) if (request.features.has(s.kind as never)) namedSet.add(s);
  return { spec, named: namedSet };
}

function pageSizeOf(page: PageSetupInput | undefined): DocumentSpec['page']['size'] | undefined {
  const size = page?.size;
  return size === 'A4' || size === 'Letter' || size === 'Legal' ? size : undefined;
}

/**
 * The page: a size the request named wins, then the page the caller set, then the kind's own format (a label is
 * 4x6 in, a business card 85 × 55 mm), then A4. The orientation likewise, else the format's way round.
 */
function planPage(
  request: Request,
  page: PageSetupInput | undefined,
  format: PageFormat | undefined,
  landscape: boolean | undefined,
): PageSpec {
  const orientation = request.orientation ?? page?.orientation;
  if (request.pageFormat) return pageOf(request.pageFormat, orientation);
  const named = request.pageSize ?? pageSizeOf(page);
  if (named) return { size: named, orientation: orientation ?? (landscape ? 'landscape' : 'portrait') };
  if (page?.size === 'custom' && page.width_mm && page.height_mm)
    return { size: 'custom', widthMm: page.width_mm, heightMm: page.height_mm, orientation: orientation ?? 'portrait' };
  if (format) return pageOf(format, orientation ?? (landscape ? 'landscape' : undefined));
  return { size: 'A4', orientation: orientation ?? (landscape ? 'landscape' : 'portrait') };
}

/**
 * The data a code encodes when the request named it: the field it names (added when the document has none), or,
 * for "a QR code linking to the booking", that thing's URL beside it (`booking_url`).
 */
function markPath(mark: MarkValue, spec: DocumentSpec, fields: FieldSpec[], namedSet: Set<object>): string {
  const n = mark.value;
  // "a barcode of the code" on a gift card is its gift code: the document's own fields first, by label too.
  const asked = fold(n.phrase);
  const same =
    fields.find((f) => fold(labelOf(f, spec.language)) === asked || fold(labelOf(f, 'en')) === asked) ??
    fields.find((f) => (n.concept && f.concept === n.concept) || f.path.endsWith(`.${n.key}`));
  if (mark.link && n.type !== 'url' && !/_(url|link)$/.test(n.key))
    return `${spec.root}.${n.key.replace(/_(number|reference|id|no|code)$/, '')}_url`;
  if (same) return same.path;
  const field = fieldFromNamed(n, spec.root);
  fields.push(field);
  namedSet.add(field);
  return field.path;
}
