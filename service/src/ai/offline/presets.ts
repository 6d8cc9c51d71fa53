import type { DocType, FontKind, SectionKind } from './spec';

/**
 * What each kind of document has when the request does not say: its data root, the fields in its header, who it
 * is from and to, its table, its sections and its look. They follow Quire's starters (invoice, quote, receipt,
 * purchase order, packing slip, statement, timesheet, certificate, minutes), so a generated template reads like one.
 */
export interface Preset {
  root: string;
  /** Concepts of the header fields. */
  fields: string[];
  /** Parties: [role, data object]. A `from`-like first party is the letterhead. */
  parties: [role: string, path: string][];
  table?: { name: string; item: string; columns: string[]; totals: boolean };
  sections: SectionKind[];
  /** Sales documents total with subtotal, tax and total. */
  sales?: boolean;
  accent: string;
  font?: FontKind;
  landscape?: boolean;
  pageNumbers?: boolean;
  /** Where a QR code or barcode points when one is asked for. */
  qr: string;
  barcode: string;
}

/** Roles whose party goes into the letterhead rather than the parties row. */
export const BRAND_ROLES = new Set(['from', 'company', 'employer', 'sender', 'ship_from', 'buyer']);

const SALES_TABLE = {
  name: 'items',
  item: 'item',
  columns: ['description', 'quantity', 'unit_price', 'amount'],
  totals: true,
};

