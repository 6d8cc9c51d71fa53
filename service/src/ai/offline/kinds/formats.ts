import type { PageSpec } from '../spec';

/**
 * Page formats a request may name or a kind may default to, with their portrait size in millimetres. Quire's page
 * setup names A4, Letter and Legal; every other format is `custom` with its width and height (core's PageSetup).
 */
export interface PageFormat {
  /** How the reply and the intent name it. */
  name: string;
  size: PageSpec['size'];
  widthMm: number;
  heightMm: number;
  /** The way the format is usually held: a business card is landscape, a shipping label portrait. */
  orientation: PageSpec['orientation'];
  /** Margins that suit the format, in millimetres. */
  margin: number;
}

const fmt = (
  name: string,
  size: PageSpec['size'],
  widthMm: number,
  heightMm: number,
  orientation: PageSpec['orientation'] = 'portrait',
  margin = 18,
): PageFormat => ({ name, size, widthMm, heightMm, orientation, margin });

export const FORMATS = {
  A4: fmt('A4', 'A4', 210, 297),
  A5: fmt('A5', 'custom', 148, 210, 'portrait', 14),
  A6: fmt('A6', 'custom', 105, 148, 'portrait', 8),
  Letter: fmt('Letter', 'Letter', 215.9, 279.4),
  Legal: fmt('Legal', 'Legal', 215.9, 355.6),
  label4x6: fmt('4x6 in', 'custom', 101.6, 152.4, 'portrait', 5),
  label4x2: fmt('4x2 in', 'custom', 50.8, 101.6, 'landscape', 4),
  badge: fmt('4x3 in', 'custom', 76.2, 101.6, 'landscape', 5),
  businessCard: fmt('85 × 55 mm', 'custom', 55, 85, 'landscape', 4),
  idCard: fmt('85.6 × 54 mm', 'custom', 54, 85.6, 'landscape', 4),
  ticket: fmt('ticket 8 × 3.25 in', 'custom', 82.55, 203.2, 'landscape', 5),
  recipeCard: fmt('4x6 in', 'custom', 101.6, 152.4, 'landscape', 6),
} as const satisfies Record<string, PageFormat>;

export type FormatName = keyof typeof FORMATS;

/** The page a format gives, turned as asked. */
export function pageOf(format: PageFormat, orientation?: PageSpec['orientation']): PageSpec {
  const page: PageSpec = { size: format.size, orientation: orientation ?? format.orientation };
  if (format.size === 'custom') {
    page.widthMm = format.widthMm;
    page.heightMm = format.heightMm;
    page.format = format.name;
  }
  return page;
}

/**
 * Formats named in a request, read from its folded text. Sizes written as `W x H in|mm|cm` are read as given;
 * the smaller side is the portrait width and the orientation follows the order written ("6x4" is landscape).
 */
export interface FoundFormat {
  format: PageFormat;
  orientation?: PageSpec['orientation'];
  /** Where it was written, to mark as understood. */
  at: [number, number];
}

export function formatInText(folded: string): FoundFormat | undefined {
  const dims =
    /\b(\d{1,3}(?:[.,]\d+)?)\s*(?:"|in|inch(?:es)?|mm|cm)?\s*(?:x|×|by)\s*(\d{1,3}(?:[.,]\d+)?)\s*("|in\b|inch(?:es)?\b|mm\b|cm\b)/.exec(
      folded,
    ) ?? /\b(\d{1,3}(?:[.,]\d+)?)(?:x|×| x )(\d{1,3}(?:[.,]\d+)?)\b()/.exec(folded);
  if (dims) {
    const a0 = Number((dims[1] as string).replace(',', '.'));
    const b0 = Number((dims[2] as string).replace(',', '.'));
    // "4x6 label" has no unit: small numbers are inches, large ones millimetres.
    const unit = dims[3] || (Math.max(a0, b0) <= 20 ? 'in' : 'mm');
    const factor = unit === 'mm' ? 1 : unit === 'cm' ? 10 : 25.4;
    const a = a0 * factor;
    const b = b0 * factor;
    if (a >= 20 && b >= 20 && a <= 1200 && b <= 1200) {
      const w = Math.round(Math.min(a, b) * 10) / 10;
      const h = Math.round(Math.max(a, b) * 10) / 10;
      const name = `${dims[1]}x${dims[2]} ${unit === '"' || unit.startsWith('inch') ? 'in' : unit}`;
      const margin = h < 160 ? 5 : 12;
      return {
        format: fmt(name, 'custom', w, h, 'portrait', margin),
        orientation: a > b ? 'landscape' : 'portrait',
        at: [dims.index, dims.index + dims[0].length],
      };
    }
  }
  const named: [RegExp, PageFormat][] = [
    [/\b(?:on |in )?a6\b(?:[ -](?:size|format|paper|page))?/, FORMATS.A6],
    [/\b(?:on |in )?a5\b(?:[ -](?:size|format|paper|page))?/, FORMATS.A5],
    [/\b(?:business[ -]card|credit[ -]card|cr80) (?:size|format)\b/, FORMATS.idCard],
  ];
  for (const [pattern, format] of named) {
    const m = pattern.exec(folded);
    if (m) return { format, at: [m.index, m.index + m[0].length] };
  }
  return undefined;
}
