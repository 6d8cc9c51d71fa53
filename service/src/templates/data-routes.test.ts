import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeCheck } from './__fixtures__/compile-typescript';
import { type Person, startTemplatesApp, type TemplatesApp } from './__fixtures__/templates-app';

const HTML = `<h1>{{ customer.name }}</h1>
{% for item in items %}<p>{{ item.description }}: {{ item.price | money }}</p>{% endfor %}
{% if paid %}<p>Paid</p>{% endif %}`;

describe('templates: data schema and TypeScript types', () => {
  let app: TemplatesApp;
  let owner: Person;
  let id: string;
  beforeAll(async () => {
    app = await startTemplatesApp();
    owner = await app.signUp('schemaowner');
    const made = await app.call(owner.token, '/v1/templates', {
      method: 'POST',
      body: { name: 'Monthly invoice', html: HTML },
    });
    id = made.body.id;
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (path: string, options: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    app.call(owner.token, path, options);

  it('answers the schema inferred from the template when nobody edited it', async () => {
    const answer = await call(`/v1/templates/${id}/schema`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ object: 'template_schema', template_id: id, version: 1, edited: null });
    expect(answer.body.schema).toEqual(answer.body.inferred);
    expect(answer.body.schema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        customer: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { description: { type: 'string' }, price: { type: 'number' } },
            required: ['description', 'price'],
          },
        },
        paid: { type: 'boolean' },
      },
      required: ['customer', 'items'],
    });
  });

  it('saves an edited schema as a new version and merges it, the edits winning per property', async () => {
    const edited = {
      type: 'object',
      properties: {
        customer: { properties: { name: { description: 'Legal name', minLength: 1 } } },
        paid: { type: 'string', enum: ['paid', 'due'] },
        currency: { type: 'string', default: 'USD' },
      },
    };
    const answer = await call(`/v1/templates/${id}/schema`, {
      method: 'PUT',
      body: { schema: edited, message: 'Describe the data' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ object: 'template_schema', template_id: id, version: 2, edited });
    expect(answer.body.schema.properties).toMatchObject({
      customer: { type: 'object', properties: { name: { type: 'string', description: 'Legal name', minLength: 1 } } },
      items: { type: 'array' },
      paid: { type: 'string', enum: ['paid', 'due'] },
      currency: { type: 'string', default: 'USD' },
    });
    expect(answer.body.schema.required).toEqual(['customer', 'items']);

    const template = await call(`/v1/templates/${id}`);
    expect(template.body).toMatchObject({ data_schema: edited, latest_version: 2, published_version: 2 });
    const history = await call(`/v1/templates/${id}/versions/2`);
    expect(history.body).toMatchObject({ message: 'Describe the data', content: { data_schema: edited, html: HTML } });
    // The first version keeps its inferred-only schema.
    const first = await call(`/v1/templates/${id}/schema?version=1`);
    expect(first.body).toMatchObject({ version: 1, edited: null });
    expect(first.body.schema.properties.paid).toEqual({ type: 'boolean' });
  });

  it('refuses a schema that is not an object schema, and versions that do not exist', async () => {
    for (const [schema, param] of [
      [{ type: 'array' }, 'schema.type'],
      [[1], 'schema'],
      [undefined, 'schema'],
    ] as const) {
      const answer = await call(`/v1/templates/${id}/schema`, { method: 'PUT', body: { schema } });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'validation_failed', param });
    }
    for (const path of [`/v1/templates/${id}/schema?version=9`, `/v1/templates/${id}/types?version=9`]) {
      const answer = await call(path);
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('version_not_found');
    }
    const bad = await call(`/v1/templates/${id}/schema?version=first`);
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', param: 'version' });
  });

  it('answers TypeScript declarations of the merged schema that compile', async () => {
    const answer = await call(`/v1/templates/${id}/types`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('inline; filename="MonthlyInvoiceData.ts"');
    const source = answer.body as string;
    expect(source).toContain(`// The data of the Quire template "Monthly invoice" (${id}), version 2.`);
    expect(source).toContain('export interface MonthlyInvoiceData {');
    expect(source).toContain('    /** Legal name */\n    name: string;');
    expect(source).toContain('  paid?: "paid" | "due";');
    expect(source).toContain('  items: Array<{\n    description: string;\n    price: number;\n  }>;');
    const use = `import type { MonthlyInvoiceData } from './types';
export const data: MonthlyInvoiceData = {
  customer: { name: 'Ada' }, items: [{ description: 'Consulting', price: 120 }], paid: 'due', currency: 'EUR',
};
// @ts-expect-error items is required
export const missing: MonthlyInvoiceData = { customer: { name: 'Ada' } };
`;
    expect(typeCheck({ 'types.ts': source, 'use.ts': use })).toEqual([]);

    const older = await call(`/v1/templates/${id}/types?version=1`);
    expect(older.body).toContain('  paid?: boolean;');
    const typescript = await call(`/v1/templates/${id}/types`, { headers: { Accept: 'application/typescript' } });
    expect(typescript.headers.get('content-type')).toBe('application/typescript; charset=utf-8');
    expect(typescript.body).toBe(source);
  });

  it('answers the types as JSON when asked, and 406 for what it cannot make', async () => {
    const json = await call(`/v1/templates/${id}/types`, { headers: { Accept: 'application/json' } });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({
      object: 'template_types',
      template_id: id,
      version: 2,
      type_name: 'MonthlyInvoiceData',
      typescript: expect.stringContaining('export interface MonthlyInvoiceData {'),
    });
    const image = await call(`/v1/templates/${id}/types`, { headers: { Accept: 'image/png' } });
    expect(image.status).toBe(406);
    expect(image.body.error.code).toBe('not_acceptable');
  });

  it('answers a syntax error of a draft with its line, rather than a schema', async () => {
    const made = await call('/v1/templates', { method: 'POST', body: { name: 'Soon broken', html: '{{ a }}' } });
    await call(`/v1/templates/${made.body.id}`, {
      method: 'PATCH',
      body: { html: '{{ a }}\n{% for %}', publish: false },
    });
    const answer = await call(`/v1/templates/${made.body.id}/schema`);
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({ code: 'template_syntax_error', line: 2 });
    // The published version still has a schema.
    expect((await call(`/v1/templates/${made.body.id}/schema?version=1`)).status).toBe(200);
    // A schema cannot be saved on top of the broken draft, published or not: nothing is saved.
    for (const publish of [true, false]) {
      const answer = await call(`/v1/templates/${made.body.id}/schema`, {
        method: 'PUT',
        body: { schema: { type: 'object' }, publish },
      });
      expect(answer.status).toBe(422);
      expect(answer.body.error).toMatchObject({ code: 'template_syntax_error', param: 'html' });
    }
    expect((await call(`/v1/templates/${made.body.id}`)).body.latest_version).toBe(2);
  });
});
