import { describe, expect, it } from 'vitest';
import { countPdfPages } from './pdf-page-count';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('countPdfPages', () => {
  it('reads the root of the page tree', () => {
    const pdf = [
      '%PDF-1.4',
      '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
      '2 0 obj <</Type /Pages /Kids [3 0 R 4 0 R] /Count 7>> endobj',
      '3 0 obj <</Type /Pages /Parent 2 0 R /Count 3 /Kids []>> endobj',
      '4 0 obj <</Count 4 /Type /Pages /Parent 2 0 R /Kids []>> endobj',
      '5 0 obj <</Type /Outlines /Count 12>> endobj',
    ].join('\n');
    expect(countPdfPages(bytes(pdf))).toBe(7);
  });

  it('counts page objects when there is no readable page tree', () => {
    const pdf = '%PDF-1.7\n<</Type /Page /Parent 2 0 R>>\n<</Type/Page>>\n<</Type /Pages>>';
    expect(countPdfPages(bytes(pdf))).toBe(2);
  });

  it('reads a view into a larger buffer', () => {
    const whole = bytes('xxxx1 0 obj <</Type /Pages /Count 3>> endobjxxxx');
    expect(countPdfPages(whole.subarray(4, whole.length - 4))).toBe(3);
  });
});
