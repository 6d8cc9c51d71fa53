import { describe, expect, it } from 'vitest';
import { readIntent } from '../../intent/read';

describe('the intent of a Japanese request', () => {
  it('names its kind, Japanese labels for its columns and fields, its page and its marks', () => {
    const intent = readIntent(
      'A4横向きの請求書。品名、数量、単価、金額の列、支払期限を含む、合計欄、QRコードと署名欄付き、日本語で',
    );
    expect(intent.kind).toBe('invoice');
    expect(intent.language).toBe('ja');
    expect(intent.languageExplicit).toBe(true);
    expect(intent.page).toMatchObject({ size: 'A4', orientation: 'landscape' });
    expect(intent.lists[0]?.columns.map((c) => [c.key, c.label])).toEqual([
      ['item', '品名'],
      ['quantity', '数量'],
      ['unit_price', '単価'],
      ['amount', '金額'],
    ]);
    expect(intent.fields.map((f) => [f.key, f.label])).toEqual([['due_date', '支払期限']]);
    expect(intent.computed.map((c) => c.label)).toEqual(['合計']);
    expect(intent.marks.map((m) => m.kind).sort()).toEqual(['qr', 'signature']);
  });
});
