import { conceptsOfLabel, TERMS, term } from '../offline/labels';
import { humanize, listText } from '../offline/text';
import { DOC_TYPE_WORDS } from '../offline/vocabulary';
import type { IntentEvidence } from './evidence';
import type { Intent, IntentLabel, IntentList, IntentMark, IntentPage } from './intent';
import { cellMatch, conceptFor, foldWords, holds, type Names, namesOf, sampleValues, shows } from './match';
import { PAGE_FORMATS } from './read';

/**
 * Whether a rendered template holds what the request asked for (intent.ts): each single value, each list as a
 * table with the columns named, the totals, the sections, the page format as printed, the marks (a QR code or a
 * barcode of the value named, a signature line, a logo, a button, page numbers, a chart) and the language of the
 * labels. Every finding names what is missing and what the page has instead, so that a model can repair it and a
 * reply can say it plainly.
 */

export type IntentFindingCode =
  | 'intent_kind'
  | 'intent_missing_field'
  | 'intent_missing_list'
  | 'intent_missing_column'
  | 'intent_missing_total'
  | 'intent_missing_section'
  | 'intent_page_format'
  | 'intent_missing_mark'
  | 'intent_barcode_value'
  | 'intent_qr_value'
  | 'intent_language'
  | 'intent_not_removed'
  | 'intent_not_renamed';

export interface IntentFinding {
  code: IntentFindingCode;
  /** A sentence for the model and the user: what was asked, what the page has. */
  message: string;
  /** How to do it in Quire's dialect, for the model. */
  hint?: string;
  /** The item of `asked` it is about. */
  asked: string;
}

export interface IntentCheck {
  /** What the request asked for, one line each ("column \"Grade\"", "a QR code", "page 4x6 in"). */
  asked: string[];
  /** What of it the template holds. */
  found: string[];
  findings: IntentFinding[];
}

const LANGUAGE = new Intl.DisplayNames(['en'], { type: 'language' });
export const languageName = (code: string) => LANGUAGE.of(code) ?? code;

const quoted = (label: IntentLabel) => `"${label.label}"`;
const listOf = (cells: string[]) => (cells.length > 0 ? listText(cells.map((c) => c.replace(/\s+/g, ' '))) : '');

/** What the page offers to match against, folded once. */
interface Page {
  evidence: IntentEvidence;
  text: string;
  outsideHeaders: string;
  labels: Set<string>;
  tables: { headers: string[]; folded: string[] }[];
}

function pageOf(evidence: IntentEvidence): Page {
  return {
    evidence,
    text: foldWords(evidence.text),
    outsideHeaders: foldWords(evidence.textOutsideHeaders),
    labels: new Set(evidence.labels.map(foldWords)),
    tables: evidence.tables.map((t) => ({ headers: t.headers, folded: t.headers.map(foldWords) })),
  };
}

/** Columns matched to a table's header cells, one cell each: the same words first, then cells holding them. */
function assignColumns(columns: Names[], cells: string[]): (number | undefined)[] {
  const taken = new Set<number>();
  const assigned: (number | undefined)[] = columns.map(() => undefined);
  for (const kind of ['exact', 'partial'] as const) {
    columns.forEach((names, i) => {
      if (assigned[i] !== undefined) return;
      const cell = cells.findIndex((c, j) => !taken.has(j) && cellMatch(c, names) === kind);
      if (cell >= 0) {
        assigned[i] = cell;
        taken.add(cell);
      }
    });
  }
  return assigned;
}

/** The table that best holds a list's columns, with which columns it lacks. */
function bestTable(page: Page, columns: IntentLabel[]) {
  const names = columns.map(namesOf);
  let best: { headers: string[]; missing: IntentLabel[] } | undefined;
  for (const table of page.tables) {
    const assigned = assignColumns(names, table.folded);
    const missing = columns.filter((_, i) => assigned[i] === undefined);
    if (!best || missing.length < best.missing.length) best = { headers: table.headers, missing };
  }
  return best;
}

