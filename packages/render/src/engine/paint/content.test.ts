import { describe, expect, it } from 'vitest';
import { ContentWriter, num } from './content';
import type { PdfDocument } from './pdfkit-types';

/** A ContentWriter whose page content is kept as the bytes pdfkit would be handed, read back as text. */
function writer() {
  const chunks: Array<string | Uint8Array> = [];
  const doc = { addContent: (data: string | Uint8Array) => chunks.push(data) } as unknown as PdfDocument;
  const cw = new ContentWriter(doc);
  // pdfkit adds a newline to a string and keeps bytes as they are.
  const text = () => {
    cw.flush();
    return chunks.map((c) => (typeof c === 'string' ? `${c}\n` : Buffer.from(c).toString('latin1'))).join('');
  };
  return { cw, text };
}

describe('ContentWriter', () => {
  it('writes numbers digit by digit exactly as num() formats them', () => {
    const values = [
      0,
      -0,
      1,
      -1,
      0.5,
      -0.5,
      0.0004,
      0.0005,
      -0.0004,
      -0.0005,
      0.001,
      0.01,
      0.1,
      0.12,
      0.123,
      0.1234,
      0.1235,
      0.999,
      0.9995,
      9.9995,
      10,
      100.25,
      841.89,
      595.276,
      -12.3456,
      1e6 + 0.5,
      123456789.987,
      2 ** 40 + 0.125,
      1e15,
      -1e16,
      1e21,
      1 / 3,
      2 / 3,
      1e-7,
    ];
    // And a spread of the values a page's coordinates take.
    for (let i = 0; i < 2000; i++) values.push((i * 7919.123) / 37 - 300, (i % 41) * 0.0625 - 1.3);
    const { cw, text } = writer();
    for (const value of values) {
      cw.writeNumber(value);
      cw.writeByte(10);
    }
    expect(text()).toBe(values.map((v) => `${num(v)}\n`).join(''));
  });

  it('gives pdfkit the same content as operator strings would', () => {
    const { cw, text } = writer();
    cw.save();
    cw.rect({ x: 10.5, y: -2, width: 100.125, height: 0.3333 });
    cw.write('f');
    cw.writeRect(1, 2, 3, 4);
    cw.restore();
    expect(text()).toBe('q\n10.5 -2 100.125 0.333 re\nf\n1 2 3 4 re\nQ\n');
  });

  it('grows past its first buffer without losing a byte', () => {
    const { cw, text } = writer();
    const ops: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const op = `${i} ${i / 8} m`;
      ops.push(op);
      cw.write(op);
    }
    expect(text()).toBe(ops.map((op) => `${op}\n`).join(''));
  });

  it("copies what was written since a position and writes it again as it was, past a buffer's growth", () => {
    const { cw, text } = writer();
    cw.write('BT');
    const from = cw.position;
    cw.writeText('[<0041> ');
    cw.writeNumber(-12.5);
    cw.writeText(' <0042>] TJ\n');
    const body = cw.copyFrom(from);
    expect(Buffer.from(body).toString('latin1')).toBe('[<0041> -12.5 <0042>] TJ\n');
    for (let i = 0; i < 5_000; i++) cw.writeBytes(body);
    cw.write('ET');
    expect(text()).toBe(`BT\n${'[<0041> -12.5 <0042>] TJ\n'.repeat(5_001)}ET\n`);
  });
});
