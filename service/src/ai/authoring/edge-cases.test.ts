import { createTemplateEngine, type JsonSchema } from '@quire/core';
import { describe, expect, it } from 'vitest';
import { dataSchemaOf } from '../../templates/index';
import { GOOD_HTML, SAMPLE } from './__fixtures__/answers';
import { dataSets, LONG_LIST_ROWS } from './edge-cases';

const engine = createTemplateEngine();
const schemaOf = (html: string) =>
  dataSchemaOf(engine, {
    name: 't',
    description: '',
    kind: 'document',
    html,
    css: '',
    header_html: '',
    footer_html: '',
    page: { size: 'A4', orientation: 'portrait', margins: { top: 20, right: 18, bottom: 20, left: 18 } },
    sample_data: {},
    data_schema: null,
    validate_data: false,
    tags: [],
  }).schema as JsonSchema;

describe('edge cases', () => {
  const sets = Object.fromEntries(dataSets(SAMPLE, schemaOf(GOOD_HTML)).map((set) => [set.name, set.data]));

  it('makes the sample and every edge case that changes something', () => {
    expect(Object.keys(sets)).toEqual([
      'sample',
      'empty_lists',
      'long_lists',
      'long_text',
      'long_words',
      'non_latin',
      'cjk',
      'missing_optional',
    ]);
    expect(sets.sample).toBe(SAMPLE);
  });

  it('empties lists and grows lists of rows to 300, copying the rows', () => {
    expect(sets.empty_lists).toMatchObject({ items: [], invoice: SAMPLE.invoice });
    const rows = (sets.long_lists as typeof SAMPLE).items;
    expect(rows).toHaveLength(LONG_LIST_ROWS);
    expect(rows[2]).toEqual(SAMPLE.items[0]);
    expect(rows[2]).not.toBe(SAMPLE.items[0]);
  });

  it('lengthens and translates free text only: not numbers, dates or identifiers', () => {
    const long = sets.long_text as typeof SAMPLE;
    expect(long.customer.name).toHaveLength(500);
    expect(long.customer.name).not.toContain(' ');
    expect(long.items[0]?.description).toHaveLength(500);
    expect(long.invoice).toEqual(SAMPLE.invoice);
    expect(long.items[0]?.price).toBe(1200);
    expect((sets.long_words as typeof SAMPLE).customer.name).toMatch(/^Lorem ipsum .{400,}$/);
    expect((sets.non_latin as typeof SAMPLE).customer.name).toMatch(/[\u0370-\u03ff\u0400-\u04ff\u0600-\u06ff]/);
    expect((sets.cjk as typeof SAMPLE).items[1]?.description).toMatch(/[\u4e00-\u9fff]/);
  });

  it('leaves out the fields the template reads only when they are there', () => {
    const missing = sets.missing_optional as Record<string, Record<string, unknown>>;
    expect(missing.customer).toEqual({ name: 'Ada Lovelace' });
  });

  it('leaves out sets that would change nothing', () => {
    const schema = { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] };
    const names = dataSets({ total: 12 }, schema).map((set) => set.name);
    expect(names).toEqual(['sample']);
  });
});
