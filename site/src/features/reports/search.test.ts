import type { DataSource } from '@quire/client';
import { describe, expect, it } from 'vitest';
import { parametersOf } from './data-source-params';
import { listParams, validateGenerateSearch, validateReportsSearch } from './search';

describe('the reports URL', () => {
  it('keeps only filters it understands', () => {
    expect(
      validateReportsSearch({ template: 'tpl_1', status: 'failed', from: '2026-03-01', to: 'yesterday', x: 1 }),
    ).toEqual({ template: 'tpl_1', status: 'failed', from: '2026-03-01' });
    expect(validateReportsSearch({ status: 'done' })).toEqual({});
  });

  it('asks for whole local days, both ends included', () => {
    const params = listParams({ from: '2026-03-01', to: '2026-03-02' });
    expect(Date.parse(params.created_after ?? '')).toBe(new Date('2026-03-01T00:00:00').getTime() - 1);
    expect(Date.parse(params.created_before ?? '')).toBe(new Date('2026-03-03T00:00:00').getTime());
  });

  it('takes what "generate again" passes', () => {
    expect(validateGenerateSearch({ template: 'tpl_1', version: '3', format: 'html', from: 'rep_1' })).toEqual({
      template: 'tpl_1',
      version: 3,
      format: 'html',
      from: 'rep_1',
    });
    expect(validateGenerateSearch({ version: '0', format: 'docx' })).toEqual({});
  });
});

describe('a data source’s parameters', () => {
  const base = { object: 'data_source', id: 'ds_1', name: 'S', description: null, created_at: '', updated_at: '' };
  it('are a query’s names, an HTTP source’s placeholders, and none for an upload', () => {
    expect(parametersOf({ ...base, type: 'postgres', params: ['customer_id', 'since'] } as DataSource)).toEqual([
      'customer_id',
      'since',
    ]);
    const http = {
      ...base,
      type: 'http',
      url: 'https://api.example.com/customers/{{ customer_id }}',
      query: { month: '{{month}}' },
      body: { ids: '{{ids}}' },
    } as unknown as DataSource;
    expect(parametersOf(http)).toEqual(['customer_id', 'month', 'ids']);
    expect(parametersOf({ ...base, type: 'static', format: 'csv', size_bytes: 10 } as DataSource)).toEqual([]);
  });
});
