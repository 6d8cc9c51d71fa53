import type { DocType, Lang } from '../spec';
import { searchable } from './catalogue';

/**
 * Which kind a request names, by retrieval: every kind's words, in every language, are searched in the request
 * (plurals, and German and Dutch compounds: "Versandetikett", "Monatsbericht"); each kind scores its longest match
 * (more words, then more letters), and the best score wins: a catalogue kind over its base type on the same
 * words, then the earlier mention. So "school report card" is a report card and not a report, and "facture" an invoice.
 */
export interface Retrieved {
  id: string;
  base: DocType;
  /** Its words, for consuming every mention of it. */
  words: string[];
  score: number;
  index: number;
}

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

export function retrieveKind(folded: string, lang: Lang): Retrieved | undefined {
  const compound = lang === 'de' || lang === 'nl';
  let best: Retrieved | undefined;
  for (const kind of searchable()) {
    let top = 0;
    let index = Number.POSITIVE_INFINITY;
    for (const word of kind.words) {
      const single = !word.includes(' ');
      const prefix = compound && single && word.length >= 5 ? '[\\p{L}]*' : '';
      const match = new RegExp(
        `(?<![\\p{L}\\p{N}])${prefix}${escapeRegex(word)}(?:s|es|en|e|n)?(?![\\p{L}\\p{N}])`,
        'u',
      ).exec(folded);
      if (!match) continue;
      const score = word.split(' ').length * 100 + word.length;
      if (score > top || (score === top && match.index < index)) {
        top = score;
        index = match.index;
      }
    }
    if (top === 0) continue;
    // A catalogue kind beats its base type on the same word ("dashboard", "cover letter").
    const score = top + (kind.specific ? 0.5 : 0);
    if (!best || score > best.score || (score === best.score && index < best.index))
      best = { id: kind.id, base: kind.base, words: kind.words, score, index };
  }
  return best;
}
