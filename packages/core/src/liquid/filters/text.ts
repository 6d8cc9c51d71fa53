import { isBlank } from './arguments';

const MINOR_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'for',
  'in',
  'nor',
  'of',
  'on',
  'or',
  'the',
  'to',
  'vs',
  'via',
]);

/**
 * `{{ "the annual report of acme" | titlecase }}` → `The Annual Report of Acme`. Words in capitals
 * (acronyms such as VAT or USD) keep them; short joining words stay lower case except at the start.
 */
export function titlecase(value: unknown): string {
  if (isBlank(value)) return '';
  let index = 0;
  return String(value).replace(/[\p{L}\p{N}][\p{L}\p{N}'\u2019]*/gu, (word) => {
    const first = index++ === 0;
    if (word.length > 1 && word === word.toUpperCase() && /\p{Lu}/u.test(word)) return word;
    const lower = word.toLowerCase();
    if (!first && MINOR_WORDS.has(lower)) return lower;
    return lower.charAt(0).toUpperCase() + lower.slice(1);
  });
}
