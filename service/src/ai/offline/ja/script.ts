/**
 * Japanese script: kana, kanji, the iteration mark and Japanese punctuation. Such text has no spaces and no `\b`
 * word boundaries, so the offline writer reads it with the rules in read.ts instead of the word rules.
 */
export const JAPANESE_CHAR = /[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff61-\uff9f]/;

/** Kana or kanji in the text: the prompt is read as Japanese (the writer reads no Chinese, so kanji alone count). */
export function hasJapanese(text: string): boolean {
  return /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]/.test(text);
}
