import { describe, expect, it } from 'vitest';
import { keptInput, MAX_KEPT_DATA_BYTES, REDACTED, redactSecrets } from './kept-data';

const schema = {
  type: 'object',
  properties: {
    customer: {
      type: 'object',
      properties: { name: { type: 'string' }, iban: { type: 'string', writeOnly: true } },
    },
    lines: { type: 'array', items: { $ref: '#/$defs/line' } },
    api_token: { type: 'string', writeOnly: true },
    pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'string', writeOnly: true }] },
    extra: { type: 'object', additionalProperties: { type: 'string', writeOnly: true } },
  },
  $defs: { line: { type: 'object', properties: { cost: { type: 'number', writeOnly: true }, what: {} } } },
};

describe('the data a report keeps', () => {
  it('replaces every value the schema marks writeOnly, through objects, lists, tuples and $refs', () => {
    const data = {
      customer: { name: 'Ada', iban: 'GB33BUKB20201555555555' },
      lines: [{ what: 'Tea', cost: 4 }, { what: 'Cake' }],
      api_token: { nested: 'whole value' },
      pair: ['visible', 'hidden'],
      extra: { a: 'x', b: 'y' },
      unknown: 'kept',
    };
    expect(redactSecrets(data, schema)).toEqual({
      customer: { name: 'Ada', iban: REDACTED },
      lines: [{ what: 'Tea', cost: REDACTED }, { what: 'Cake' }],
      api_token: REDACTED,
      pair: ['visible', REDACTED],
      extra: { a: REDACTED, b: REDACTED },
      unknown: 'kept',
    });
  });

  it('keeps data as sent without a schema, and leaves the original untouched', () => {
    const data = { customer: { iban: 'GB33' } };
    expect(redactSecrets(data, null)).toEqual(data);
    redactSecrets(data, schema);
    expect(data.customer.iban).toBe('GB33');
  });

  it('keeps a data source’s parameters, not its data, and no data over the size cap', () => {
    expect(keptInput({ dataSource: { id: 'ds_1', params: { month: '2026-03' } } }, schema)).toEqual({
      dataJson: null,
      dataSourceParamsJson: '{"month":"2026-03"}',
    });
    expect(keptInput({ data: { api_token: 'sk_live' } }, schema).dataJson).toBe(`{"api_token":"${REDACTED}"}`);
    const big = { text: 'x'.repeat(MAX_KEPT_DATA_BYTES) };
    expect(keptInput({ data: big }, null)).toEqual({ dataJson: null, dataSourceParamsJson: null });
  });
});
