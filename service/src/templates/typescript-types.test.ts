import { createTemplateEngine, sampleFromSchema, starters } from '@quire/core';
import { describe, expect, it } from 'vitest';
import { typeCheck } from './__fixtures__/compile-typescript';
import { dataSchemaOf } from './data-schema';
import { typeNameOf, typeScriptOf } from './typescript-types';

describe('typeNameOf', () => {
  it('names the data type after the template, in PascalCase with Data', () => {
    expect(typeNameOf('Invoice')).toBe('InvoiceData');
    expect(typeNameOf('monthly sales report')).toBe('MonthlySalesReportData');
    expect(typeNameOf('  purchase-order_v2 ')).toBe('PurchaseOrderV2Data');
    expect(typeNameOf('Relevé — März')).toBe('ReleveMarzData');
    expect(typeNameOf('Customer data')).toBe('CustomerData');
    expect(typeNameOf('2026 summary')).toBe('Template2026SummaryData');
    expect(typeNameOf('')).toBe('TemplateData');
    expect(typeNameOf('日本語')).toBe('TemplateData');
  });
});

describe('typeScriptOf', () => {
  it('writes an interface for an object schema, nested objects and arrays inline', () => {
    const schema = {
      type: 'object',
      properties: {
        customer: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        items: {
          type: 'array',
          items: { type: 'object', properties: { price: { type: 'number' } }, required: ['price'] },
        },
      },
      required: ['customer', 'items'],
    };
    expect(typeScriptOf(schema, { name: 'InvoiceData', header: ['Made by a test.'] })).toBe(
      [
        '// Made by a test.',
        '',
        'export interface InvoiceData {',
        '  customer: {',
        '    name: string;',
        '  };',
        '  items: Array<{',
        '    price: number;',
        '  }>;',
        '}',
        '',
      ].join('\n'),
    );
  });

  const everything = {
    type: 'object',
    description: 'Everything */ at once',
    properties: {
      id: { type: 'integer' },
      status: { enum: ['paid', 'due', 3, true, null] },
      kind: { const: 'invoice' },
      note: { type: ['string', 'null'], description: 'Free text,\nover two lines' },
      legacy: { type: 'number', nullable: true },
      flag: { type: 'boolean' },
      nothing: { type: 'null' },
      anything: {},
      never: false,
      issued_on: { type: 'string', format: 'date' },
      'first-name': { type: 'string' },
      '2nd': { type: 'string' },
      amount: { anyOf: [{ type: 'number' }, { type: 'string' }] },
      choice: { oneOf: [{ const: 'a' }, { const: 'b' }], nullable: true },
      both: {
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { type: 'object', properties: { b: { type: 'number' } } },
        ],
      },
      either_and: { allOf: [{ anyOf: [{ type: 'string' }, { type: 'number' }] }, { not: {} }] },
      totals: { type: 'object', additionalProperties: { type: 'number' } },
      named_totals: {
        type: 'object',
        properties: { total: { type: 'number' }, label: { type: 'string' } },
        required: ['total'],
        additionalProperties: { type: 'number' },
      },
      open: { type: 'object', properties: { x: { type: 'string' } }, additionalProperties: true },
      closed: { type: 'object', additionalProperties: false },
      loose: { type: 'object' },
      patterned: { type: 'object', patternProperties: { '^x-': { type: 'string' } } },
      pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false },
      head_and_rest: { type: 'array', prefixItems: [{ type: 'string' }], items: { type: 'boolean' } },
      old_tuple: { type: 'array', items: [{ type: 'string' }], additionalItems: false },
      list: { type: 'array' },
      implied_object: { properties: { y: { type: 'string' } } },
      implied_array: { items: { type: 'string' } },
      address: { $ref: '#/$defs/address' },
      legacy_ref: { $ref: '#/definitions/money' },
      unknown_ref: { $ref: 'https://example.com/schema.json' },
      self: { $ref: '#' },
      weird: { type: 'date' },
    },
    required: ['id', 'status', 'kind', 'address', 'pair', '2nd'],
    $defs: {
      address: {
        type: 'object',
        properties: { street: { type: 'string' }, next: { $ref: '#/$defs/address' } },
        required: ['street'],
      },
      'post code': { type: 'string', description: 'A postal code' },
    },
    definitions: { money: { type: 'object', properties: { amount: { type: 'number' } } } },
  };

  it('covers objects, arrays, tuples, enums, const, nullable, unions, intersections, maps and refs', () => {
    const source = typeScriptOf(everything, { name: 'EverythingData' });
    expect(source).toContain('/** Everything *\\/ at once */\nexport interface EverythingData {');
    for (const line of [
      '  id: number;',
      '  status: "paid" | "due" | 3 | true | null;',
      '  kind: "invoice";',
      '   * Free text,\n   * over two lines\n   */\n  note?: string | null;',
      '  legacy?: number | null;',
      '  nothing?: null;',
      '  anything?: unknown;',
      '  never?: never;',
      '  /** Format: date */\n  issued_on?: string;',
      '  "first-name"?: string;',
      '  "2nd": string;',
      '  amount?: number | string;',
      '  choice?: "a" | "b" | null;',
      '  either_and?: (string | number);',
      '    [key: string]: number;',
      '    [key: string]: number | string | undefined;',
      '    [key: string]: unknown;',
      '  closed?: Record<string, never>;',
      '  loose?: Record<string, unknown>;',
      '  pair: [string, number];',
      '  head_and_rest?: [string, ...Array<boolean>];',
      '  old_tuple?: [string];',
      '  list?: Array<unknown>;',
      '  implied_array?: Array<string>;',
      '  address: EverythingDataAddress;',
      '  legacy_ref?: EverythingDataMoney;',
      '  unknown_ref?: unknown;',
      '  self?: EverythingData;',
      '  weird?: unknown;',
      'export interface EverythingDataAddress {',
      '  next?: EverythingDataAddress;',
      '/** A postal code */\nexport type EverythingDataPostCode = string;',
    ]) {
      expect(source).toContain(line);
    }
  });

  it('writes TypeScript that compiles and means what the schema says', () => {
    const types = typeScriptOf(everything, { name: 'EverythingData' });
    const use = `import type { EverythingData, EverythingDataAddress } from './types';
const address: EverythingDataAddress = { street: 'Main St', next: { street: 'Side St' } };
export const ok: EverythingData = {
  id: 1, status: 'paid', kind: 'invoice', address, pair: ['a', 1], '2nd': 'x',
  note: null, legacy: null, amount: '12.50', choice: null,
  both: { a: 'x', b: 2 }, totals: { net: 1 }, named_totals: { total: 1, tax: 2 },
  open: { x: 'y', z: [1] }, closed: {}, head_and_rest: ['a', true, false],
  self: { id: 2, status: null, kind: 'invoice', address, pair: ['b', 2], '2nd': 'y' },
};
// @ts-expect-error status is one of the enum's values
export const badEnum: EverythingData = { ...ok, status: 'late' };
// @ts-expect-error id is required
export const missing: EverythingData = { ...ok, id: undefined };
// @ts-expect-error pair is a closed tuple
export const longPair: EverythingData = { ...ok, pair: ['a', 1, 2] };
// @ts-expect-error totals are numbers
export const badMap: EverythingData = { ...ok, totals: { net: 'one' } };
`;
    expect(typeCheck({ 'types.ts': types, 'use.ts': use })).toEqual([]);
  });

  it('writes unknown past a sane depth and for schemas that are not objects, and still compiles', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 100; i++) deep = { type: 'object', properties: { d: deep }, required: ['d'] };
    const types = typeScriptOf(deep, { name: 'DeepData' });
    expect(types).toContain('d: unknown;');
    expect(typeScriptOf(null, { name: 'NullData' })).toBe('export type NullData = Record<string, unknown>;\n');
    expect(typeScriptOf({ type: 'object', properties: {} }, { name: 'EmptyData' })).toBe(
      'export type EmptyData = Record<string, unknown>;\n',
    );
    const header = typeScriptOf({}, { name: 'X', header: ['line one\nline two */'] });
    expect(header.startsWith('// line one line two */\n')).toBe(true);
    expect(typeCheck({ 'deep.ts': types, 'header.ts': header })).toEqual([]);
  });

  it("types every starter's data: data made from its schema fits, and so does the invoice's own sample", () => {
    const engine = createTemplateEngine();
    const files: Record<string, string> = {};
    const use = (module: string, name: string, data: unknown) =>
      `import type { ${name} } from './${module}';\n` +
      // Through a variable: excess properties of an object literal (data the template never reads) are allowed.
      `const sample = ${JSON.stringify(data)};\nexport const data: ${name} = sample;\n`;
    for (const starter of starters) {
      const name = typeNameOf(starter.name);
      const { schema } = dataSchemaOf(engine, starter);
      const types = typeScriptOf(schema, { name });
      expect(types).toContain(`export interface ${name} {`);
      files[`${starter.id}.ts`] = types;
      files[`${starter.id}.use.ts`] = use(starter.id, name, sampleFromSchema(schema));
    }
    // Other starters print numbers that core's inference types as text (`{{ hours }}` is a string to it).
    const invoice = starters.find((s) => s.id === 'invoice');
    files['invoice.sample.ts'] = use('invoice', 'InvoiceData', invoice?.sample_data);
    expect(typeCheck(files)).toEqual([]);
  });
});
