/**
 * Plain-word labels for the sample-data form: the data's keys as people read them (`address_lines` → "Address
 * lines", `accountName` → "Account name"), and the singular of a list's name for its items ("Address line 2").
 * A schema `title` always wins over a label made from a key.
 */

const SHOUTED = new Set(['id', 'url', 'uri', 'vat', 'iban', 'bic', 'pdf', 'api', 'sku', 'iso']);

/** A key as words: separators become spaces, camelCase splits, the first letter is a capital. */
export function humanize(key: string): string {
  // A label that already has spaces was written for people: only its first letter changes.
  if (/\s/.test(key.trim())) return capitalize(key.trim());
  const words = key
    .replace(/([a-z\d])([A-Z])(?=[a-z])/g, (_, before: string, upper: string) => `${before} ${upper.toLowerCase()}`)
    .split(/[_\-.\s]+/)
    .filter(Boolean)
    .map((word) => (SHOUTED.has(word.toLowerCase()) ? word.toUpperCase() : word));
  return capitalize(words.join(' '));
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The singular of a plural English label's last word ("Address lines" → "Address line", "Companies" →
 * "Company"), or undefined when it does not read as a plural (its items are then "Item 1", "Item 2").
 */
export function singular(label: string): string | undefined {
  const match = /^(.*?)([A-Za-z]+)$/.exec(label);
  if (!match) return undefined;
  const [, head = '', word = ''] = match;
  const lower = word.toLowerCase();
  let one: string | undefined;
  if (lower.length > 3 && lower.endsWith('ies')) one = `${word.slice(0, -3)}${word.endsWith('IES') ? 'Y' : 'y'}`;
  else if (/(ss|x|ch|sh|zz)es$/.test(lower)) one = word.slice(0, -2);
  else if (/[^su]s$/.test(lower) && lower.length > 2) one = word.slice(0, -1);
  return one ? `${head}${one}` : undefined;
}

/** The label of a list's item: the item schema's title or the list's singular, numbered from 1; else undefined. */
export function itemLabel(index: number, listLabel: string | undefined, itemTitle: string | undefined) {
  const base = itemTitle || (listLabel ? singular(listLabel) : undefined);
  return base ? `${base} ${index + 1}` : undefined;
}
