/** A pdfmake content node. pdfmake's own types are looser than its behaviour, so the converter uses this. */
export type PdfNode = Record<string, unknown>;

/** A styled stretch of text inside a paragraph. */
export interface Run {
  text: string;
  font?: string;
  fontSize?: number;
  bold?: boolean;
  italics?: boolean;
  color?: string;
  background?: string;
  decoration?: string | string[];
  decorationColor?: string;
  characterSpacing?: number;
  link?: string;
  sup?: boolean;
  sub?: boolean;
  preserveLeadingSpaces?: boolean;
}

/** pdfmake margins are [left, top, right, bottom]; CSS's are [top, right, bottom, left]. */
export function pdfMargin(css: [number, number, number, number]): [number, number, number, number] {
  return [css[3], css[0], css[1], css[2]];
}

export const isZeroMargin = (m: number[]) => m.every((n) => n === 0);

export const round = (n: number) => Math.round(n * 100) / 100;
