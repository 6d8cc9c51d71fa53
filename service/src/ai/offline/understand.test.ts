import { describe, expect, it } from 'vitest';
import { parseInstruction } from './instruction';
import { term } from './labels';
import { readRequest } from './understand';

const keys = (list: { key: string }[]) => list.map((n) => n.key);

describe('reading a request', () => {
  it('finds the document type, its columns and its sections', () => {
    const r = readRequest(
      'An invoice with columns description, quantity, unit price and amount, with a logo and notes',
    );
    expect(r.docType).toBe('invoice');
    expect(keys(r.columns)).toEqual(['description', 'quantity', 'unit_price', 'amount']);
    expect([...r.features].sort()).toEqual(['logo', 'notes']);
    expect(r.fields).toEqual([]);
  });

  it('reads columns after the word, before it, and in parentheses', () => {
    expect(keys(readRequest('A report with columns: region, sales').columns)).toEqual(['region', 'sales']);
    expect(keys(readRequest('An invoice with product, qty and unit cost columns').columns)).toEqual([
      'product',
      'quantity',
      'unit_price',
    ]);
    expect(
      keys(readRequest('A delivery note with a table of items (sku, description, ordered, shipped)').columns),
    ).toEqual(['sku', 'description', 'ordered', 'shipped']);
  });

  it('ends a list where the next thought starts', () => {
    const r = readRequest('A quote with columns service, hours and rate, and a signature in blue');
    expect(keys(r.columns)).toEqual(['service', 'hours', 'rate']);
    expect(r.features.has('signature')).toBe(true);
    expect(r.accent).toBe('#1f5fa8');
  });

  it('keeps the words people use as labels and invents English data names', () => {
    const r = readRequest('Hotel receipt: guest name, room number, check-in date and nights');
    // Room number and nights are dictionary words now (the catalogue's hotel kinds): their label is the dictionary's.
    expect(r.fields.map((f) => [f.key, f.label ?? (f.concept && term(f.concept, 'en')), f.type])).toEqual([
      ['guest_name', 'Guest name', 'text'],
      ['room_number', 'Room number', 'text'],
      ['check_in_date', 'Check-in date', 'date'],
      ['nights', 'Nights', 'number'],
    ]);
    const fr = readRequest('Un reçu avec le numéro de chambre et le prix par nuit');
    expect(fr.language).toBe('fr');
    expect(keys(fr.fields)).toEqual(['room_number', 'price_par_nuit']);
  });

  it('detects the language from the prompt, or from an explicit "in French"', () => {
    expect(readRequest('Une facture avec les colonnes désignation et montant').language).toBe('fr');
    expect(readRequest('Eine Rechnung mit den Spalten Menge und Preis').language).toBe('de');
    expect(readRequest('Una factura con columnas concepto e importe').language).toBe('es');
    expect(readRequest('Fatura com colunas descrição e preço').language).toBe('pt');
    expect(readRequest('Rapporto mensile con colonne prodotto e ricavi').language).toBe('it');
    expect(readRequest('Factuur met kolommen omschrijving en bedrag').language).toBe('nl');
    const explicit = readRequest('An invoice in German with columns description and amount');
    expect(explicit).toMatchObject({ language: 'de', languageExplicit: true });
    expect(readRequest('An invoice with columns description and amount').language).toBe('en');
  });

  it('reads colours, fonts, sizes, orientation, page size and currency', () => {
    const r = readRequest(
      'A landscape report on legal paper in #E4572E with a serif font, 11pt text, amounts in euros',
    );
    expect(r).toMatchObject({
      orientation: 'landscape',
      pageSize: 'Legal',
      accent: '#e4572e',
      font: 'serif',
      size: 11,
      currency: 'EUR',
    });
    const letter = readRequest('A cover letter on US Letter in navy');
    expect(letter).toMatchObject({ docType: 'letter', pageSize: 'Letter', accent: '#1b2a4a' });
  });

  it('makes titles of the words around the document type', () => {
    expect(readRequest('Monthly sales report with a summary').title).toBe('Monthly sales report');
    expect(readRequest('Certificate of completion for a course').title).toBe('Certificate of completion');
    expect(readRequest('Ein Monatsbericht mit Zusammenfassung').title).toBe('Monatsbericht');
    expect(readRequest('An invoice titled "Final invoice"').title).toBe('Final invoice');
  });

  it('names parties and what it cannot draw', () => {
    const r = readRequest('A purchase order with the supplier, ship to address and a watermark');
    expect(r.parties).toEqual(['supplier', 'ship_to']);
    expect(r.unsupported).toEqual(['watermarks']);
    expect(r.fields).toEqual([]);
  });
});

describe('reading a refinement', () => {
  it('splits clauses and reads each', () => {
    expect(parseInstruction('make it landscape and add a QR code, then rename Qty to Quantity')).toEqual([
      { op: 'orientation', value: 'landscape' },
      { op: 'section', section: 'qr', on: true },
      { op: 'rename', name: 'Qty', to: 'Quantity' },
    ]);
  });

  it('reads lists of things to add and remove', () => {
    expect(parseInstruction('add a logo, a signature, terms and page numbers')).toEqual([
      { op: 'feature', feature: 'logo', on: true },
      { op: 'section', section: 'signature', on: true },
      { op: 'section', section: 'terms', on: true },
      { op: 'feature', feature: 'pageNumbers', on: true },
    ]);
    expect(parseInstruction('remove the SKU and weight columns')).toEqual([
      { op: 'remove', name: 'SKU', kind: 'column' },
      { op: 'remove', name: 'weight', kind: 'column' },
    ]);
  });

  it('reads positions, swaps and orders', () => {
    expect(parseInstruction('add a discount column after quantity')).toEqual([
      { op: 'add', name: 'discount', kind: 'column', after: 'quantity' },
    ]);
    expect(parseInstruction('move notes above the table')).toEqual([
      { op: 'move', name: 'notes', where: 'before', ref: 'table' },
    ]);
    expect(parseInstruction('swap the date and amount columns')).toEqual([{ op: 'swap', a: 'date', b: 'amount' }]);
    expect(parseInstruction('reorder the columns: amount, description')).toEqual([
      { op: 'order', names: ['amount', 'description'] },
    ]);
  });

  it('reads French, German and Spanish verbs', () => {
    expect(parseInstruction('Ajoute une colonne Remise après Quantité')).toEqual([
      { op: 'add', name: 'Remise', kind: 'column', after: 'quantite' },
    ]);
    expect(parseInstruction('Entferne die Spalte Menge')).toEqual([{ op: 'remove', name: 'Menge', kind: 'column' }]);
    expect(parseInstruction('Renombra la columna Importe a Total')).toEqual([
      { op: 'rename', name: 'Importe', to: 'Total', kind: 'column' },
    ]);
    expect(parseInstruction('Traduis en anglais')).toEqual([{ op: 'language', lang: 'en' }]);
  });

  it('marks what it cannot do and what it does not understand', () => {
    expect(parseInstruction('add a watermark')).toEqual([{ op: 'unsupported', what: 'watermarks' }]);
    expect(parseInstruction('add a pie chart of the amounts')).toEqual([
      { op: 'section', section: 'chart', on: true, chart: { type: 'pie', of: 'amounts' } },
    ]);
    expect(parseInstruction('sing a song')).toEqual([{ op: 'unknown', text: 'sing a song' }]);
  });
});
