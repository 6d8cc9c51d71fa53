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

  it('names the catalogue kind, the list asked as plurals, a label format and what a code holds', () => {
    const card = readIntent('A school report card with subjects, grades and teacher comments');
    expect(card.kind).toBe('report_card');
    expect(card.lists[0]?.columns.map((c) => c.label)).toEqual(['Subject', 'Grade', 'Teacher comment']);
    const label = readIntent('4x6 shipping label with a barcode of the tracking number');
    expect(label.kind).toBe('shipping_label');
    expect(label.page).toMatchObject({ size: 'custom', widthMm: 101.6, heightMm: 152.4 });
    expect(label.marks).toEqual([{ kind: 'barcode', value: expect.objectContaining({ key: 'tracking_number' }) }]);
    expect(readIntent('facture pour un client').kind).toBe('invoice');
  });

  it('leaves the kind out when it recognises none', () => {
    expect(readIntent('something nice').kind).toBeUndefined();
  });
});
