import { describe, expect, it } from 'vitest';
import { dataTree } from '../builder/analysis';
import { bindings, resolvePath, sampleText, splitPath } from './data-paths';

const tree = dataTree(
  {
    type: 'object',
    properties: {
      invoice: {
        type: 'object',
        properties: { items: { type: 'array', items: { type: 'object', properties: { price: { type: 'number' } } } } },
      },
    },
  },
  { invoice: { items: [{ price: 4.5, sku: 'T-1' }] }, note: 'Thanks' },
);

describe('data paths', () => {
  it('merges the schema and the sample data into one tree', () => {
    expect(tree.map((n) => n.name)).toEqual(['invoice', 'note']);
    const items = resolvePath(tree, ['invoice', 'items'], '');
    expect(items?.type).toBe('array');
    expect(items?.item?.children.map((n) => [n.name, n.type, n.sample])).toEqual([
      ['price', 'number', 4.5],
      ['sku', 'string', 'T-1'],
    ]);
  });

  it('resolves a loop variable to the items of its list, through nested loops and assignments', () => {
    const text = '{% assign rows = invoice.items %}{% for row in rows %}{% for x in row.tags %}';
    expect(bindings(text).get('row')).toEqual(['rows', '[]']);
    expect(resolvePath(tree, ['row', 'price'], text)?.sample).toBe(4.5);
    expect(resolvePath(tree, ['invoice', 'items', 'first', 'sku'], '')?.sample).toBe('T-1');
    expect(resolvePath(tree, ['invoice', 'items', '[]', 'price'], '')?.path).toBe('invoice.items[].price');
    expect(resolvePath(tree, ['nothing'], text)).toBeUndefined();
  });

  it('splits Liquid paths with indexes', () => {
    expect(splitPath('invoice.items[0].price')).toEqual(['invoice', 'items', '[]', 'price']);
  });

  it('shortens long sample values', () => {
    expect(sampleText('x'.repeat(100), 10)).toBe('"xxxxxxxx…');
    expect(sampleText({ a: 1 })).toBe('{"a":1}');
  });
});
