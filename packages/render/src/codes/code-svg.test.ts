import { describe, expect, it } from 'vitest';
import { codeSvg } from './code-svg';

const viewBox = (markup: string) => /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(markup)?.slice(1).map(Number);

describe('codeSvg', () => {
  it('draws a QR code at its size attribute (px) in points, 96px by default', () => {
    const sized = codeSvg('qr-code', { value: 'https://pay.example.com/i/42', size: '120' });
    expect(sized).toMatchObject({ width: 90, height: 90 });
    const plain = codeSvg('qr-code', { value: 'hello' });
    expect(plain).toMatchObject({ width: 72, height: 72 });
    if ('error' in plain) throw new Error(plain.error);
    expect(plain.markup).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 21 21"/);
    expect(plain.markup).toContain('<path d="M0 0h7v1h-7z');
  });

  it('draws the modules in the given colour, black by default', () => {
    const black = codeSvg('qr-code', { value: 'hello' });
    const red = codeSvg('qr-code', { value: 'hello' }, { color: '#cc0000' });
    if ('error' in black || 'error' in red) throw new Error('not drawn');
    expect(black.markup).toMatch(/^<svg [^>]*shape-rendering="crispEdges">/);
    expect(red.markup).toMatch(/^<svg fill="#cc0000" /);
    // On a white square, as pdfmake draws it.
    expect(red.markup).toContain('<rect width="21" height="21" fill="#ffffff"/>');
  });

  it('picks a larger symbol for a higher error correction level and a longer text', () => {
    const at = (value: string, level?: string) => {
      const drawn = codeSvg('qr-code', level ? { value, level } : { value });
      if ('error' in drawn) throw new Error(drawn.error);
      return viewBox(drawn.markup)?.[0] ?? 0;
    };
    expect(at('x'.repeat(30), 'H')).toBeGreaterThan(at('x'.repeat(30), 'L'));
    expect(at('x'.repeat(200))).toBeGreaterThan(at('x'.repeat(20)));
    // An unknown level is M, as in the pdfmake output.
    expect(at('x'.repeat(30), 'Z')).toBe(at('x'.repeat(30), 'M'));
  });

  it('draws the three finder patterns of a QR code in its corners', () => {
    const drawn = codeSvg('qr-code', { value: 'https://pay.example.com/i/42' });
    if ('error' in drawn) throw new Error(drawn.error);
    const size = viewBox(drawn.markup)?.[0] ?? 0;
    const dark = new Set<string>();
    for (const [, x, y, w] of drawn.markup.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      for (let i = 0; i < Number(w); i++) dark.add(`${Number(x) + i},${y}`);
    }
    const finder = (left: number, top: number) => {
      const rows: string[] = [];
      for (let y = 0; y < 7; y++) {
        let row = '';
        for (let x = 0; x < 7; x++) row += dark.has(`${left + x},${top + y}`) ? '#' : '.';
        rows.push(row);
      }
      return rows;
    };
    const pattern = ['#######', '#.....#', '#.###.#', '#.###.#', '#.###.#', '#.....#', '#######'];
    expect(finder(0, 0)).toEqual(pattern);
    expect(finder(size - 7, 0)).toEqual(pattern);
    expect(finder(0, size - 7)).toEqual(pattern);
  });

  it('encodes text beyond Latin-1 (as UTF-8 bytes) instead of failing', () => {
    expect(codeSvg('qr-code', { value: 'Zahlung 42 € — 東京' })).not.toHaveProperty('error');
  });

  it('reports a QR code without value or too long for its level', () => {
    expect(codeSvg('qr-code', {})).toMatchObject({ code: 'qr_failed' });
    const long = codeSvg('qr-code', { value: 'x'.repeat(2000), level: 'H' });
    expect(long).toMatchObject({ code: 'qr_failed', error: expect.stringContaining('level H') });
  });

  it('draws a code128 bar code at its height attribute (px) in points, 40px by default, keeping its proportions', () => {
    const drawn = codeSvg('bar-code', { value: 'INV-2024-001' });
    if ('error' in drawn) throw new Error(drawn.error);
    expect(drawn.height).toBe(30);
    const [w, h] = viewBox(drawn.markup) ?? [0, 1];
    expect(drawn.width).toBeCloseTo((30 * (w as number)) / (h as number), 6);
    const tall = codeSvg('bar-code', { value: 'INV-2024-001', height: '80' });
    expect(tall).toMatchObject({ height: 60 });
  });

  it('draws the other symbologies and reports a value a symbology cannot hold', () => {
    expect(codeSvg('bar-code', { type: 'ean13', value: '400638133393' })).not.toHaveProperty('error');
    expect(codeSvg('bar-code', { type: 'ean13', value: 'abc' })).toMatchObject({
      code: 'barcode_failed',
      error: expect.stringContaining('The ean13 barcode "abc" could not be drawn'),
    });
    expect(codeSvg('bar-code', { type: 'pdf417', value: '1' })).toMatchObject({
      error: expect.stringContaining('unknown barcode type'),
    });
    expect(codeSvg('bar-code', { value: '' })).toMatchObject({ code: 'barcode_failed' });
  });
});
