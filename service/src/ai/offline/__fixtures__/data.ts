import type { JsonSchemaDocument } from '@quire/core';

/** A user's invoice data, described by its JSON Schema: names that differ from the provider's own. */
export const invoiceSchema: JsonSchemaDocument = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    seller: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        address_lines: { type: 'array', items: { type: 'string' } },
        vat_id: { type: 'string' },
      },
    },
    client: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        email: { type: 'string', format: 'email' },
        address_lines: { type: 'array', items: { type: 'string' } },
      },
    },
    invoice: {
      type: 'object',
      properties: {
        invoice_no: { type: 'string' },
        issued_at: { type: 'string', format: 'date' },
        due: { type: 'string', format: 'date' },
        currency: { type: 'string' },
        memo: { type: 'string' },
      },
    },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          product: { type: 'string' },
          qty: { type: 'integer' },
          unitCost: { type: 'number' },
          lineTotal: { type: 'number' },
        },
      },
    },
    internal_code: { type: 'string' },
  },
};

/** A user's report data, given as a sample. */
export const reportSample: Record<string, unknown> = {
  report: {
    title: 'Regional sales',
    month: 'February 2026',
    prepared_by: 'Ana Ruiz',
    summary: 'A strong month: the North region beat its target for the third month running.',
  },
  regions: [
    { name: 'North', revenue: 48200.5, orders: 312, growth: 0.08 },
    { name: 'South', revenue: 39150, orders: 198, growth: -0.03 },
    { name: 'East', revenue: 52900, orders: 405, growth: 0.12 },
  ],
  generated_at: '2026-03-01',
};
