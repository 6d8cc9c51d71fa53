import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pngData } from './images';
import { PngChecks } from './png-checks';

function png(idat: Uint8Array): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    out.set(data, 8);
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', new Uint8Array())]);
}

describe('PngChecks', () => {
  const clean = png(deflateSync(Buffer.from([0, 255, 0, 0])));
  const corrupt = png(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]));
  const elsewhere = png(deflateSync(Buffer.from([0, 0, 0, 255])));

  it('passes PNG data that inflated when checked ahead, in any copy', async () => {
    const checks = new PngChecks();
    await checks.add([clean], []);
    expect(() => checks.checkInflates(pngData(Uint8Array.from(clean)))).not.toThrow();
  });

  it("finds the PNGs of the sources' data: URLs", async () => {
    const checks = new PngChecks();
    const url = `data:image/png;base64,${Buffer.from(elsewhere).toString('base64')}`;
    await checks.add([], [`<div style="background-image: url('${url}')"></div>`]);
    expect(() => checks.checkInflates(pngData(elsewhere))).not.toThrow();
  });

  it('throws for data that does not inflate, and for data never checked', async () => {
    const checks = new PngChecks();
    await checks.add([corrupt, clean], []);
    expect(() => checks.checkInflates(pngData(corrupt))).toThrow();
    expect(() => checks.checkInflates(pngData(elsewhere))).toThrow();
  });
});
