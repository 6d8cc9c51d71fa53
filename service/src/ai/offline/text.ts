/** Small text helpers shared by understanding, composing and refining. */

/** Lower case, accents removed, punctuation turned to spaces: the form every word list is matched in. */
export function fold(text: string): string {
  return (
    text
      // Full-width Latin letters and digits (Ａ４) are the ASCII ones; accents go, but the Japanese voicing marks
      // they decompose into are put back (NFC), so ガ stays ガ and not カ.
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFC')
      .toLowerCase()
      .replace(/[’`´]/g, "'")
      .replace(/[^a-z0-9#'%&+\-./ \u3005\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Words of a folded phrase, without punctuation. */
export function words(text: string): string[] {
  return fold(text)
    .split(/[\s'./-]+/)
    .filter(Boolean);
}

/** `Unit price` → `unit_price`; `unitPrice` → `unit_price`. Variable names must stay valid Liquid identifiers. */
export function snake(text: string): string {
  const out = text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!out) return 'field';
  return /^[0-9]/.test(out) ? `f_${out}` : out;
}

/** `unit_price` → `Unit price`: a label for a data name nobody gave a label for. */
export function humanize(name: string): string {
  const spaced = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return capitalize(spaced);
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Escapes text for HTML and keeps it from being read as Liquid: a label the user typed must never become a tag.
 */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\{/g, '&#123;')
    .replace(/\}/g, '&#125;');
}

/** A short, stable hash (FNV-1a) to tell whether a template was edited since it was generated. */
export function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** Similarity of two strings in [0, 1] from their edit distance. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  if (!a || !b) return 0;
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = prev[0] as number;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = prev[j] as number;
      prev[j] = Math.min(above + 1, (prev[j - 1] as number) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return 1 - (prev[b.length] as number) / Math.max(a.length, b.length);
}

/** Joins names for a reply: `a`, `a and b`, `a, b and c`. */
export function listText(items: string[], and = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;
}
