import { z } from 'zod';

/**
 * Bytes as a prop: any Uint8Array (a Buffer too), from this realm or another (a frame's, a worker's, a test
 * DOM's), which `instanceof` would refuse.
 */
export const bytesProp = () =>
  z.custom<Uint8Array>(
    (value) => ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === '[object Uint8Array]',
    { message: 'Expected the file as a Uint8Array' },
  );
