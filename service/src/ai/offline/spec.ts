import { hash } from './text';

/**
 * The offline provider's intermediate model of a document. Understanding a prompt produces one, refinements edit
 * one, and compose.ts turns one into HTML, CSS and sample data. Generated templates carry it in an HTML comment
 * (`<!-- quire:spec {...} -->`) so that a later refinement edits the model, not the markup.
 */

export const LANGUAGES = ['en', 'fr', 'de', 'es', 'pt', 'it', 'nl', 'ja'] as const;
export type Lang = (typeof LANGUAGES)[number];

export const DOC_TYPES = [
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
  'report',
  'minutes',
  'certificate',
  'letter',
  'document',
] as const;
export type DocType = (typeof DOC_TYPES)[number];

/** How a value prints: each type has its Liquid filter (money, date, number, percent) or none. */
export type ValueType = 'text' | 'longtext' | 'date' | 'money' | 'number' | 'percent' | 'email' | 'url' | 'boolean';

export interface FieldSpec {
  /** Where the value is in the data: `invoice.number`; for a column, relative to the row: `unit_price`. */
  path: string;
  /** The dictionary entry the label comes from, so that it can be translated. */
  concept?: string;
  /** A label someone typed; shown as written (translated only when it names a known concept). */
  label?: string;
  type: ValueType;
}

export interface ColumnSpec extends FieldSpec {
  /** Added up in the totals row. */
  sum?: boolean;
  /** The column changes the line amount: a discount is subtracted from it, a fee added to it (a percent column
   * by that share of the line). */
  effect?: 'subtract' | 'add';
  /** Printed from the other columns rather than read from the data: the line amount (quantity × price, with the
   * effects), or the line's tax (the line amount × its rate). */
  computed?: 'line' | 'tax';
  /** A flag column: prints H or L when the row's `value` is above `high` or below `low` (lab results). Paths are
   * relative to the row. */
  flag?: { value: string; low: string; high: string };
}

export interface TableSpec {
  /** The list in the data: `invoice.items`. */
  path: string;
  /** The loop variable: `item`. */
  item: string;
  columns: ColumnSpec[];
  /** A totals footer: subtotal, tax and total for sales documents, sums of the summable columns otherwise. */
  totals: boolean;
  /** The data has a tax rate at this path (sales documents with totals). */
  taxRate?: string;
  /** Where the totals go: the table's footer (the default), a block below the table on the right or left, or a
   * boxed summary on the right. */
  totalsAt?: TotalsPlacement;
}

export type TotalsPlacement = 'table' | 'right' | 'left' | 'box';
export type Placement = 'left' | 'right' | 'center';

export interface PartyLine {
  path: string;
  /** `name` prints bold; `lines` is a list of address lines; `text` is one line. */
  kind: 'name' | 'lines' | 'text';
}

export interface PartySpec {
  /** Dictionary entry of its heading: `bill_to`, `ship_to`, `from`, `employee`, ... */
  role: string;
  label?: string;
  lines: PartyLine[];
}

export type SectionKind =
  | 'parties'
  | 'details'
  | 'table'
  | 'summary'
  | 'body'
  | 'notes'
  | 'terms'
  | 'payment'
  | 'signature'
  | 'qr'
  | 'barcode'
  /** Values shown as cards (`fields`): KPIs on a dashboard, ageing buckets on a statement. */
  | 'figures'
  /** Numbered clauses, a list of `{title, text}` at `path`: contracts and agreements. */
  | 'clauses'
  /** A bar, line or pie chart of the items table (`chart`, and the value column `of` names). */
  | 'chart';

export interface SectionSpec {
  kind: SectionKind;
  /** Data the section prints: the text of notes/terms/summary/body/payment, the value of a QR code or barcode, the
   * signatory object of a signature. */
  path?: string;
  /** Values printed with it: the salutation of a letter's body, the bank details of payment details. */
  fields?: FieldSpec[];
  label?: string;
  /** Notes or terms printed as a numbered list, one item per line of their text. */
  numbered?: boolean;
  /** A chart's type, and what it shows as the request said it ("expenses"): matched to a column of the table. */
  chart?: 'bar' | 'line' | 'pie';
  of?: string;
}

export type FontKind = 'sans' | 'serif' | 'mono';
export type PageSizeName = 'A4' | 'Letter' | 'Legal' | 'custom';

