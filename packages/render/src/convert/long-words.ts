/**
 * Characters in one piece of an unbroken word. pdfmake breaks a word wider than its line by measuring prefixes of the
 * whole word, again for every line the word fills: a 2,000-character token (a URL, a hash, a line of base64) costs
 * hundreds of megabytes that way. In pieces this long, joined without a break opportunity, it wraps exactly as
 * before at a cost that grows with its length only.
 */
export const WORD_PIECE = 48;

// A piece never ends right before a combining mark, a joiner or a variation selector: they belong to the character
// in front of them.
const CONTINUES = /^(?:\p{M}|\u200c|\u200d|[\ufe00-\ufe0f])/u;

/**
 * Cuts a text into pieces whose concatenation is the text, so that no piece holds more than WORD_PIECE
 * characters of one word (a run without white space). Text without such a word comes back whole.
 */
export function splitLongWords(text: string, max = WORD_PIECE): string[] {
  if (text.length <= max) return [text];
  const pieces: string[] = [];
  let wordLength = 0;
  let current = '';
  for (const char of text) {
    wordLength = /\s/.test(char) ? 0 : wordLength + 1;
    if (wordLength > max && current && !CONTINUES.test(char)) {
      pieces.push(current);
      current = '';
      wordLength = 1;
    }
    current += char;
  }
  pieces.push(current);
  return pieces;
}