function checkList(page: Page, list: IntentList, out: IntentFinding[], asked: string[]): void {
  const what = list.noun ? `a table of ${list.noun}` : 'a table';
  // Columns named alone are what was asked; "a table" adds nothing to them.
  if (list.noun || list.columns.length === 0) asked.push(what);
  for (const column of list.columns) asked.push(`column ${quoted(column)}`);
  const columns = list.columns.length > 0 ? ` with the columns ${listText(list.columns.map(quoted))}` : '';
  const best = bestTable(page, list.columns);
  if (!best) {
    out.push({
      code: 'intent_missing_list',
      asked: what,
      message:
        `The request asked for a list${list.noun ? ` of ${list.noun}` : ''}, shown as a table${columns}; the page ` +
        'has no table with a header row.',
      hint: 'A list is a <table> whose header row of <th> cells names its columns, with one row per item.',
    });
    for (const column of list.columns) {
      out.push({
        code: 'intent_missing_column',
        asked: `column ${quoted(column)}`,
        message: `The request asked for a column ${quoted(column)}; the page has no table with a header row.`,
      });
    }
    return;
  }
  for (const column of best.missing) {
    out.push({
      code: 'intent_missing_column',
      asked: `column ${quoted(column)}`,
      message: `The request asked for a column ${quoted(column)}; the table has ${listOf(best.headers)}.`,
    });
  }
}

const SECTION_WORDS: Record<string, string[]> = {
  notes: ['remarks', 'comments', 'note'],
  terms: ['conditions', 'terms and conditions', 'terms of payment'],
  summary: ['overview', 'executive summary', 'highlights'],
  payment: ['payment details', 'bank details', 'iban', 'how to pay', 'pay by'],
};

function checkSection(page: Page, section: string, language: string, out: IntentFinding[], asked: string[]) {
  const label = term(section, language as never) ?? section;
  const what = `the ${label} section`;
  asked.push(what);
  const names = [label, ...(TERMS[section] ?? []), ...(SECTION_WORDS[section] ?? [])].map(foldWords);
  if (names.some((name) => holds(page.text, name))) return;
  out.push({
    code: 'intent_missing_section',
    asked: what,
    message: `The request asked for a section "${label}"; the page has no heading or text naming it.`,
  });
}

/** A page size's name for a message: the format it is, or its millimetres. */
function sizeName(widthMm: number, heightMm: number): string {
  const [short, long] = widthMm <= heightMm ? [widthMm, heightMm] : [heightMm, widthMm];
  const orientation = widthMm > heightMm ? ' landscape' : '';
  for (const [name, size] of Object.entries(PAGE_FORMATS)) {
    if (Math.abs(size.widthMm - short) < 1.5 && Math.abs(size.heightMm - long) < 1.5) return `${name}${orientation}`;
  }
  const mm = (n: number) => `${Math.round(n * 10) / 10}`;
  return `${mm(widthMm)} × ${mm(heightMm)} mm`;
}

function askedPage(page: IntentPage): string | undefined {
  if (page.widthMm && page.heightMm) {
    const [w, h] = page.orientation === 'landscape' ? [page.heightMm, page.widthMm] : [page.widthMm, page.heightMm];
    const named = page.size && page.size !== 'custom' ? page.size : sizeName(w, h);
    return `page ${named}${page.orientation && !named.includes(page.orientation) ? ` ${page.orientation}` : ''}`;
  }
  return page.orientation ? `page ${page.orientation}` : undefined;
}