/** How a kind of document is laid out: a page with a letterhead, or something small with its own shape. */
export type Layout = 'document' | 'label' | 'ticket' | 'card' | 'dashboard';

export interface StyleSpec {
  /** `#rrggbb`. */
  accent: string;
  font: FontKind;
  /** Base text size in points. */
  size: number;
  /** Where the logo sits in the header; on the left (with the sender) when absent. */
  logoAt?: Placement;
  /** Decimals plain numbers (quantities, hours) print with; up to two when absent. Money keeps its currency's. */
  decimals?: number;
}

export interface DocumentSpec {
  v: 1;
  docType: DocType;
  /** The heading: a dictionary entry (translatable) or a text someone gave. */
  title: { concept?: string; text?: string };
  language: Lang;
  /** ISO 4217. */
  currency: string;
  /** The root object of invented data paths: `invoice` in `invoice.number`. */
  root: string;
  /** Scalar fields, shown in the header's details table (and the details section when there are many). */
  fields: FieldSpec[];
  /** Who the document is from and to. The first party with role `from`-like goes into the letterhead. */
  parties: PartySpec[];
  table?: TableSpec;
  /** The body's blocks, in order. The header is always first and the footer last. */
  sections: SectionSpec[];
  style: StyleSpec;
  page: PageSpec;
  /** The catalogue kind it was made as (kinds/): `report_card`, `shipping_label`. Absent on older specs. */
  kind?: string;
  /** Absent means `document`. */
  layout?: Layout;
  /** A logo image from the data (`company.logo_url`). */
  logo?: string;
  /** A running footer with "Page n of N" (footer_html). */
  pageNumbers: boolean;
}

export interface PageSpec {
  size: PageSizeName;
  orientation: 'portrait' | 'landscape';
  /** Portrait width and height of a custom size (labels, cards, A5, A6), in millimetres. */
  widthMm?: number;
  heightMm?: number;
  /** The format's name when it has one Quire has no size for (`A5`, `4x6 in`), for the reply. */
  format?: string;
  /** All four margins, in millimetres, when someone set them. */
  margins?: number;
}

export interface ContentParts {
  name: string;
  html: string;
  css: string;
  footer_html: string;
  page: {
    size: PageSizeName;
    width_mm?: number;
    height_mm?: number;
    orientation: 'portrait' | 'landscape';
    margins: { top: number; right: number; bottom: number; left: number };
  };
  sample_data: Record<string, unknown>;
}

const MARK = /<!--\s*quire:spec\s+([\s\S]*?)\s*-->\s*/;

/**
 * The spec as an HTML comment. Liquid reads the comment as text, so nothing in it may look like a tag: `<`, `>`
 * are escaped (a `-->` inside a title would close the comment), and `{` is escaped where it starts `{{` or `{%`
 * (that can only happen inside a JSON string, where `\u007b` means the same).
 */
export function specComment(spec: DocumentSpec, body: string, css: string): string {
  const json = JSON.stringify({ ...spec, h: fingerprint(body, css) })
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\{(?=[{%])/g, '\\u007b');
  return `<!-- quire:spec ${json} -->\n`;
}

/** What the spec's hash covers. Trimmed, since the answer format trims the code it carries. */
function fingerprint(body: string, css: string): string {
  return hash(`${body.trim()}\n${css.trim()}`);
}

export interface RecoveredSpec {
  spec: DocumentSpec;
  /** The HTML and CSS are as generated: refining the spec loses nothing. */
  pristine: boolean;
}

/** The spec a template was generated from, if it carries one. */
export function readSpec(html: string, css: string): RecoveredSpec | undefined {
  const match = MARK.exec(html);
  if (!match) return undefined;
  try {
    const parsed = JSON.parse(match[1] as string) as DocumentSpec & { h?: string };
    if (parsed.v !== 1 || !parsed.docType || !Array.isArray(parsed.sections)) return undefined;
    const { h, ...spec } = parsed;
    const body = html.replace(MARK, '');
    return { spec, pristine: h === fingerprint(body, css) };
  } catch {
    return undefined;
  }
}

export function stripSpec(html: string): string {
  return html.replace(MARK, '');
}

export function cloneSpec(spec: DocumentSpec): DocumentSpec {
  return structuredClone(spec);
}
