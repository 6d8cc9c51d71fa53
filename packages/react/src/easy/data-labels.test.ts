import { describe, expect, it } from 'vitest';
import { humanize, itemLabel, singular } from './data-labels';

describe('the sample-data form’s labels', () => {
  it('reads keys as words', () => {
    expect(humanize('address_lines')).toBe('Address lines');
    expect(humanize('accountName')).toBe('Account name');
    expect(humanize('ship-to')).toBe('Ship to');
    expect(humanize('vat_id')).toBe('VAT ID');
    expect(humanize('company')).toBe('Company');
    // A label written for people keeps its words.
    expect(humanize('E-mail addresses')).toBe('E-mail addresses');
  });

  it('names a list’s items after its singular, else "Item"', () => {
    expect(singular('Address lines')).toBe('Address line');
    expect(singular('Companies')).toBe('Company');
    expect(singular('Addresses')).toBe('Address');
    expect(singular('Boxes')).toBe('Box');
    expect(singular('Address')).toBeUndefined();
    expect(singular('Status')).toBeUndefined();
    expect(singular('Data')).toBeUndefined();
    expect(itemLabel(0, 'Address lines', undefined)).toBe('Address line 1');
    expect(itemLabel(2, 'Line items', 'Line')).toBe('Line 3');
    expect(itemLabel(1, 'Staff', undefined)).toBeUndefined();
  });
});
