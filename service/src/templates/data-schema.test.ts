import { createTemplateEngine, type JsonSchema, TemplateContent } from '@quire/core';
import { describe, expect, it } from 'vitest';
import { dataSchemaOf, defaultData, mergeSchemas } from './data-schema';

const inferred = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    customer: {
      type: 'object',
      properties: { name: { type: 'string' }, email: { type: 'string' } },
      required: ['name', 'email'],
    },
    items: {
      type: 'array',
      items: { type: 'object', properties: { price: { type: 'number' } }, required: ['price'] },
    },
    issued_on: { type: 'string', format: 'date' },
    paid: { type: 'boolean' },
  },
  required: ['customer', 'items'],
};

describe('mergeSchemas', () => {
  it('keeps the inferred schema where the user said nothing', () => {
    expect(mergeSchemas(inferred, {})).toEqual(inferred);
    expect(mergeSchemas(inferred, { type: 'object' })).toEqual(inferred);
  });

  it("lets the user's keywords win per property, merging nested properties and items", () => {
    const merged = mergeSchemas(inferred, {
      properties: {
        customer: {
          description: 'Who pays',
          properties: { email: { format: 'email' }, vip: { type: 'boolean' } },
          required: ['name'],
        },
        items: { items: { properties: { price: { minimum: 0, description: 'Net' } } }, maxItems: 100 },
        issued_on: { format: 'date-time' },
      },
    });
    expect(merged.properties).toEqual({
      customer: {
        type: 'object',
        description: 'Who pays',
        properties: {
          name: { type: 'string' },
          email: { type: 'string', format: 'email' },
          vip: { type: 'boolean' },
        },
        required: ['name'],
      },
      items: {
        type: 'array',
        maxItems: 100,
        items: {
          type: 'object',
          properties: { price: { type: 'number', minimum: 0, description: 'Net' } },
          required: ['price'],
        },
      },
      issued_on: { type: 'string', format: 'date-time' },
      paid: { type: 'boolean' },
    });
    expect(merged.required).toEqual(['customer', 'items']);
  });

  it('keeps properties only the user added, and takes their required list when they give one', () => {
    const merged = mergeSchemas(inferred, { properties: { notes: { type: 'string' } }, required: ['customer'] });
    expect(Object.keys(merged.properties ?? {})).toEqual(['customer', 'items', 'issued_on', 'paid', 'notes']);
    expect(merged.required).toEqual(['customer']);
  });

  it("takes the user's node whole where they changed the kind of value or composed it", () => {
    // Users write any JSON: a boolean schema (`true`: anything) too, which core's JsonSchema type does not name.
    const edited: Record<string, unknown> = {
      properties: {
        paid: { type: 'string', enum: ['yes', 'no'] },
        customer: { $ref: '#/$defs/customer' },
        items: { anyOf: [{ type: 'array' }, { type: 'null' }] },
        issued_on: true,
      },
      $defs: { customer: { type: 'object' } },
    };
    const merged = mergeSchemas(inferred, edited as JsonSchema);
    expect(merged.properties).toMatchObject({
      paid: { type: 'string', enum: ['yes', 'no'] },
      customer: { $ref: '#/$defs/customer' },
      items: { anyOf: [{ type: 'array' }, { type: 'null' }] },
      issued_on: true,
    });
    expect(merged.properties?.customer).not.toHaveProperty('properties');
    expect(merged.$defs).toEqual({ customer: { type: 'object' } });
  });

  it('merges rather than replaces when the user only made a value nullable (or an integer a number)', () => {
    const merged = mergeSchemas(inferred, {
      properties: { customer: { type: ['object', 'null'] }, count: { type: 'number' } },
    });
    expect(merged.properties?.customer).toMatchObject({
      type: ['object', 'null'],
      properties: { name: { type: 'string' }, email: { type: 'string' } },
    });
    const numbers = mergeSchemas({ type: 'integer', minimum: 0 }, { type: 'number' });
    expect(numbers).toEqual({ type: 'number', minimum: 0 });
  });
});

describe('dataSchemaOf and defaultData', () => {
  const engine = createTemplateEngine();
  const content = (input: Record<string, unknown>) => TemplateContent.parse({ name: 'T', ...input });

  it('infers from the body, header and footer, and merges the edited schema when there is one', () => {
    const plain = content({
      html: '{% for item in items %}{{ item.price | money }}{% endfor %}',
      footer_html: '{{ company.name }} {{ page_number }}',
    });
    const data = dataSchemaOf(engine, plain);
    expect(data.edited).toBeNull();
    expect(data.schema).toBe(data.inferred);
    expect(Object.keys(data.schema.properties ?? {})).toEqual(['company', 'items']);

    const edited = dataSchemaOf(
      engine,
      content({ html: '{{ total }}', data_schema: { properties: { total: { type: 'number' } } } }),
    );
    expect(edited.inferred.properties?.total).toEqual({ type: 'string' });
    expect(edited.schema.properties?.total).toEqual({ type: 'number' });
  });

  it('uses the sample data, else data made from the schema, else nothing when the template does not parse', () => {
    expect(defaultData(engine, content({ html: '{{ a }}', sample_data: { a: 'given' } }))).toEqual({ a: 'given' });
    expect(defaultData(engine, content({ html: '{{ customer.email }} {{ total | money }}' }))).toEqual({
      customer: { email: 'ada@example.com' },
      total: 120,
    });
    expect(defaultData(engine, content({ html: '{% if %}' }))).toEqual({});
  });
});
