import type { StyledElement, StyledNode } from '../style/computed-style';

/** Words compared without case, edge punctuation or soft hyphens: what a reader would search for. */
export function normaliseWords(text: string): string[] {
  return text
    .normalize('NFC')
    .replace(/\u00ad/g, '')
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

/** Joins words hyphenated at a line end, so `docu-` + `ment` reads as `document`. */
export function extractedWords(pdfText: string): Set<string> {
  const joined = pdfText.replace(/(\p{L})-\n\s*(\p{L})/gu, '$1$2');
  return new Set(normaliseWords(joined));
}
