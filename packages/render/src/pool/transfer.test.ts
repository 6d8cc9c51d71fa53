import { transferableSymbol, valueSymbol } from 'piscina';
import { describe, expect, it } from 'vitest';
import { withTransferableBytes } from './transfer';

function parts(value: unknown): { transfer: unknown; value: unknown } {
  const record = value as Record<symbol, unknown>;
  return { transfer: record[transferableSymbol], value: record[valueSymbol] };
}

describe('withTransferableBytes', () => {
  it('transfers the buffer of a result’s byte array', () => {
    const result = { bytes: new Uint8Array(16), pages: 1 };
    expect(parts(withTransferableBytes(result))).toEqual({ transfer: [result.bytes.buffer], value: result });
  });

  it('transfers a byte array returned on its own', () => {
    const bytes = new Uint8Array(8);
    expect(parts(withTransferableBytes(bytes)).transfer).toEqual([bytes.buffer]);
  });

  it('copies views that share their buffer, and leaves other results alone', () => {
    const shared = Buffer.from('small'); // Node pools small Buffers in one slab.
    const small = { bytes: shared };
    expect(withTransferableBytes(small)).toBe(small);
    const slice = { bytes: new Uint8Array(new ArrayBuffer(32), 8, 8) };
    expect(withTransferableBytes(slice)).toBe(slice);
    expect(withTransferableBytes('text')).toBe('text');
    expect(withTransferableBytes(null)).toBeNull();
  });
});
