import { type Named, named, type Scan } from './scan';

/**
 * What a code encodes when the request says: "a barcode of the tracking number", "a QR code linking to the
 * booking", "code-barres du numéro de suivi", "QR-Code mit der Ticketnummer". The value's words are read here (and
 * marked as understood, so they do not become a field called "Of the tracking number"); the word "barcode" is left
 * for the feature rules.
 */
export interface MarkValue {
  value: Named;
  /** "linking to …", "pointing to …": the code holds the thing's URL, not the thing. */
  link: boolean;
}

const CODES: [kind: 'qr' | 'barcode', words: string][] = [
  ['qr', '(?:qr[ -]?codes?|qrcodes?|codes? qr|c[oó]digos? qr|codice qr|qr-code|qr)'],
  [
    'barcode',
    '(?:bar[ -]?codes?|codes?[ -]barres?|strichcodes?|barcodes?|c[oó]digos? de barras|codice a barre|streepjescodes?|code ?128)',
  ],
];

const LINK =
  '(?:linking to|that links to|links to|link to|pointing to|that opens|opening|to open|leading to|vers|pointant vers|menant a|zu[rm]?|que lleve a|que enlace a|que apunte a|che porta a|naar)';
const OF =
  "(?:of|for|with|encoding|that encodes|containing|holding|showing|du|de la|de l'|des|de|avec|mit|fur|der|des|con|del|de|da|do|della|dello|del|van|met|voor)";
const THE = "(?:(?:the|its|le|la|les|l'|der|die|das|den|el|los|las|o|a|os|as|il|lo|gli|i|de|het)\\s+)?";
const VALUE =
  '((?!(?:with|and|avec|mit|con|et|und|the|a|an)\\b)[\\p{L}][\\p{L}\\p{N}-]*(?:\\s+(?!and\\b|et\\b|und\\b|y\\b|e\\b|en\\b|with\\b|avec\\b|mit\\b|con\\b|on\\b|in\\b|for\\b)[\\p{L}\\p{N}][\\p{L}\\p{N}-]*){0,3})';

export function readMarkValues(scan: Scan): Partial<Record<'qr' | 'barcode', MarkValue>> {
  const found: Partial<Record<'qr' | 'barcode', MarkValue>> = {};
  for (const [kind, words] of CODES) {
    const pattern = new RegExp(`\\b${words}\\s+(?:(${LINK})|${OF})\\s+${THE}${VALUE}`, 'u');
    // "the member number as a barcode".
    const as = scan.first(new RegExp(`\\b${THE}${VALUE}\\s+as\\s+(?:an?\\s+)?${words}`, 'u'));
    if (as) {
      const phrase = as[1] as string;
      const start = as.index + as[0].indexOf(phrase);
      found[kind] = { value: named(scan.text(start, start + phrase.length)), link: false };
      scan.consume(as.index, as.index + as[0].length - (new RegExp(`${words}$`, 'u').exec(as[0])?.[0].length ?? 0));
      continue;
    }
    const match = scan.first(pattern);
    if (!match) continue;
    const phrase = match[2] as string;
    const start = match.index + match[0].length - phrase.length;
    // "a barcode for each item" is not a value.
    if (/^(each|every|chaque|jede)/.test(phrase)) continue;
    found[kind] = { value: named(scan.text(start, start + phrase.length)), link: Boolean(match[1]) };
    // Keep the code's own word for the feature rules; the rest is understood.
    const codeEnd = match.index + (new RegExp(`^\\b${words}`, 'u').exec(match[0])?.[0].length ?? 0);
    scan.consume(codeEnd, match.index + match[0].length);
  }
  return found;
}
