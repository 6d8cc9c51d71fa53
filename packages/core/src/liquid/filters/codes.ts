import { badArgument, isBlank, optionalInteger } from './arguments';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `{{ invoice.payment_url | qr: 96 }}` emits `<qr-code value="…" size="96"></qr-code>` for the PDF engine to draw. */
export function qr(value: unknown, size?: unknown, level?: unknown): string {
  if (isBlank(value)) return '';
  const text = String(value);
  if (text.length > 2953) throw badArgument('qr', 'a QR code holds at most 2,953 characters');
  const px = optionalInteger('qr', 'size', size, 16, 2000);
  let ec: string | undefined;
  if (!isBlank(level)) {
    ec = String(level).toUpperCase();
    if (!['L', 'M', 'Q', 'H'].includes(ec)) throw badArgument('qr', 'the error correction level must be L, M, Q or H');
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
