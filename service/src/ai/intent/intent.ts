/**
 * What a request asks for, as a list that can be checked against a rendered template: the document kind, the
 * single values, the lists and their columns, the computed values, the page format, the marks (codes, signature,
 * chart...) and the language of the labels. Every provider's answer is checked against it (check.ts), and the
 * offline writer builds from it. Reading it is rules, not a model: read.ts.
 */

/** A label the template must print, as the request named it and as it should read in the label language. */
export interface IntentLabel {
  /** The data name it maps to, English snake_case (`due_date`, `tracking_number`). */
  key: string;
  /** As the request wrote it ("date d'échéance"). */
  asked: string;
  /** The label expected on the page, in the label language ("Date d'échéance"). */
  label: string;
}

/** A list asked for ("subjects with grade and teacher comment", "one line per product"): a table. */
export interface IntentList {
  /** What a row is, as asked ("subjects"); may be empty when only columns were named. */
  noun: string;
  /** The columns asked for, in order; empty when the request named none. */
  columns: IntentLabel[];
}

export type PageOrientation = 'portrait' | 'landscape';

/** A page format asked for: a named size (A4, A5, Letter, Legal, 4x6, ...) with its size in millimetres. */
export interface IntentPage {
  /** As Quire names it in `page.size` (`A4`, `A5`, `Letter`, `Legal`), or `custom` for labels and cards. */
  size?: string;
  /** Portrait width and height in millimetres, for every size named. */
  widthMm?: number;
  heightMm?: number;
  orientation?: PageOrientation;
}

export type IntentMark =
  | { kind: 'qr'; value?: IntentLabel }
  | { kind: 'barcode'; value?: IntentLabel }
  | { kind: 'signature' }
  | { kind: 'logo'; position?: 'left' | 'right' | 'center' }
  | { kind: 'button' }
  | { kind: 'page_numbers' }
  | { kind: 'chart'; chart?: 'bar' | 'line' | 'pie' };

export type IntentMarkKind = IntentMark['kind'];

export interface Intent {
  /** The document kind recognised (`invoice`, `report_card`, `shipping_label`...), or undefined when none was. */
  kind?: string;
  /** `document` or `email`, as the request was made. */
  templateKind: 'document' | 'email';
  /** The language of the labels (ISO 639-1), and whether the request named it. */
  language: string;
  languageExplicit: boolean;
  /** Single values asked for. */
  fields: IntentLabel[];
  lists: IntentList[];
  /** Totals and computed values asked for ("total hours", "balance due"). */
  computed: IntentLabel[];
  page: IntentPage;
  marks: IntentMark[];
  /** Text sections asked for: `notes`, `terms`, `summary`, `payment`. */
  sections: string[];
  /** What was asked for that no template can hold here (said in the reply, never checked). */
  unsupported: string[];
}
