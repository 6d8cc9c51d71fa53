import { move, transferableSymbol, valueSymbol } from 'piscina';

/**
 * Wraps a handler's result so that piscina transfers (instead of copies) the memory of its byte arrays: the result
 * itself when it is one, or its top-level properties (a `RenderResult`'s `bytes`).
 */
export function withTransferableBytes(result: unknown): unknown {
  if (typeof result !== 'object' || result === null) return result;
  const buffers = transferableBuffers(result);
  if (buffers.length === 0) return result;
  return move({ [transferableSymbol]: buffers, [valueSymbol]: result });
}

function transferableBuffers(result: object): ArrayBuffer[] {
  const candidates = ArrayBuffer.isView(result) ? [result] : Object.values(result);
  const buffers = new Set<ArrayBuffer>();
  for (const value of candidates) {
    if (!ArrayBuffer.isView(value)) continue;
    const { buffer } = value;
    // Only a view that owns its whole buffer may give it away: small Node Buffers share one pooled slab, and
    // transferring that would detach every other Buffer carved from it.
    if (buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === buffer.byteLength) {
      buffers.add(buffer);
    }
  }
  return [...buffers];
}
