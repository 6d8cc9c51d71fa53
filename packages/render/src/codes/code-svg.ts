import { type QrLevel, qrFits } from '@quire/core';
import { barcodeSvg } from '../barcode';
import { escapeAttribute } from '../convert/serialize';
import { qrSvgMarkup } from './qr';

export type CodeTag = 'qr-code' | 'bar-code';

/** A code drawn as standalone SVG (a viewBox, no width or height), and the size it is drawn at, in points. */
export interface CodeSvg {
  markup: string;
  width: number;
  height: number;
}

/** Why a code could not be drawn, worded for the template's author, with the warning code the converter uses. */
export interface CodeError {
  error: string;
  code: 'qr_failed' | 'barcode_failed';
}

export interface CodeSvgOptions {
  /** Colour of a QR code's modules, any CSS colour (`currentColor` included); black by default. Bars stay black, as in the pdfmake output. */
  color?: string;
}

const PX_TO_PT = 0.75;
const DEFAULT_QR_SIZE_PX = 96;
const DEFAULT_BAR_HEIGHT_PX = 40;

export function isCodeTag(tag: string): tag is CodeTag {
  return tag === 'qr-code' || tag === 'bar-code';
}

/**
 * Draws `<qr-code value size level>` or `<bar-code type value height>` as SVG, with the attributes and defaults
 * the pdfmake converter honours, so that every output shows the same codes. Results are cached and shared: read only.
 */
export function codeSvg(
  tag: CodeTag,
  attrs: Record<string, string | undefined>,
  options: CodeSvgOptions = {},
): CodeSvg | CodeError {
  const key =
    tag === 'qr-code'
      ? `q|${attrs.level}|${attrs.size}|${options.color}|${attrs.value}`
      : `b|${attrs.type}|${attrs.height}|${attrs.value}`;
  const cached = drawn.get(key);
  if (cached) return cached;
  const result = tag === 'qr-code' ? qrSvg(attrs, options.color) : barSvg(attrs);
  // Drawing is pure and takes milliseconds (bars: bwip-js): a template rendered again draws its codes once.
  if (drawn.size >= CACHE_SIZE) drawn.delete(drawn.keys().next().value as string);
  drawn.set(key, result);
  return result;
}

const CACHE_SIZE = 256;
const drawn = new Map<string, CodeSvg | CodeError>();

function qrSvg(attrs: Record<string, string | undefined>, color: string | undefined): CodeSvg | CodeError {
  const value = attrs.value ?? '';
  if (!value) return { code: 'qr_failed', error: 'A QR code has no value; it was left out' };
  const given = (attrs.level ?? 'M').toUpperCase();
  const level = (/^[LMQH]$/.test(given) ? given : 'M') as QrLevel;
  if (!qrFits(value, level)) {
    return {
      code: 'qr_failed',
      error: `A QR code cannot hold ${value.length} characters at error correction level ${level}; it was left out`,
    };
  }
  let markup: string;
  try {
    markup = qrSvgMarkup(value, level);
  } catch (error) {
    // pdfmake's encoder throws strings.
    return {
      code: 'qr_failed',
      error: `A QR code could not be drawn: ${String(error instanceof Error ? error.message : error)}`,
    };
  }
  // The modules' path has no fill of its own: one on the root reaches it (the background square has its own).
  if (color) markup = markup.replace(/^<svg/, `<svg fill="${escapeAttribute(color)}"`);
  const size = (Number(attrs.size) || DEFAULT_QR_SIZE_PX) * PX_TO_PT;
  return { markup, width: size, height: size };
}

function barSvg(attrs: Record<string, string | undefined>): CodeSvg | CodeError {
  const value = attrs.value ?? '';
  const type = attrs.type ?? 'code128';
  if (!value) return { code: 'barcode_failed', error: `A ${type} barcode has no value; it was left out` };
  const height = (Number(attrs.height) || DEFAULT_BAR_HEIGHT_PX) * PX_TO_PT;
  let markup: string;
  try {
    markup = barcodeSvg(type, value, height).trim();
  } catch (error) {
    return {
      code: 'barcode_failed',
      error: `The ${type} barcode "${value}" could not be drawn: ${(error as Error).message}`,
    };
  }
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(markup);
  const ratio = box ? Number(box[1]) / Number(box[2]) : 3;
  return { markup, width: height * ratio, height };
}