function checkPage(page: Page, wanted: IntentPage, out: IntentFinding[], asked: string[]): void {
  const what = askedPage(wanted);
  if (!what) return;
  asked.push(what);
  const printed = page.evidence.page;
  if (!printed) return;
  const landscape = printed.widthMm > printed.heightMm;
  let fits = true;
  if (wanted.widthMm && wanted.heightMm) {
    const close = (a: number, b: number) => Math.abs(a - b) < 1.5;
    const portrait = close(printed.widthMm, wanted.widthMm) && close(printed.heightMm, wanted.heightMm);
    const turned = close(printed.widthMm, wanted.heightMm) && close(printed.heightMm, wanted.widthMm);
    // A size asked without an orientation may be turned; with one, it must be as asked.
    fits =
      wanted.orientation === undefined ? portrait || turned : wanted.orientation === 'landscape' ? turned : portrait;
    if (wanted.widthMm === wanted.heightMm) fits = portrait;
  } else if (wanted.orientation) {
    fits = (wanted.orientation === 'landscape') === landscape;
  }
  if (fits) return;
  out.push({
    code: 'intent_page_format',
    asked: what,
    message:
      `The request asked for a ${what.replace(/^page /, '')} page; the PDF's pages are ` +
      `${sizeName(printed.widthMm, printed.heightMm)}.`,
    hint:
      'Set the size in the json block\'s "page": "size" with "orientation", or "custom" with "width_mm" and ' +
      '"height_mm".',
  });
}

const MARK_NAMES: Record<IntentMark['kind'], string> = {
  qr: 'a QR code',
  barcode: 'a barcode',
  signature: 'a signature line',
  logo: 'a logo',
  button: 'a button',
  page_numbers: 'page numbers',
  chart: 'a chart',
};

const MARK_HOW: Record<IntentMark['kind'], string> = {
  qr: 'a <qr-code value="..."> element',
  barcode: 'a <bar-code type="code128" value="..."> element',
  signature: 'a line with a "Signature" label',
  logo: 'an <img> (data: URL or a Liquid source) or an inline SVG with class="logo"',
  button: 'an <mj-button>',
  page_numbers: 'page_number and page_count in footer_html',
  chart: 'an inline <svg> drawn from the data',
};

function markShown(evidence: IntentEvidence, kind: IntentMark['kind']): boolean {
  switch (kind) {
    case 'qr':
      return evidence.qrCodes.length > 0;
    case 'barcode':
      return evidence.barcodes.length > 0;
    case 'signature':
      return evidence.signature;
    case 'logo':
      return evidence.logo;
    case 'button':
      return evidence.buttons > 0;
    case 'page_numbers':
      return evidence.pageNumbers;
    case 'chart':
      return evidence.charts > 0;
  }
}

function checkMark(page: Page, mark: IntentMark, out: IntentFinding[], asked: string[]): void {
  const coded = (mark.kind === 'qr' || mark.kind === 'barcode') && mark.value ? mark.value : undefined;
  const what = `${MARK_NAMES[mark.kind]}${coded ? ` of the ${coded.label.toLowerCase()}` : ''}`;
  asked.push(what);
  if (!markShown(page.evidence, mark.kind)) {
    out.push({
      code: 'intent_missing_mark',
      asked: what,
      message: `The request asked for ${what}; the page has none.`,
      hint: `Use ${MARK_HOW[mark.kind]}.`,
    });
    return;
  }
  if (!coded) return;
  const printed = mark.kind === 'qr' ? page.evidence.qrCodes : page.evidence.barcodes;
  const expected = sampleValues(page.evidence.sample, coded);
  // A QR code often holds a link with the value in it; a barcode holds the value itself.
  const encodes = (value: string) =>
    expected.some((e) => (mark.kind === 'qr' ? value.includes(e) : value.trim() === e));
  if (expected.length > 0 && printed.some(encodes)) return;
  const prints = `it encodes ${listText(printed.map((v) => `"${v.length > 60 ? `${v.slice(0, 60)}…` : v}"`))}`;
  out.push({
    code: mark.kind === 'qr' ? 'intent_qr_value' : 'intent_barcode_value',
    asked: what,
    message:
      expected.length > 0
        ? `The request asked for ${what} ("${expected[0]}" in the sample data); ${prints}.`
        : `The request asked for ${what}; the sample data has no ${coded.label.toLowerCase()} for it to encode, ` +
          `and ${prints}.`,
  });
}

