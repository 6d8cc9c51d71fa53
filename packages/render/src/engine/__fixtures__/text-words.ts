import type { StyledElement, StyledNode } from '../style/computed-style';

/** Words compared without case, edge punctuation or soft hyphens: what a reader would search for. */
export function normaliseWords(text: string): string[] {
  return text
    .normalize('NFC')
    // Soft hyphens, and the bidi marks pdftotext puts around right-to-left lines.
    .replace(/[\u00ad\p{Cf}]/gu, '')
    .split(/[\s\u00a0]+/u)
    .map((w) => w.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '').toLowerCase())
    .filter((w) => w.length > 0);
}

/** The words of every element the style stage did not hide (display: none, visibility: hidden). */
export function visibleWords(root: StyledElement): string[] {
  const out: string[] = [];
  const visit = (node: StyledNode) => {
    if (node.kind === 'text') {
      if (node.style.visibility === 'visible') out.push(node.text);
      return;
    }
    if (node.style.display === 'none') return;
    if (node.tag === 'svg' || node.tag === 'qr-code' || node.tag === 'bar-code') return;
    for (const child of node.children) visit(child);
  };
  visit(root);
  const text = out.join(' ');
  return normaliseWords(text);
}

/**
 * The words of a PDF's text. Words hyphenated at a line end count joined (`docu-` + `ment` is `document`), and
 * a word with its own hyphen broken there (`back-` + `ordered`) is found by its parts: see `printedWord`.
 */
export function extractedWords(pdfText: string): Set<string> {
  const joined = pdfText.replace(/(\p{L})-\n\s*(\p{L})/gu, '$1$2');
  return new Set([...normaliseWords(joined), ...normaliseWords(pdfText.replace(/-/g, ' '))]);
}

/** Whether a word shown by the template is in the PDF's words, whole or (when it has hyphens) by its parts. */
export function printedWord(word: string, printed: Set<string>): boolean {
  if (printed.has(word)) return true;
  const parts = normaliseWords(word.replace(/-/g, ' '));
  return parts.length > 1 && parts.every((part) => printed.has(part));
}
