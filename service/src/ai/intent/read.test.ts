import { describe, expect, it } from 'vitest';
import { readIntent } from './read';

describe('readIntent', () => {
  it('names the kind, columns, fields, page and marks of a request', () => {
    const intent = readIntent(
      'An invoice in French on US Letter landscape with columns description, quantity and unit price, the due date, a QR code and a signature',
    );
    expect(intent.kind).toBe('invoice');
    expect(intent.language).toBe('fr');
    expect(intent.page).toMatchObject({ size: 'Letter', widthMm: 215.9, orientation: 'landscape' });
    expect(intent.lists[0]?.columns.map((c) => c.key)).toEqual(['description', 'quantity', 'unit_price']);
    expect(intent.lists[0]?.columns[0]?.label).toBe('Désignation');
    expect(intent.fields.map((f) => f.key)).toContain('due_date');
    expect(intent.marks.map((m) => m.kind).sort()).toEqual(['qr', 'signature']);
  });

  it('leaves the kind out when it recognises none', () => {
    expect(readIntent('something nice').kind).toBeUndefined();
  });
});