/** Script of the languages not written in Latin letters: their labels must be in it. */
const SCRIPTS: Record<string, RegExp> = {
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
  zh: /\p{Script=Han}/u,
  ko: /\p{Script=Hangul}/u,
  ru: /\p{Script=Cyrillic}/u,
  uk: /\p{Script=Cyrillic}/u,
  el: /\p{Script=Greek}/u,
  ar: /\p{Script=Arabic}/u,
  he: /\p{Script=Hebrew}/u,
};

/** Labels of the page in English, and in the language asked (when they differ: "Total" is both). */
function labelLanguages(page: Page, language: string): { english: string[]; asked: number } {
  const english: string[] = [];
  let asked = 0;
  const script = SCRIPTS[language];
  for (const label of page.evidence.labels) {
    const folded = foldWords(label);
    if (script?.test(label)) {
      asked++;
      continue;
    }
    let isEnglish = false;
    let isAsked = false;
    for (const concept of conceptsOfLabel(label)) {
      const row = TERMS[concept];
      const target = term(concept, language as never);
      if (!row) continue;
      if (target && foldWords(target) === folded) isAsked = true;
      else if (foldWords(row[0]) === folded && (target !== undefined || script)) isEnglish = true;
    }
    if (isAsked) asked++;
    else if (isEnglish && !english.includes(label)) english.push(label);
  }
  return { english, asked };
}

function checkLanguage(page: Page, intent: Intent, out: IntentFinding[], asked: string[]): void {
  if (intent.language === 'en') return;
  const name = languageName(intent.language);
  const what = `labels in ${name}`;
  asked.push(what);
  const script = SCRIPTS[intent.language];
  if (script && !script.test(page.evidence.text)) {
    out.push({
      code: 'intent_language',
      asked: what,
      message: `The request asked for ${what}; the page has no ${name} text.`,
    });
    return;
  }
  const { english, asked: inLanguage } = labelLanguages(page, intent.language);
  // A word or two may be the same in both ("Description", "Total"); a page mostly in English is not translated.
  if (english.length >= 2 && english.length > inLanguage) {
    out.push({
      code: 'intent_language',
      asked: what,
      message: `The request asked for ${what}; these labels are in English: ${listText(english.slice(0, 8))}.`,
    });
  }
}

/**
 * Kinds of document that say what they are on the page ("Invoice", "Lieferschein"): one that does not has fallen
 * back to something generic. A letter, a report or a label need not name themselves; they are not checked.
 */
const TITLED_KINDS = new Set([
  'invoice',
  'quote',
  'receipt',
  'credit_note',
  'order_confirmation',
  'purchase_order',
  'packing_slip',
  'delivery_note',
  'statement',
  'payslip',
  'timesheet',
  'minutes',
  'certificate',
]);

const withArticle = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

function checkKind(page: Page, intent: Intent, out: IntentFinding[], asked: string[]): void {
  const kind = intent.kind;
  if (!kind || intent.templateKind !== 'document' || !TITLED_KINDS.has(kind)) return;
  const label = term(kind, intent.language as never) ?? humanize(kind);
  const what = `a document titled "${label}"`;
  asked.push(what);
  const words = DOC_TYPE_WORDS.find(([type]) => type === kind)?.[1] ?? [];
  const names = [label, humanize(kind), ...(TERMS[kind] ?? []), ...words].map(foldWords);
  if (names.some((name) => holds(page.text, name))) return;
  out.push({
    code: 'intent_kind',
    asked: what,
    message: `The request asked for ${withArticle(humanize(kind).toLowerCase())}; the page never says what it is (no "${label}").`,
    hint: 'Title the document with what it is, in the language of its labels.',
  });
}