export const PRESETS: Record<DocType, Preset> = {
  invoice: {
    root: 'invoice',
    fields: ['invoice_number', 'issue_date', 'due_date'],
    parties: [
      ['from', 'company'],
      ['bill_to', 'customer'],
    ],
    table: SALES_TABLE,
    sections: ['parties', 'table', 'notes'],
    sales: true,
    accent: '#1f4e79',
    qr: 'payment_url',
    barcode: 'number',
  },
  quote: {
    root: 'quote',
    fields: ['quote_number', 'issue_date', 'valid_until'],
    parties: [
      ['from', 'company'],
      ['customer', 'customer'],
    ],
    table: SALES_TABLE,
    sections: ['parties', 'table', 'terms', 'signature'],
    sales: true,
    accent: '#0f766e',
    qr: 'accept_url',
    barcode: 'number',
  },
  receipt: {
    root: 'receipt',
    fields: ['receipt_number', 'date', 'payment_method'],
    parties: [['from', 'company']],
    table: { name: 'items', item: 'item', columns: ['item', 'quantity', 'price', 'amount'], totals: true },
    sections: ['table', 'notes'],
    sales: true,
    accent: '#374785',
    qr: 'url',
    barcode: 'number',
  },
  credit_note: {
    root: 'credit_note',
    fields: ['number', 'issue_date', 'reference'],
    parties: [
      ['from', 'company'],
      ['bill_to', 'customer'],
    ],
    table: SALES_TABLE,
    sections: ['parties', 'table', 'notes'],
    sales: true,
    accent: '#7b1e2b',
    qr: 'url',
    barcode: 'number',
  },
  order_confirmation: {
    root: 'order',
    fields: ['order_number', 'order_date', 'delivery_date'],
    parties: [
      ['from', 'company'],
      ['bill_to', 'customer'],
      ['ship_to', 'shipping'],
    ],
    table: SALES_TABLE,
    sections: ['parties', 'table', 'notes'],
    sales: true,
    accent: '#1f5fa8',
    qr: 'tracking_url',
    barcode: 'number',
  },
  purchase_order: {
    root: 'order',
    fields: ['po_number', 'date', 'delivery_date'],
    parties: [
      ['buyer', 'company'],
      ['supplier', 'supplier'],
      ['ship_to', 'shipping'],
    ],
    table: {
      name: 'items',
      item: 'item',
      columns: ['sku', 'description', 'quantity', 'unit_price', 'amount'],
      totals: true,
    },
    sections: ['parties', 'table', 'terms', 'signature'],
    sales: true,
    accent: '#334e68',
    qr: 'url',
    barcode: 'number',
  },
  packing_slip: {
    root: 'shipment',
    fields: ['order_number', 'ship_date', 'tracking_number'],
    parties: [
      ['ship_from', 'company'],
      ['ship_to', 'customer'],
    ],
    table: { name: 'items', item: 'item', columns: ['sku', 'description', 'quantity'], totals: false },
    sections: ['parties', 'table', 'notes'],
    accent: '#2f4858',
    qr: 'tracking_url',
    barcode: 'tracking_number',
  },
  delivery_note: {
    root: 'delivery',
    fields: ['number', 'delivery_date', 'order_number'],
    parties: [
      ['from', 'company'],
      ['ship_to', 'customer'],
    ],
    table: { name: 'items', item: 'item', columns: ['sku', 'description', 'quantity'], totals: false },
    sections: ['parties', 'table', 'signature'],
    accent: '#2f4858',
    qr: 'tracking_url',
    barcode: 'number',
  },
  statement: {
    root: 'statement',
    fields: ['account_number', 'period_start', 'period_end', 'closing_balance'],
    parties: [
      ['from', 'company'],
      ['account_holder', 'customer'],
    ],
    table: {
      name: 'transactions',
      item: 'transaction',
      columns: ['date', 'description', 'debit', 'credit', 'balance'],
      totals: true,
    },
    sections: ['parties', 'table', 'notes'],
    accent: '#1b2a4a',
    pageNumbers: true,
    qr: 'url',
    barcode: 'account_number',
  },
  payslip: {
    root: 'payslip',
    fields: ['period', 'pay_date', 'employee_id', 'net_pay'],
    parties: [
      ['employer', 'company'],
      ['employee', 'employee'],
    ],
    table: { name: 'lines', item: 'line', columns: ['description', 'hours', 'rate', 'amount'], totals: true },
    sections: ['parties', 'table', 'notes'],
    accent: '#3f3d8f',
    qr: 'url',
    barcode: 'employee_id',
  },
  timesheet: {
    root: 'timesheet',
    fields: ['period_start', 'period_end', 'project'],
    parties: [
      ['company', 'company'],
      ['employee', 'employee'],
    ],
    table: { name: 'entries', item: 'entry', columns: ['date', 'project', 'task', 'hours'], totals: true },
    sections: ['parties', 'table', 'signature'],
    accent: '#0f766e',
    pageNumbers: true,
    qr: 'url',
    barcode: 'number',
  },
  report: {
    root: 'report',
    fields: ['period', 'prepared_by', 'date'],
    parties: [['from', 'company']],
    table: { name: 'rows', item: 'row', columns: ['category', 'description', 'amount'], totals: true },
    sections: ['summary', 'table', 'notes'],
    accent: '#1f4e79',
    pageNumbers: true,
    qr: 'url',
    barcode: 'number',
  },
  minutes: {
    root: 'meeting',
    fields: ['date', 'location', 'chair', 'attendees'],
    parties: [['from', 'company']],
    table: { name: 'action_items', item: 'action', columns: ['task', 'owner', 'due_date'], totals: false },
    sections: ['summary', 'table', 'notes'],
    accent: '#4b5563',
    pageNumbers: true,
    qr: 'url',
    barcode: 'number',
  },
  certificate: {
    root: 'certificate',
    fields: ['course', 'completion_date', 'certificate_id'],
    parties: [['from', 'issuer']],
    sections: ['signature'],
    accent: '#14345c',
    font: 'serif',
    landscape: true,
    qr: 'verification_url',
    barcode: 'certificate_id',
  },
  letter: {
    root: 'letter',
    fields: ['date', 'reference'],
    parties: [
      ['from', 'sender'],
      ['to', 'recipient'],
    ],
    sections: ['parties', 'body', 'signature'],
    accent: '#1f4e79',
    font: 'serif',
    qr: 'url',
    barcode: 'reference',
  },
  document: {
    root: 'document',
    fields: ['date', 'reference'],
    parties: [['from', 'company']],
    sections: ['summary'],
    accent: '#1f4e79',
    qr: 'url',
    barcode: 'reference',
  },
};

/** Reports about something particular get that thing's columns. */
export const REPORT_TABLES: [RegExp, string[]][] = [
  [/\b(sales|ventes|umsatz|ventas|vendas|vendite|verkoop)\b/, ['region', 'sales', 'target', 'growth']],
  [/\b(expenses?|depenses|ausgaben|gastos|despesas|spese|onkosten)\b/, ['date', 'category', 'description', 'amount']],
  [/\b(inventory|stock|inventaire|lagerbestand|inventario|estoque|voorraad)\b/, ['product', 'sku', 'stock', 'price']],
  [/\b(financial|finance|quarterly|annual|p&l|profit)\b/, ['month', 'revenue', 'cost', 'profit']],
  [/\b(projects?|status)\b/, ['project', 'owner', 'status', 'due_date']],
];
