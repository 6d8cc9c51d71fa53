import { badArgument, isBlank, optionalInteger } from './arguments';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Error correction levels of a QR code, from the least redundancy (most data) to the most. */
export type QrLevel = 'L' | 'M' | 'Q' | 'H';

// What the largest QR code (version 40) holds at each level, by the encoding the PDF engine picks for the text:
// digits only, digits with upper-case letters and ` $%*+-./:`, or bytes of UTF-8.
const QR_CAPACITY: Record<QrLevel, { numeric: number; alphanumeric: number; bytes: number }> = {
  L: { numeric: 7089, alphanumeric: 4296, bytes: 2953 },
  M: { numeric: 5596, alphanumeric: 3391, bytes: 2331 },
  Q: { numeric: 3993, alphanumeric: 2420, bytes: 1663 },
  H: { numeric: 3057, alphanumeric: 1852, bytes: 1273 },
};

/** Whether a text fits in a QR code at an error correction level (the largest code, version 40). */
export function qrFits(text: string, level: QrLevel = 'M'): boolean {
  const capacity = QR_CAPACITY[level];
  if (/^\d*$/.test(text)) return text.length <= capacity.numeric;
  if (/^[0-9A-Z $%*+\-./:]*$/.test(text)) return text.length <= capacity.alphanumeric;
  return new TextEncoder().encode(text).length <= capacity.bytes;
}

/** `{{ invoice.payment_url | qr: 96 }}` emits `<qr-code value="…" size="96"></qr-code>` for the PDF engine to draw. */
export function qr(value: unknown, size?: unknown, level?: unknown): string {
  if (isBlank(value)) return '';
  const text = String(value);
  const px = optionalInteger('qr', 'size', size, 16, 2000);
  let ec: QrLevel | undefined;
  if (!isBlank(level)) {
    ec = String(level).toUpperCase() as QrLevel;
    if (!['L', 'M', 'Q', 'H'].includes(ec)) throw badArgument('qr', 'the error correction level must be L, M, Q or H');
  }
  if (!qrFits(text, ec)) {
    throw badArgument(
      'qr',
      `the text is too long for a QR code at level ${ec ?? 'M'} (at most 2,331 bytes of text at M, 2,953 at L)`,
    );
  }
  return `<qr-code value="${escapeAttribute(text)}"${px === undefined ? '' : ` size="${px}"`}${ec === undefined ? '' : ` level="${ec}"`}></qr-code>`;
}

/** Barcode symbologies the PDF engine draws, with what each accepts. */
export const BARCODE_TYPES = {
  code128: /^[\x20-\x7e]{1,80}$/,
  code39: /^[0-9A-Z\-. $/+%]{1,43}$/,
  ean13: /^\d{12,13}$/,
  ean8: /^\d{7,8}$/,
  upca: /^\d{11,12}$/,
  itf14: /^\d{13,14}$/,
} as const;
export type BarcodeType = keyof typeof BARCODE_TYPES;

/** `{{ order.number | barcode: "code128", 40 }}` emits `<bar-code type="code128" value="…" height="40"></bar-code>`. */
export function barcode(value: unknown, type?: unknown, height?: unknown): string {
  if (isBlank(value)) return '';
  const symbology = (isBlank(type) ? 'code128' : String(type).toLowerCase()) as BarcodeType;
  const pattern = BARCODE_TYPES[symbology];
  if (!pattern) {
    throw badArgument('barcode', `unknown type "${String(type)}"; use one of ${Object.keys(BARCODE_TYPES).join(', ')}`);
  }
  const text = String(value);
  if (!pattern.test(text)) throw badArgument('barcode', `"${text.slice(0, 40)}" cannot be written as ${symbology}`);
  const px = optionalInteger('barcode', 'height', height, 8, 1000);
  return `<bar-code type="${symbology}" value="${escapeAttribute(text)}"${px === undefined ? '' : ` height="${px}"`}></bar-code>`;
}