/** What a refinement asked to take away: it must be gone from the new version. */
export interface IntentRemovals {
  columns: IntentLabel[];
  /** Renamed labels: the old name must no longer be printed as a label (the new one is in the intent). */
  renamed: IntentLabel[];
  marks: IntentMark['kind'][];
}

function checkRemovals(page: Page, removals: IntentRemovals, out: IntentFinding[], asked: string[]): void {
  for (const column of removals.columns) {
    const what = `no column ${quoted(column)}`;
    asked.push(what);
    const names = namesOf(column);
    const all = [...names.own, ...names.others];
    const table = page.tables.find((t) => t.folded.some((cell) => all.includes(cell)));
    if (table) {
      out.push({
        code: 'intent_not_removed',
        asked: what,
        message: `The request asked to remove the column ${quoted(column)}; the table still has ${listOf(table.headers)}.`,
      });
    }
  }
  for (const old of removals.renamed) {
    const what = `no label ${quoted(old)}`;
    asked.push(what);
    if (page.labels.has(foldWords(old.label))) {
      out.push({
        code: 'intent_not_renamed',
        asked: what,
        message: `The request asked to rename ${quoted(old)}; the page still prints it as a label.`,
      });
    }
  }
  for (const kind of removals.marks) {
    const what = `no ${MARK_NAMES[kind].replace(/^an? /, '')}`;
    asked.push(what);
    if (markShown(page.evidence, kind)) {
      out.push({
        code: 'intent_not_removed',
        asked: what,
        message: `The request asked to remove ${MARK_NAMES[kind]}; the page still has one.`,
      });
    }
  }
}

/**
 * Checks a rendered template against what the request asked for; for a refinement, also that what it asked to
 * remove or rename is gone.
 */
export function checkIntent(intent: Intent, evidence: IntentEvidence, removals?: IntentRemovals): IntentCheck {
  const page = pageOf(evidence);
  const findings: IntentFinding[] = [];
  const asked: string[] = [];
  checkKind(page, intent, findings, asked);
  for (const field of intent.fields) {
    // An email says its values in sentences: a field is checked there only when the vocabulary knows what it is
    // (the tracking number, the order number), not as a phrase read out of a prompt ("order has shipped").
    if (intent.templateKind === 'email' && !conceptFor(field)) continue;
    const what = `field ${quoted(field)}`;
    asked.push(what);
    const names = namesOf(field);
    if (shows(names, page.text, page.labels)) continue;
    // A value printed is the field shown, whatever its label says.
    const values = sampleValues(evidence.sample, field).filter((v) => v.length >= 3);
    if (values.some((value) => holds(page.text, foldWords(value)))) continue;
    findings.push({
      code: 'intent_missing_field',
      asked: what,
      message: `The request asked for ${quoted(field)}; the page shows neither that label nor its value.`,
    });
  }
  for (const list of intent.lists) checkList(page, list, findings, asked);
  for (const computed of intent.computed) {
    const what = `the ${computed.label.toLowerCase()}`;
    asked.push(what);
    if (shows(namesOf(computed), page.outsideHeaders, page.labels)) continue;
    findings.push({
      code: 'intent_missing_total',
      asked: what,
      message:
        `The request asked for ${what}; the page has no line labelled ${quoted(computed)} outside the table's ` +
        'header.',
      hint: 'Add it under the table, with its value computed from the rows.',
    });
  }
  for (const section of intent.sections) checkSection(page, section, intent.language, findings, asked);
  if (intent.templateKind === 'document') checkPage(page, intent.page, findings, asked);
  for (const mark of intent.marks) checkMark(page, mark, findings, asked);
  checkLanguage(page, intent, findings, asked);
  if (removals) checkRemovals(page, removals, findings, asked);
  const missing = new Set(findings.map((f) => f.asked));
  return { asked, found: asked.filter((item) => !missing.has(item)), findings };
}
