import type { DataSource } from '@quire/client';
import { describe, expect, it } from 'vitest';
import {
  createBody,
  emptyForm,
  FormProblem,
  formOf,
  headerRow,
  parameterNames,
  restoreSecrets,
  summaryOf,
  updateBody,
  withoutSecrets,
} from './form-model';

const base = {
  object: 'data_source',
  id: 'ds_1',
  name: 'Orders',
  description: null,
  last_test: null,
  created_at: '',
  updated_at: '',
} as const;
const http: DataSource = {
  ...base,
  type: 'http',
  method: 'GET',
  url: 'https://api.example.com/orders/{{order_id}}',
  headers: { authorization: '********', 'x-tenant': '********' },
  query: { since: '{{since}}' },
  body: null,
  data_path: '$.data',
  timeout_ms: 10_000,
};

describe('the data source form', () => {
  it('starts an edit with every setting but the secrets', () => {
    const form = formOf(http);
    expect(form).toMatchObject({ kind: 'http', url: http.url, dataPath: '$.data', timeoutMs: '10000' });
    expect(form.headers.map((h) => [h.name, h.value, h.saved])).toEqual([
      ['authorization', '', true],
      ['x-tenant', '', true],
    ]);
  });

  it('sends a header only when a new value was typed, and null for one removed', () => {
    const form = formOf(http);
    const [auth] = form.headers;
    const edited = {
      ...form,
      headers: [{ ...(auth as NonNullable<typeof auth>), value: 'Bearer new' }, headerRow('X-Extra', 'v')],
      removedHeaders: ['x-tenant'],
    };
    expect(updateBody(edited)).toMatchObject({
      headers: { 'x-tenant': null, authorization: 'Bearer new', 'X-Extra': 'v' },
    });
    // Nothing typed: no headers at all, so the saved ones stay.
    expect(updateBody(formOf(http))).not.toHaveProperty('headers');
  });

  it('keeps a saved connection string and upload unless a new one is given', () => {
    const sql: DataSource = {
      ...base,
      type: 'postgres',
      connection: { host: 'db', port: 5432, database: 'app', user: 'quire', ssl: 'disable' },
      query: 'SELECT $1',
      params: ['id'],
      timeout_ms: 10_000,
      row_limit: 100,
    };
    expect(updateBody(formOf(sql))).not.toHaveProperty('connection_string');
    expect(updateBody({ ...formOf(sql), connectionString: 'postgres://u:p@db/app' })).toMatchObject({
      connection_string: 'postgres://u:p@db/app',
      params: ['id'],
      row_limit: 100,
    });
    const csv: DataSource = { ...base, type: 'static', format: 'csv', size_bytes: 10, delimiter: ';' };
    expect(updateBody(formOf(csv))).toEqual({ name: 'Orders', description: null, delimiter: ';' });
  });

  it('makes the create body of each kind, and refuses what the service would', () => {
    expect(createBody({ ...emptyForm('csv'), name: ' People ', content: 'a\n1' })).toEqual({
      type: 'static',
      name: 'People',
      description: null,
      format: 'csv',
      content: 'a\n1',
      delimiter: ',',
    });
    expect(
      createBody({
        ...emptyForm('mysql'),
        name: 'M',
        connectionString: 'mysql://x',
        query: 'SELECT ?',
        params: 'a, b',
      }),
    ).toMatchObject({ type: 'mysql', params: ['a', 'b'] });
    expect(() => createBody({ ...emptyForm('http'), method: 'POST', body: '{nope' })).toThrow(FormProblem);
    expect(() => createBody({ ...emptyForm('postgres'), rowLimit: '10 rows' })).toThrow(
      'The row limit must be a whole number',
    );
  });

  it('never puts a secret into what Boss Mode shows', () => {
    const shown = withoutSecrets({
      type: 'http',
      name: 'A',
      url: 'https://x',
      headers: { authorization: 'Bearer s3cret' },
    });
    expect(JSON.stringify(shown)).not.toContain('s3cret');
    expect(JSON.stringify(withoutSecrets({ connection_string: 'postgres://u:pw@h/d' }))).not.toContain('pw');
  });

  it('finds the parameters a source takes, and sums it up in a line', () => {
    expect(parameterNames(http)).toEqual(['order_id', 'since']);
    expect(summaryOf(http)).toBe('GET https://api.example.com/orders/{{order_id}}');
  });

  it('puts the typed secrets back where Boss Mode’s JSON editor shows masks', () => {
    const typed = { type: 'http' as const, name: 'A', url: 'https://x', headers: { authorization: 'Bearer s3cret' } };
    const edited = JSON.parse(JSON.stringify(withoutSecrets(typed, { truncate: false })));
    expect(restoreSecrets({ ...edited, name: 'B' }, typed, true)).toEqual({ ...typed, name: 'B' });
    // A new source needs the value; a change keeps the saved one (the service's rule for ********).
    expect(() => restoreSecrets({ headers: { 'x-other': '********' } }, typed, true)).toThrow(FormProblem);
    expect(restoreSecrets({ headers: { 'x-other': '********' } }, typed, false)).toEqual({
      headers: { 'x-other': '********' },
    });
    expect(restoreSecrets({ connection_string: '$CONNECTION_STRING', query: 'SELECT 1' }, {}, false)).toEqual({
      query: 'SELECT 1',
    });
    expect(() => restoreSecrets([1], typed, true)).toThrow('The JSON must be an object of settings');
  });
});
