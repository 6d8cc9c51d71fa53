/**
 * Invoice-like sample data and its schema for the sample-data form's tests and stories: a nested object
 * (`company` with its own `address`), a list of plain values (`address_lines`) and a list of objects
 * (`line_items`), keys written as a developer writes them, and one schema `title` that must win over its key.
 */
export const invoiceSchema = {
  type: 'object',
  properties: {
    invoice_number: { type: 'string' },
    issued_on: { type: 'string', format: 'date' },
    paid: { type: 'boolean' },
    company: {
      type: 'object',
      properties: {
        account_name: { type: 'string' },
        vat_id: { type: 'string', title: 'VAT number' },
        address_lines: { type: 'array', items: { type: 'string' } },
      },
      required: ['account_name'],
    },
    line_items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          description: { type: 'string' },
          quantity: { type: 'number' },
          unitPrice: { type: 'number' },
        },
      },
    },
  },
  required: ['invoice_number', 'company'],
} as const;

export const invoiceData = {
  invoice_number: 'INV-2041',
  issued_on: '2026-03-02',
  paid: false,
  company: {
    account_name: 'Brightline Studio',
    vat_id: 'GB123456789',
    address_lines: ['12 Harbour Street', 'Leith, Edinburgh EH6 6PB'],
  },
  line_items: [
    { description: 'Brand workshop', quantity: 1, unitPrice: 1200 },
    { description: 'Logo design', quantity: 2, unitPrice: 450 },
  ],
};
