import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

// Hebrew, Arabic, Syriac, Thaana, N'Ko and the presentation forms: the scripts fontkit lays out right to left.
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const RTL_RUN = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]+/g;

export function hasRtl(text: string): boolean {
  return RTL.test(text);
}

/**
 * A line of text in the order pdfmake must place it. pdfmake writes words left to right, and fontkit reverses
 * and shapes each right-to-left word itself (joining Arabic letters). So the Unicode bidirectional algorithm
 * decides the visual order of the words and numbers, and every stretch of right-to-left letters is then put back
 * in logical order for fontkit to reverse and shape. Left-to-right text comes back unchanged. Without a
 * direction, the first strong character decides the paragraph's, as in HTML's dir="auto".
 */
export function toVisualOrder(text: string, direction?: 'ltr' | 'rtl'): string {
  if (!hasRtl(text)) return text;
  const visual = bidi.getReorderedString(text, bidi.getEmbeddingLevels(text, direction));
  return visual.replace(RTL_RUN, (run) => [...run].reverse().join(''));
}
