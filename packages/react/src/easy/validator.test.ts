import { createTemplateEngine, TemplateContent } from '@quire/core';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it, vi } from 'vitest';
import { letterDraft } from '../__fixtures__/stories/templates';
import { formSchema } from './form-schema';
import { InterpretingValidator } from './validator';

const ORDER: RJSFSchema = {
  type: 'object',
  required: ['customer', 'issued_on', 'lines'],
  properties: {
    customer: {
      type: 'object',
      title: 'Customer',
      required: ['name'],
      properties: {
        name: { type: 'string', title: 'Name' },
        email: { type: 'string', format: 'email', title: 'Email' },
      },
    },
    issued_on: { type: 'string', format: 'date' },
    paid: { type: 'boolean' },
    total: { type: 'number', minimum: 0 },
    lines: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['item'],
        properties: { item: { type: 'string' }, qty: { type: 'integer' } },
      },
    },
  },
};

const VALID = {
  customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
  issued_on: '2026-03-02',
  paid: false,
  total: 120.5,
  lines: [{ item: 'Analytical engine', qty: 1 }],
};

/** The errors the form shows under the field at a path of the data (`customer.name`, `lines.1.item`). */
function errorsAt(errorSchema: unknown, path: string): string[] | undefined {
  let node = errorSchema as Record<string, unknown> | undefined;
  for (const key of path.split('.')) node = node?.[key] as Record<string, unknown> | undefined;
  return node?.__errors as string[] | undefined;
}

/** Each error as RJSF shows it: where (the data's path) and what. */
const listed = (validator: InterpretingValidator, data: unknown, schema: RJSFSchema = ORDER) =>
  validator.validateFormData(data, schema).errors.map((error) => [error.property, error.message]);

