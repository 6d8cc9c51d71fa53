// The data types of the Quire templates of a team, written by `quire-client types pull` from http://localhost:3000.
// Regenerate rather than edit. Each template id is mapped to its data type in TemplateDataMap, so that
// `quire.reports.create({ template_id, data })` checks `data` against the template.

/** Invoice (tpl_fixtureInvoice01), version 1. */
export type InvoiceTemplateId = 'tpl_fixtureInvoice01';
export type InvoiceData = Invoice.InvoiceData;
export declare namespace Invoice {
  // The data of the Quire template "Invoice" (tpl_fixtureInvoice01), version 1.
  // Generated from its JSON Schema by GET /v1/templates/{id}/types: regenerate rather than edit.

  export interface InvoiceData {
    company: {
      address_lines: Array<string>;
      bank: {
        account_name: string;
        account_number: string;
        name: string;
        routing_number: string;
      };
      email: string;
      name: string;
      phone: string;
      tax_id: string;
      website: string;
    };
    customer: {
      address_lines: Array<string>;
      contact?: string;
      email: string;
      name: string;
    };
    invoice: {
      amount_paid?: number;
      /** ISO 4217 currency code */
      currency?: string;
      discount?: number;
      /** Format: date */
      due_on: string;
      /** Format: date */
      issued_on: string;
      items: Array<{
        description: string;
        details?: string;
        quantity: number;
        unit?: string;
        unit_price: number;
      }>;
      notes?: string;
      number: string;
      payment_url: string;
      /** Format: date */
      period_end: string;
      /** Format: date */
      period_start: string;
      po_number?: string;
      project: string;
      tax_label?: string;
      tax_rate: number;
      terms: string;
    };
  }
}

declare module '@quire/client' {
  interface TemplateDataMap {
    tpl_fixtureInvoice01: InvoiceData;
  }
}