describe('the sample-data form’s validator (no code evaluated)', () => {
  it('passes valid data, nested objects and lists included', () => {
    const validator = new InterpretingValidator();
    const result = validator.validateFormData(VALID, ORDER);
    expect(result.errors).toEqual([]);
    expect(result.errorSchema).toEqual({});
    expect(validator.isValid(ORDER, VALID, ORDER)).toBe(true);
  });

  it('words each error as RJSF’s Ajv validator does, at the field it concerns', () => {
    const validator = new InterpretingValidator();
    const data = {
      customer: { email: 'not an address' },
      issued_on: '2026-13-40',
      paid: 'yes',
      total: -1,
      lines: [{ item: 'Analytical engine', qty: 1.5 }, { qty: 2 }],
    };
    expect(listed(validator, data)).toEqual([
      ['.customer.name', "must have required property 'Name'"],
      ['.customer.email', 'must match format "email"'],
      ['.issued_on', 'must match format "date"'],
      ['.paid', 'must be boolean'],
      ['.total', 'must be >= 0'],
      ['.lines.0.qty', 'must be integer'],
      ['.lines.1.item', "must have required property 'item'"],
    ]);
    expect(validator.isValid(ORDER, data, ORDER)).toBe(false);
    // The error schema the form draws its field errors from.
    const { errorSchema } = validator.validateFormData(data, ORDER);
    expect(errorsAt(errorSchema, 'customer.name')).toEqual(["must have required property 'Name'"]);
    expect(errorsAt(errorSchema, 'lines.1.item')).toEqual(["must have required property 'item'"]);
  });

  it('names the field in the list of errors by its title', () => {
    const validator = new InterpretingValidator();
    const { errors } = validator.validateFormData({ ...VALID, customer: { name: 'Ada', email: 'x' } }, ORDER);
    expect(errors.map((error) => error.stack)).toEqual(['\'Email\' must match format "email"']);
    expect(errors[0]).toMatchObject({ name: 'format', params: { format: 'email' }, title: 'Email' });
  });

  it('takes a cleared field (undefined) as missing, and an empty list as too short', () => {
    const validator = new InterpretingValidator();
    const data = { ...VALID, customer: { name: undefined, email: undefined }, lines: [] };
    expect(listed(validator, data)).toEqual([
      ['.customer.name', "must have required property 'Name'"],
      ['.lines', 'must NOT have fewer than 1 items'],
    ]);
  });

  it('checks the other keywords a schema may hold: enum, lengths, patterns, extra properties, tuples', () => {
    const validator = new InterpretingValidator();
    const schema: RJSFSchema = {
      type: 'object',
      additionalProperties: false,
      properties: {
        currency: { enum: ['EUR', 'USD'] },
        code: { type: 'string', pattern: '^[A-Z]{3}$', maxLength: 3 },
        at: { type: 'string', format: 'date-time' },
        colour: { type: 'string', format: 'color' },
        pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] },
      },
    };
    expect(
      listed(
        validator,
        { currency: 'GBP', code: 'abcd', at: '2026-03-02', colour: 'bluish', pair: [1, 'x'], x: 1 },
        schema,
      ),
    ).toEqual([
      ['.currency', 'must be equal to one of the allowed values'],
      ['.code', 'must NOT have more than 3 characters'],
      ['.code', 'must match pattern "^[A-Z]{3}$"'],
      ['.at', 'must match format "date-time"'],
      ['.colour', 'must match format "color"'],
      ['.pair.0', 'must be string'],
      ['.pair.1', 'must be number'],
      ['', 'must NOT have additional properties'],
    ]);
    expect(
      listed(validator, { currency: 'EUR', code: 'EUR', at: '2026-03-02T10:00:00Z', colour: '#0b5cad' }, schema),
    ).toEqual([]);
  });

  it('follows $ref, within the schema and from a part of it to the whole (as RJSF asks of a field)', () => {
    const validator = new InterpretingValidator();
    const schema: RJSFSchema = {
      type: 'object',
      $defs: { money: { type: 'number', minimum: 0 } },
      properties: { total: { $ref: '#/$defs/money' } },
    };
    expect(listed(validator, { total: -5 }, schema)).toEqual([['.total', 'must be >= 0']]);
    expect(validator.isValid({ $ref: '#/$defs/money' }, 5, schema)).toBe(true);
    expect(validator.isValid({ $ref: '#/$defs/money' }, 'five', schema)).toBe(false);
  });

  it('accepts Quire’s inferred schema for the template’s own sample data, and flags what the template needs', () => {
    const validator = new InterpretingValidator();
    const schema = formSchema(TemplateContent.parse(letterDraft), createTemplateEngine()) as RJSFSchema;
    expect(validator.validateFormData(letterDraft.sample_data, schema).errors).toEqual([]);
    const data = {
      ...letterDraft.sample_data,
      customer: {},
      plan: { ...letterDraft.sample_data.plan, price: 'a lot' },
    };
    expect(listed(validator, data, schema)).toEqual([
      ['.customer.name', "must have required property 'name'"],
      ['.plan.price', 'must be number'],
    ]);
    // A date the template formats: the inferred schema says so, and the form checks it.
    const dated = formSchema(
      TemplateContent.parse({
        name: 'Notice',
        html: '<p>{{ due_on | date: "%Y-%m-%d" }}</p>',
        sample_data: { due_on: '2026-03-02' },
      }),
      createTemplateEngine(),
    ) as RJSFSchema;
    expect(dated.properties?.due_on).toEqual({ type: 'string', format: 'date' });
    expect(listed(validator, { due_on: '2026-02-30' }, dated)).toEqual([['.due_on', 'must match format "date"']]);
  });

  it('hands errors to transformErrors and customValidate, as RJSF’s own validator does', () => {
    const validator = new InterpretingValidator();
    const result = validator.validateFormData(
      { ...VALID, total: -1 },
      ORDER,
      (data, errors) => {
        const fields = errors as unknown as Record<string, { addError(message: string): void }>;
        if ((data as typeof VALID).paid === false) fields.paid?.addError('must be paid');
        return errors;
      },
      (errors) => errors.map((error) => ({ ...error, message: `${error.message}!` })),
    );
    expect(errorsAt(result.errorSchema, 'total')).toEqual(['must be >= 0!']);
    expect(errorsAt(result.errorSchema, 'paid')).toEqual(['must be paid']);
  });

  it('says when the schema itself cannot be used, instead of throwing', () => {
    const validator = new InterpretingValidator();
    const broken: RJSFSchema = { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } };
    const result = validator.validateFormData({ a: 1 }, broken);
    expect(result.errors.at(-1)?.stack).toMatch(/Unresolved \$ref "#\/\$defs\/missing"/);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(validator.isValid(broken, { a: 1 }, broken)).toBe(false);
    warn.mockRestore();
  });

  it('leaves the form’s schema as it was given', () => {
    const validator = new InterpretingValidator();
    const schema = structuredClone(ORDER);
    validator.validateFormData(VALID, schema);
    validator.isValid(schema.properties?.customer as RJSFSchema, VALID.customer, schema);
    expect(Object.getOwnPropertyNames(schema)).toEqual(Object.getOwnPropertyNames(ORDER));
    expect(schema).toEqual(ORDER);
  });
});
